// The field documentation kubectl explain prints: the API reference's descriptions (as kubernetes-types carries
// them) for the kinds and fields an SRE asks about most. Simplification: a selection, not the whole OpenAPI
// schema. Types listed without fields (statuses, probes, volumes…) explain themselves but list no FIELDS.

import { WEBHOOK_CONFIGURATION_TYPES } from './webhookconfiguration.ts';

export interface FieldDoc {
  /** The type as explain shows it: string, integer, []Container, map[string]string, ObjectMeta. */
  t: string;
  /** The documented type the field holds (or holds a list of), to explain further into. */
  r?: string;
  d: string;
  req?: true;
}

export interface TypeDoc { d: string; f?: Record<string, FieldDoc> }

export const TYPES: Record<string, TypeDoc> = {
  Pod: {
    d: "Pod is a collection of containers that can run on a host. This resource is created by clients and scheduled onto hosts.",
    f: {
      apiVersion: { t: "string", d: "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources" },
      kind: { t: "string", d: "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds" },
      metadata: { t: "ObjectMeta", r: "ObjectMeta", d: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata" },
      spec: { t: "PodSpec", r: "PodSpec", d: "Specification of the desired behavior of the pod. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status" },
      status: { t: "PodStatus", r: "PodStatus", d: "Most recently observed status of the pod. This data may not be up to date. Populated by the system. Read-only. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status" },
    },
  },
  Deployment: {
    d: "Deployment enables declarative updates for Pods and ReplicaSets.",
    f: {
      apiVersion: { t: "string", d: "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources" },
      kind: { t: "string", d: "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds" },
      metadata: { t: "ObjectMeta", r: "ObjectMeta", d: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata" },
      spec: { t: "DeploymentSpec", r: "DeploymentSpec", d: "Specification of the desired behavior of the Deployment." },
      status: { t: "DeploymentStatus", r: "DeploymentStatus", d: "Most recently observed status of the Deployment." },
    },
  },
  ReplicaSet: {
    d: "ReplicaSet ensures that a specified number of pod replicas are running at any given time.",
    f: {
      apiVersion: { t: "string", d: "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources" },
      kind: { t: "string", d: "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds" },
      metadata: { t: "ObjectMeta", r: "ObjectMeta", d: "If the Labels of a ReplicaSet are empty, they are defaulted to be the same as the Pod(s) that the ReplicaSet manages. Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata" },
      spec: { t: "ReplicaSetSpec", r: "ReplicaSetSpec", d: "Spec defines the specification of the desired behavior of the ReplicaSet. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status" },
      status: { t: "ReplicaSetStatus", r: "ReplicaSetStatus", d: "Status is the most recently observed status of the ReplicaSet. This data may be out of date by some window of time. Populated by the system. Read-only. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status" },
    },
  },
  StatefulSet: {
    d: "* StatefulSet represents a set of pods with consistent identities. Identities are defined as:\n *   - Network: A single stable DNS and hostname.\n *   - Storage: As many VolumeClaims as requested.\n *\n * The StatefulSet guarantees that a given network identity will always map to the same storage identity.",
    f: {
      apiVersion: { t: "string", d: "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources" },
      kind: { t: "string", d: "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds" },
      metadata: { t: "ObjectMeta", r: "ObjectMeta", d: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata" },
      spec: { t: "StatefulSetSpec", r: "StatefulSetSpec", d: "Spec defines the desired identities of pods in this set." },
      status: { t: "StatefulSetStatus", r: "StatefulSetStatus", d: "Status is the current status of Pods in this StatefulSet. This data may be out of date by some window of time." },
    },
  },
  DaemonSet: {
    d: "DaemonSet represents the configuration of a daemon set.",
    f: {
      apiVersion: { t: "string", d: "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources" },
      kind: { t: "string", d: "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds" },
      metadata: { t: "ObjectMeta", r: "ObjectMeta", d: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata" },
      spec: { t: "DaemonSetSpec", r: "DaemonSetSpec", d: "The desired behavior of this daemon set. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status" },
      status: { t: "DaemonSetStatus", r: "DaemonSetStatus", d: "The current status of this daemon set. This data may be out of date by some window of time. Populated by the system. Read-only. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status" },
    },
  },
  Job: {
    d: "Job represents the configuration of a single job.",
    f: {
      apiVersion: { t: "string", d: "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources" },
      kind: { t: "string", d: "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds" },
      metadata: { t: "ObjectMeta", r: "ObjectMeta", d: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata" },
      spec: { t: "JobSpec", r: "JobSpec", d: "Specification of the desired behavior of a job. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status" },
      status: { t: "JobStatus", r: "JobStatus", d: "Current status of a job. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status" },
    },
  },
  CronJob: {
    d: "CronJob represents the configuration of a single cron job.",
    f: {
      apiVersion: { t: "string", d: "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources" },
      kind: { t: "string", d: "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds" },
      metadata: { t: "ObjectMeta", r: "ObjectMeta", d: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata" },
      spec: { t: "CronJobSpec", r: "CronJobSpec", d: "Specification of the desired behavior of a cron job, including the schedule. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status" },
      status: { t: "CronJobStatus", r: "CronJobStatus", d: "Current status of a cron job. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status" },
    },
  },
  Node: {
    d: "Node is a worker node in Kubernetes. Each node will have a unique identifier in the cache (i.e. in etcd).",
    f: {
      apiVersion: { t: "string", d: "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources" },
      kind: { t: "string", d: "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds" },
      metadata: { t: "ObjectMeta", r: "ObjectMeta", d: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata" },
      spec: { t: "NodeSpec", r: "NodeSpec", d: "Spec defines the behavior of a node. https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status" },
      status: { t: "NodeStatus", r: "NodeStatus", d: "Most recently observed status of the node. Populated by the system. Read-only. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status" },
    },
  },
  Namespace: {
    d: "Namespace provides a scope for Names. Use of multiple namespaces is optional.",
    f: {
      apiVersion: { t: "string", d: "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources" },
      kind: { t: "string", d: "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds" },
      metadata: { t: "ObjectMeta", r: "ObjectMeta", d: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata" },
      spec: { t: "NamespaceSpec", r: "NamespaceSpec", d: "Spec defines the behavior of the Namespace. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status" },
      status: { t: "NamespaceStatus", r: "NamespaceStatus", d: "Status describes the current status of a Namespace. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status" },
    },
  },
  ConfigMap: {
    d: "ConfigMap holds configuration data for pods to consume.",
    f: {
      apiVersion: { t: "string", d: "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources" },
      kind: { t: "string", d: "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds" },
      metadata: { t: "ObjectMeta", r: "ObjectMeta", d: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata" },
      data: { t: "map[string]string", d: "Data contains the configuration data. Each key must consist of alphanumeric characters, '-', '_' or '.'. Values with non-UTF-8 byte sequences must use the BinaryData field. The keys stored in Data must not overlap with the keys in the BinaryData field, this is enforced during validation process." },
      binaryData: { t: "map[string]string", d: "BinaryData contains the binary data. Each key must consist of alphanumeric characters, '-', '_' or '.'. BinaryData can contain byte sequences that are not in the UTF-8 range. The keys stored in BinaryData must not overlap with the ones in the Data field, this is enforced during validation process. Using this field will require 1.10+ apiserver and kubelet." },
      immutable: { t: "boolean", d: "Immutable, if set to true, ensures that data stored in the ConfigMap cannot be updated (only object metadata can be modified). If not set to true, the field can be modified at any time. Defaulted to nil." },
    },
  },
  ObjectMeta: {
    d: "ObjectMeta is metadata that all persisted resources must have, which includes all objects users must create.",
    f: {
      annotations: { t: "map[string]string", d: "Annotations is an unstructured key value map stored with a resource that may be set by external tools to store and retrieve arbitrary metadata. They are not queryable and should be preserved when modifying objects. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/annotations" },
      creationTimestamp: { t: "string", d: "* CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n     *\n     * Populated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata" },
      deletionGracePeriodSeconds: { t: "integer", d: "Number of seconds allowed for this object to gracefully terminate before it will be removed from the system. Only set when deletionTimestamp is also set. May only be shortened. Read-only." },
      deletionTimestamp: { t: "string", d: "* DeletionTimestamp is RFC 3339 date and time at which this resource will be deleted. This field is set by the server when a graceful deletion is requested by the user, and is not directly settable by a client. The resource is expected to be deleted (no longer visible from resource lists, and not reachable by name) after the time in this field, once the finalizers list is empty. As long as the finalizers list contains items, deletion is blocked. Once the deletionTimestamp is set, this value may not be unset or be set further into the future, although it may be shortened or the resource may be deleted prior to this time. For example, a user may request that a pod is deleted in 30 seconds. The Kubelet will react by sending a graceful termination signal to the containers in the pod. After that 30 seconds, the Kubelet will send a hard termination signal (SIGKILL) to the container and after cleanup, remove the pod from the API. In the presence of network partitions, this object may still exist after this timestamp, until an administrator or automated process can determine the resource is fully terminated. If not set, graceful deletion of the object has not been requested.\n     *\n     * Populated by the system when a graceful deletion is requested. Read-only. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata" },
      finalizers: { t: "[]string", d: "Must be empty before the object is deleted from the registry. Each entry is an identifier for the responsible component that will remove the entry from the list. If the deletionTimestamp of the object is non-nil, entries in this list can only be removed. Finalizers may be processed and removed in any order.  Order is NOT enforced because it introduces significant risk of stuck finalizers. finalizers is a shared field, any actor with permission can reorder it. If the finalizer list is processed in order, then this can lead to a situation in which the component responsible for the first finalizer in the list is waiting for a signal (field value, external system, or other) produced by a component responsible for a finalizer later in the list, resulting in a deadlock. Without enforced ordering finalizers are free to order amongst themselves and are not vulnerable to ordering changes in the list." },
      generateName: { t: "string", d: "* GenerateName is an optional prefix, used by the server, to generate a unique name ONLY IF the Name field has not been provided. If this field is used, the name returned to the client will be different than the name passed. This value will also be combined with a unique suffix. The provided value has the same validation rules as the Name field, and may be truncated by the length of the suffix required to make the value unique on the server.\n     *\n     * If this field is specified and the generated name exists, the server will return a 409.\n     *\n     * Applied only if Name is not specified. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#idempotency" },
      generation: { t: "integer", d: "A sequence number representing a specific generation of the desired state. Populated by the system. Read-only." },
      labels: { t: "map[string]string", d: "Map of string keys and values that can be used to organize and categorize (scope and select) objects. May match selectors of replication controllers and services. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels" },
      name: { t: "string", d: "Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names" },
      namespace: { t: "string", d: "* Namespace defines the space within which each name must be unique. An empty namespace is equivalent to the \"default\" namespace, but \"default\" is the canonical representation. Not all objects are required to be scoped to a namespace - the value of this field for those objects will be empty.\n     *\n     * Must be a DNS_LABEL. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/namespaces" },
      ownerReferences: { t: "[]OwnerReference", r: "OwnerReference", d: "List of objects depended by this object. If ALL objects in the list have been deleted, this object will be garbage collected. If this object is managed by a controller, then an entry in this list will point to this controller, with the controller field set to true. There cannot be more than one managing controller." },
      resourceVersion: { t: "string", d: "* An opaque value that represents the internal version of this object that can be used by clients to determine when objects have changed. May be used for optimistic concurrency, change detection, and the watch operation on a resource or set of resources. Clients must treat these values as opaque and passed unmodified back to the server. They may only be valid for a particular resource or set of resources.\n     *\n     * Populated by the system. Read-only. Value must be treated as opaque by clients and . More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#concurrency-control-and-consistency" },
      uid: { t: "string", d: "* UID is the unique in time and space value for this object. It is typically generated by the server on successful creation of a resource and is not allowed to change on PUT operations.\n     *\n     * Populated by the system. Read-only. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#uids" },
    },
  },
  PodTemplateSpec: {
    d: "PodTemplateSpec describes the data a pod should have when created from a template",
    f: {
      metadata: { t: "ObjectMeta", r: "ObjectMeta", d: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata" },
      spec: { t: "PodSpec", r: "PodSpec", d: "Specification of the desired behavior of the pod. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status" },
    },
  },
  PodSpec: {
    d: "PodSpec is a description of a pod.",
    f: {
      affinity: { t: "Affinity", r: "Affinity", d: "If specified, the pod's scheduling constraints" },
      containers: { t: "[]Container", r: "Container", req: true, d: "List of containers belonging to the pod. Containers cannot currently be added or removed. There must be at least one container in a Pod. Cannot be updated." },
      initContainers: { t: "[]Container", r: "Container", d: "List of initialization containers belonging to the pod. Init containers are executed in order prior to containers being started. If any init container fails, the pod is considered to have failed and is handled according to its restartPolicy. The name for an init container or normal container must be unique among all containers. Init containers may not have Lifecycle actions, Readiness probes, Liveness probes, or Startup probes. The resourceRequirements of an init container are taken into account during scheduling by finding the highest request/limit for each resource type, and then using the max of of that value or the sum of the normal containers. Limits are applied to init containers in a similar fashion. Init containers cannot currently be added or removed. Cannot be updated. More info: https://kubernetes.io/docs/concepts/workloads/pods/init-containers/" },
      nodeName: { t: "string", d: "NodeName is a request to schedule this pod onto a specific node. If it is non-empty, the scheduler simply schedules this pod onto that node, assuming that it fits resource requirements." },
      nodeSelector: { t: "map[string]string", d: "NodeSelector is a selector which must be true for the pod to fit on a node. Selector which must match a node's labels for the pod to be scheduled on that node. More info: https://kubernetes.io/docs/concepts/configuration/assign-pod-node/" },
      priorityClassName: { t: "string", d: "If specified, indicates the pod's priority. \"system-node-critical\" and \"system-cluster-critical\" are two special keywords which indicate the highest priorities with the former being the highest priority. Any other name must be defined by creating a PriorityClass object with that name. If not specified, the pod priority will be default or zero if there is no default." },
      restartPolicy: { t: "string", d: "Restart policy for all containers within the pod. One of Always, OnFailure, Never. In some contexts, only a subset of those values may be permitted. Default to Always. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#restart-policy" },
      schedulerName: { t: "string", d: "If specified, the pod will be dispatched by specified scheduler. If not specified, the pod will be dispatched by default scheduler." },
      serviceAccountName: { t: "string", d: "ServiceAccountName is the name of the ServiceAccount to use to run this pod. More info: https://kubernetes.io/docs/tasks/configure-pod-container/configure-service-account/" },
      terminationGracePeriodSeconds: { t: "integer", d: "Optional duration in seconds the pod needs to terminate gracefully. May be decreased in delete request. Value must be non-negative integer. The value zero indicates stop immediately via the kill signal (no opportunity to shut down). If this value is nil, the default grace period will be used instead. The grace period is the duration in seconds after the processes running in the pod are sent a termination signal and the time when the processes are forcibly halted with a kill signal. Set this value longer than the expected cleanup time for your process. Defaults to 30 seconds." },
      tolerations: { t: "[]Toleration", r: "Toleration", d: "If specified, the pod's tolerations." },
      topologySpreadConstraints: { t: "[]TopologySpreadConstraint", r: "TopologySpreadConstraint", d: "TopologySpreadConstraints describes how a group of pods ought to spread across topology domains. Scheduler will schedule pods in a way which abides by the constraints. All topologySpreadConstraints are ANDed." },
      volumes: { t: "[]Volume", r: "Volume", d: "List of volumes that can be mounted by containers belonging to the pod. More info: https://kubernetes.io/docs/concepts/storage/volumes" },
    },
  },
  Container: {
    d: "A single application container that you want to run within a pod.",
    f: {
      args: { t: "[]string", d: "Arguments to the entrypoint. The container image's CMD is used if this is not provided. Variable references $(VAR_NAME) are expanded using the container's environment. If a variable cannot be resolved, the reference in the input string will be unchanged. Double $$ are reduced to a single $, which allows for escaping the $(VAR_NAME) syntax: i.e. \"$$(VAR_NAME)\" will produce the string literal \"$(VAR_NAME)\". Escaped references will never be expanded, regardless of whether the variable exists or not. Cannot be updated. More info: https://kubernetes.io/docs/tasks/inject-data-application/define-command-argument-container/#running-a-command-in-a-shell" },
      command: { t: "[]string", d: "Entrypoint array. Not executed within a shell. The container image's ENTRYPOINT is used if this is not provided. Variable references $(VAR_NAME) are expanded using the container's environment. If a variable cannot be resolved, the reference in the input string will be unchanged. Double $$ are reduced to a single $, which allows for escaping the $(VAR_NAME) syntax: i.e. \"$$(VAR_NAME)\" will produce the string literal \"$(VAR_NAME)\". Escaped references will never be expanded, regardless of whether the variable exists or not. Cannot be updated. More info: https://kubernetes.io/docs/tasks/inject-data-application/define-command-argument-container/#running-a-command-in-a-shell" },
      env: { t: "[]EnvVar", r: "EnvVar", d: "List of environment variables to set in the container. Cannot be updated." },
      envFrom: { t: "[]EnvFromSource", r: "EnvFromSource", d: "List of sources to populate environment variables in the container. The keys defined within a source must be a C_IDENTIFIER. All invalid keys will be reported as an event when the container is starting. When a key exists in multiple sources, the value associated with the last source will take precedence. Values defined by an Env with a duplicate key will take precedence. Cannot be updated." },
      image: { t: "string", d: "Container image name. More info: https://kubernetes.io/docs/concepts/containers/images This field is optional to allow higher level config management to default or override container images in workload controllers like Deployments and StatefulSets." },
      imagePullPolicy: { t: "string", d: "Image pull policy. One of Always, Never, IfNotPresent. Defaults to Always if :latest tag is specified, or IfNotPresent otherwise. Cannot be updated. More info: https://kubernetes.io/docs/concepts/containers/images#updating-images" },
      livenessProbe: { t: "Probe", r: "Probe", d: "Periodic probe of container liveness. Container will be restarted if the probe fails. Cannot be updated. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle#container-probes" },
      name: { t: "string", req: true, d: "Name of the container specified as a DNS_LABEL. Each container in a pod must have a unique name (DNS_LABEL). Cannot be updated." },
      ports: { t: "[]ContainerPort", r: "ContainerPort", d: "List of ports to expose from the container. Not specifying a port here DOES NOT prevent that port from being exposed. Any port which is listening on the default \"0.0.0.0\" address inside a container will be accessible from the network. Modifying this array with strategic merge patch may corrupt the data. For more information See https://github.com/kubernetes/kubernetes/issues/108255. Cannot be updated." },
      readinessProbe: { t: "Probe", r: "Probe", d: "Periodic probe of container service readiness. Container will be removed from service endpoints if the probe fails. Cannot be updated. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle#container-probes" },
      resources: { t: "ResourceRequirements", r: "ResourceRequirements", d: "Compute Resources required by this container. Cannot be updated. More info: https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/" },
      startupProbe: { t: "Probe", r: "Probe", d: "StartupProbe indicates that the Pod has successfully initialized. If specified, no other probes are executed until this completes successfully. If this probe fails, the Pod will be restarted, just as if the livenessProbe failed. This can be used to provide different probe parameters at the beginning of a Pod's lifecycle, when it might take a long time to load data or warm a cache, than during steady-state operation. This cannot be updated. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle#container-probes" },
      volumeMounts: { t: "[]VolumeMount", r: "VolumeMount", d: "Pod volumes to mount into the container's filesystem. Cannot be updated." },
    },
  },
  ResourceRequirements: {
    d: "ResourceRequirements describes the compute resource requirements.",
    f: {
      claims: { t: "[]ResourceClaim", r: "ResourceClaim", d: "* Claims lists the names of resources, defined in spec.resourceClaims, that are used by this container.\n     *\n     * This is an alpha field and requires enabling the DynamicResourceAllocation feature gate.\n     *\n     * This field is immutable. It can only be set for containers." },
      limits: { t: "map[string]Quantity", d: "Limits describes the maximum amount of compute resources allowed. More info: https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/" },
      requests: { t: "map[string]Quantity", d: "Requests describes the minimum amount of compute resources required. If Requests is omitted for a container, it defaults to Limits if that is explicitly specified, otherwise to an implementation-defined value. Requests cannot exceed Limits. More info: https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/" },
    },
  },
  Toleration: {
    d: "The pod this Toleration is attached to tolerates any taint that matches the triple <key,value,effect> using the matching operator <operator>.",
    f: {
      effect: { t: "string", d: "Effect indicates the taint effect to match. Empty means match all taint effects. When specified, allowed values are NoSchedule, PreferNoSchedule and NoExecute." },
      key: { t: "string", d: "Key is the taint key that the toleration applies to. Empty means match all taint keys. If the key is empty, operator must be Exists; this combination means to match all values and all keys." },
      operator: { t: "string", d: "Operator represents a key's relationship to the value. Valid operators are Exists and Equal. Defaults to Equal. Exists is equivalent to wildcard for value, so that a pod can tolerate all taints of a particular category." },
      tolerationSeconds: { t: "integer", d: "TolerationSeconds represents the period of time the toleration (which must be of effect NoExecute, otherwise this field is ignored) tolerates the taint. By default, it is not set, which means tolerate the taint forever (do not evict). Zero and negative values will be treated as 0 (evict immediately) by the system." },
      value: { t: "string", d: "Value is the taint value the toleration matches to. If the operator is Exists, the value should be empty, otherwise just a regular string." },
    },
  },
  NodeSpec: {
    d: "NodeSpec describes the attributes that a node is created with.",
    f: {
      podCIDR: { t: "string", d: "PodCIDR represents the pod IP range assigned to the node." },
      podCIDRs: { t: "[]string", d: "podCIDRs represents the IP ranges assigned to the node for usage by Pods on that node. If this field is specified, the 0th entry must match the podCIDR field. It may contain at most 1 value for each of IPv4 and IPv6." },
      providerID: { t: "string", d: "ID of the node assigned by the cloud provider in the format: <ProviderName>://<ProviderSpecificNodeID>" },
      taints: { t: "[]Taint", r: "Taint", d: "If specified, the node's taints." },
      unschedulable: { t: "boolean", d: "Unschedulable controls node schedulability of new pods. By default, node is schedulable. More info: https://kubernetes.io/docs/concepts/nodes/node/#manual-node-administration" },
    },
  },
  Taint: {
    d: "The node this Taint is attached to has the \"effect\" on any pod that does not tolerate the Taint.",
    f: {
      effect: { t: "string", req: true, d: "Required. The effect of the taint on pods that do not tolerate the taint. Valid effects are NoSchedule, PreferNoSchedule and NoExecute." },
      key: { t: "string", req: true, d: "Required. The taint key to be applied to a node." },
      timeAdded: { t: "string", d: "TimeAdded represents the time at which the taint was added. It is only written for NoExecute taints." },
      value: { t: "string", d: "The taint value corresponding to the taint key." },
    },
  },
  NamespaceSpec: {
    d: "NamespaceSpec describes the attributes on a Namespace.",
    f: {
      finalizers: { t: "[]string", d: "Finalizers is an opaque list of values that must be empty to permanently remove object from storage. More info: https://kubernetes.io/docs/tasks/administer-cluster/namespaces/" },
    },
  },
  LabelSelector: {
    d: "A label selector is a label query over a set of resources. The result of matchLabels and matchExpressions are ANDed. An empty label selector matches all objects. A null label selector matches no objects.",
    f: {
      matchExpressions: { t: "[]LabelSelectorRequirement", r: "LabelSelectorRequirement", d: "matchExpressions is a list of label selector requirements. The requirements are ANDed." },
      matchLabels: { t: "map[string]string", d: "matchLabels is a map of {key,value} pairs. A single {key,value} in the matchLabels map is equivalent to an element of matchExpressions, whose key field is \"key\", the operator is \"In\", and the values array contains only \"value\". The requirements are ANDed." },
    },
  },
  DeploymentSpec: {
    d: "DeploymentSpec is the specification of the desired behavior of the Deployment.",
    f: {
      minReadySeconds: { t: "integer", d: "Minimum number of seconds for which a newly created pod should be ready without any of its container crashing, for it to be considered available. Defaults to 0 (pod will be considered available as soon as it is ready)" },
      paused: { t: "boolean", d: "Indicates that the deployment is paused." },
      progressDeadlineSeconds: { t: "integer", d: "The maximum time in seconds for a deployment to make progress before it is considered to be failed. The deployment controller will continue to process failed deployments and a condition with a ProgressDeadlineExceeded reason will be surfaced in the deployment status. Note that progress will not be estimated during the time a deployment is paused. Defaults to 600s." },
      replicas: { t: "integer", d: "Number of desired pods. This is a pointer to distinguish between explicit zero and not specified. Defaults to 1." },
      revisionHistoryLimit: { t: "integer", d: "The number of old ReplicaSets to retain to allow rollback. This is a pointer to distinguish between explicit zero and not specified. Defaults to 10." },
      selector: { t: "LabelSelector", r: "LabelSelector", req: true, d: "Label selector for pods. Existing ReplicaSets whose pods are selected by this will be the ones affected by this deployment. It must match the pod template's labels." },
      strategy: { t: "DeploymentStrategy", r: "DeploymentStrategy", d: "The deployment strategy to use to replace existing pods with new ones." },
      template: { t: "PodTemplateSpec", r: "PodTemplateSpec", req: true, d: "Template describes the pods that will be created. The only allowed template.spec.restartPolicy value is \"Always\"." },
    },
  },
  DeploymentStrategy: {
    d: "DeploymentStrategy describes how to replace existing pods with new ones.",
    f: {
      rollingUpdate: { t: "RollingUpdateDeployment", r: "RollingUpdateDeployment", d: "Rolling update config params. Present only if DeploymentStrategyType = RollingUpdate." },
      type: { t: "string", d: "Type of deployment. Can be \"Recreate\" or \"RollingUpdate\". Default is RollingUpdate." },
    },
  },
  RollingUpdateDeployment: {
    d: "Spec to control the desired behavior of rolling update.",
    f: {
      maxSurge: { t: "IntOrString", d: "The maximum number of pods that can be scheduled above the desired number of pods. Value can be an absolute number (ex: 5) or a percentage of desired pods (ex: 10%). This can not be 0 if MaxUnavailable is 0. Absolute number is calculated from percentage by rounding up. Defaults to 25%. Example: when this is set to 30%, the new ReplicaSet can be scaled up immediately when the rolling update starts, such that the total number of old and new pods do not exceed 130% of desired pods. Once old pods have been killed, new ReplicaSet can be scaled up further, ensuring that total number of pods running at any time during the update is at most 130% of desired pods." },
      maxUnavailable: { t: "IntOrString", d: "The maximum number of pods that can be unavailable during the update. Value can be an absolute number (ex: 5) or a percentage of desired pods (ex: 10%). Absolute number is calculated from percentage by rounding down. This can not be 0 if MaxSurge is 0. Defaults to 25%. Example: when this is set to 30%, the old ReplicaSet can be scaled down to 70% of desired pods immediately when the rolling update starts. Once new pods are ready, old ReplicaSet can be scaled down further, followed by scaling up the new ReplicaSet, ensuring that the total number of pods available at all times during the update is at least 70% of desired pods." },
    },
  },
  ReplicaSetSpec: {
    d: "ReplicaSetSpec is the specification of a ReplicaSet.",
    f: {
      minReadySeconds: { t: "integer", d: "Minimum number of seconds for which a newly created pod should be ready without any of its container crashing, for it to be considered available. Defaults to 0 (pod will be considered available as soon as it is ready)" },
      replicas: { t: "integer", d: "Replicas is the number of desired replicas. This is a pointer to distinguish between explicit zero and unspecified. Defaults to 1. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller/#what-is-a-replicationcontroller" },
      selector: { t: "LabelSelector", r: "LabelSelector", req: true, d: "Selector is a label query over pods that should match the replica count. Label keys and values that must match in order to be controlled by this replica set. It must match the pod template's labels. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors" },
      template: { t: "PodTemplateSpec", r: "PodTemplateSpec", d: "Template is the object that describes the pod that will be created if insufficient replicas are detected. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller#pod-template" },
    },
  },
  StatefulSetSpec: {
    d: "A StatefulSetSpec is the specification of a StatefulSet.",
    f: {
      minReadySeconds: { t: "integer", d: "Minimum number of seconds for which a newly created pod should be ready without any of its container crashing for it to be considered available. Defaults to 0 (pod will be considered available as soon as it is ready)" },
      podManagementPolicy: { t: "string", d: "podManagementPolicy controls how pods are created during initial scale up, when replacing pods on nodes, or when scaling down. The default policy is `OrderedReady`, where pods are created in increasing order (pod-0, then pod-1, etc) and the controller will wait until each pod is ready before continuing. When scaling down, the pods are removed in the opposite order. The alternative policy is `Parallel` which will create pods in parallel to match the desired scale without waiting, and on scale down will delete all pods at once." },
      replicas: { t: "integer", d: "replicas is the desired number of replicas of the given Template. These are replicas in the sense that they are instantiations of the same Template, but individual replicas also have a consistent identity. If unspecified, defaults to 1." },
      revisionHistoryLimit: { t: "integer", d: "revisionHistoryLimit is the maximum number of revisions that will be maintained in the StatefulSet's revision history. The revision history consists of all revisions not represented by a currently applied StatefulSetSpec version. The default value is 10." },
      selector: { t: "LabelSelector", r: "LabelSelector", req: true, d: "selector is a label query over pods that should match the replica count. It must match the pod template's labels. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors" },
      serviceName: { t: "string", req: true, d: "serviceName is the name of the service that governs this StatefulSet. This service must exist before the StatefulSet, and is responsible for the network identity of the set. Pods get DNS/hostnames that follow the pattern: pod-specific-string.serviceName.default.svc.cluster.local where \"pod-specific-string\" is managed by the StatefulSet controller." },
      template: { t: "PodTemplateSpec", r: "PodTemplateSpec", req: true, d: "template is the object that describes the pod that will be created if insufficient replicas are detected. Each pod stamped out by the StatefulSet will fulfill this Template, but have a unique identity from the rest of the StatefulSet. Each pod will be named with the format <statefulsetname>-<podindex>. For example, a pod in a StatefulSet named \"web\" with index number \"3\" would be named \"web-3\". The only allowed template.spec.restartPolicy value is \"Always\"." },
      updateStrategy: { t: "StatefulSetUpdateStrategy", r: "StatefulSetUpdateStrategy", d: "updateStrategy indicates the StatefulSetUpdateStrategy that will be employed to update Pods in the StatefulSet when a revision is made to Template." },
    },
  },
  DaemonSetSpec: {
    d: "DaemonSetSpec is the specification of a daemon set.",
    f: {
      minReadySeconds: { t: "integer", d: "The minimum number of seconds for which a newly created DaemonSet pod should be ready without any of its container crashing, for it to be considered available. Defaults to 0 (pod will be considered available as soon as it is ready)." },
      revisionHistoryLimit: { t: "integer", d: "The number of old history to retain to allow rollback. This is a pointer to distinguish between explicit zero and not specified. Defaults to 10." },
      selector: { t: "LabelSelector", r: "LabelSelector", req: true, d: "A label query over pods that are managed by the daemon set. Must match in order to be controlled. It must match the pod template's labels. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors" },
      template: { t: "PodTemplateSpec", r: "PodTemplateSpec", req: true, d: "An object that describes the pod that will be created. The DaemonSet will create exactly one copy of this pod on every node that matches the template's node selector (or on every node if no node selector is specified). The only allowed template.spec.restartPolicy value is \"Always\". More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller#pod-template" },
      updateStrategy: { t: "DaemonSetUpdateStrategy", r: "DaemonSetUpdateStrategy", d: "An update strategy to replace existing DaemonSet pods with new pods." },
    },
  },
  JobSpec: {
    d: "JobSpec describes how the job execution will look like.",
    f: {
      activeDeadlineSeconds: { t: "integer", d: "Specifies the duration in seconds relative to the startTime that the job may be continuously active before the system tries to terminate it; value must be positive integer. If a Job is suspended (at creation or through an update), this timer will effectively be stopped and reset when the Job is resumed again." },
      backoffLimit: { t: "integer", d: "Specifies the number of retries before marking this job failed. Defaults to 6" },
      completionMode: { t: "string", d: "* completionMode specifies how Pod completions are tracked. It can be `NonIndexed` (default) or `Indexed`.\n     *\n     * `NonIndexed` means that the Job is considered complete when there have been .spec.completions successfully completed Pods. Each Pod completion is homologous to each other.\n     *\n     * `Indexed` means that the Pods of a Job get an associated completion index from 0 to (.spec.completions - 1), available in the annotation batch.kubernetes.io/job-completion-index. The Job is considered complete when there is one successfully completed Pod for each index. When value is `Indexed`, .spec.completions must be specified and `.spec.parallelism` must be less than or equal to 10^5. In addition, The Pod name takes the form `$(job-name)-$(index)-$(random-string)`, the Pod hostname takes the form `$(job-name)-$(index)`.\n     *\n     * More completion modes can be added in the future. If the Job controller observes a mode that it doesn't recognize, which is possible during upgrades due to version skew, the controller skips updates for the Job." },
      completions: { t: "integer", d: "Specifies the desired number of successfully finished pods the job should be run with.  Setting to null means that the success of any pod signals the success of all pods, and allows parallelism to have any positive value.  Setting to 1 means that parallelism is limited to 1 and the success of that pod signals the success of the job. More info: https://kubernetes.io/docs/concepts/workloads/controllers/jobs-run-to-completion/" },
      parallelism: { t: "integer", d: "Specifies the maximum desired number of pods the job should run at any given time. The actual number of pods running in steady state will be less than this number when ((.spec.completions - .status.successful) < .spec.parallelism), i.e. when the work left to do is less than max parallelism. More info: https://kubernetes.io/docs/concepts/workloads/controllers/jobs-run-to-completion/" },
      suspend: { t: "boolean", d: "suspend specifies whether the Job controller should create Pods or not. If a Job is created with suspend set to true, no Pods are created by the Job controller. If a Job is suspended after creation (i.e. the flag goes from false to true), the Job controller will delete all active Pods associated with this Job. Users must design their workload to gracefully handle this. Suspending a Job will reset the StartTime field of the Job, effectively resetting the ActiveDeadlineSeconds timer too. Defaults to false." },
      template: { t: "PodTemplateSpec", r: "PodTemplateSpec", req: true, d: "Describes the pod that will be created when executing a job. The only allowed template.spec.restartPolicy values are \"Never\" or \"OnFailure\". More info: https://kubernetes.io/docs/concepts/workloads/controllers/jobs-run-to-completion/" },
      ttlSecondsAfterFinished: { t: "integer", d: "ttlSecondsAfterFinished limits the lifetime of a Job that has finished execution (either Complete or Failed). If this field is set, ttlSecondsAfterFinished after the Job finishes, it is eligible to be automatically deleted. When the Job is being deleted, its lifecycle guarantees (e.g. finalizers) will be honored. If this field is unset, the Job won't be automatically deleted. If this field is set to zero, the Job becomes eligible to be deleted immediately after it finishes." },
    },
  },
  CronJobSpec: {
    d: "CronJobSpec describes how the job execution will look like and when it will actually run.",
    f: {
      concurrencyPolicy: { t: "string", d: "* Specifies how to treat concurrent executions of a Job. Valid values are:\n     *\n     * - \"Allow\" (default): allows CronJobs to run concurrently; - \"Forbid\": forbids concurrent runs, skipping next run if previous run hasn't finished yet; - \"Replace\": cancels currently running job and replaces it with a new one" },
      failedJobsHistoryLimit: { t: "integer", d: "The number of failed finished jobs to retain. Value must be non-negative integer. Defaults to 1." },
      jobTemplate: { t: "JobTemplateSpec", r: "JobTemplateSpec", req: true, d: "Specifies the job that will be created when executing a CronJob." },
      schedule: { t: "string", req: true, d: "The schedule in Cron format, see https://en.wikipedia.org/wiki/Cron." },
      startingDeadlineSeconds: { t: "integer", d: "Optional deadline in seconds for starting the job if it misses scheduled time for any reason.  Missed jobs executions will be counted as failed ones." },
      successfulJobsHistoryLimit: { t: "integer", d: "The number of successful finished jobs to retain. Value must be non-negative integer. Defaults to 3." },
      suspend: { t: "boolean", d: "This flag tells the controller to suspend subsequent executions, it does not apply to already started executions.  Defaults to false." },
      timeZone: { t: "string", d: "The time zone name for the given schedule, see https://en.wikipedia.org/wiki/List_of_tz_database_time_zones. If not specified, this will default to the time zone of the kube-controller-manager process. The set of valid time zone names and the time zone offset is loaded from the system-wide time zone database by the API server during CronJob validation and the controller manager during execution. If no system-wide time zone database can be found a bundled version of the database is used instead. If the time zone name becomes invalid during the lifetime of a CronJob or due to a change in host configuration, the controller will stop creating new new Jobs and will create a system event with the reason UnknownTimeZone. More information can be found in https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/#time-zones" },
    },
  },
  JobTemplateSpec: {
    d: "JobTemplateSpec describes the data a Job should have when created from a template",
    f: {
      metadata: { t: "ObjectMeta", r: "ObjectMeta", d: "Standard object's metadata of the jobs created from this template. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata" },
      spec: { t: "JobSpec", r: "JobSpec", d: "Specification of the desired behavior of the job. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status" },
    },
  },
  PodStatus: { d: "PodStatus represents information about the status of a pod. Status may trail the actual state of a system, especially if the node that hosts the pod cannot contact the control plane." },
  DeploymentStatus: { d: "DeploymentStatus is the most recently observed status of the Deployment." },
  ReplicaSetStatus: { d: "ReplicaSetStatus represents the current status of a ReplicaSet." },
  StatefulSetStatus: { d: "StatefulSetStatus represents the current state of a StatefulSet." },
  DaemonSetStatus: { d: "DaemonSetStatus represents the current status of a daemon set." },
  JobStatus: { d: "JobStatus represents the current state of a Job." },
  CronJobStatus: { d: "CronJobStatus represents the current state of a cron job." },
  NodeStatus: { d: "NodeStatus is information about the current status of a node." },
  NamespaceStatus: { d: "NamespaceStatus is information about the current status of a Namespace." },
  Affinity: { d: "Affinity is a group of affinity scheduling rules." },
  EnvVar: { d: "EnvVar represents an environment variable present in a Container." },
  EnvFromSource: { d: "EnvFromSource represents the source of a set of ConfigMaps" },
  Probe: { d: "Probe describes a health check to be performed against a container to determine whether it is alive or ready to receive traffic." },
  ContainerPort: { d: "ContainerPort represents a network port in a single container." },
  VolumeMount: { d: "VolumeMount describes a mounting of a Volume within a container." },
  Volume: { d: "Volume represents a named volume in a pod that may be accessed by any container in the pod." },
  TopologySpreadConstraint: { d: "TopologySpreadConstraint specifies how to spread matching pods among the given topology." },
  OwnerReference: { d: "OwnerReference contains enough information to let you identify an owning object. An owning object must be in the same namespace as the dependent, or be cluster-scoped, so there is no namespace field." },
  LabelSelectorRequirement: { d: "A label selector requirement is a selector that contains values, a key, and an operator that relates the key and values." },
  ResourceClaim: { d: "ResourceClaim references one entry in PodSpec.ResourceClaims." },
  StatefulSetUpdateStrategy: { d: "StatefulSetUpdateStrategy indicates the strategy that the StatefulSet controller will use to perform updates. It includes any additional parameters necessary to perform the update for the indicated strategy." },
  DaemonSetUpdateStrategy: { d: "DaemonSetUpdateStrategy is a struct used to control the update strategy for a DaemonSet." },
  AggregationRule: {
    d: "AggregationRule describes how to locate ClusterRoles to aggregate into the ClusterRole",
    f: {
      clusterRoleSelectors: { t: "[]LabelSelector", r: "LabelSelector", d: "ClusterRoleSelectors holds a list of selectors which will be used to find ClusterRoles and create the rules. If any of the selectors match, then the ClusterRole's permissions will be added" },
    },
  },
  ClusterRole: {
    d: "ClusterRole is a cluster level, logical grouping of PolicyRules that can be referenced as a unit by a RoleBinding or ClusterRoleBinding.",
    f: {
      aggregationRule: { t: "AggregationRule", r: "AggregationRule", d: "AggregationRule is an optional field that describes how to build the Rules for this ClusterRole. If AggregationRule is set, then the Rules are controller managed and direct changes to Rules will be stomped by the controller." },
      apiVersion: { t: "string", d: "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources" },
      kind: { t: "string", d: "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds" },
      metadata: { t: "ObjectMeta", r: "ObjectMeta", d: "Standard object's metadata." },
      rules: { t: "[]PolicyRule", r: "PolicyRule", d: "Rules holds all the PolicyRules for this ClusterRole" },
    },
  },
  ClusterRoleBinding: {
    d: "ClusterRoleBinding references a ClusterRole, but not contain it.  It can reference a ClusterRole in the global namespace, and adds who information via Subject.",
    f: {
      apiVersion: { t: "string", d: "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources" },
      kind: { t: "string", d: "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds" },
      metadata: { t: "ObjectMeta", r: "ObjectMeta", d: "Standard object's metadata." },
      roleRef: { t: "RoleRef", r: "RoleRef", d: "RoleRef can only reference a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error. This field is immutable.", req: true },
      subjects: { t: "[]Subject", r: "Subject", d: "Subjects holds references to the objects the role applies to." },
    },
  },
  PolicyRule: {
    d: "PolicyRule holds information that describes a policy rule, but does not contain information about who the rule applies to or which namespace the rule applies to.",
    f: {
      apiGroups: { t: "[]string", d: "APIGroups is the name of the APIGroup that contains the resources.  If multiple API groups are specified, any action requested against one of the enumerated resources in any API group will be allowed. \"\" represents the core API group and \"*\" represents all API groups." },
      nonResourceURLs: { t: "[]string", d: "NonResourceURLs is a set of partial urls that a user should have access to.  *s are allowed, but only as the full, final step in the path Since non-resource URLs are not namespaced, this field is only applicable for ClusterRoles referenced from a ClusterRoleBinding. Rules can either apply to API resources (such as \"pods\" or \"secrets\") or non-resource URL paths (such as \"/api\"),  but not both." },
      resourceNames: { t: "[]string", d: "ResourceNames is an optional white list of names that the rule applies to.  An empty set means that everything is allowed." },
      resources: { t: "[]string", d: "Resources is a list of resources this rule applies to. '*' represents all resources." },
      verbs: { t: "[]string", d: "Verbs is a list of Verbs that apply to ALL the ResourceKinds contained in this rule. '*' represents all verbs.", req: true },
    },
  },
  Role: {
    d: "Role is a namespaced, logical grouping of PolicyRules that can be referenced as a unit by a RoleBinding.",
    f: {
      apiVersion: { t: "string", d: "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources" },
      kind: { t: "string", d: "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds" },
      metadata: { t: "ObjectMeta", r: "ObjectMeta", d: "Standard object's metadata." },
      rules: { t: "[]PolicyRule", r: "PolicyRule", d: "Rules holds all the PolicyRules for this Role" },
    },
  },
  RoleBinding: {
    d: "RoleBinding references a role, but does not contain it.  It can reference a Role in the same namespace or a ClusterRole in the global namespace. It adds who information via Subjects and namespace information by which namespace it exists in.  RoleBindings in a given namespace only have effect in that namespace.",
    f: {
      apiVersion: { t: "string", d: "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources" },
      kind: { t: "string", d: "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds" },
      metadata: { t: "ObjectMeta", r: "ObjectMeta", d: "Standard object's metadata." },
      roleRef: { t: "RoleRef", r: "RoleRef", d: "RoleRef can reference a Role in the current namespace or a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error. This field is immutable.", req: true },
      subjects: { t: "[]Subject", r: "Subject", d: "Subjects holds references to the objects the role applies to." },
    },
  },
  RoleRef: {
    d: "RoleRef contains information that points to the role being used",
    f: {
      apiGroup: { t: "string", d: "APIGroup is the group for the resource being referenced", req: true },
      kind: { t: "string", d: "Kind is the type of resource being referenced", req: true },
      name: { t: "string", d: "Name is the name of resource being referenced", req: true },
    },
  },
  Subject: {
    d: "Subject contains a reference to the object or user identities a role binding applies to.  This can either hold a direct API object reference, or a value for non-objects such as user and group names.",
    f: {
      apiGroup: { t: "string", d: "APIGroup holds the API group of the referenced subject. Defaults to \"\" for ServiceAccount subjects. Defaults to \"rbac.authorization.k8s.io\" for User and Group subjects." },
      kind: { t: "string", d: "Kind of object being referenced. Values defined by this API group are \"User\", \"Group\", and \"ServiceAccount\". If the Authorizer does not recognized the kind value, the Authorizer should report an error.", req: true },
      name: { t: "string", d: "Name of the object being referenced.", req: true },
      namespace: { t: "string", d: "Namespace of the referenced object.  If the object kind is non-namespace, such as \"User\" or \"Group\", and this value is not empty the Authorizer should report an error." },
    },
  },
  Endpoints: {
    d: "Endpoints is a collection of endpoints that implement the actual service. Example:\n\n\t Name: \"mysvc\",\n\t Subsets: [\n\t   {\n\t     Addresses: [{\"ip\": \"10.10.1.1\"}, {\"ip\": \"10.10.2.2\"}],\n\t     Ports: [{\"name\": \"a\", \"port\": 8675}, {\"name\": \"b\", \"port\": 309}]\n\t   },\n\t   {\n\t     Addresses: [{\"ip\": \"10.10.3.3\"}],\n\t     Ports: [{\"name\": \"a\", \"port\": 93}, {\"name\": \"b\", \"port\": 76}]\n\t   },\n\t]",
    f: {
      apiVersion: { t: "string", d: "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources" },
      kind: { t: "string", d: "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds" },
      metadata: { t: "ObjectMeta", r: "ObjectMeta", d: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata" },
      subsets: { t: "[]EndpointSubset", r: "EndpointSubset", d: "The set of all endpoints is the union of all subsets. Addresses are placed into subsets according to the IPs they share. A single address with multiple ports, some of which are ready and some of which are not (because they come from different containers) will result in the address being displayed in different subsets for the different ports. No address will appear in both Addresses and NotReadyAddresses in the same subset. Sets of addresses and ports that comprise a service." },
    },
  },
  EndpointSubset: {
    d: "EndpointSubset is a group of addresses with a common set of ports. The expanded set of endpoints is the Cartesian product of Addresses x Ports. For example, given:\n\n\t{\n\t  Addresses: [{\"ip\": \"10.10.1.1\"}, {\"ip\": \"10.10.2.2\"}],\n\t  Ports:     [{\"name\": \"a\", \"port\": 8675}, {\"name\": \"b\", \"port\": 309}]\n\t}\n\nThe resulting set of endpoints can be viewed as:\n\n\ta: [ 10.10.1.1:8675, 10.10.2.2:8675 ],\n\tb: [ 10.10.1.1:309, 10.10.2.2:309 ]",
    f: {
      addresses: { t: "[]EndpointAddress", r: "EndpointAddress", d: "IP addresses which offer the related ports that are marked as ready. These endpoints should be considered safe for load balancers and clients to utilize." },
      notReadyAddresses: { t: "[]EndpointAddress", r: "EndpointAddress", d: "IP addresses which offer the related ports but are not currently marked as ready because they have not yet finished starting, have recently failed a readiness check, or have recently failed a liveness check." },
      ports: { t: "[]EndpointPort", r: "EndpointPort", d: "Port numbers available on the related IP addresses." },
    },
  },
  EndpointAddress: {
    d: "EndpointAddress is a tuple that describes single IP address.",
    f: {
      hostname: { t: "string", d: "The Hostname of this endpoint" },
      ip: { t: "string", d: "The IP of this endpoint. May not be loopback (127.0.0.0/8 or ::1), link-local (169.254.0.0/16 or fe80::/10), or link-local multicast (224.0.0.0/24 or ff02::/16).", req: true },
      nodeName: { t: "string", d: "Optional: Node hosting this endpoint. This can be used to determine endpoints local to a node." },
      targetRef: { t: "ObjectReference", r: "ObjectReference", d: "Reference to object providing the endpoint." },
    },
  },
  EndpointPort: {
    d: "EndpointPort is a tuple that describes a single port.",
    f: {
      appProtocol: { t: "string", d: "The application protocol for this port. This is used as a hint for implementations to offer richer behavior for protocols that they understand. This field follows standard Kubernetes label syntax. Valid values are either:\n\n* Un-prefixed protocol names - reserved for IANA standard service names (as per RFC-6335 and https://www.iana.org/assignments/service-names).\n\n* Kubernetes-defined prefixed names:\n  * 'kubernetes.io/h2c' - HTTP/2 prior knowledge over cleartext as described in https://www.rfc-editor.org/rfc/rfc9113.html#name-starting-http-2-with-prior-\n  * 'kubernetes.io/ws'  - WebSocket over cleartext as described in https://www.rfc-editor.org/rfc/rfc6455\n  * 'kubernetes.io/wss' - WebSocket over TLS as described in https://www.rfc-editor.org/rfc/rfc6455\n\n* Other protocols should use implementation-defined prefixed names such as mycompany.com/my-custom-protocol." },
      name: { t: "string", d: "The name of this port.  This must match the 'name' field in the corresponding ServicePort. Must be a DNS_LABEL. Optional only if one port is defined." },
      port: { t: "integer", d: "The port number of the endpoint.", req: true },
      protocol: { t: "string", d: "The IP protocol for this port. Must be UDP, TCP, or SCTP. Default is TCP." },
    },
  },
  ObjectReference: {
    d: "ObjectReference contains enough information to let you inspect or modify the referred object.",
    f: {
      apiVersion: { t: "string", d: "API version of the referent." },
      fieldPath: { t: "string", d: "If referring to a piece of an object instead of an entire object, this string should contain a valid JSON/Go field access statement, such as desiredState.manifest.containers[2]. For example, if the object reference is to a container within a pod, this would take on a value like: \"spec.containers{name}\" (where \"name\" refers to the name of the container that triggered the event) or if no container name is specified \"spec.containers[2]\" (container with index 2 in this pod). This syntax is chosen only to have some well-defined way of referencing a part of an object." },
      kind: { t: "string", d: "Kind of the referent. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds" },
      name: { t: "string", d: "Name of the referent. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#names" },
      namespace: { t: "string", d: "Namespace of the referent. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/namespaces/" },
      resourceVersion: { t: "string", d: "Specific resourceVersion to which this reference is made, if any. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#concurrency-control-and-consistency" },
      uid: { t: "string", d: "UID of the referent. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#uids" },
    },
  },
  ...WEBHOOK_CONFIGURATION_TYPES,
};

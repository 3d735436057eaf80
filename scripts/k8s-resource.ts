// The kinds the YAML editor's JSON schema knows: what kubesim serves now and soon.
// gen-schema.mjs reads each member's `apiVersion`/`kind` literals to key the schema, so adding a
// kind here is the only step needed.
import type * as admission from 'kubernetes-types/admissionregistration/v1';
import type { ControllerRevision, DaemonSet, Deployment, ReplicaSet, StatefulSet } from 'kubernetes-types/apps/v1';
import type { CustomResourceDefinition } from 'kubernetes-types/apiextensions/v1';
import type { HorizontalPodAutoscaler } from 'kubernetes-types/autoscaling/v2';
import type { CronJob, Job } from 'kubernetes-types/batch/v1';
import type { Lease } from 'kubernetes-types/coordination/v1';
import type {
  ConfigMap, EndpointAddress, Endpoints as CoreV1Endpoints, Event, LimitRange, Namespace, Node, PersistentVolume, PersistentVolumeClaim, Pod,
  ResourceQuota, Secret, Service, ServiceAccount,
} from 'kubernetes-types/core/v1';
import type { Ingress, IngressClass, NetworkPolicy } from 'kubernetes-types/networking/v1';
import type { EndpointSlice } from 'kubernetes-types/discovery/v1';
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1';
import type { PriorityClass } from 'kubernetes-types/scheduling/v1';
import type { RuntimeClass } from 'kubernetes-types/node/v1';
import type { CertificateSigningRequest } from 'kubernetes-types/certificates/v1';
import type { ClusterRole, ClusterRoleBinding, Role, RoleBinding } from 'kubernetes-types/rbac/v1';
import type { CSIDriver, CSINode, StorageClass, VolumeAttachment } from 'kubernetes-types/storage/v1';
import type { ObjectMeta } from 'kubernetes-types/meta/v1';
import type * as resource from '../src/engine/api/resource.ts';

// scheduler-plugins' PodGroup (scheduling.x-k8s.io/v1alpha1), which kubernetes-types does not ship (a line comment: a
// doc comment would become the kind's description in the generated schemas).
export interface PodGroup {
  apiVersion: 'scheduling.x-k8s.io/v1alpha1';
  kind: 'PodGroup';
  metadata?: ObjectMeta;
  spec?: { minMember?: number; scheduleTimeoutSeconds?: number; minResources?: Record<string, string | number> };
  status?: { phase?: string; scheduled?: number; running?: number; succeeded?: number; failed?: number };
}

// core/v1 Endpoints, its port written out under another name: discovery/v1 has an EndpointPort too, and the schema
// generator keys definitions by type name.
export interface CoreV1EndpointPort { appProtocol?: string; name?: string; port: number; protocol?: string }
export interface Endpoints {
  apiVersion: 'v1';
  kind: 'Endpoints';
  metadata?: ObjectMeta;
  subsets?: { addresses?: EndpointAddress[]; notReadyAddresses?: EndpointAddress[]; ports?: CoreV1EndpointPort[] }[];
}

// resource.k8s.io/v1beta1 (Dynamic Resource Allocation, v1.32), which kubernetes-types 1.30 does not ship. A line
// comment, not a doc comment: the generated schemas would take it as each kind's description.
type V1beta1<T, K extends string> = Omit<T, 'apiVersion' | 'kind'> & { apiVersion: 'resource.k8s.io/v1beta1'; kind: K };
export type DeviceClass = V1beta1<resource.DeviceClass, 'DeviceClass'>;
export type ResourceV1beta1ResourceClaim = V1beta1<resource.ResourceClaim, 'ResourceClaim'>;
export type ResourceClaimTemplate = V1beta1<resource.ResourceClaimTemplate, 'ResourceClaimTemplate'>;
export type ResourceSlice = V1beta1<resource.ResourceSlice, 'ResourceSlice'>;

// admissionregistration.k8s.io/v1 policies, whose rules kubernetes-types 1.30 ships without resources and scope (a line
// comment: a doc comment would become the rule type's description in the generated schemas).
export interface AdmissionPolicyRule extends admission.NamedRuleWithOperations { resources?: string[]; scope?: string }
export interface AdmissionPolicyMatchResources extends Omit<admission.MatchResources, 'resourceRules' | 'excludeResourceRules'> {
  resourceRules?: AdmissionPolicyRule[];
  excludeResourceRules?: AdmissionPolicyRule[];
}
export interface ValidatingAdmissionPolicy extends Omit<admission.ValidatingAdmissionPolicy, 'spec'> {
  spec?: Omit<admission.ValidatingAdmissionPolicySpec, 'matchConstraints'> & { matchConstraints?: AdmissionPolicyMatchResources };
}
export interface ValidatingAdmissionPolicyBinding extends Omit<admission.ValidatingAdmissionPolicyBinding, 'spec'> {
  spec?: Omit<admission.ValidatingAdmissionPolicyBindingSpec, 'matchResources'> & { matchResources?: AdmissionPolicyMatchResources };
}
// admissionregistration/v1's webhook client config and service reference, written out under other names: apiextensions
// has types of the same names, and the schema generator keys definitions by type name.
export interface AdmissionServiceReference { name: string; namespace: string; path?: string; port?: number }
export interface AdmissionWebhookClientConfig { caBundle?: string; service?: AdmissionServiceReference; url?: string }
type Hook<W> = Omit<W, 'clientConfig'> & { clientConfig: AdmissionWebhookClientConfig };
export type MutatingWebhookConfiguration = Omit<admission.MutatingWebhookConfiguration, 'webhooks'> & { webhooks?: Hook<admission.MutatingWebhook>[] };
export type ValidatingWebhookConfiguration = Omit<admission.ValidatingWebhookConfiguration, 'webhooks'> & { webhooks?: Hook<admission.ValidatingWebhook>[] };

export type K8sResource =
  | Namespace | Node | Pod | ConfigMap | Secret | Service | ServiceAccount | Event
  | ReplicaSet | Deployment | StatefulSet | DaemonSet | ControllerRevision | Job | CronJob | PodGroup
  | PersistentVolume | PersistentVolumeClaim | StorageClass | VolumeAttachment | CSIDriver | CSINode
  | Ingress | NetworkPolicy | PodDisruptionBudget | PriorityClass | RuntimeClass | ResourceQuota | LimitRange
  | HorizontalPodAutoscaler | Lease | Endpoints | EndpointSlice | IngressClass | CustomResourceDefinition
  | Role | ClusterRole | RoleBinding | ClusterRoleBinding
  | DeviceClass | ResourceV1beta1ResourceClaim | ResourceClaimTemplate | ResourceSlice
  | ValidatingAdmissionPolicy | ValidatingAdmissionPolicyBinding
  | MutatingWebhookConfiguration | ValidatingWebhookConfiguration | CertificateSigningRequest;

/**
 * The API reference text of the types re-declared above, which gen-explain.mjs copies where a re-declared type or
 * field has none (not part of the editor's schema).
 */
export type DocSources = admission.ValidatingAdmissionPolicy | admission.ValidatingAdmissionPolicyBinding
  | admission.MutatingWebhookConfiguration | admission.ValidatingWebhookConfiguration | CoreV1Endpoints;

// The API server's validation: the kind's create or update rules (registry strategy Validate / ValidateUpdate),
// then, on create, the common ObjectMeta check rest.BeforeCreate runs when the kind's own rules passed.
import type { ControllerRevision, DaemonSet, Deployment, ReplicaSet, StatefulSet } from 'kubernetes-types/apps/v1';
import type { CronJob, Job } from 'kubernetes-types/batch/v1';
import type { Lease } from 'kubernetes-types/coordination/v1';
import type { ConfigMap, Event, Namespace, Node, Pod } from 'kubernetes-types/core/v1';
import type { KindInfo } from '../../api/kinds.ts';
import type { KubeObject } from '../../api/object.ts';
import { fieldErrorText, type FieldError } from '../errors.ts';
import { validateConfigMap, validateConfigMapUpdate } from './validation/configmap.ts';
import { validateCronJob, validateCronJobUpdate } from './validation/cronjob.ts';
import { validateControllerRevision, validateControllerRevisionUpdate } from './validation/controllerrevision.ts';
import { validateDaemonSet, validateDaemonSetUpdate } from './validation/daemonset.ts';
import { validateDeployment, validateDeploymentUpdate } from './validation/deployment.ts';
import { validateEvent, validateEventMeta } from './validation/event.ts';
import { validateJob, validateJobUpdate } from './validation/job.ts';
import { validateLease, validateLeaseUpdate } from './validation/lease.ts';
import { validateNamespace, validateNamespaceUpdate } from './validation/namespace.ts';
import { validateNode, validateNodeUpdate } from './validation/node.ts';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './validation/objectmeta.ts';
import { validatePod, validatePodUpdate } from './validation/pod.ts';
import { validateReplicaSet, validateReplicaSetUpdate } from './validation/replicaset.ts';
import { validateStatefulSet, validateStatefulSetUpdate } from './validation/statefulset.ts';
import type { LimitRange, ResourceQuota, Secret } from 'kubernetes-types/core/v1';
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1';
import type { PriorityClass } from 'kubernetes-types/scheduling/v1';
import { validatePodDisruptionBudget, validatePodDisruptionBudgetUpdate, validatePriorityClass, validatePriorityClassUpdate } from './validation/policy.ts';
import { validateLimitRange, validateLimitRangeUpdate, validateResourceQuota, validateResourceQuotaUpdate } from './validation/quota.ts';
import { validateSecret, validateSecretUpdate } from './validation/secret.ts';
import type { PersistentVolume, PersistentVolumeClaim } from 'kubernetes-types/core/v1';
import type { CSIDriver, CSINode, StorageClass, VolumeAttachment } from 'kubernetes-types/storage/v1';
import * as storage from './validation/storage.ts';
import type { HorizontalPodAutoscaler } from 'kubernetes-types/autoscaling/v2';
import { validateHorizontalPodAutoscaler, validateHorizontalPodAutoscalerUpdate } from './validation/autoscaling.ts';
import type { Endpoints, Service } from 'kubernetes-types/core/v1';
import type { EndpointSlice } from 'kubernetes-types/discovery/v1';
import { validateEndpoints, validateEndpointsUpdate } from './validation/endpoints.ts';
import type { Ingress } from 'kubernetes-types/networking/v1';
import { validateService, validateServiceUpdate } from './validation/service.ts';
import type { NetworkPolicy } from 'kubernetes-types/networking/v1';
import { validateNetworkPolicy, validateNetworkPolicyUpdate } from './validation/networkpolicy.ts';
import type { ClusterRole, ClusterRoleBinding, Role, RoleBinding } from 'kubernetes-types/rbac/v1';
import * as rbac from './validation/rbac.ts';
import { validateEndpointSlice, validateEndpointSliceUpdate, validateIngress, validateIngressUpdate } from './validation/networking.ts';
import * as resource from './validation/resource.ts';
import type { DeviceClass, ResourceClaim, ResourceClaimTemplate, ResourceSlice } from '../../api/resource.ts';
import type { ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding } from 'kubernetes-types/admissionregistration/v1';
import * as vap from './plugins/validatingadmissionpolicy/validation.ts';
import * as webhooks from './validation/webhookconfiguration.ts';
import type { RuntimeClass } from 'kubernetes-types/node/v1';
import { validateRuntimeClass, validateRuntimeClassUpdate } from './validation/runtimeclass.ts';
import type { CertificateSigningRequest } from 'kubernetes-types/certificates/v1';
import { validateCertificateSigningRequest, validateCertificateSigningRequestUpdate } from './validation/certificates.ts';

type Validator<T> = { create(obj: T): FieldError[]; update(obj: T, old: T): FieldError[] };

const validators: Record<string, Validator<never>> = {
  ValidatingAdmissionPolicy: { create: vap.validateValidatingAdmissionPolicy, update: vap.validateValidatingAdmissionPolicyUpdate } satisfies Validator<ValidatingAdmissionPolicy>,
  ValidatingAdmissionPolicyBinding: { create: vap.validateValidatingAdmissionPolicyBinding, update: vap.validateValidatingAdmissionPolicyBindingUpdate } satisfies Validator<ValidatingAdmissionPolicyBinding>,
  DeviceClass: { create: resource.validateDeviceClass, update: resource.validateDeviceClassUpdate } satisfies Validator<DeviceClass>,
  ResourceClaim: { create: resource.validateResourceClaim, update: resource.validateResourceClaimUpdate } satisfies Validator<ResourceClaim>,
  ResourceClaimTemplate: { create: resource.validateResourceClaimTemplate, update: resource.validateResourceClaimTemplateUpdate } satisfies Validator<ResourceClaimTemplate>,
  ResourceSlice: { create: resource.validateResourceSlice, update: resource.validateResourceSliceUpdate } satisfies Validator<ResourceSlice>,
  Pod: { create: validatePod, update: validatePodUpdate } satisfies Validator<Pod>,
  Deployment: { create: validateDeployment, update: validateDeploymentUpdate } satisfies Validator<Deployment>,
  ReplicaSet: { create: validateReplicaSet, update: validateReplicaSetUpdate } satisfies Validator<ReplicaSet>,
  StatefulSet: { create: validateStatefulSet, update: validateStatefulSetUpdate } satisfies Validator<StatefulSet>,
  DaemonSet: { create: validateDaemonSet, update: validateDaemonSetUpdate } satisfies Validator<DaemonSet>,
  ControllerRevision: { create: validateControllerRevision, update: validateControllerRevisionUpdate } satisfies Validator<ControllerRevision>,
  Namespace: { create: validateNamespace, update: validateNamespaceUpdate } satisfies Validator<Namespace>,
  Node: { create: validateNode, update: validateNodeUpdate } satisfies Validator<Node>,
  ConfigMap: { create: validateConfigMap, update: validateConfigMapUpdate } satisfies Validator<ConfigMap>,
  Event: { create: validateEvent, update: (ev: Event) => validateEvent(ev) } satisfies Validator<Event>,
  Lease: { create: validateLease, update: validateLeaseUpdate } satisfies Validator<Lease>,
  Secret: { create: validateSecret, update: validateSecretUpdate } satisfies Validator<Secret>,
  ResourceQuota: { create: validateResourceQuota, update: validateResourceQuotaUpdate } satisfies Validator<ResourceQuota>,
  LimitRange: { create: validateLimitRange, update: validateLimitRangeUpdate } satisfies Validator<LimitRange>,
  PriorityClass: { create: validatePriorityClass, update: validatePriorityClassUpdate } satisfies Validator<PriorityClass>,
  RuntimeClass: { create: validateRuntimeClass, update: validateRuntimeClassUpdate } satisfies Validator<RuntimeClass>,
  CertificateSigningRequest: { create: (csr) => validateCertificateSigningRequest(csr), update: (csr, old) => validateCertificateSigningRequestUpdate(csr, old) } satisfies Validator<CertificateSigningRequest>,
  PodDisruptionBudget: { create: validatePodDisruptionBudget, update: validatePodDisruptionBudgetUpdate } satisfies Validator<PodDisruptionBudget>,
  Job: { create: validateJob, update: validateJobUpdate } satisfies Validator<Job>,
  CronJob: { create: validateCronJob, update: validateCronJobUpdate } satisfies Validator<CronJob>,
  PersistentVolume: { create: storage.validatePersistentVolume, update: storage.validatePersistentVolumeUpdate } satisfies Validator<PersistentVolume>,
  PersistentVolumeClaim: { create: storage.validatePersistentVolumeClaim, update: storage.validatePersistentVolumeClaimUpdate } satisfies Validator<PersistentVolumeClaim>,
  StorageClass: { create: storage.validateStorageClass, update: storage.validateStorageClassUpdate } satisfies Validator<StorageClass>,
  VolumeAttachment: { create: storage.validateVolumeAttachment, update: storage.validateVolumeAttachmentUpdate } satisfies Validator<VolumeAttachment>,
  CSIDriver: { create: storage.validateCSIDriver, update: storage.validateCSIDriverUpdate } satisfies Validator<CSIDriver>,
  CSINode: { create: storage.validateCSINode, update: storage.validateCSINodeUpdate } satisfies Validator<CSINode>,
  HorizontalPodAutoscaler: { create: validateHorizontalPodAutoscaler, update: validateHorizontalPodAutoscalerUpdate } satisfies Validator<HorizontalPodAutoscaler>,
  Service: { create: validateService, update: validateServiceUpdate } satisfies Validator<Service>,
  Endpoints: { create: validateEndpoints, update: validateEndpointsUpdate } satisfies Validator<Endpoints>,
  EndpointSlice: { create: validateEndpointSlice, update: validateEndpointSliceUpdate } satisfies Validator<EndpointSlice>,
  Ingress: { create: validateIngress, update: validateIngressUpdate } satisfies Validator<Ingress>,
  NetworkPolicy: { create: validateNetworkPolicy, update: validateNetworkPolicyUpdate } satisfies Validator<NetworkPolicy>,
  Role: { create: rbac.validateRole, update: rbac.validateRoleUpdate } satisfies Validator<Role>,
  ClusterRole: { create: rbac.validateClusterRole, update: rbac.validateClusterRoleUpdate } satisfies Validator<ClusterRole>,
  RoleBinding: { create: rbac.validateRoleBinding, update: rbac.validateRoleBindingUpdate } satisfies Validator<RoleBinding>,
  ClusterRoleBinding: { create: rbac.validateClusterRoleBinding, update: rbac.validateClusterRoleBindingUpdate } satisfies Validator<ClusterRoleBinding>,
  MutatingWebhookConfiguration: { create: webhooks.validateMutatingWebhookConfiguration, update: webhooks.validateMutatingWebhookConfigurationUpdate },
  ValidatingWebhookConfiguration: { create: webhooks.validateValidatingWebhookConfiguration, update: webhooks.validateValidatingWebhookConfigurationUpdate },
};

/** Kinds without rules of their own: ObjectMeta with DNS-1123 subdomain names. */
const generic: Validator<KubeObject> = {
  create: (obj) => validateObjectMeta(obj.metadata, nameIsDNSSubdomain),
  update: (obj, old) => validateObjectMetaUpdate(obj.metadata, old.metadata),
};

/** ErrorList.ToAggregate: an error whose text was already reported is dropped (updates validate metadata twice). */
function dedupe(errs: FieldError[]): FieldError[] {
  // Nothing to drop from fewer than two (nearly every write has none): no set, closure or copy per write.
  if (errs.length < 2) return errs;
  const seen = new Set<string>();
  return errs.filter((e) => {
    const text = fieldErrorText(e);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}

/**
 * Validate an object about to be stored: a create when `old` is absent, else an update of `old`. Defaults and
 * canonical quantities must already be applied. Errors keep upstream's order, types, paths and texts.
 */
export function validateObject(kind: KindInfo, obj: KubeObject, old?: KubeObject): FieldError[] {
  const v = (validators[kind.kind] ?? generic) as unknown as Validator<KubeObject>;
  const errs = old ? v.update(obj, old) : v.create(obj);
  if (!old && errs.length === 0 && kind.kind === 'Event') return validateEventMeta(obj as unknown as Event);
  return dedupe(errs);
}

// Defaulting (the scheme's defaulters, plus the defaults of the admission plugins and strategies every cluster
// runs), applied to a fresh, mutable copy of an object on its way into storage.
import type { KubeObject } from '../../api/object.ts';
import { setPodDefaults } from './defaults/podspec.ts';
import { setDaemonSetDefaults, setTemplateGeneration } from './defaults/daemonset.ts';
import { setStatefulSetDefaults } from './defaults/statefulset.ts';
import { setDeploymentDefaults, setReplicaSetDefaults } from './defaults/workloads.ts';
import { setCronJobDefaults, setJobDefaults } from './defaults/batch.ts';
import { setEndpointsDefaults, setEndpointSliceDefaults, setServiceDefaults } from './defaults/service.ts';
import { setNetworkPolicyDefaults } from './defaults/networkpolicy.ts';
import { canonicalizeMetricTargets, setHorizontalPodAutoscalerDefaults } from './defaults/autoscaling.ts';
import { setLimitRangeDefaults, setPriorityClassDefaults, setSecretDefaults } from './defaults/policy.ts';
import { setBindingDefaults } from './defaults/rbac.ts';
import { setResourceClaimDefaults, setResourceClaimTemplateDefaults } from './defaults/resource.ts';
import { setValidatingAdmissionPolicyBindingDefaults, setValidatingAdmissionPolicyDefaults } from './plugins/validatingadmissionpolicy/defaults.ts';
import { setMutatingWebhookConfigurationDefaults, setValidatingWebhookConfigurationDefaults } from './defaults/webhookconfiguration.ts';
import { setCSIDriverDefaults, setPersistentVolumeClaimDefaults, setPersistentVolumeDefaults, setStorageClassDefaults } from './defaults/storage.ts';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function ensure(obj: KubeObject, field: 'spec' | 'status'): Obj {
  if (!isObj(obj[field])) obj[field] = {};
  return obj[field] as Obj;
}

/**
 * Fill in what the API server would. `old` is the stored object on an update: a few admission defaults are
 * carried over from it (a pod's priority and service account) rather than recomputed, and a Namespace's
 * spec.finalizers is only set on create.
 */
export function applyDefaults(obj: KubeObject, old?: KubeObject): void {
  switch (obj.kind) {
    case 'Pod':
      setPodDefaults(ensure(obj, 'spec'), isObj(old?.spec) ? old.spec : undefined);
      break;
    case 'Deployment':
      setDeploymentDefaults(ensure(obj, 'spec'));
      break;
    case 'ReplicaSet':
      setReplicaSetDefaults(ensure(obj, 'spec'));
      break;
    case 'StatefulSet':
      setStatefulSetDefaults(ensure(obj, 'spec'));
      break;
    case 'DaemonSet':
      setDaemonSetDefaults(ensure(obj, 'spec'));
      setTemplateGeneration(obj.metadata as unknown as Obj, ensure(obj, 'spec'), old as { metadata?: Obj; spec?: unknown } | undefined);
      break;
    case 'Job':
      setJobDefaults(obj.metadata as Obj, ensure(obj, 'spec'));
      break;
    case 'CronJob':
      setCronJobDefaults(ensure(obj, 'spec'));
      break;
    case 'Namespace': {
      // SetDefaults_Namespace: every namespace carries its name as a label.
      const name = obj.metadata?.name;
      if (name) obj.metadata.labels = { ...obj.metadata.labels, 'kubernetes.io/metadata.name': name };
      // The namespace strategy's PrepareForCreate: the "kubernetes" finalizer the namespace controller removes.
      if (!old) {
        const spec = ensure(obj, 'spec');
        if (!Array.isArray(spec.finalizers)) spec.finalizers = ['kubernetes'];
      }
      const status = ensure(obj, 'status');
      if (!status.phase) status.phase = 'Active';
      break;
    }
    case 'Node': {
      // SetDefaults_NodeStatus: allocatable defaults to capacity.
      const status = isObj(obj.status) ? obj.status : undefined;
      if (status && isObj(status.capacity) && !isObj(status.allocatable)) status.allocatable = { ...status.capacity };
      break;
    }
    case 'Service':
      setServiceDefaults(ensure(obj, 'spec'));
      break;
    case 'Endpoints':
      setEndpointsDefaults(obj as unknown as Obj);
      break;
    case 'EndpointSlice':
      setEndpointSliceDefaults(obj as unknown as Obj);
      break;
    case 'NetworkPolicy':
      setNetworkPolicyDefaults(ensure(obj, 'spec'));
      break;
    case 'HorizontalPodAutoscaler':
      setHorizontalPodAutoscalerDefaults(ensure(obj, 'spec'));
      canonicalizeMetricTargets(ensure(obj, 'spec'));
      break;
    case 'PriorityClass':
      setPriorityClassDefaults(obj);
      break;
    case 'LimitRange':
      setLimitRangeDefaults(ensure(obj, 'spec'));
      break;
    case 'Secret':
      setSecretDefaults(obj);
      break;
    case 'PersistentVolume':
      setPersistentVolumeDefaults(obj as unknown as Obj);
      break;
    case 'PersistentVolumeClaim':
      setPersistentVolumeClaimDefaults(obj as unknown as Obj);
      break;
    case 'StorageClass':
      setStorageClassDefaults(obj as unknown as Obj);
      break;
    case 'CSIDriver':
      setCSIDriverDefaults(obj as unknown as Obj);
      break;
    case 'ResourceClaim':
      setResourceClaimDefaults(obj as unknown as Obj);
      break;
    case 'ResourceClaimTemplate':
      setResourceClaimTemplateDefaults(obj as unknown as Obj);
      break;
    case 'MutatingWebhookConfiguration':
      setMutatingWebhookConfigurationDefaults(obj as unknown as Obj);
      break;
    case 'ValidatingWebhookConfiguration':
      setValidatingWebhookConfigurationDefaults(obj as unknown as Obj);
      break;
    case 'RoleBinding':
    case 'ClusterRoleBinding':
      setBindingDefaults(obj as unknown as Obj);
      break;
    case 'ValidatingAdmissionPolicy':
      setValidatingAdmissionPolicyDefaults(obj as unknown as Obj);
      break;
    case 'ValidatingAdmissionPolicyBinding':
      setValidatingAdmissionPolicyBindingDefaults(obj as unknown as Obj);
      break;
    case 'Event':
      // Fields a core/v1 Event always serializes (no omitempty upstream).
      if (typeof obj.reportingComponent !== 'string') obj.reportingComponent = '';
      if (typeof obj.reportingInstance !== 'string') obj.reportingInstance = '';
      if (!isObj(obj.source)) obj.source = {};
      break;
    default:
  }
}

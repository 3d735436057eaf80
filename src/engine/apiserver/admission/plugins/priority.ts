// Priority (plugin/pkg/admission/priority): a pod's priorityClassName (or the global default class) resolves to its
// spec.priority and preemptionPolicy; only one PriorityClass may be the global default.
import type { Pod } from 'kubernetes-types/core/v1';
import type { PriorityClass } from 'kubernetes-types/scheduling/v1';
import type { KubeObject } from '../../../api/object.ts';
import { forbiddenFor, type AdmissionHost, type AdmissionPlugin, type Attributes, type AdmissionStore } from './plugin.ts';

/** scheduling.DefaultPriorityWhenNoDefaultClassExists. */
export const DEFAULT_PRIORITY = 0;
/** scheduling.HighestUserDefinablePriority: values above it are reserved for system classes. */
export const HIGHEST_USER_DEFINABLE_PRIORITY = 1_000_000_000;

/** The classes every API server creates at start (scheduling.SystemPriorityClasses). */
export const SYSTEM_PRIORITY_CLASSES: readonly (PriorityClass & KubeObject)[] = [
  { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'system-node-critical' }, value: 2000001000, description: 'Used for system critical pods that must not be moved from their current node.' },
  { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'system-cluster-critical' }, value: 2000000000, description: 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.' },
];

/** getDefaultPriorityClass: the global default; of several (a race), the one with the lowest value. */
export function defaultPriorityClass(store: AdmissionStore): PriorityClass | undefined {
  let best: PriorityClass | undefined;
  for (const pc of store.list<PriorityClass>('PriorityClass')) {
    if (pc.globalDefault && (!best || pc.value < best.value)) best = pc;
  }
  return best;
}

function admitPod(store: AdmissionStore, a: Attributes): void {
  const spec = (a.object as Pod).spec!;
  if (a.operation === 'UPDATE') {
    // Set on create; an update that omits them keeps them (validation forbids changing them).
    const old = (a.oldObject as Pod | undefined)?.spec;
    if (spec.priority === undefined && old?.priority !== undefined) spec.priority = old.priority;
    if (spec.preemptionPolicy === undefined && old?.preemptionPolicy !== undefined) spec.preemptionPolicy = old.preemptionPolicy;
    return;
  }
  let priority = DEFAULT_PRIORITY;
  let policy: string | undefined = 'PreemptLowerPriority';
  if (!spec.priorityClassName) {
    const dpc = defaultPriorityClass(store);
    if (dpc) {
      spec.priorityClassName = dpc.metadata!.name;
      priority = dpc.value;
      policy = dpc.preemptionPolicy;
    }
  } else {
    const pc = store.tryGet<PriorityClass>('PriorityClass', undefined, spec.priorityClassName);
    if (!pc) throw forbiddenFor(a, `no PriorityClass with name ${spec.priorityClassName} was found`);
    priority = pc.value;
    policy = pc.preemptionPolicy;
  }
  if (spec.priority !== undefined && spec.priority !== null && spec.priority !== priority) {
    throw forbiddenFor(a, `the integer value of priority (${spec.priority}) must not be provided in pod spec; priority admission controller computed ${priority} from the given PriorityClass name`);
  }
  spec.priority = priority;
  if (policy !== undefined) {
    if (spec.preemptionPolicy && spec.preemptionPolicy !== policy) {
      throw forbiddenFor(a, `the string value of PreemptionPolicy (${spec.preemptionPolicy}) must not be provided in pod spec; priority admission controller computed ${policy} from the given PriorityClass name`);
    }
    spec.preemptionPolicy = policy;
  }
}

/** validatePriorityClass: a second global default is refused. */
function validatePriorityClass(store: AdmissionStore, a: Attributes): void {
  const pc = a.object as unknown as PriorityClass;
  if (!pc.globalDefault) return;
  const dpc = defaultPriorityClass(store);
  if (dpc && (a.operation === 'CREATE' || dpc.metadata?.name !== pc.metadata?.name)) {
    throw forbiddenFor(a, `PriorityClass ${dpc.metadata?.name} is already marked as default. Only one default can exist`);
  }
}

export function priorityAdmission({ store }: AdmissionHost): AdmissionPlugin {
  return {
    name: 'Priority',
    admit(a) {
      if (a.kind.kind === 'Pod' && a.kind.group === '') admitPod(store, a);
    },
    validate(a) {
      if (a.kind.kind === 'PriorityClass' && a.kind.group === 'scheduling.k8s.io') validatePriorityClass(store, a);
    },
  };
}

// The kueue.x-k8s.io/v1beta1 objects (Kueue's apis/kueue/v1beta1): ResourceFlavor, ClusterQueue, LocalQueue and
// Workload, with the label and condition names the job integrations and the scheduler share.
import type { LabelSelector } from 'kubernetes-types/meta/v1';
import type { PodTemplateSpec, Taint, Toleration } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';

export const KUEUE_API = 'kueue.x-k8s.io/v1beta1';
/** The label a job carries to be queued (constants.QueueLabel). */
export const QUEUE_LABEL = 'kueue.x-k8s.io/queue-name';

export interface MetaCondition { type: string; status: 'True' | 'False' | 'Unknown'; reason: string; message: string; lastTransitionTime: string; observedGeneration?: number }

export type ResourceFlavor = KubeObject & { spec?: { nodeLabels?: Record<string, string>; nodeTaints?: Taint[]; tolerations?: Toleration[] } };

export interface ResourceQuota { name: string; nominalQuota: string | number; borrowingLimit?: string | number; lendingLimit?: string | number }
export interface FlavorQuotas { name: string; resources: ResourceQuota[] }
export interface ResourceGroup { coveredResources: string[]; flavors: FlavorQuotas[] }
export type WithinClusterQueue = 'Never' | 'LowerPriority' | 'LowerOrNewerEqualPriority';
export type ReclaimWithinCohort = 'Never' | 'LowerPriority' | 'Any';
export interface FlavorUsage { name: string; resources: { name: string; total: string; borrowed: string }[] }

export type ClusterQueue = KubeObject & {
  spec: {
    cohort?: string;
    namespaceSelector?: LabelSelector;
    queueingStrategy?: 'BestEffortFIFO' | 'StrictFIFO';
    resourceGroups?: ResourceGroup[];
    preemption?: { withinClusterQueue?: WithinClusterQueue; reclaimWithinCohort?: ReclaimWithinCohort };
    stopPolicy?: 'None' | 'Hold' | 'HoldAndDrain';
  };
  status?: { pendingWorkloads?: number; reservingWorkloads?: number; admittedWorkloads?: number; flavorsReservation?: FlavorUsage[]; flavorsUsage?: FlavorUsage[]; conditions?: MetaCondition[] };
};

export type LocalQueue = KubeObject & {
  spec: { clusterQueue: string };
  status?: { pendingWorkloads?: number; reservingWorkloads?: number; admittedWorkloads?: number; flavorUsage?: FlavorUsage[]; conditions?: MetaCondition[] };
};

export interface PodSet { name: string; count: number; template: PodTemplateSpec }
export interface PodSetAssignment { name: string; flavors: Record<string, string>; resourceUsage: Record<string, string>; count: number }
export interface Admission { clusterQueue: string; podSetAssignments: PodSetAssignment[] }

export type Workload = KubeObject & {
  spec: { queueName?: string; podSets: PodSet[]; priority?: number; priorityClassName?: string; priorityClassSource?: string; active?: boolean };
  status?: { admission?: Admission; conditions?: MetaCondition[] };
};

export const WL = { quotaReserved: 'QuotaReserved', admitted: 'Admitted', evicted: 'Evicted', preempted: 'Preempted', finished: 'Finished' } as const;

export const findCondition = (list: MetaCondition[] | undefined, type: string) => list?.find((c) => c.type === type);
export const isTrue = (list: MetaCondition[] | undefined, type: string) => findCondition(list, type)?.status === 'True';

/** apimeta.SetStatusCondition: the transition time moves only when the status changes. */
export function setCondition(list: MetaCondition[] | undefined, c: Omit<MetaCondition, 'lastTransitionTime'>, now: string): MetaCondition[] {
  const cur = findCondition(list, c.type);
  const next: MetaCondition = { ...c, lastTransitionTime: cur && cur.status === c.status ? cur.lastTransitionTime : now };
  return cur ? list!.map((x) => (x === cur ? next : x)) : [...(list ?? []), next];
}

export const hasQuota = (wl: Workload) => isTrue(wl.status?.conditions, WL.quotaReserved);
export const isFinished = (wl: Workload) => isTrue(wl.status?.conditions, WL.finished);
export const isEvicted = (wl: Workload) => isTrue(wl.status?.conditions, WL.evicted);
/** Pending: waits for quota (not finished, not deactivated). */
export const isPending = (wl: Workload) => !hasQuota(wl) && !isFinished(wl) && wl.spec.active !== false;
/** Holds quota: reserved and not finished (a finished workload releases its quota). */
export const holdsQuota = (wl: Workload) => hasQuota(wl) && !isFinished(wl) && !!wl.status?.admission;

// PodGroup (scheduling.x-k8s.io/v1alpha1, kubernetes-sigs/scheduler-plugins): a gang of pods that the
// Coscheduling plugin schedules all or nothing. Pods join a group through the label below.
import type { Pod } from 'kubernetes-types/core/v1';
import type { ObjectMeta } from 'kubernetes-types/meta/v1';

export const POD_GROUP_LABEL = 'scheduling.x-k8s.io/pod-group';

export type PodGroupPhase = 'Pending' | 'PreScheduling' | 'Scheduling' | 'Scheduled' | 'Running' | 'Unknown' | 'Finished' | 'Failed';

export interface PodGroupSpec {
  /** The least number of pods that must be scheduled together. */
  minMember?: number;
  minResources?: Record<string, string>;
  /** How long members wait at Permit for their siblings; the plugin's permitWaitingTimeSeconds when unset. */
  scheduleTimeoutSeconds?: number;
}

export interface PodGroupStatus {
  phase?: PodGroupPhase;
  /** The owners of the group's pods ("namespace/name", sorted, comma-separated). */
  occupiedBy?: string;
  scheduled?: number;
  running?: number;
  succeeded?: number;
  failed?: number;
  scheduleStartTime?: string;
}

export interface PodGroup {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: PodGroupSpec;
  status?: PodGroupStatus;
}

/** The name of the group a pod belongs to, if any (util.GetPodGroupLabel). */
export function podGroupName(pod: Pod): string | undefined {
  return pod.metadata?.labels?.[POD_GROUP_LABEL] || undefined;
}

// What preemption knows about a pod as a victim: its priority (corev1helpers.PodPriority), its start time
// (util.GetPodStartTime) and which of two pods matters more (util.MoreImportantPod).
import type { Pod } from 'kubernetes-types/core/v1';

export interface Victims {
  /** Ordered from the most to the least important. */
  pods: Pod[];
  numPDBViolations: number;
}

export interface Candidate { name: string; victims: Victims }

export function podPriority(pod: Pod): number {
  return pod.spec?.priority ?? 0;
}

/** The pod's status.startTime in ms; a pod that has not started yet counts as starting now. */
export function podStartTime(pod: Pod, now: number): number {
  const t = pod.status?.startTime;
  return t ? Date.parse(t) : now;
}

/** Higher priority first; with equal priority the pod that started earlier (ran longer) matters more. */
export function moreImportantPod(a: Pod, b: Pod, now: number): boolean {
  const pa = podPriority(a), pb = podPriority(b);
  if (pa !== pb) return pa > pb;
  return podStartTime(a, now) < podStartTime(b, now);
}

/** Sort in place from the most to the least important (the order victims are reprieved in). */
export function sortByImportance(pods: Pod[], now: number): Pod[] {
  return pods.sort((a, b) => (moreImportantPod(a, b, now) ? -1 : moreImportantPod(b, a, now) ? 1 : 0));
}

/** GetEarliestPodStartTime: the earliest start time among the highest-priority victims. */
export function earliestPodStartTime(victims: Victims, now: number): number | undefined {
  if (!victims.pods.length) return undefined;
  let max = podPriority(victims.pods[0]);
  let earliest = podStartTime(victims.pods[0], now);
  for (const p of victims.pods) {
    const prio = podPriority(p);
    if (prio === max) earliest = Math.min(earliest, podStartTime(p, now));
    else if (prio > max) { max = prio; earliest = podStartTime(p, now); }
  }
  return earliest;
}

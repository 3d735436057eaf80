// The replica calculator (pkg/controller/podautoscaler/replica_calculator.go): from per-pod metrics to a desired
// replica count. Pods still starting, unready or without metrics are set aside, then counted conservatively
// (as using nothing on a scale up, their whole request on a scale down) so they cannot flip the direction.
import type { Pod } from 'kubernetes-types/core/v1';
import { Quantity } from '../../api/quantity.ts';
import { MetricsError, metricUsageRatio, resourceUtilizationRatio, type PodMetricsInfo } from './metrics.ts';

/** --horizontal-pod-autoscaler-tolerance. */
export const TOLERANCE = 0.1;
/** --horizontal-pod-autoscaler-cpu-initialization-period. */
export const CPU_INITIALIZATION_PERIOD_MS = 5 * 60_000;
/** --horizontal-pod-autoscaler-initial-readiness-delay. */
export const DELAY_OF_INITIAL_READINESS_STATUS_MS = 30_000;

export interface ReplicaCalcOptions { tolerance: number; cpuInitializationPeriodMs: number; delayOfInitialReadinessStatusMs: number }
export const DEFAULT_CALC_OPTIONS: ReplicaCalcOptions = {
  tolerance: TOLERANCE, cpuInitializationPeriodMs: CPU_INITIALIZATION_PERIOD_MS, delayOfInitialReadinessStatusMs: DELAY_OF_INITIAL_READINESS_STATUS_MS,
};

const time = (t: string | undefined) => (t ? Date.parse(t) : undefined);

/** groupPods: how many pods count as ready, and which are unready, missing a metric, or ignored (deleted, failed). */
export function groupPods(pods: Pod[], metrics: PodMetricsInfo, resource: string, now: number, opts: ReplicaCalcOptions) {
  let readyPodCount = 0;
  const unready = new Set<string>();
  const missing = new Set<string>();
  const ignored = new Set<string>();
  for (const pod of pods) {
    const name = pod.metadata!.name!;
    if (pod.metadata?.deletionTimestamp || pod.status?.phase === 'Failed') { ignored.add(name); continue; }
    if (pod.status?.phase === 'Pending') { unready.add(name); continue; }
    const metric = metrics.get(name);
    if (!metric) { missing.add(name); continue; }
    if (resource === 'cpu') {
      const cond = pod.status?.conditions?.find((c) => c.type === 'Ready');
      const start = time(pod.status?.startTime);
      let isUnready: boolean;
      if (!cond || start === undefined) isUnready = true;
      else {
        const transition = time(cond.lastTransitionTime) ?? 0;
        // Within the initialization period a sample counts only from a ready pod, one full window after it turned ready;
        // later only a pod that has never been ready is set aside.
        if (start + opts.cpuInitializationPeriodMs > now) isUnready = cond.status === 'False' || metric.timestamp < transition + metric.windowMs;
        else isUnready = cond.status === 'False' && start + opts.delayOfInitialReadinessStatusMs > transition;
      }
      if (isUnready) { unready.add(name); continue; }
    }
    readyPodCount++;
  }
  return { readyPodCount, unready, missing, ignored };
}

/** calculatePodRequests: each pod's summed container requests of the resource, in milli-units. */
export function calculatePodRequests(pods: Pod[], resource: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const pod of pods) {
    let sum = 0;
    for (const c of pod.spec?.containers ?? []) {
      const r = c.resources?.requests?.[resource];
      if (r === undefined) throw new MetricsError(`missing request for ${resource} in container ${c.name} of Pod ${pod.metadata!.name}`);
      sum += Quantity.parse(r).milliValue();
    }
    out.set(pod.metadata!.name!, sum);
  }
  return out;
}

const withoutPods = (metrics: PodMetricsInfo, names: Set<string>) => { for (const n of names) metrics.delete(n); };

export interface ResourceReplicas { replicas: number; utilization: number; rawAverage: number }

/** GetResourceReplicas: the count that brings average utilization (percent of request) to the target. */
export function resourceReplicas(currentReplicas: number, targetUtilization: number, resource: string, pods: Pod[], metrics: PodMetricsInfo, now: number, opts = DEFAULT_CALC_OPTIONS): ResourceReplicas {
  if (!pods.length) throw new MetricsError('no pods returned by selector while calculating replica count');
  const { readyPodCount, unready, missing, ignored } = groupPods(pods, metrics, resource, now, opts);
  withoutPods(metrics, ignored);
  withoutPods(metrics, unready);
  const requests = calculatePodRequests(pods, resource);
  if (!metrics.size) throw new MetricsError('did not receive metrics for targeted pods (pods might be unready)');
  const { usageRatio, utilization, rawAverage } = resourceUtilizationRatio(metrics, requests, targetUtilization);
  const keep = { replicas: currentReplicas, utilization, rawAverage };
  const scaleUpWithUnready = unready.size > 0 && usageRatio > 1;
  if (!scaleUpWithUnready && !missing.size) {
    if (Math.abs(1 - usageRatio) <= opts.tolerance) return keep;
    return { replicas: Math.ceil(usageRatio * readyPodCount), utilization, rawAverage };
  }
  // Simplification: a missing pod counts as its whole request on a scale down (newer releases use max(100%, target)).
  for (const name of missing) {
    if (usageRatio < 1) metrics.set(name, { value: requests.get(name) ?? 0, timestamp: now, windowMs: 0 });
    else if (usageRatio > 1) metrics.set(name, { value: 0, timestamp: now, windowMs: 0 });
  }
  if (scaleUpWithUnready) for (const name of unready) metrics.set(name, { value: 0, timestamp: now, windowMs: 0 });
  const next = resourceUtilizationRatio(metrics, requests, targetUtilization).usageRatio;
  if (Math.abs(1 - next) <= opts.tolerance || (usageRatio < 1 && next > 1) || (usageRatio > 1 && next < 1)) return keep;
  const replicas = Math.ceil(next * metrics.size);
  if ((next < 1 && replicas > currentReplicas) || (next > 1 && replicas < currentReplicas)) return keep;
  return { replicas, utilization, rawAverage };
}

/** GetRawResourceReplicas (calcPlainMetricReplicas): the count that brings the average raw use to the target. */
export function rawResourceReplicas(currentReplicas: number, targetUsage: number, resource: string, pods: Pod[], metrics: PodMetricsInfo, now: number, opts = DEFAULT_CALC_OPTIONS): { replicas: number; usage: number } {
  if (!pods.length) throw new MetricsError('no pods returned by selector while calculating replica count');
  const { readyPodCount, unready, missing, ignored } = groupPods(pods, metrics, resource, now, opts);
  withoutPods(metrics, ignored);
  withoutPods(metrics, unready);
  if (!metrics.size) throw new MetricsError('did not receive metrics for targeted pods (pods might be unready)');
  const { usageRatio, usage } = metricUsageRatio(metrics, targetUsage);
  const scaleUpWithUnready = unready.size > 0 && usageRatio > 1;
  if (!scaleUpWithUnready && !missing.size) {
    if (Math.abs(1 - usageRatio) <= opts.tolerance) return { replicas: currentReplicas, usage };
    return { replicas: Math.ceil(usageRatio * readyPodCount), usage };
  }
  for (const name of missing) metrics.set(name, { value: usageRatio < 1 ? targetUsage : 0, timestamp: now, windowMs: 0 });
  if (scaleUpWithUnready) for (const name of unready) metrics.set(name, { value: 0, timestamp: now, windowMs: 0 });
  const next = metricUsageRatio(metrics, targetUsage).usageRatio;
  if (Math.abs(1 - next) <= opts.tolerance || (usageRatio < 1 && next > 1) || (usageRatio > 1 && next < 1)) return { replicas: currentReplicas, usage };
  return { replicas: Math.ceil(next * metrics.size), usage };
}

// The resource metrics client (pkg/controller/podautoscaler/metrics): pod usage from the metrics API
// (metrics.k8s.io, served by metrics-server from every kubelet's summary API). The controller only knows the small
// PodMetricsSource interface; cluster.ts wires it to the machines, so any source of usage (a container's behaviour,
// traffic load) reaches the autoscaler the same way.

/** What metrics-server reports for one pod: per-container use. */
export interface PodMetricsItem {
  namespace: string;
  name: string;
  containers: { name: string; cpuMilli: number; memoryBytes: number }[];
}

/** One pod's value of a custom metric (custom.metrics.k8s.io MetricValue), in milli-units. */
export interface PodCustomMetric { namespace: string; name: string; milliValue: number }

export interface PodMetricsSource {
  podMetrics(): PodMetricsItem[];
  /** The custom metrics API for pods: undefined for a metric no adapter serves. */
  podCustomMetrics?(metricName: string): PodCustomMetric[] | undefined;
}

/** metrics-server's --metric-resolution: each value is the rate over this window. */
export const METRIC_WINDOW_MS = 15_000;

/** One pod's use of a resource, in milli-units (cpu millicores, memory milli-bytes), as PodMetric. */
export interface PodMetric { value: number; timestamp: number; windowMs: number }
export type PodMetricsInfo = Map<string, PodMetric>;

/** A metric that could not be computed; `reason` and `inner` are what the controller's Event and condition show. */
export class MetricsError extends Error {
  constructor(message: string, readonly reason?: string, readonly inner?: string) { super(message); }
}

/**
 * GetResourceMetric: the pods of a namespace (those `inScope` keeps, the selector's) with their summed use of the
 * resource; a pod missing the resource on a container is left out.
 * Simplification: samples are current use stamped now (no scrape delay).
 */
export function getResourceMetric(source: PodMetricsSource, resource: string, namespace: string, inScope: (podName: string) => boolean, now: number): PodMetricsInfo {
  const items = source.podMetrics().filter((m) => m.namespace === namespace && inScope(m.name));
  if (!items.length) throw new MetricsError('no metrics returned from resource metrics API');
  const out: PodMetricsInfo = new Map();
  for (const m of items) {
    if (!m.containers.length) continue;
    let sum = 0;
    let missing = false;
    for (const c of m.containers) {
      if (resource === 'cpu') sum += c.cpuMilli;
      else if (resource === 'memory') sum += c.memoryBytes * 1000;
      else missing = true;
    }
    if (!missing) out.set(m.name, { value: sum, timestamp: now, windowMs: METRIC_WINDOW_MS });
  }
  return out;
}

/**
 * GetRawMetric (custom metrics client): the pods of a namespace that `inScope` keeps with their value of the metric.
 * Simplification: the metric selector (spec.pods.metric.selector) is not applied; samples are stamped now.
 */
export function getRawMetric(source: PodMetricsSource, metricName: string, namespace: string, inScope: (podName: string) => boolean, now: number): PodMetricsInfo {
  const served = source.podCustomMetrics?.(metricName);
  if (!served) throw new MetricsError(`unable to fetch metrics from custom metrics API: the server could not find the metric ${metricName} for pods`);
  const items = served.filter((m) => m.namespace === namespace && inScope(m.name));
  if (!items.length) throw new MetricsError('no metrics returned from custom metrics API');
  return new Map(items.map((m) => [m.name, { value: m.milliValue, timestamp: now, windowMs: METRIC_WINDOW_MS }]));
}

/** GetResourceUtilizationRatio: summed use over summed requests of the pods that have both. */
export function resourceUtilizationRatio(metrics: PodMetricsInfo, requests: Map<string, number>, targetUtilization: number): { usageRatio: number; utilization: number; rawAverage: number } {
  let metricsTotal = 0;
  let requestsTotal = 0;
  let n = 0;
  for (const [pod, m] of metrics) {
    const request = requests.get(pod);
    if (request === undefined) continue;
    metricsTotal += m.value;
    requestsTotal += request;
    n++;
  }
  // A pod without requests is rejected earlier, so this only happens when no metric belongs to a known pod.
  if (requestsTotal === 0) throw new MetricsError('no metrics returned matched known pods');
  const utilization = Math.trunc((metricsTotal * 100) / requestsTotal);
  return { usageRatio: utilization / targetUtilization, utilization, rawAverage: Math.trunc(metricsTotal / n) };
}

/** GetMetricUsageRatio: the average use over the target average. */
export function metricUsageRatio(metrics: PodMetricsInfo, targetUsage: number): { usageRatio: number; usage: number } {
  let total = 0;
  for (const m of metrics.values()) total += m.value;
  const usage = Math.trunc(total / metrics.size);
  return { usageRatio: usage / targetUsage, usage };
}

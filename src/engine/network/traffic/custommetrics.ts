// The custom metrics adapter for traffic (in the manner of custom.metrics.k8s.io served by a Prometheus adapter
// scraping vLLM's /metrics): per-pod gauges the HorizontalPodAutoscaler reads for `type: Pods` metrics.
// Simplification: every pod metrics-server reaches exposes the gauges (no scrape delay or discovery); only
// num_requests_waiting is served.

/** One pod's value, as the HPA's custom metrics client reads it (cluster.ts hands these over). */
export interface PodMetricValue { namespace: string; name: string; milliValue: number }

/** vLLM's vllm:num_requests_waiting, under the name the simulator serves it. */
export const NUM_REQUESTS_WAITING = 'num_requests_waiting';

/** The pods' values of `metricName`, in milli-units; undefined for a metric the adapter does not serve. */
export function servingMetrics(metricName: string, pods: readonly { namespace: string; name: string }[], traffic: { requestsWaiting(podKey: string): number }): PodMetricValue[] | undefined {
  if (metricName !== NUM_REQUESTS_WAITING) return undefined;
  return pods.map((p) => ({ namespace: p.namespace, name: p.name, milliValue: traffic.requestsWaiting(`${p.namespace}/${p.name}`) * 1000 }));
}

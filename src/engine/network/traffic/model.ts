// SIMULATION: the request model. Nothing in kubesim serves HTTP; this file is the one place that decides how a pod
// answers the requests kube-proxy sends it, and every parameter is here.
//
// - Capacity: a pod serves REQUESTS_PER_CORE requests per second per core of CPU it may use: the sum of its
//   containers' CPU limits, or of their requests where a container has no limit, or MIN_CORES when neither is
//   set (a pod without resources gets a tenth of a core).
// - Latency: at utilisation ρ = arrivals / capacity below 1, a request takes BASE_LATENCY_MS plus a queueing delay
//   that grows as 1/(1-ρ) (an M/M/1 queue: the sojourn time is exponential with mean S/(1-ρ), S = 1/capacity
//   per core-equivalent): p50 = base + S·ln2/(1-ρ), p99 = base + S·ln100/(1-ρ), ρ capped at 0.99.
// - Overload: arrivals above capacity are not served: they fail (HTTP 503 from the saturated server) and the
//   served ones see the latency at ρ = 0.99. The server's backlog bounds the queueing delay at MAX_QUEUE_MS.
// - CPU: a pod uses (served / capacity) of its capacity cores, which feeds `kubectl top` and the
//   HorizontalPodAutoscaler (utilisation = use / request).
// - Failures before the pod: no endpoint (REJECT) is "connection refused" at once; a dropped packet (a
//   NetworkPolicy, a Local traffic policy without a local endpoint, an endpoint whose pod is gone or whose node
//   is down) is a timeout after CONNECT_TIMEOUT_MS; a pod whose server does not answer yet (not running, or its
//   readiness behaviour failing: the app is not up) refuses the connection.
// - Latencies are those of successful requests; failures count in the error rate only.
import type { Pod } from 'kubernetes-types/core/v1';
import { Quantity } from '../../api/quantity.ts';

export const REQUESTS_PER_CORE = 200;
export const MIN_CORES = 0.1;
export const BASE_LATENCY_MS = 2;
export const CONNECT_TIMEOUT_MS = 5_000;
export const MAX_QUEUE_MS = 1_000;
const MAX_RHO = 0.99;

/** The cores a pod may use to serve requests. */
export function podCores(pod: Pod): number {
  let cores = 0;
  for (const c of pod.spec?.containers ?? []) {
    const q = c.resources?.limits?.cpu ?? c.resources?.requests?.cpu;
    if (q !== undefined) cores += Quantity.parse(String(q)).milliValue() / 1000;
  }
  return cores > 0 ? cores : MIN_CORES;
}

export function podCapacity(pod: Pod): number {
  return podCores(pod) * REQUESTS_PER_CORE;
}

export interface PodLoadResult {
  served: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
  /** Millicores used by the load. */
  cpuMilli: number;
}

/** What a pod of `capacity` requests/s and `cores` does with `arrivals` requests in `seconds`. */
export function servePodLoad(arrivals: number, seconds: number, capacity: number, cores: number): PodLoadResult {
  const rate = arrivals / seconds;
  const servedRate = Math.min(rate, capacity);
  const rho = Math.min(rate / capacity, MAX_RHO);
  const s = 1000 / capacity;
  const q = 1 / (1 - rho);
  const served = Math.min(arrivals, Math.floor(capacity * seconds));
  return {
    served,
    failed: arrivals - served,
    p50Ms: BASE_LATENCY_MS + Math.min(MAX_QUEUE_MS, s * Math.LN2 * q),
    p99Ms: BASE_LATENCY_MS + Math.min(MAX_QUEUE_MS, s * Math.log(100) * q),
    cpuMilli: Math.round((servedRate / capacity) * cores * 1000),
  };
}

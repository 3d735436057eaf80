// SIMULATION: the request model. Nothing in kubesim serves HTTP; this file is the one place that decides how a pod
// answers the requests kube-proxy sends it, and every parameter is here.
//
// - Capacity: a pod serves REQUESTS_PER_CORE requests per second per core of CPU it may use: the sum of its
//   containers' CPU limits, or of their requests where a container has no limit, or MIN_CORES when neither is
//   set (a pod without resources gets a tenth of a core).
// - Latency: at utilisation ρ = arrivals / capacity below 1, a request takes BASE_LATENCY_MS plus a queueing delay
//   that grows as 1/(1-ρ) (an M/M/1 queue: the sojourn time is exponential with mean S/(1-ρ), S = 1/capacity
//   per core-equivalent): p50 = base + S·ln2/(1-ρ), p99 = base + S·ln100/(1-ρ), ρ capped at 0.99.
// - Queue (a fluid model, like vLLM's waiting queue): requests a pod cannot serve within the second wait in its
//   queue and are served first the next second. The queue holds at most MAX_QUEUE_MS of service
//   (capacity × MAX_QUEUE_MS / 1000 requests); arrivals that overflow it fail (HTTP 503 from the saturated
//   server). The pod's `num_requests_waiting` gauge (vLLM's `vllm:num_requests_waiting`) is that backlog plus
//   the mean M/M/1 queue of the second's arrivals, ρ²/(1-ρ) (so it rises before the pod saturates). By Little's law a request waits L / capacity on average (L the mean queue
//   length over the second), which adds to its latency; the served ones also see the service latency at ρ = 0.99.
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
  /** Requests left waiting in the queue at the end of the interval (carried to the next one). */
  waiting: number;
  /** num_requests_waiting: the backlog plus the mean M/M/1 queue length, ρ²/(1-ρ). */
  queueLength: number;
}

/** The most requests a pod's queue holds: MAX_QUEUE_MS worth of service. */
export function queueLimit(capacity: number): number {
  return Math.floor((capacity * MAX_QUEUE_MS) / 1000);
}

/** What a pod of `capacity` requests/s and `cores` does with `arrivals` new requests in `seconds`, `waiting` queued before. */
export function servePodLoad(arrivals: number, seconds: number, capacity: number, cores: number, waiting = 0): PodLoadResult {
  const work = waiting + arrivals;
  const served = Math.min(work, Math.floor(capacity * seconds));
  const left = work - served;
  const next = Math.min(left, queueLimit(capacity));
  const rho = Math.min(arrivals / seconds / capacity, MAX_RHO);
  const s = 1000 / capacity;
  const q = 1 / (1 - rho);
  const waitMs = ((waiting + next) / 2 / capacity) * 1000;
  return {
    served,
    failed: left - next,
    p50Ms: BASE_LATENCY_MS + Math.min(MAX_QUEUE_MS, s * Math.LN2 * q) + waitMs,
    p99Ms: BASE_LATENCY_MS + Math.min(MAX_QUEUE_MS, s * Math.log(100) * q) + waitMs,
    cpuMilli: Math.round((served / seconds / capacity) * cores * 1000),
    waiting: next,
    queueLength: Math.round((next + (rho * rho) / (1 - rho)) * 100) / 100,
  };
}

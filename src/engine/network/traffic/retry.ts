// The client sidecar's router (Envoy's router filter) trying a request on a route's endpoints: each try goes to one
// endpoint; a try that fails with a condition of the route's retry_on is tried again, on another endpoint when one
// is left (Istio's previous_hosts predicate), after a back-off; the per-try timeout ends one try, the route timeout the
// whole request. Envoy's rules (router/retry_state_impl.cc): a connection failure or reset is retried on `reset`,
// `5xx`, `gateway-error` and `connect-failure`; a per-try timeout on `5xx` and `gateway-error`; a response on `5xx`
// (any 5xx), `gateway-error` (502, 503, 504), `retriable-4xx` (409) and `retriable-status-codes` (the listed codes).
// SIMULATION: the back-off before retry N is the middle of Envoy's fully jittered range [0, (2^N-1)·25 ms), capped at
// 250 ms, so the same request always takes the same time; a connect timeout takes Istio's connectTimeout of 10 s.
// Simplification: in the traffic simulator's aggregate, a branch of retries rarer than MIN_BRANCH_WEIGHT stops
// retrying; requests a pod fails from overload (model.ts) are not retried.
import type { MeshRetryPolicy } from '../../api/mesh.ts';
import { UPSTREAM_TIMEOUT_BODY } from '../../api/mesh.ts';
import type { ProxyEndpoint } from '../types.ts';
import type { Errored, Hop, Leg } from './path.ts';

/** Istio's default connectTimeout for a cluster (DestinationRule connectionPool.tcp.connectTimeout). */
export const CONNECT_TIMEOUT_MS = 10_000;
/** SIMULATION: one round trip inside the cluster (nettools' ROUND_TRIP_MS): a refused connection, a quick answer. */
export const HOP_MS = 1;
const BACKOFF_BASE_MS = 25;
const BACKOFF_MAX_MS = 250;
const MIN_BRANCH_WEIGHT = 1e-6;

/** What one try met, as the router sees it. */
export type TryOutcome =
  | { kind: 'response'; status: number; ms: number }
  | { kind: 'connect-failure'; reason: 'connection failure' | 'connection timeout' | 'connection termination'; ms: number };

export interface Try { leg: Leg; outcome: TryOutcome }

/** The retry_on condition that makes the router try again, or undefined. */
export function retryCondition(p: MeshRetryPolicy, o: TryOutcome | { kind: 'per-try-timeout' }): string | undefined {
  const first = (...conditions: string[]) => conditions.find((c) => p.retryOn.includes(c));
  // A server closing the stream without an answer is a reset, not a failure to connect.
  if (o.kind === 'connect-failure') return o.reason === 'connection termination' ? first('reset', '5xx', 'gateway-error') : first('connect-failure', 'reset', '5xx', 'gateway-error');
  if (o.kind === 'per-try-timeout') return first('5xx', 'gateway-error');
  const s = o.status;
  if (s >= 500 && p.retryOn.includes('5xx')) return '5xx';
  if ((s === 502 || s === 503 || s === 504) && p.retryOn.includes('gateway-error')) return 'gateway-error';
  if (s === 409 && p.retryOn.includes('retriable-4xx')) return 'retriable-4xx';
  if (p.statusCodes.includes(s) && p.retryOn.includes('retriable-status-codes')) return 'retriable-status-codes';
  return undefined;
}

/** The back-off before retry n (1-based): the middle of Envoy's jittered range. */
export function backoffMs(n: number): number {
  return Math.floor(Math.min((2 ** n - 1) * BACKOFF_BASE_MS, BACKOFF_MAX_MS) / 2);
}

export interface RouterRun {
  endpoints: ProxyEndpoint[];
  retry?: MeshRetryPolicy;
  timeoutMs?: number;
  /** One try at an endpoint, after the hops so far. */
  tryAt(e: ProxyEndpoint, steps: Hop[]): Try;
  /** undefined: every request's spread (weighted legs); else a draw in [0, 1) picks the endpoint of each try. */
  draw?: () => number;
  /** With draw: the load balancer's pick instead of a random one (DestinationRule loadBalancer, balancer.ts). */
  pick?: (candidates: ProxyEndpoint[]) => ProxyEndpoint;
  /** The hop at the client's sidecar, for the router's own lines in the trace. */
  at: Pick<Hop, 'pod' | 'node'>;
}

/** The legs of the request after the router's tries (weights sum to `weight`). */
export function routeTries(run: RouterRun, steps: Hop[], weight: number): Leg[] {
  const { retry, timeoutMs } = run;
  const note = (text: string): Hop => ({ kind: 'proxy', ...run.at, text });
  const local = (w: number, s: Hop[], status: number, body: string, ms: number, tries: number, retried: string[], errored: Errored[], service?: string): Leg =>
    ({ weight: w, steps: s, service, answer: { status, body }, failure: { kind: 'http', message: `${status} ${body}` }, delayMs: ms, tries, ...(retried.length ? { retried } : {}), ...(errored.length ? { errored } : {}) });
  const go = (tried: Set<ProxyEndpoint>, n: number, elapsed: number, w: number, s: Hop[], retried: string[], errored: Errored[]): Leg[] => {
    const fresh = run.endpoints.filter((e) => !tried.has(e));
    const candidates = fresh.length ? fresh : run.endpoints;
    const picks = run.draw ? [run.pick ? run.pick(candidates) : candidates[Math.floor(run.draw() * candidates.length)]] : candidates;
    const each = run.draw ? w : w / picks.length;
    return picks.flatMap((e) => {
      const { leg, outcome } = run.tryAt(e, s);
      const label = `try ${n + 1}${retry ? ` of ${retry.attempts + 1}` : ''}`;
      const perTry = retry?.perTryTimeoutMs !== undefined && outcome.ms > retry.perTryTimeoutMs;
      const ms = perTry ? retry!.perTryTimeoutMs! : outcome.ms;
      // What the pool's outlier detection sees of this try: an error of the pod unless it answered below 500.
      const err = leg.pod && !(outcome.kind === 'response' && outcome.status < 500 && !perTry) ? [...errored, { pod: leg.pod, gateway: outcome.kind !== 'response' || perTry || [502, 503, 504].includes(outcome.status) }] : errored;
      if (timeoutMs !== undefined && elapsed + ms >= timeoutMs) {
        return [local(each, [...leg.steps, note(`${label}: the route timeout of ${timeoutMs} ms fires: the proxy answers 504 (UT)`)], 504, UPSTREAM_TIMEOUT_BODY, timeoutMs, n + 1, retried, leg.pod ? [...errored, { pod: leg.pod, gateway: true }] : errored, leg.service)];
      }
      const seen = perTry ? { kind: 'per-try-timeout' as const } : outcome;
      const cond = retry && n < retry.attempts && each >= MIN_BRANCH_WEIGHT ? retryCondition(retry, seen) : undefined;
      const what = perTry ? `per-try timeout of ${ms} ms` : outcome.kind === 'response' ? `the upstream answers ${outcome.status}` : `upstream ${outcome.reason}`;
      if (cond) {
        const wait = backoffMs(n + 1);
        const hit = outcome.kind === 'response' && !perTry && leg.pod ? [...retried, leg.pod] : retried;
        return go(new Set([...tried, e]), n + 1, elapsed + ms + wait, each, [...leg.steps, note(`${label}: ${what}, retried (retryOn ${cond}) after a ${wait} ms back-off`)], hit, err);
      }
      if (perTry) return [local(each, [...leg.steps, note(`${label}: ${what}: the proxy answers 504 (UT)`)], 504, UPSTREAM_TIMEOUT_BODY, elapsed + ms, n + 1, retried, err, leg.service)];
      if (outcome.kind === 'connect-failure') {
        const body = `upstream connect error or disconnect/reset before headers. ${n > 0 ? 'retried and the latest ' : ''}reset reason: ${outcome.reason}`;
        return [local(each, [...leg.steps, note(`${label}: ${what}: the proxy answers 503 (UF)`)], 503, body, elapsed + ms, n + 1, retried, err, leg.service)];
      }
      const why = outcome.status < 500 ? '' : n === retry?.attempts ? ', no retries left' : ', not retried (retryOn does not match)';
      const last = n > 0 || why ? [note(`${label}: ${what}${why}`)] : [];
      return [{ ...leg, weight: each, steps: [...leg.steps, ...last], ...(elapsed ? { delayMs: elapsed } : {}), tries: n + 1, ...(retried.length ? { retried } : {}), ...(errored.length ? { errored } : {}) }];
    });
  };
  return go(new Set(), 0, 0, weight, steps, [], []);
}

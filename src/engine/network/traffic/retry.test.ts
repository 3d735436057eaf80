// The sidecar router's retry rules (Envoy's retry_state_impl.cc) and its tries over endpoints.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_RETRY_POLICY, type MeshRetryPolicy } from '../../api/mesh.ts';
import type { ProxyEndpoint } from '../types.ts';
import { backoffMs, retryCondition, routeTries, type TryOutcome } from './retry.ts';

const policy = (retryOn: string, statusCodes: number[] = []): MeshRetryPolicy => ({ attempts: 2, retryOn: retryOn.split(','), statusCodes });
const response = (status: number): TryOutcome => ({ kind: 'response', status, ms: 1 });
const refused: TryOutcome = { kind: 'connect-failure', reason: 'connection failure', ms: 1 };
const closed: TryOutcome = { kind: 'connect-failure', reason: 'connection termination', ms: 1 };

describe('retryCondition', () => {
  it.each([
    // Istio's default: 503 and connection failures, not 500 or a per-try timeout.
    [DEFAULT_RETRY_POLICY, response(503), 'retriable-status-codes'],
    [DEFAULT_RETRY_POLICY, response(500), undefined],
    [DEFAULT_RETRY_POLICY, refused, 'connect-failure'],
    [DEFAULT_RETRY_POLICY, closed, undefined],
    [DEFAULT_RETRY_POLICY, { kind: 'per-try-timeout' } as const, undefined],
    [policy('5xx'), response(500), '5xx'],
    [policy('5xx'), response(404), undefined],
    [policy('5xx'), refused, '5xx'],
    [policy('5xx'), { kind: 'per-try-timeout' } as const, '5xx'],
    [policy('gateway-error'), response(502), 'gateway-error'],
    [policy('gateway-error'), response(504), 'gateway-error'],
    [policy('gateway-error'), response(500), undefined],
    [policy('gateway-error'), { kind: 'per-try-timeout' } as const, 'gateway-error'],
    [policy('reset'), closed, 'reset'],
    [policy('reset'), { kind: 'per-try-timeout' } as const, undefined],
    [policy('connect-failure'), closed, undefined],
    [policy('retriable-4xx'), response(409), 'retriable-4xx'],
    [policy('retriable-4xx'), response(429), undefined],
    [policy('retriable-status-codes', [429]), response(429), 'retriable-status-codes'],
    [policy('refused-stream'), refused, undefined],
  ])('%j on %j → %s', (p, o, want) => expect(retryCondition(p, o)).toBe(want));

  it("backs off by the middle of Envoy's jittered range, capped at 250 ms", () => {
    expect([1, 2, 3, 4, 5].map(backoffMs)).toEqual([12, 37, 87, 125, 125]);
  });
});

const endpoint = (i: number): ProxyEndpoint => ({ ip: `10.244.0.${i + 10}`, port: 80, pod: `default/p${i}`, ready: true, serving: true, terminating: false });

describe('routeTries', () => {
  const run = (outcomes: TryOutcome[], retry: MeshRetryPolicy | undefined, timeoutMs?: number, draw?: () => number) => routeTries({
    endpoints: outcomes.map((_, i) => endpoint(i)), retry, timeoutMs, at: {}, draw,
    tryAt: (e, steps) => ({ leg: { weight: 1, steps, pod: e.pod, port: 80, ...(outcomes[Number(e.pod!.slice(9))].kind === 'response' ? {} : { failure: { kind: 'refused', message: 'refused' } }) }, outcome: outcomes[Number(e.pod!.slice(9))] }),
  }, [], 1);

  it('a broken endpoint among healthy ones: the retry goes to another, so every request succeeds', () => {
    const legs = run([refused, response(200), response(200)], DEFAULT_RETRY_POLICY);
    expect(legs.every((l) => !l.failure && l.pod !== 'default/p0')).toBe(true);
    expect(legs.reduce((a, l) => a + l.weight, 0)).toBeCloseTo(1);
    expect(legs.filter((l) => l.tries === 2).reduce((a, l) => a + l.weight, 0)).toBeCloseTo(1 / 3);
  });

  it('without retries the broken endpoint is a third of the answers: 503 upstream connect error', () => {
    const legs = run([refused, response(200), response(200)], undefined);
    const failed = legs.filter((l) => l.answer);
    expect(failed.map((l) => [l.answer, l.weight])).toEqual([[{ status: 503, body: 'upstream connect error or disconnect/reset before headers. reset reason: connection failure' }, 1 / 3]]);
  });

  it('the route timeout ends the request with 504 upstream request timeout at the timeout', () => {
    const legs = run([{ kind: 'response', status: 200, ms: 5_000 }], DEFAULT_RETRY_POLICY, 3_000);
    expect(legs.map((l) => [l.answer, l.delayMs])).toEqual([[{ status: 504, body: 'upstream request timeout' }, 3_000]]);
  });

  it('property: a request never takes more tries than attempts + 1, never more time than the timeout, and the legs keep its weight', () => {
    const outcome = fc.oneof(fc.constant(refused), fc.constant(closed), fc.constantFrom(200, 404, 409, 500, 502, 503, 504).map(response), fc.integer({ min: 1, max: 4000 }).map((ms): TryOutcome => ({ kind: 'response', status: 200, ms })));
    fc.assert(fc.property(
      fc.array(outcome, { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 4 }), fc.subarray(['5xx', 'gateway-error', 'reset', 'connect-failure', 'retriable-4xx', 'retriable-status-codes']),
      fc.option(fc.integer({ min: 1, max: 3000 }), { nil: undefined }), fc.option(fc.integer({ min: 1, max: 5000 }), { nil: undefined }), fc.boolean(),
      (outcomes, attempts, retryOn, perTryTimeoutMs, timeoutMs, single) => {
        const retry = attempts ? { attempts, retryOn, statusCodes: [503], ...(perTryTimeoutMs ? { perTryTimeoutMs } : {}) } : undefined;
        let seed = 0.37;
        const legs = run(outcomes, retry, timeoutMs, single ? () => (seed = (seed * 7.31) % 1) : undefined);
        const total = legs.reduce((a, l) => a + l.weight, 0);
        return Math.abs(total - 1) < 1e-9 && legs.every((l) => (l.tries ?? 1) <= attempts + 1 && (timeoutMs === undefined || (l.delayMs ?? 0) <= timeoutMs) && (!single || legs.length === 1));
      },
    ), { numRuns: 300 });
  });
});

// istiod's translation of a route's `retries` and `timeout` into Envoy's route configuration
// (pilot/pkg/networking/core/route/retry ConvertPolicy): no `retries` gets the default policy (2 retries on
// connect-failure, refused-stream, unavailable, cancelled and 503), attempts 0 turns retries off, and `retryOn` replaces
// the conditions (numbers in it are status codes, which add retriable-status-codes). A route's `timeout` of 0 or none
// leaves the request without a deadline.
// Simplification: a duration Istio's validation would reject is read as unset (no istio-validator webhook here).
import { DEFAULT_RETRY_POLICY, type MeshRetryPolicy } from '../../api/mesh.ts';
import { parseDuration } from '../../sim/clock.ts';
import type { HTTPRetry } from './types.ts';

/** A protobuf Duration as istio writes it ("2s", "0.5s", "100ms"), in ms; undefined when unset, zero or invalid. */
export function durationMs(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  try {
    const ms = parseDuration(String(text));
    return ms > 0 ? ms : undefined;
  } catch {
    return undefined;
  }
}

export function convertRetryPolicy(retries: HTTPRetry | undefined): MeshRetryPolicy | undefined {
  if (!retries) return DEFAULT_RETRY_POLICY;
  if (!retries.attempts || retries.attempts <= 0) return undefined;
  const out: MeshRetryPolicy = { ...DEFAULT_RETRY_POLICY, attempts: retries.attempts };
  if (retries.retryOn) {
    const parts = retries.retryOn.split(',').map((p) => p.trim()).filter(Boolean);
    const codes = parts.filter((p) => /^\d{3}$/.test(p) && Number(p) >= 100 && Number(p) <= 599).map(Number);
    const conditions = parts.filter((p) => !codes.includes(Number(p)));
    if (codes.length && !conditions.includes('retriable-status-codes')) conditions.push('retriable-status-codes');
    out.retryOn = conditions;
    out.statusCodes = codes;
  }
  const perTry = durationMs(retries.perTryTimeout);
  return perTry ? { ...out, perTryTimeoutMs: perTry } : out;
}

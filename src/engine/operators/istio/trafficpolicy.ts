// A DestinationRule's trafficPolicy as the client's Envoy applies it (istiod's cluster builder,
// pilot/pkg/networking/core/cluster_traffic_policy.go): outlierDetection with Istio's defaults (consecutive5xxErrors 5,
// interval 10s, baseEjectionTime 30s, maxEjectionPercent 10) and the load balancer (simple
// ROUND_ROBIN, RANDOM, LEAST_REQUEST, or consistentHash on an HTTP header). A subset's own trafficPolicy replaces the
// rule's, field by field at the top level (Istio merges them that way).
// Simplification: connectionPool is not modelled (the traffic model has no connections to overflow); the deprecated
// consecutiveErrors, consistentHash on cookies, source IP or query parameters, localityLbSetting, tls and portLevelSettings
// are not read.
import type { LoadBalancerPolicy, MeshTrafficPolicy, OutlierPolicy } from '../../api/mesh.ts';
import { durationMs } from './retry.ts';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? v as Obj : undefined);
const int = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? Math.floor(v) : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined);

export const OUTLIER_DEFAULTS: OutlierPolicy = { consecutive5xx: 5, consecutiveGateway: 0, intervalMs: 10_000, baseEjectionMs: 30_000, maxEjectionPercent: 10 };

function outlier(o: Obj | undefined): OutlierPolicy | undefined {
  if (!o) return undefined;
  const c5 = int(o.consecutive5xxErrors);
  const pct = int(o.maxEjectionPercent);
  return {
    consecutive5xx: c5 ?? OUTLIER_DEFAULTS.consecutive5xx,
    consecutiveGateway: int(o.consecutiveGatewayErrors) ?? 0,
    intervalMs: durationMs(o.interval as string | undefined) ?? OUTLIER_DEFAULTS.intervalMs,
    baseEjectionMs: durationMs(o.baseEjectionTime as string | undefined) ?? OUTLIER_DEFAULTS.baseEjectionMs,
    maxEjectionPercent: pct === undefined ? OUTLIER_DEFAULTS.maxEjectionPercent : Math.min(100, pct),
  };
}

function lb(o: Obj | undefined): LoadBalancerPolicy | undefined {
  if (!o) return undefined;
  const simple = o.simple;
  if (simple === 'ROUND_ROBIN' || simple === 'RANDOM' || simple === 'LEAST_REQUEST') return { simple };
  // LEAST_CONN is LEAST_REQUEST's deprecated name.
  if (simple === 'LEAST_CONN') return { simple: 'LEAST_REQUEST' };
  const header = obj(o.consistentHash)?.httpHeaderName;
  return typeof header === 'string' && header ? { consistentHashHeader: header.toLowerCase() } : undefined;
}

/** The policy for a destination: the subset's trafficPolicy fields over the rule's. */
export function trafficPolicy(rule: string, ruleLevel: unknown, subsetLevel?: unknown): MeshTrafficPolicy | undefined {
  const r = obj(ruleLevel) ?? {};
  const s = obj(subsetLevel) ?? {};
  const pick = (k: string) => obj(s[k]) ?? obj(r[k]);
  const out: MeshTrafficPolicy = { rule };
  const o = outlier(pick('outlierDetection'));
  const l = lb(pick('loadBalancer'));
  if (o) out.outlier = o;
  if (l) out.lb = l;
  return o || l ? out : undefined;
}

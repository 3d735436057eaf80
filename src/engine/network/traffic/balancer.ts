// Which endpoint a client proxy picks for one request under a DestinationRule's loadBalancer (Envoy's lb policies):
// ROUND_ROBIN takes the pool's endpoints in turn, RANDOM draws one, LEAST_REQUEST draws two and keeps the one with
// fewer active requests, consistentHash on a header sends equal values to the same endpoint (a request without the
// header is balanced at random).
// SIMULATION: LEAST_REQUEST's active requests are the pod's num_requests_waiting gauge of the traffic model (a tie
// keeps the first draw, as Envoy does); the hash is FNV-1a over the header's value modulo the endpoints, not Envoy's ring or Maglev table. Many
// requests spread evenly under every policy (the traffic simulator's aggregate), except that it does not model
// header values.
import type { LoadBalancerPolicy } from '../../api/mesh.ts';
import type { ProxyEndpoint } from '../types.ts';

/** FNV-1a (32 bits). */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

export interface Balancer { text: string; pick(candidates: ProxyEndpoint[]): ProxyEndpoint }

export function balancer(lb: LoadBalancerPolicy, headers: Record<string, string>, draw: () => number, turn: () => number, active: (e: ProxyEndpoint) => number): Balancer {
  const random = (c: ProxyEndpoint[]) => c[Math.floor(draw() * c.length)];
  if ('consistentHashHeader' in lb) {
    const value = headers[lb.consistentHashHeader];
    return value === undefined
      ? { text: `consistent hash on header ${lb.consistentHashHeader}: not in the request, picked at random`, pick: random }
      : { text: `consistent hash on header ${lb.consistentHashHeader} (${JSON.stringify(value)})`, pick: (c) => c[fnv1a(value) % c.length] };
  }
  switch (lb.simple) {
    case 'ROUND_ROBIN': return { text: 'ROUND_ROBIN', pick: (c) => c[turn() % c.length] };
    case 'LEAST_REQUEST': return { text: 'LEAST_REQUEST (two random choices, fewer active requests)', pick: (c) => { const a = random(c); const b = random(c); return active(b) < active(a) ? b : a; } };
    default: return { text: 'RANDOM', pick: random };
  }
}

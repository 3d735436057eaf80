// Which HTTPRoute rule serves a request (apis/v1 httproute_types.go, HTTPRouteRule): a match has a path (Exact,
// PathPrefix by whole path elements, RegularExpression), headers (names case-insensitive), query parameters and a
// method, all of which must hold. Across the rules of every route on the virtual host, precedence goes to the match
// with an Exact path, then the longest PathPrefix, then a method, then the most header matches, then the most query
// parameter matches; ties go to the oldest route, then the first by "{namespace}/{name}", then the first rule and
// match in the route's order.
// Simplification: a RegularExpression path ranks between Exact and PathPrefix, by its length (upstream leaves its
// precedence to the implementation); a request's method is GET unless it names another (curl -X is not modelled).
import type { HTTPRoute, HTTPRouteMatch } from './types.ts';

export interface RouteRequest { path: string; method?: string; headers: Record<string, string> }

export interface Candidate { route: HTTPRoute; rule: number; match: number; m: HTTPRouteMatch }

/** A PathPrefix matches whole path elements: "/foo" matches "/foo" and "/foo/bar", not "/foobar". */
export function prefixMatches(prefix: string, path: string): boolean {
  const p = prefix.replace(/\/+$/, '');
  return p === '' || path === p || path.startsWith(`${p}/`);
}

function fullMatch(pattern: string, value: string): boolean {
  try { return new RegExp(`^(?:${pattern})$`).test(value); } catch { return false; }
}

export function requestMatches(m: HTTPRouteMatch, req: RouteRequest): boolean {
  const [path, query = ''] = req.path.split('?', 2);
  const type = m.path?.type ?? 'PathPrefix';
  const value = m.path?.value ?? '/';
  if (type === 'Exact' ? path !== value : type === 'RegularExpression' ? !fullMatch(value, path) : !prefixMatches(value, path)) return false;
  if (m.method && m.method !== (req.method ?? 'GET')) return false;
  for (const h of m.headers ?? []) {
    const got = req.headers[h.name.toLowerCase()];
    if (got === undefined || (h.type === 'RegularExpression' ? !fullMatch(h.value, got) : got !== h.value)) return false;
  }
  const params = new URLSearchParams(query);
  for (const q of m.queryParams ?? []) {
    const got = params.get(q.name);
    if (got === null || (q.type === 'RegularExpression' ? !fullMatch(q.value, got) : got !== q.value)) return false;
  }
  return true;
}

const created = (r: HTTPRoute) => r.metadata.creationTimestamp ?? '';
const routeKey = (r: HTTPRoute) => `${r.metadata.namespace}/${r.metadata.name}`;
const pathRank = (m: HTTPRouteMatch) => ({ Exact: 2, RegularExpression: 1, PathPrefix: 0 })[m.path?.type ?? 'PathPrefix'];

/** Negative when a goes first. */
export function comparePrecedence(a: Candidate, b: Candidate): number {
  return pathRank(b.m) - pathRank(a.m)
    || (b.m.path?.value ?? '/').replace(/\/+$/, '').length - (a.m.path?.value ?? '/').replace(/\/+$/, '').length
    || Number(!!b.m.method) - Number(!!a.m.method)
    || (b.m.headers?.length ?? 0) - (a.m.headers?.length ?? 0)
    || (b.m.queryParams?.length ?? 0) - (a.m.queryParams?.length ?? 0)
    || created(a.route).localeCompare(created(b.route))
    || routeKey(a.route).localeCompare(routeKey(b.route))
    || a.rule - b.rule
    || a.match - b.match;
}

/** Every match of the routes' rules (a rule without matches has the default "PathPrefix /"), in precedence order. */
export function candidates(routes: HTTPRoute[]): Candidate[] {
  const out: Candidate[] = [];
  for (const route of routes) {
    (route.spec.rules ?? [{}]).forEach((r, rule) => {
      const ms = r.matches?.length ? r.matches : [{ path: { type: 'PathPrefix' as const, value: '/' } }];
      ms.forEach((m, match) => out.push({ route, rule, match, m }));
    });
  }
  return out.sort(comparePrecedence);
}

/** The match that serves the request, if any. */
export function selectRule(routes: HTTPRoute[], req: RouteRequest): Candidate | undefined {
  return candidates(routes).find((c) => requestMatches(c.m, req));
}

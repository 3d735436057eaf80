// Hostnames as the Gateway API matches them (apis/v1 Listener.Hostname and HTTPRoute.Hostnames): a "*." wildcard
// stands for one or more leading labels ("*.example.com" matches "foo.example.com" and "foo.bar.example.com", not
// "example.com"). A route attaches to a listener only where their hostnames intersect, and serves the intersection.

/** Whether a hostname (or wildcard) matches a concrete or wildcard host that is at least as specific. */
export function hostnameMatches(pattern: string, host: string): boolean {
  if (pattern === host) return true;
  if (!pattern.startsWith('*.')) return false;
  const suffix = pattern.slice(1); // ".example.com"
  return host.endsWith(suffix) && host.length > suffix.length && host !== pattern;
}

/**
 * The hostnames a route serves on a listener: the route's hostnames that the listener's matches, and the listener's
 * wildcard narrowed by a route wildcard under it. No listener hostname: the route's, or '*' when it has none; no
 * route hostnames: the listener's. An empty list: they do not intersect.
 */
export function intersectHostnames(listener: string | undefined, route: string[] | undefined): string[] {
  const routes = route ?? [];
  if (!listener) return routes.length ? [...routes] : ['*'];
  if (!routes.length) return [listener];
  const out: string[] = [];
  for (const h of routes) {
    if (hostnameMatches(listener, h)) out.push(h);
    else if (hostnameMatches(h, listener)) out.push(listener);
  }
  return [...new Set(out)];
}

/**
 * Envoy's virtual host for a request: among the served hostnames, an exact one first, then the longest wildcard
 * that matches, then '*'. Undefined: none matches (Envoy answers 404).
 */
export function virtualHostFor(hostnames: Iterable<string>, host: string): string | undefined {
  let best: string | undefined;
  const rank = (h: string) => (h === '*' ? 0 : h.startsWith('*.') ? h.length : Infinity);
  for (const h of hostnames) {
    if (!(h === '*' || h === host || hostnameMatches(h, host))) continue;
    if (best === undefined || rank(h) > rank(best)) best = h;
  }
  return best;
}

// How the simulated ingress controller maps a request to a backend (the networking.k8s.io/v1 matching rules):
// the rule whose host matches (exact, or a "*.example.com" wildcard for one label), then the longest matching
// path, Exact before Prefix at equal length (ImplementationSpecific matches as Prefix here); otherwise the
// Ingress's defaultBackend. Prefix matching is element-wise: /foo matches /foo and /foo/bar, not /foobar.
import type { Ingress, IngressBackend } from 'kubernetes-types/networking/v1';

export interface IngressRoute {
  ingress: string;
  backend: IngressBackend;
  rule: string;
}

function hostMatches(ruleHost: string | undefined, host: string): boolean {
  if (!ruleHost) return true;
  if (ruleHost.startsWith('*.')) {
    const rest = ruleHost.slice(1);
    return host.endsWith(rest) && !host.slice(0, -rest.length).includes('.') && host.length > rest.length;
  }
  return ruleHost === host;
}

function prefixMatches(prefix: string, path: string): boolean {
  if (prefix === '/' || prefix === '') return true;
  const p = prefix.replace(/\/+$/, '');
  return path === p || path.startsWith(`${p}/`);
}

/** The route of host+path among the Ingresses (in name order, the first Ingress wins ties). */
export function matchIngress(ingresses: readonly Ingress[], host: string, path: string): IngressRoute | undefined {
  let best: { route: IngressRoute; len: number; exact: boolean; specific: boolean } | undefined;
  for (const ing of ingresses) {
    const name = `${ing.metadata?.namespace}/${ing.metadata?.name}`;
    for (const rule of ing.spec?.rules ?? []) {
      if (!hostMatches(rule.host, host)) continue;
      for (const p of rule.http?.paths ?? []) {
        const want = p.path || '/';
        const exact = p.pathType === 'Exact';
        if (exact ? want !== path : !prefixMatches(want, path)) continue;
        const len = want.length;
        const specific = !!rule.host;
        const better = !best || (specific && !best.specific) || (specific === best.specific && (len > best.len || (len === best.len && exact && !best.exact)));
        if (better) best = { route: { ingress: name, backend: p.backend, rule: `${rule.host ?? '*'}${want} (${p.pathType})` }, len, exact, specific };
      }
    }
  }
  if (best) return best.route;
  for (const ing of ingresses) {
    if (ing.spec?.defaultBackend) return { ingress: `${ing.metadata?.namespace}/${ing.metadata?.name}`, backend: ing.spec.defaultBackend, rule: 'defaultBackend' };
  }
  return undefined;
}

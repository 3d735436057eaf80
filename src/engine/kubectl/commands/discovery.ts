// kubectl api-resources and api-versions: what the API server serves, from the kinds it knows (built-in and
// custom) and the read-only views (events.k8s.io Events).
import { apiVersionOf, type KindInfo } from '../../api/kinds.ts';
import type { KubectlContext } from '../context.ts';
import { VIEW_KINDS } from '../eventsview.ts';
import { TABLE_TABWRITER, tabwrite } from '../printers/tabwriter.ts';

function servedKinds(ctx: KubectlContext): KindInfo[] {
  return [...ctx.store.kinds.all(), ...VIEW_KINDS];
}

/** The core group first, then the others by group and resource name. */
export function apiResourcesCommand(ctx: KubectlContext): number {
  const rows = servedKinds(ctx).sort((a, b) => (a.group + a.plural < b.group + b.plural ? -1 : 1))
    .sort((a, b) => (a.group === '' ? 0 : 1) - (b.group === '' ? 0 : 1))
    .map((k) => [k.plural, k.shortNames.join(','), apiVersionOf(k), String(k.namespaced), k.kind]);
  ctx.out.push(tabwrite([['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND'], ...rows].map((r) => r.join('\t')).join('\n') + '\n', TABLE_TABWRITER).replace(/\n$/, ''));
  return 0;
}

/** Every served group/version once, sorted as strings (so "v1", the core group, comes after the named groups). */
export function apiVersionsCommand(ctx: KubectlContext): number {
  const versions = [...new Set(servedKinds(ctx).map(apiVersionOf))].sort();
  ctx.out.push(versions.join('\n'));
  return 0;
}

// kubectl api-resources and api-versions: what the API server serves, from the kinds it knows (built-in and
// custom) and the read-only views (events.k8s.io Events).
import { apiVersionOf, categoriesOf, discoveryOrder, type KindInfo } from '../../api/kinds.ts';
import { CommandError, type KubectlContext } from '../context.ts';
import { boolFlag, flag, parseBoolFlag, type ParsedArgs } from '../flags.ts';
import { VIEW_KINDS } from '../eventsview.ts';
import { TABLE_TABWRITER, tabwrite } from '../printers/tabwriter.ts';

function servedKinds(ctx: KubectlContext): KindInfo[] {
  return [...ctx.store.kinds.all(), ...VIEW_KINDS];
}

/**
 * In discovery's order. As kubectl: `--namespaced` filters only when
 * given, `--api-group` (even empty: the core group) likewise; `-o name` prints RESOURCE[.GROUP].
 */
export function apiResourcesCommand(ctx: KubectlContext, args: ParsedArgs): number {
  const output = flag(args, 'output') ?? '';
  if (output !== '' && output !== 'name') throw new CommandError(`--output ${output} is not available`);
  const namespaced = parseBoolFlag(args, 'namespaced');
  const group = args.flags.has('api-group') ? flag(args, 'api-group') ?? '' : undefined;
  // --categories keeps the resources that belong to every category named.
  const categories = flag(args, 'categories')?.split(',').filter(Boolean) ?? [];
  const kinds = discoveryOrder(servedKinds(ctx))
    .filter((k) => (namespaced === undefined || k.namespaced === namespaced) && (group === undefined || k.group === group))
    .filter((k) => categories.every((c) => categoriesOf(k).includes(c)));
  if (output === 'name') {
    if (kinds.length) ctx.out.push(kinds.map((k) => (k.group ? `${k.plural}.${k.group}` : k.plural)).join('\n'));
    return 0;
  }
  const rows = kinds.map((k) => [k.plural, k.shortNames.join(','), apiVersionOf(k), String(k.namespaced), k.kind]);
  const lines = boolFlag(args, 'no-headers') ? rows : [['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND'], ...rows];
  if (lines.length) ctx.out.push(tabwrite(lines.map((r) => r.join('\t')).join('\n') + '\n', TABLE_TABWRITER).replace(/\n$/, ''));
  return 0;
}

/** Every served group/version once, sorted as strings (so "v1", the core group, comes after the named groups). */
export function apiVersionsCommand(ctx: KubectlContext): number {
  const versions = [...new Set(servedKinds(ctx).map(apiVersionOf))].sort();
  ctx.out.push(versions.join('\n'));
  return 0;
}

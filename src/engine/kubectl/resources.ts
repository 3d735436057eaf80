// Resolving what the user typed ("po", "deploy/web", "pods,deployments") to kinds and names.
import { categoriesOf, discoveryOrder, type KindInfo } from '../api/kinds.ts';
import type { Store } from '../apiserver/store.ts';
import { CommandError } from './context.ts';
import { resolveView } from './eventsview.ts';

export interface ResourceArg { info: KindInfo; names: string[] }

export function resolveKind(store: Store, typed: string): KindInfo {
  const info = store.kinds.resolve(typed) ?? resolveView(typed);
  if (!info) throw new CommandError(`the server doesn't have a resource type "${typed}"`);
  return info;
}

/**
 * The resources of a category ("all", "api-extensions", a CRD's), in discovery order: kubectl's builder expands a
 * category before it looks for a resource of that name.
 */
function category(store: Store, typed: string): KindInfo[] | undefined {
  const kinds = discoveryOrder(store.kinds.all()).filter((k) => categoriesOf(k).includes(typed));
  return kinds.length ? kinds : undefined;
}

/**
 * kubectl's resource builder arguments: "TYPE [NAME …]", "TYPE1,TYPE2", or "TYPE/NAME …".
 */
export function resolveResourceArgs(store: Store, args: string[]): ResourceArg[] {
  if (!args.length) return [];
  if (args.some((a) => a.includes('/'))) {
    const out: ResourceArg[] = [];
    for (const a of args) {
      const slash = a.indexOf('/');
      if (slash < 0) throw new CommandError(`there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'`);
      const info = resolveKind(store, a.slice(0, slash));
      const name = a.slice(slash + 1);
      if (!name) throw new CommandError(`arguments in resource/name form must have a single resource and name`);
      const existing = out.find((r) => r.info === info);
      if (existing) existing.names.push(name); else out.push({ info, names: [name] });
    }
    return out;
  }
  const [types, ...names] = args;
  const kinds = types.split(',').filter(Boolean).flatMap((t) => category(store, t) ?? [resolveKind(store, t)]);
  if (names.length && kinds.length > 1) throw new CommandError('you may only specify a single resource type');
  return kinds.map((info) => ({ info, names }));
}

// kubectl describe TYPE [NAME|PREFIX] / TYPE/NAME: names match as prefixes when no exact match exists.
import { parseSelector } from '../../api/labels.ts';
import { isStatusError, notFound } from '../../apiserver/errors.ts';
import { CommandError, formatError, type KubectlContext } from '../context.ts';
import { boolFlag, flag, type ParsedArgs } from '../flags.ts';
import { resolveResourceArgs } from '../resources.ts';
import { describe } from '../printers/index.ts';
import { namespaceOf } from '../namespace.ts';

export function describeCommand(ctx: KubectlContext, args: ParsedArgs): number {
  const resources = resolveResourceArgs(ctx.store, args.positional);
  if (!resources.length) throw new CommandError('You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.');
  const allNamespaces = boolFlag(args, 'all-namespaces');
  const namespace = namespaceOf(ctx, args);
  const sel = flag(args, 'selector');
  const selector = sel !== undefined ? parseSelector(sel) : undefined;
  // What a describer reads beside the object (events, a node's pods …): a user who may not list them gets the object
  // described without them, as kubectl ignores a Forbidden there.
  const list = (kind: string, ns?: string) => {
    try { return ctx.store.list(kind, { namespace: ns }); } catch (e) { if (isStatusError(e, 'Forbidden')) return []; throw e; }
  };
  const dctx = { now: ctx.clock.now(), list };
  const blocks: string[] = [];
  let code = 0;
  for (const { info, names } of resources) {
    const ns = info.namespaced ? (allNamespaces ? undefined : namespace) : undefined;
    const all = ctx.store.list(info.kind, { namespace: ns, labelSelector: selector })
      .sort((a, b) => ((a.metadata.namespace ?? '') + '/' + a.metadata.name < (b.metadata.namespace ?? '') + '/' + b.metadata.name ? -1 : 1));
    if (!names.length) {
      if (!all.length) ctx.err.push(`No resources found in ${ns ?? 'default'} namespace.`);
      for (const o of all) blocks.push(describe(info, o, dctx));
      continue;
    }
    for (const name of names) {
      const exact = all.find((o) => o.metadata.name === name);
      const matches = exact ? [exact] : all.filter((o) => o.metadata.name?.startsWith(name));
      if (!matches.length) {
        ctx.err.push(formatError(notFound(info, name)));
        code = 1;
      }
      for (const o of matches) blocks.push(describe(info, o, dctx));
    }
  }
  if (blocks.length) ctx.out.push(blocks.map((b) => b.replace(/\n+$/, '')).join('\n\n\n'));
  return code;
}

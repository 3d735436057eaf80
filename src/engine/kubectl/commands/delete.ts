// kubectl delete: by TYPE NAME, TYPE/NAME, -f, -l or --all. Background cascading deletion by default.
// Simplification: kubectl waits for the object to disappear (--wait); the simulator returns at once and the
// deletion completes as virtual time runs.
import type { KindInfo } from '../../api/kinds.ts';
import { parseSelector } from '../../api/labels.ts';
import { notFound } from '../../apiserver/errors.ts';
import type { PropagationPolicy } from '../../apiserver/store.ts';
import { CommandError, formatError, type KubectlContext } from '../context.ts';
import { boolFlag, flag, type ParsedArgs } from '../flags.ts';
import { resolveResourceArgs } from '../resources.ts';
import { findFileTargets, NO_RESOURCES } from './targets.ts';
import { hasFilenames } from '../filenames.ts';
import { commandNamespace } from '../namespace.ts';
import { dryRunOf, dryRunSuffix } from './printresult.ts';

export function deleteCommand(ctx: KubectlContext, args: ParsedArgs): number {
  const ns = commandNamespace(ctx, args);
  const namespace = ns.namespace;
  let grace = gracePeriodFlag(flag(args, 'grace-period'));
  if (boolFlag(args, 'now')) grace = 1;
  if (boolFlag(args, 'force') && grace === undefined) grace = 0;
  const cascade = cascadePolicy(flag(args, 'cascade'));
  const targets: { kind: string; info: ReturnType<typeof ctx.store.info>; namespace?: string; name: string }[] = [];
  let listed = false;
  let code = 0;
  if (hasFilenames(args)) {
    const found = findFileTargets(ctx, args, ns);
    if (found.errors.length) code = 1;
    ctx.err.push(...found.errors);
    for (const { info, obj } of found.targets) targets.push({ kind: info.kind, info, namespace: obj.metadata.namespace, name: obj.metadata.name ?? '' });
  } else {
    const resources = resolveResourceArgs(ctx.store, args.positional);
    if (!resources.length) throw new CommandError(NO_RESOURCES);
    const sel = flag(args, 'selector');
    const all = boolFlag(args, 'all');
    for (const { info, names } of resources) {
      const ns = info.namespaced ? namespace : undefined;
      if (names.length) {
        for (const name of names) targets.push({ kind: info.kind, info, namespace: ns, name });
      } else if (sel !== undefined || all) {
        const items = ctx.store.list(info.kind, { namespace: ns, labelSelector: sel !== undefined ? parseSelector(sel) : undefined });
        listed = true;
        for (const o of items) targets.push({ kind: info.kind, info, namespace: ns, name: o.metadata.name! });
      } else {
        throw new CommandError(`resource(s) were provided, but no name was specified`);
      }
    }
    // Once for the whole command, on stdout, as kubectl's DeleteResult says it.
    if (listed && !targets.length) ctx.out.push('No resources found');
  }
  const dryRun = dryRunOf(args);
  // kubectl's PrintObj: "force deleted" with a zero grace period, then the dry run's suffix.
  const operation = `${grace === 0 ? 'force deleted' : 'deleted'}${dryRunSuffix(dryRun)}`;
  for (const t of targets) {
    try {
      if (!ctx.store.tryGet(t.kind, t.namespace, t.name)) throw notFound(t.info, t.name);
      if (dryRun) {
        ctx.out.push(deletedMessage(t.info, t.name, operation));
        continue;
      }
      if (grace === 0) ctx.err.push('Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.');
      ctx.store.delete(t.kind, t.namespace, t.name, { gracePeriodSeconds: grace, propagationPolicy: cascade });
      ctx.out.push(deletedMessage(t.info, t.name, operation));
    } catch (e) {
      ctx.err.push(formatError(e));
      code = 1;
    }
  }
  return code;
}

/** --grace-period in seconds; -1 (the default) leaves the object's own. */
export function gracePeriodFlag(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const grace = Number(text);
  if (!Number.isInteger(grace) || grace < -1) throw new CommandError(`invalid argument "${text}" for "--grace-period" flag`);
  return grace === -1 ? undefined : grace;
}

/** What kubectl prints for a deleted object: `deployment.apps "web" deleted` (or `force deleted`, `deleted (dry run)`). */
export function deletedMessage(info: KindInfo, name: string, operation = 'deleted'): string {
  return `${info.singular}${info.group ? '.' + info.group : ''} "${name}" ${operation}`;
}

/** --cascade: background (default), foreground or orphan; the deprecated true/false still work. */
export function cascadePolicy(v: string | undefined): PropagationPolicy {
  switch (v) {
    case undefined: case 'background': case 'true': return 'Background';
    case 'foreground': return 'Foreground';
    case 'orphan': case 'false': return 'Orphan';
    default: throw new CommandError(`invalid cascade value (${v}). Must be "background", "foreground", or "orphan".`);
  }
}

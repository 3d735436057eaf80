// kubectl cordon | uncordon | drain NODE: mark a node (un)schedulable; drain then evicts its pods through the
// Eviction API, which honours PodDisruptionBudgets (a plain delete when the API server has no eviction).
// Simplification: time cannot pass inside one command, so a pod counts as evicted once the eviction is
// accepted (it may still be terminating), and an eviction a budget refuses (429) ends the attempt at once, as
// if --timeout had elapsed, instead of retrying every 5 s; run drain again after advancing time.
import type { Node } from 'kubernetes-types/core/v1';
import { parseSelector } from '../../api/labels.ts';
import type { KubeObject } from '../../api/object.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import { CommandError, type KubectlContext } from '../context.ts';
import { boolFlag, flag, type ParsedArgs } from '../flags.ts';
import { durationFlag, intFlag } from './numericflags.ts';
import { goDuration } from '../../sim/clock.ts';
import { podsForDeletion, type DrainOptions, type PodT } from './drainfilters.ts';
import { patchEdited } from './podtemplate.ts';
import { dryRunOf, dryRunSuffix, type DryRun } from './printresult.ts';
import { byNamespaceAndName } from '../printers/describe/context.ts';
import { usageError } from './usage.ts';

type NodeT = Node & KubeObject;

interface EvictingStore { evict?(namespace: string, name: string, opts: { dryRun?: boolean; gracePeriodSeconds?: number }): void }

/** The nodes named on the command line, or selected with -l (a missing one stops the command). */
function findNodes(ctx: KubectlContext, args: ParsedArgs, cmd: string): NodeT[] {
  const sel = flag(args, 'selector');
  if (!args.positional.length && sel === undefined) throw usageError(cmd, `USAGE: ${cmd} NODE [flags]`);
  if (args.positional.length && sel) throw usageError(cmd, 'error: cannot specify both a node name and a --selector option');
  if (sel !== undefined) return ctx.store.list<Node>('Node', { labelSelector: parseSelector(sel) }).sort(byNamespaceAndName);
  return args.positional.map((name) => ctx.store.get<Node>('Node', undefined, name));
}

/** RunCordonOrUncordon: "node/w1 cordoned", or "already cordoned" when nothing needs to change. */
function cordonNodes(ctx: KubectlContext, nodes: NodeT[], desired: boolean, dryRun: DryRun): number {
  const verb = desired ? 'cordon' : 'uncordon';
  let code = 0;
  for (const node of nodes) {
    const name = node.metadata.name;
    if (!!node.spec?.unschedulable === desired) {
      ctx.out.push(`node/${name} already ${verb}ed${dryRunSuffix(dryRun)}`);
      continue;
    }
    const copy = structuredClone(node);
    if (desired) copy.spec = { ...copy.spec, unschedulable: true };
    else delete copy.spec?.unschedulable;
    try {
      patchEdited(ctx, node, copy, dryRun);
      ctx.out.push(`node/${name} ${verb}ed${dryRunSuffix(dryRun)}`);
    } catch (e) {
      ctx.err.push(`error: unable to ${verb} node "${name}": ${(e as Error).message}`);
      code = 1;
    }
  }
  return code;
}

export function cordonCommand(ctx: KubectlContext, args: ParsedArgs, desired: boolean): number {
  const nodes = findNodes(ctx, args, desired ? 'cordon' : 'uncordon');
  return cordonNodes(ctx, nodes, desired, dryRunOf(args));
}

/** utilerrors.NewAggregate(errs).Error(): one message, or "[a, b]". */
const aggregate = (errs: string[]) => (errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`);

class DrainError extends Error {
  constructor(readonly errors: string[]) { super(aggregate(errors)); }
}

interface Drainer extends DrainOptions {
  dryRun: DryRun;
  gracePeriodSeconds: number;
  timeoutMs: number;
  disableEviction: boolean;
  podSelector?: string;
}

function podsOnNode(ctx: KubectlContext, d: Drainer, node: string): PodT[] {
  const labelSelector = d.podSelector ? parseSelector(d.podSelector) : undefined;
  return ctx.store.list<PodT>('Pod', { labelSelector }).filter((p) => p.spec?.nodeName === node).sort(byNamespaceAndName);
}

/** Evict (or delete) the pods; "pod/x evicted" for each that went. Throws DrainError with what failed. */
function deleteOrEvict(ctx: KubectlContext, d: Drainer, pods: PodT[]): void {
  const grace = d.gracePeriodSeconds >= 0 ? d.gracePeriodSeconds : undefined;
  const store = ctx.store as unknown as EvictingStore;
  const useEviction = !d.disableEviction && typeof store.evict === 'function';
  const server = d.dryRun === 'server';
  const done: PodT[] = [];
  const errors: string[] = [];
  for (const pod of pods) {
    const { namespace, name } = pod.metadata as { namespace: string; name: string };
    if (!useEviction) {
      try {
        ctx.store.delete('Pod', namespace, name, { gracePeriodSeconds: grace, dryRun: server });
        done.push(pod);
      } catch (e) {
        if (isStatusError(e, 'NotFound')) continue;
        throw new DrainError([(e as Error).message]);
      }
      continue;
    }
    ctx.out.push(`evicting pod ${namespace}/${name}${server ? ' (server dry run)' : ''}`);
    try {
      store.evict!(namespace, name, { gracePeriodSeconds: grace, dryRun: server });
      if (!server) done.push(pod);
    } catch (e) {
      if (isStatusError(e, 'NotFound')) continue;
      const ref = `pods/"${name}" -n "${namespace}"`;
      if (isStatusError(e) && e.code === 429) {
        ctx.err.push(`error when evicting ${ref} (will retry after 5s): ${e.message}`);
        errors.push(`error when evicting ${ref}: global timeout reached: ${goDuration(d.timeoutMs)}`);
      } else errors.push(`error when evicting ${ref}: ${(e as Error).message}`);
    }
  }
  for (const pod of done) ctx.out.push(`pod/${pod.metadata.name} ${useEviction ? 'evicted' : 'deleted'}`);
  if (errors.length) throw new DrainError(errors);
}

/** deleteOrEvictPodsSimple for one node. */
function drainNode(ctx: KubectlContext, d: Drainer, node: string): void {
  const list = podsForDeletion(ctx, podsOnNode(ctx, d, node), d);
  if (list.errors.length) throw new DrainError(list.errors);
  if (list.warnings) ctx.err.push(`Warning: ${list.warnings}`);
  if (d.dryRun === 'client') {
    for (const p of list.pods) ctx.out.push(`evicting pod ${p.metadata.namespace}/${p.metadata.name} (dry run)`);
    return;
  }
  try {
    deleteOrEvict(ctx, d, list.pods);
  } catch (e) {
    const pending = podsForDeletion(ctx, podsOnNode(ctx, d, node), d).pods;
    if (pending.length) {
      ctx.err.push(`There are pending pods in node "${node}" when an error occurred: ${(e as Error).message}`);
      for (const p of pending) ctx.err.push(`pod/${p.metadata.name}`);
    }
    throw e;
  }
}

export function drainCommand(ctx: KubectlContext, args: ParsedArgs): number {
  const nodes = findNodes(ctx, args, 'drain');
  const d: Drainer = {
    force: boolFlag(args, 'force'),
    ignoreAllDaemonSets: boolFlag(args, 'ignore-daemonsets'),
    deleteEmptyDirData: boolFlag(args, 'delete-emptydir-data') || boolFlag(args, 'delete-local-data'),
    skipWaitForDeleteTimeoutSeconds: intFlag(args, 'skip-wait-for-delete-timeout', 0),
    dryRun: dryRunOf(args),
    gracePeriodSeconds: intFlag(args, 'grace-period', -1),
    timeoutMs: durationFlag(args, 'timeout', 0),
    disableEviction: boolFlag(args, 'disable-eviction'),
    podSelector: flag(args, 'pod-selector'),
  };
  if (d.podSelector) {
    try {
      parseSelector(d.podSelector);
    } catch {
      throw new CommandError('--pod-selector=<pod_selector> must be a valid label selector');
    }
  }
  cordonNodes(ctx, nodes, true, d.dryRun);
  const failed: DrainError[] = [];
  const pendingNodes: string[] = [];
  for (const node of nodes) {
    const name = node.metadata.name!;
    try {
      drainNode(ctx, d, name);
      ctx.out.push(`node/${name} drained${dryRunSuffix(d.dryRun)}`);
    } catch (e) {
      if (!(e instanceof DrainError)) throw e;
      ctx.err.push(`error: unable to drain node "${name}" due to error: ${e.message}, continuing command...`);
      failed.push(e);
      pendingNodes.push(name);
    }
  }
  if (!pendingNodes.length) return 0;
  ctx.err.push('There are pending nodes to be drained:', ...pendingNodes.map((n) => ` ${n}`));
  // CheckErr on the aggregate: each error on its own line, without "error: ".
  ctx.err.push(...(failed.length === 1 ? failed[0].errors : failed.map((f) => f.message)));
  return 1;
}

// kubectl label | annotate (TYPE NAME… | TYPE/NAME… | TYPE --all | -l SELECTOR) KEY=VALUE … KEY- [--overwrite]
// [--list] [--resource-version]: a JSON merge patch of metadata.labels or metadata.annotations per object.
import type { KubeObject } from '../../api/object.ts';
import { isValidLabelValue } from '../../api/validation.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { CommandError, formatError, type KubectlContext } from '../context.ts';
import { boolFlag, flag, type ParsedArgs } from '../flags.ts';
import { splitResourcesAndPairs } from './pairs.ts';
import { checkOutput, dryRunOf, printResult } from './printresult.ts';
import { findTargets } from './targets.ts';

type Field = 'labels' | 'annotations';

interface MetaMapCommand {
  field: Field;
  pairType: string;
  parse(pairs: string[]): { set: Map<string, string>; remove: string[] };
  /** The error for values that exist and may not be overwritten, or undefined. */
  overwriteError(current: Record<string, string>, set: Map<string, string>): string | undefined;
  /** The word printed after each object, from its map before and after. */
  operation(before: KubeObject, after: KubeObject, overwrite: boolean): string;
  /** Printed (on stdout) for a key to remove that the object does not have. */
  missingRemoval?: (key: string) => string;
}

/** parseLabels: values must be valid label values; "k=v=w" is an error; a key may not be set and removed. */
function parseLabels(pairs: string[]): { set: Map<string, string>; remove: string[] } {
  const set = new Map<string, string>();
  const remove: string[] = [];
  for (const spec of pairs) {
    if (spec.includes('=')) {
      const parts = spec.split('=');
      if (parts.length !== 2) throw new CommandError(`invalid label spec: ${spec}`);
      const errs = isValidLabelValue(parts[1]);
      if (errs.length) throw new CommandError(`invalid label value: "${spec}": ${errs.join(';')}`);
      set.set(parts[0], parts[1]);
    } else if (spec.endsWith('-')) remove.push(spec.slice(0, -1));
    else throw new CommandError(`unknown label spec: ${spec}`);
  }
  if (remove.some((r) => set.has(r))) throw new CommandError('can not both modify and remove a label in the same command');
  return { set, remove };
}

/** parseAnnotations: "k=v" (values may hold "="), "k-" to remove. */
function parseAnnotations(pairs: string[]): { set: Map<string, string>; remove: string[] } {
  const set = new Map<string, string>();
  const remove: string[] = [];
  for (const spec of pairs) {
    if (spec.includes('=')) {
      const i = spec.indexOf('=');
      if (i === 0) throw new CommandError(`invalid annotation format: ${spec}`);
      set.set(spec.slice(0, i), spec.slice(i + 1));
    } else if (spec.endsWith('-')) remove.push(spec.slice(0, -1));
    else throw new CommandError(`invalid annotation format: ${spec}`);
  }
  if (remove.some((r) => set.has(r))) throw new CommandError('can not both modify and remove an annotation in the same command');
  return { set, remove };
}

const labelCmd: MetaMapCommand = {
  field: 'labels',
  pairType: 'label',
  parse: parseLabels,
  overwriteError(current, set) {
    const errs = [...set].filter(([k, v]) => k in current && current[k] !== v).map(([k]) => `'${k}' already has a value (${current[k]}), and --overwrite is false`);
    if (!errs.length) return undefined;
    return errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`;
  },
  // updateDataChangeMsg compares the encoded objects: unchanged, changed, or shorter without --overwrite.
  operation(before, after, overwrite) {
    if (jsonEqual(before, after)) return 'not labeled';
    return !overwrite && JSON.stringify(after).length < JSON.stringify(before).length ? 'unlabeled' : 'labeled';
  },
  missingRemoval: (key) => `label "${key}" not found.`,
};

const annotateCmd: MetaMapCommand = {
  field: 'annotations',
  pairType: 'annotation',
  parse: parseAnnotations,
  overwriteError(current, set) {
    // The change-cause annotation may always be overwritten.
    const found = [...set].filter(([k, v]) => k !== 'kubernetes.io/change-cause' && k in current && current[k] !== v).map(([k]) => `'${k}' already has a value (${current[k]})`);
    return found.length ? `--overwrite is false but found the following declared annotation(s): ${found.join('; ')}` : undefined;
  },
  operation: () => 'annotated',
};

function run(ctx: KubectlContext, args: ParsedArgs, c: MetaMapCommand): number {
  checkOutput(args);
  const { resources, pairs } = splitResourcesAndPairs(args.positional, c.pairType);
  const { set, remove } = c.parse(pairs);
  const list = boolFlag(args, 'list');
  const all = boolFlag(args, 'all');
  if (all && flag(args, 'selector') !== undefined) throw new CommandError('cannot set --all and --selector at the same time');
  if (resources.length < 1) throw new CommandError('one or more resources must be specified as <resource> <name> or <resource>/<name>');
  if (!set.size && !remove.length && !list) throw new CommandError(`at least one ${c.pairType} update is required`);
  if (list && flag(args, 'output')) throw new CommandError('--list and --output may not be specified together');
  const { targets, errors } = findTargets(ctx, args, resources);
  if (errors.length) {
    ctx.err.push(...errors);
    return 1;
  }
  const resourceVersion = flag(args, 'resource-version');
  if (resourceVersion && targets.length !== 1) throw new CommandError('--resource-version may only be used with a single resource');
  const overwrite = boolFlag(args, 'overwrite');
  const dryRun = dryRunOf(args);
  for (const t of targets) {
    const current = (t.obj.metadata[c.field] ?? {}) as Record<string, string>;
    if (!overwrite) {
      const err = c.overwriteError(current, set);
      if (err) throw new CommandError(err);
    }
    const next: Record<string, string> = { ...current, ...Object.fromEntries(set) };
    for (const k of remove) delete next[k];
    const after = structuredClone(t.obj);
    const empty = Object.keys(next).length === 0;
    if (empty) delete after.metadata[c.field]; else after.metadata[c.field] = next;
    if (list) {
      // Several objects get a header each ("Pod./web" for the core group: the Go format string's quirk).
      if (targets.length > 1) ctx.out.push(`Listing ${c.field} for ${t.info.kind}.${t.info.group}/${t.obj.metadata.name}:`);
      for (const k of Object.keys(next).sort()) ctx.out.push(`${targets.length > 1 ? ' ' : ''}${k}=${next[k]}`);
      continue;
    }
    if (c.missingRemoval && dryRun !== 'client') for (const k of remove) if (!(k in current)) ctx.out.push(c.missingRemoval(k));
    const changes = { ...Object.fromEntries(set), ...Object.fromEntries(remove.filter((k) => k in current).map((k) => [k, null])) };
    const patch: Record<string, unknown> = { [c.field]: empty && Object.keys(current).length ? null : changes };
    if (resourceVersion) patch.resourceVersion = resourceVersion;
    let result = after;
    if (dryRun !== 'client') {
      // The server's warnings (PodSecurity's about a namespace's existing pods) are printed as they come back.
      try {
        result = ctx.store.patch(t.info.kind, t.obj.metadata.namespace, t.obj.metadata.name ?? '', { metadata: patch }, { type: 'merge', dryRun: dryRun === 'server' });
      } catch (e) {
        ctx.err.push(formatError(e));
        return 1;
      }
    }
    printResult(ctx, args, t.info, result, c.operation(t.obj, after, overwrite));
  }
  return 0;
}

export function labelCommand(ctx: KubectlContext, args: ParsedArgs): number {
  return run(ctx, args, labelCmd);
}

export function annotateCommand(ctx: KubectlContext, args: ParsedArgs): number {
  return run(ctx, args, annotateCmd);
}

// kubectl taint nodes NAME… KEY[=VALUE]:EFFECT … KEY[:EFFECT]- [--overwrite] [--all | -l SELECTOR].
import type { Node, Taint } from 'kubernetes-types/core/v1';
import { parseSelector } from '../../api/labels.ts';
import type { KubeObject } from '../../api/object.ts';
import { isQualifiedName, isValidLabelValue } from '../../api/validation.ts';
import { CommandError, type KubectlContext } from '../context.ts';
import { boolFlag, flag, type ParsedArgs } from '../flags.ts';
import { taintString } from '../printers/describe/multiline.ts';
import { usageError } from './usage.ts';
import { resolveKind } from '../resources.ts';
import { checkOutput, dryRunOf, printResult } from './printresult.ts';
import { byNamespaceAndName } from '../printers/describe/context.ts';

type NodeT = Node & KubeObject;

const EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

const usage = (msg: string) => usageError('taint', msg);

/** parseTaint: "<key>=<value>:<effect>", "<key>:<effect>" or "<key>". */
function parseTaint(st: string): Taint {
  const parts = st.split(':');
  let key: string;
  let value = '';
  let effect = '';
  if (parts.length === 1) key = parts[0];
  else if (parts.length === 2) {
    effect = parts[1];
    if (!EFFECTS.includes(effect)) throw usage(`invalid taint effect: ${effect}, unsupported taint effect`);
    const kv = parts[0].split('=');
    if (kv.length > 2) throw usage(`invalid taint spec: ${st}`);
    key = kv[0];
    if (kv.length === 2) {
      value = kv[1];
      const errs = isValidLabelValue(value);
      if (errs.length) throw usage(`invalid taint spec: ${st}, ${errs.join('; ')}`);
    }
  } else throw usage(`invalid taint spec: ${st}`);
  const errs = isQualifiedName(key);
  if (errs.length) throw usage(`invalid taint spec: ${st}, ${errs.join('; ')}`);
  const t: Taint = { key, effect };
  if (value) t.value = value;
  return t;
}

function parseTaints(specs: string[]): { add: Taint[]; remove: Taint[] } {
  const add: Taint[] = [];
  const remove: Taint[] = [];
  for (const s of specs) {
    if (s.endsWith('-')) {
      const t = parseTaint(s.slice(0, -1));
      remove.push({ key: t.key, effect: t.effect });
      continue;
    }
    const t = parseTaint(s);
    if (!t.effect) throw usage(`invalid taint spec: ${s}`);
    if (add.some((x) => x.key === t.key && x.effect === t.effect)) throw usage(`duplicated taints with the same key and effect: ${goTaint(t)}`);
    add.push(t);
  }
  return { add, remove };
}

/** %v of a corev1.Taint: {key value effect <nil>}. */
const goTaint = (t: Taint) => `{${t.key} ${t.value ?? ''} ${t.effect} <nil>}`;

/** MatchTaint: same key and effect. */
const matches = (a: Taint, b: Taint) => a.key === b.key && a.effect === b.effect;

/** reorganizeTaints: new taints, then the old ones they do not replace, minus the removed ones. */
function reorganize(node: NodeT, overwrite: boolean, add: Taint[], remove: Taint[]): { operation: string; taints: Taint[] } {
  const old = node.spec?.taints ?? [];
  let taints = [...add, ...old.filter((o) => !add.some((n) => matches(n, o)))];
  const added = old.length !== taints.length;
  const errors: string[] = [];
  let deleted = false;
  for (const r of remove) {
    const before = taints.length;
    taints = taints.filter((t) => (r.effect ? !matches(r, t) : t.key !== r.key));
    deleted = taints.length !== before;
    if (!deleted) errors.push(`taint "${taintString(r)}" not found`);
  }
  if (errors.length) throw new CommandError(errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`);
  const operation = (added && deleted) || overwrite ? 'modified' : added ? 'tainted' : 'untainted';
  return { operation, taints };
}

export function taintCommand(ctx: KubectlContext, args: ParsedArgs): number {
  checkOutput(args);
  const resources: string[] = [];
  const taintArgs: string[] = [];
  for (const s of args.positional) {
    const isTaint = s.includes('=') || s.includes(':') || s.endsWith('-');
    if (isTaint) taintArgs.push(s);
    else if (taintArgs.length) throw new CommandError(`all resources must be specified before taint changes: ${s}`);
    else resources.push(s);
  }
  if (resources.length < 1) throw new CommandError('one or more resources must be specified as <resource> <name>');
  if (taintArgs.length < 1) throw new CommandError('at least one taint update is required');
  const { add, remove } = parseTaints(taintArgs);
  const type = resources[0].toLowerCase();
  if (resolveKind(ctx.store, type).kind !== 'Node') throw new CommandError(`invalid resource type ${type}, only node types are supported`);
  const conflicts = add.flatMap((a) => remove.filter((r) => r.key === a.key && (!r.effect || r.effect === a.effect)).map((r) => `{"${r.key}":"${r.effect}"}`));
  if (conflicts.length) throw new CommandError(`can not both modify and remove the following taint(s) in the same command: ${conflicts.join(', ')}`);
  const all = boolFlag(args, 'all');
  const sel = flag(args, 'selector');
  if (all && sel) throw new CommandError("setting 'all' parameter with a non empty selector is prohibited");
  if (!all && !sel && resources.length < 2) throw new CommandError("at least one resource name must be specified since 'all' parameter is not set");
  const nodes = all || sel !== undefined
    ? ctx.store.list<Node>('Node', { labelSelector: sel ? parseSelector(sel) : undefined }).sort(byNamespaceAndName)
    : resources.slice(1).map((name) => ctx.store.get<Node>('Node', undefined, name));
  const overwrite = boolFlag(args, 'overwrite');
  const dryRun = dryRunOf(args);
  for (const node of nodes) {
    if (!overwrite) {
      const exists = add.filter((t) => (node.spec?.taints ?? []).some((o) => matches(o, t))).map((t) => t.key);
      if (exists.length) throw new CommandError(`node ${node.metadata.name} already has ${exists.join(',')} taint(s) with same effect(s) and --overwrite is false`);
    }
    const { operation, taints } = reorganize(node, overwrite, add, remove);
    // Taints are replaced as a whole list (a JSON merge patch): entries may share a key with different effects.
    const patch = { spec: { taints: taints.length ? taints : null } };
    const result = dryRun === 'client'
      ? { ...node, spec: { ...node.spec, taints } }
      : ctx.store.patch('Node', undefined, node.metadata.name!, patch, { type: 'merge', dryRun: dryRun === 'server' });
    printResult(ctx, args, ctx.store.info('Node'), result, operation);
  }
  return 0;
}

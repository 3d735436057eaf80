// The cloud and its cluster autoscaler in the `sim` language: `sim nodegroup add|list|delete` (node groups of
// machines from one template, with a minimum and maximum size) and `sim autoscaler config|status`.
import type { Node } from 'kubernetes-types/core/v1';
import { isDNS1123Label } from '../api/validation.ts';
import { CommandError } from '../kubectl/context.ts';
import { flag, parseFlags, type ParsedArgs } from '../kubectl/flags.ts';
import { TABLE_TABWRITER, tabwrite } from '../kubectl/printers/tabwriter.ts';
import { humanDuration } from '../kubectl/printers/duration.ts';
import { parseDuration } from '../sim/clock.ts';
import { EXPANDERS, OPTION_FLAGS, type AutoscalingOptions, type Expander } from '../autoscaler/options.ts';
import type { ClusterAutoscaler } from '../autoscaler/autoscaler.ts';
import type { Verdict } from '../autoscaler/scaledown.ts';
import { formatUtilization } from '../autoscaler/scaledown.ts';
import { machineSpec, nodeAddFlags } from './sim.ts';
import { isNodeReady } from '../controllers/nodeutil.ts';

/** The default boot time of a group's machines (a cloud VM from the resize to its kubelet registering). */
const DEFAULT_PROVISION = '30s';

export const AUTOSCALER_USAGE = `  sim nodegroup add NAME --min N --max N [--size N] [--provision-time 30s] [sim node add's machine flags]
  sim nodegroup list | sim nodegroup delete NAME   (a cloud's node groups; the cluster autoscaler resizes them)
  sim autoscaler config [--expander random|least-waste|most-pods|priority] [--scale-down-unneeded-time 10m] [--FLAG VALUE …]
  sim autoscaler status   (each group node's utilization and whether it may be removed)`;

export function nodeGroupCommand(ca: ClusterAutoscaler, argv: string[], out: string[]): void {
  const [verb, ...rest] = argv;
  if (verb === 'add') return nodeGroupAdd(ca, rest, out);
  if (verb === 'list' || verb === 'ls') return nodeGroupList(ca, ca.nodes(), out);
  if (verb === 'delete') {
    const name = rest[0];
    if (!name) throw new CommandError('usage: sim nodegroup delete NAME');
    const gone = wrap(() => ca.deleteNodeGroup(name));
    out.push(`nodegroup/${name} deleted${gone.length ? ` (machines ${gone.join(', ')} terminated)` : ''}`);
    return;
  }
  throw new CommandError(`unknown command "nodegroup ${verb ?? ''}" for "sim": expected add, list or delete\n\n${AUTOSCALER_USAGE}`);
}

function nodeGroupAdd(ca: ClusterAutoscaler, args: string[], out: string[]): void {
  const p = parseFlags(args, [...nodeAddFlags, { name: 'min', value: true }, { name: 'max', value: true }, { name: 'size', value: true }, { name: 'provision-time', value: true }]);
  const name = p.positional[0];
  if (!name) throw new CommandError('usage: sim nodegroup add NAME --min N --max N [--size N] [--provision-time D] [--cpu N] [--memory Q] …');
  // The group's name begins its machines' names (NAME-xxxxx), which must stay DNS labels.
  const errs = isDNS1123Label(name);
  if (errs.length || name.length > 57) throw new CommandError(`invalid node group name "${name}": ${errs.length ? errs.join('; ') : 'must be no more than 57 characters'}`);
  const min = count(p, 'min', 0), max = count(p, 'max');
  if (max === undefined) throw new CommandError('--max is required');
  if (max < 1) throw new CommandError('invalid argument "0" for "--max": must be at least 1');
  if (min! > max) throw new CommandError(`--min (${min}) must not be greater than --max (${max})`);
  const size = count(p, 'size', min)!;
  if (size < min! || size > max) throw new CommandError(`--size (${size}) must be between --min (${min}) and --max (${max})`);
  const provisionMs = wrap(() => parseDuration(flag(p, 'provision-time') ?? DEFAULT_PROVISION));
  const names = wrap(() => ca.addNodeGroup({ name, minSize: min!, maxSize: max, template: machineSpec(p), provisionMs }, size));
  out.push(`nodegroup/${name} added (min ${min}, max ${max})${names.length ? `: node/${names.join(', node/')}` : ''}`);
}

function nodeGroupList(ca: ClusterAutoscaler, nodes: Node[], out: string[]): void {
  const groups = ca.cloud.nodeGroups();
  if (!groups.length) { out.push('No node groups. Add one with: sim nodegroup add NAME --min 0 --max 5 --cpu 4 --memory 16Gi'); return; }
  const rows = groups.map((g) => {
    const members = nodes.filter((n) => ca.cloud.groupOf(n) === g.name);
    const ready = members.filter(isNodeReady).length;
    const t = g.template;
    const shape = [`cpu ${t.cpu}`, `memory ${t.memory}`, ...(t.gpus ? [`${t.gpus.count}× ${t.gpus.model}`] : [])].join(', ');
    return [g.name, String(g.minSize), String(g.maxSize), String(ca.cloud.targetSize(g.name, nodes)), String(ready), String(ca.cloud.upcomingOf(g.name).length), shape];
  });
  out.push(table([['NAME', 'MIN', 'MAX', 'TARGET', 'READY', 'BOOTING', 'MACHINE'], ...rows]));
}

export function autoscalerCommand(ca: ClusterAutoscaler, argv: string[], out: string[]): void {
  const [verb, ...rest] = argv;
  if (verb === 'config') return autoscalerConfig(ca, rest, out);
  if (verb === 'status') return autoscalerStatus(ca, out);
  throw new CommandError(`unknown command "autoscaler ${verb ?? ''}" for "sim": expected config or status\n\n${AUTOSCALER_USAGE}`);
}

function autoscalerConfig(ca: ClusterAutoscaler, args: string[], out: string[]): void {
  const p = parseFlags(args, OPTION_FLAGS.map((o) => ({ name: o.flag, value: true })));
  if (p.positional.length) throw new CommandError(`unexpected argument "${p.positional[0]}": sim autoscaler config takes flags only`);
  const next: AutoscalingOptions = { ...ca.options };
  for (const o of OPTION_FLAGS) {
    const v = flag(p, o.flag);
    if (v !== undefined) (next as unknown as Record<string, unknown>)[o.key] = optionValue(o.flag, o.kind, v);
  }
  if (next.scanIntervalMs <= 0) throw new CommandError('invalid argument for "--scan-interval": must be greater than 0');
  ca.setOptions(next);
  out.push(OPTION_FLAGS.map((o) => `--${o.flag}=${showOption(o.kind, next[o.key])}`).join('\n'));
}

function optionValue(name: string, kind: (typeof OPTION_FLAGS)[number]['kind'], v: string): unknown {
  const bad = (why: string) => new CommandError(`invalid argument "${v}" for "--${name}" flag: ${why}`);
  switch (kind) {
    case 'duration': return wrap(() => parseDuration(v));
    case 'bool':
      if (v !== 'true' && v !== 'false') throw bad('strconv.ParseBool: parsing ' + JSON.stringify(v) + ': invalid syntax');
      return v === 'true';
    case 'int':
      if (!/^\d+$/.test(v)) throw bad('strconv.ParseInt: parsing ' + JSON.stringify(v) + ': invalid syntax');
      return Number(v);
    case 'float': {
      const f = Number(v);
      if (v.trim() === '' || !Number.isFinite(f)) throw bad('strconv.ParseFloat: parsing ' + JSON.stringify(v) + ': invalid syntax');
      if (f < 0 || f > 1) throw bad('must be between 0 and 1');
      return f;
    }
    case 'expander':
      if (!EXPANDERS.includes(v as Expander)) throw bad(`expander not supported, expected one of ${EXPANDERS.join(', ')}`);
      return v;
  }
}

function showOption(kind: (typeof OPTION_FLAGS)[number]['kind'], v: unknown): string {
  return kind === 'duration' ? humanDuration(v as number) : String(v);
}

function autoscalerStatus(ca: ClusterAutoscaler, out: string[]): void {
  const verdicts = ca.nodeVerdicts();
  if (!ca.cloud.nodeGroups().length) { out.push('The cluster autoscaler runs once there is a node group: sim nodegroup add NAME --min 0 --max 5'); return; }
  const rows = [...verdicts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([node, v]) => [node, v.util ? formatUtilization(v.util) : '<unknown>', verdictText(ca, node, v)]);
  out.push(rows.length ? table([['NODE', 'UTILIZATION', 'SCALE-DOWN'], ...rows]) : 'No nodes in node groups yet.');
}

function verdictText(ca: ClusterAutoscaler, node: string, v: Verdict): string {
  if (ca.isDraining(node)) return 'being removed (ToBeDeletedByClusterAutoscaler)';
  if (v.removable) {
    const t = ca.unneededFor(node) ?? 0;
    const left = ca.options.scaleDownUnneededTimeMs - t;
    return `unneeded for ${humanDuration(t)}${left > 0 ? `, removable in ${humanDuration(left)}` : ''}${v.pods.length ? `; pods to reschedule: ${v.pods.map((p) => p.metadata!.name).join(',')}` : ' (empty)'}`;
  }
  if (v.reason === 'BlockedByPod') return `BlockedByPod: ${v.blocking.pod.metadata!.namespace}/${v.blocking.pod.metadata!.name} (${v.blocking.reason})`;
  return v.reason;
}

function count(p: ParsedArgs, name: string, def?: number): number | undefined {
  const v = flag(p, name);
  if (v === undefined) return def;
  if (!/^\d+$/.test(v)) throw new CommandError(`invalid argument "${v}" for "--${name}": must be a whole number`);
  return Number(v);
}

function table(rows: string[][]): string {
  return tabwrite(rows.map((r) => r.join('\t')).join('\n') + '\n', TABLE_TABWRITER).replace(/\n$/, '');
}

/** The cloud's and the clock's errors as the command's. */
function wrap<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof CommandError) throw e;
    throw new CommandError((e as Error).message);
  }
}

// kubectl top pod|node [NAME] [-l SELECTOR] [-A] [--containers] [--sort-by cpu|memory] [--sum] [--no-headers]:
// resource use from the metrics API, printed as metricsutil's TopCmdPrinter does (cpu in millicores, memory in
// Mi, node percentages of allocatable).
// Simplification: metrics-server's 15 s scrape window is not modelled: use is the current use.
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { parseSelector } from '../../api/labels.ts';
import { resourceAmount } from '../../api/pod.ts';
import { notFound, StatusError } from '../../apiserver/errors.ts';
import { authorizeRequest, CommandError, type KubectlContext } from '../context.ts';
import { boolFlag, flag, type ParsedArgs } from '../flags.ts';
import { TABLE_TABWRITER, tabwrite } from '../printers/tabwriter.ts';
import { resolveKind } from '../resources.ts';
import { namespaceOf } from '../namespace.ts';

/** What metrics-server reports (cluster.ts hands it over). */
export interface MetricsSource {
  podMetrics(): { namespace: string; name: string; containers: { name: string; cpuMilli: number; memoryBytes: number }[] }[];
  nodeMetrics(): { name: string; cpuMilli: number; memoryBytes: number }[];
}

/** Pods younger than this may have no metrics yet (metricsCreationDelay). */
const METRICS_CREATION_DELAY_MS = 2 * 60_000;
const MI = 1024 * 1024;

const cpu = (milli: number) => `${milli}m`;
const mem = (bytes: number) => `${Math.floor(bytes / MI)}Mi`;

export function topCommand(ctx: KubectlContext, args: ParsedArgs): number {
  const [what, name] = args.positional;
  if (what === 'pod' || what === 'pods' || what === 'po') return topPods(ctx, args, name);
  if (what === 'node' || what === 'nodes' || what === 'no') return topNodes(ctx, args, name);
  throw new CommandError(what === undefined ? 'Display resource (CPU/memory) usage.\n\nAvailable Commands:\n  node          Display resource (CPU/memory) usage of nodes\n  pod           Display resource (CPU/memory) usage of pods' : `unknown command "${what}" for "kubectl top"`);
}

function sortBy(args: ParsedArgs): 'cpu' | 'memory' | undefined {
  const s = flag(args, 'sort-by');
  if (s === undefined || s === '') return undefined;
  if (s !== 'cpu' && s !== 'memory') throw new CommandError(`--sort-by accepts only cpu or memory`);
  return s;
}

function print(ctx: KubectlContext, header: string[], rows: string[][], noHeaders: boolean): void {
  const lines = (noHeaders ? rows : [header, ...rows]).map((r) => r.join('\t') + '\t');
  ctx.out.push(tabwrite(lines.join('\n') + '\n', TABLE_TABWRITER).replace(/\n$/, ''));
}

function topPods(ctx: KubectlContext, args: ParsedArgs, name: string | undefined): number {
  if (!ctx.nodes) throw new CommandError('Metrics API not available');
  const all = boolFlag(args, 'all-namespaces');
  const namespace = namespaceOf(ctx, args);
  const sel = flag(args, 'selector');
  const selector = sel !== undefined ? parseSelector(sel) : undefined;
  const pods = new Map(ctx.store.list<Pod>('Pod', { namespace: all ? undefined : namespace, labelSelector: selector }).map((p) => [`${p.metadata.namespace}/${p.metadata.name}`, p]));
  // kubectl top reads the metrics API (metrics.k8s.io), which metrics-server serves.
  authorizeRequest(ctx, { verb: name === undefined ? 'list' : 'get', apiGroup: 'metrics.k8s.io', resource: 'pods', namespace: all ? undefined : namespace, name });
  let metrics = ctx.nodes.podMetrics().filter((m) => pods.has(`${m.namespace}/${m.name}`));
  if (name !== undefined) {
    metrics = metrics.filter((m) => m.name === name);
    if (!metrics.length) throw new StatusError({ reason: 'NotFound', code: 404, message: `podmetrics.metrics.k8s.io "${namespace}/${name}" not found` });
  }
  if (!metrics.length) {
    const now = ctx.clock.now();
    const old = [...pods.values()].find((p) => now - Date.parse(p.metadata.creationTimestamp ?? '') > METRICS_CREATION_DELAY_MS);
    if (old) throw new CommandError(`Metrics not available for pod ${old.metadata.namespace}/${old.metadata.name}, age: ${goAge(now - Date.parse(old.metadata.creationTimestamp ?? ''))}`);
    if (pods.size) throw new CommandError('metrics not available yet');
    ctx.err.push(all ? 'No resources found' : `No resources found in ${namespace} namespace.`);
    return 0;
  }
  const sum = (m: (typeof metrics)[number], k: 'cpuMilli' | 'memoryBytes') => m.containers.reduce((s, c) => s + c[k], 0);
  const by = sortBy(args);
  metrics.sort((a, b) => (by === 'cpu' ? sum(b, 'cpuMilli') - sum(a, 'cpuMilli') : by === 'memory' ? sum(b, 'memoryBytes') - sum(a, 'memoryBytes') : 0)
    || (all && a.namespace !== b.namespace ? (a.namespace < b.namespace ? -1 : 1) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const containers = boolFlag(args, 'containers');
  const header = [...(all ? ['NAMESPACE'] : []), ...(containers ? ['POD'] : []), 'NAME', 'CPU(cores)', 'MEMORY(bytes)'];
  const rows: string[][] = [];
  for (const m of metrics) {
    const ns = all ? [m.namespace] : [];
    if (containers) for (const c of m.containers) rows.push([...ns, m.name, c.name, cpu(c.cpuMilli), mem(c.memoryBytes)]);
    else rows.push([...ns, m.name, cpu(sum(m, 'cpuMilli')), mem(sum(m, 'memoryBytes'))]);
  }
  if (boolFlag(args, 'sum')) {
    const pad = header.length - 2;
    rows.push([...Array(pad).fill(''), '________', '________']);
    rows.push([...Array(pad).fill(''), cpu(metrics.reduce((s, m) => s + sum(m, 'cpuMilli'), 0)), mem(metrics.reduce((s, m) => s + sum(m, 'memoryBytes'), 0))]);
  }
  print(ctx, header, rows, boolFlag(args, 'no-headers'));
  return 0;
}

function topNodes(ctx: KubectlContext, args: ParsedArgs, name: string | undefined): number {
  if (!ctx.nodes) throw new CommandError('Metrics API not available');
  const sel = flag(args, 'selector');
  const selector = sel !== undefined ? parseSelector(sel) : undefined;
  authorizeRequest(ctx, { verb: name === undefined ? 'list' : 'get', apiGroup: 'metrics.k8s.io', resource: 'nodes', name });
  let nodes = ctx.store.list<Node>('Node', { labelSelector: selector });
  if (name !== undefined) {
    nodes = nodes.filter((n) => n.metadata.name === name);
    if (!nodes.length) throw notFound(resolveKind(ctx.store, 'nodes'), name);
  }
  if (!nodes.length) { ctx.err.push('No resources found'); return 0; }
  const usage = new Map(ctx.nodes.nodeMetrics().map((m) => [m.name, m]));
  const pct = (used: number, alloc: number) => `${alloc > 0 ? Math.trunc((used / alloc) * 100) : 0}%`;
  const rows = nodes.map((n) => {
    const u = usage.get(n.metadata.name!);
    const alloc = (n.status?.allocatable ?? {}) as Record<string, string>;
    if (!u) return { n, u, row: [n.metadata.name!, '<unknown>', '<unknown>', '<unknown>', '<unknown>'] };
    const allocCpu = alloc.cpu !== undefined ? resourceAmount('cpu', alloc.cpu) : 0;
    const allocMem = alloc.memory !== undefined ? resourceAmount('memory', alloc.memory) : 0;
    return { n, u, row: [n.metadata.name!, cpu(u.cpuMilli), pct(u.cpuMilli, allocCpu), mem(u.memoryBytes), pct(u.memoryBytes, allocMem)] };
  });
  const by = sortBy(args);
  rows.sort((a, b) => (by && a.u && b.u ? (by === 'cpu' ? b.u.cpuMilli - a.u.cpuMilli : b.u.memoryBytes - a.u.memoryBytes) : 0)
    || (!!b.u === !!a.u ? 0 : a.u ? -1 : 1) || (a.n.metadata.name! < b.n.metadata.name! ? -1 : 1));
  print(ctx, ['NAME', 'CPU(cores)', 'CPU%', 'MEMORY(bytes)', 'MEMORY%'], rows.map((r) => r.row), boolFlag(args, 'no-headers'));
  return 0;
}

/** time.Duration.String() of a pod's age, at whole-second precision. */
function goAge(ms: number): string {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  return h ? `${h}h${m}m${sec}s` : m ? `${m}m${sec}s` : `${sec}s`;
}

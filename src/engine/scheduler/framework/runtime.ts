// The framework runtime (pkg/scheduler/framework/runtime): one per profile. It holds the plugins of every
// extension point in configured order and runs them with upstream semantics (Skip, first failure wins,
// normalize then weight scores).
import type { Pod } from 'kubernetes-types/core/v1';
import {
  MAX_NODE_SCORE, type AnyPlugin, type BindPlugin, type CycleState, type FilterPlugin, type NodeToStatus, type PermitPlugin,
  type PostBindPlugin, type PostFilterPlugin, type PostFilterResult, type PreBindPlugin, type PreEnqueuePlugin, type PreFilterPlugin,
  type PreScorePlugin, type QueueSortPlugin, type ReservePlugin, type WeightedScorePlugin, type Handle,
} from './interface.ts';
import type { NodeColumns, NodeRows } from './nodecolumns.ts';
import type { NodeInfo } from './nodeinfo.ts';
import type { ClusterEvent, ClusterEventWithHint, EnqueueExtensions } from './events.ts';
import { Code, SUCCESS, Status } from './status.ts';
import { isUniform, scoreBlock, scoreBlockLength, UNIFORM_BITS, type ScoreLayout, type ScoreTable } from '../trace.ts';

export interface ExtensionPoints {
  preEnqueue: PreEnqueuePlugin[];
  queueSort: QueueSortPlugin;
  preFilter: PreFilterPlugin[];
  filter: FilterPlugin[];
  postFilter: PostFilterPlugin[];
  preScore: PreScorePlugin[];
  score: WeightedScorePlugin[];
  reserve: ReservePlugin[];
  permit: PermitPlugin[];
  preBind: PreBindPlugin[];
  bind: BindPlugin[];
  postBind: PostBindPlugin[];
}


function invalidScore(plugin: string, v: number): Error {
  return new Error(`plugin "${plugin}" returns an invalid score ${v}, it should in the range of [0, ${MAX_NODE_SCORE}] after normalizing`);
}

/** The first of the filters not to return Success, named for its plugin; Success when none. */
function firstFailure(filters: readonly FilterPlugin[], state: CycleState, pod: Pod, node: NodeInfo): Status {
  for (let i = 0; i < filters.length; i++) {
    const s = filters[i].filter(state, pod, node);
    if (s !== SUCCESS && !s.isSuccess()) return s.withPlugin(filters[i].name);
  }
  return SUCCESS;
}

/** Whether a score is out of [0, MAX_NODE_SCORE]. */
function outOfRange(v: number): boolean {
  return v > MAX_NODE_SCORE || v < 0;
}

/** The error for the first score out of range in plugin order, column by column, as a check per plugin finds it. */
function firstInvalid(plugins: readonly WeightedScorePlugin[], columns: readonly Float64Array[], uniform: number, n: number): Error {
  for (let j = 0; j < plugins.length; j++) {
    const length = isUniform(uniform, j) ? 1 : n;
    for (let i = 0; i < length; i++) if (outOfRange(columns[j][i])) return invalidScore(plugins[j].plugin.name, columns[j][i]);
  }
  return new Error('no invalid score');
}

/** totals[i] = (totals[i] + a[i] × wa) + thenA; false, stopping, at a score out of range. */
function addColumn(a: Float64Array, wa: number, thenA: number, totals: Float64Array, n: number): boolean {
  // A local: under tsx an imported binding may be read through a getter call, once per node.
  const max = MAX_NODE_SCORE;
  for (let i = 0; i < n; i++) {
    const va = a[i];
    if (va > max || va < 0) return false;
    totals[i] = totals[i] + va * wa + thenA;
  }
  return true;
}

/** addColumn for a, then for b, in one pass. */
function addColumns(a: Float64Array, wa: number, thenA: number, b: Float64Array, wb: number, thenB: number, totals: Float64Array, n: number): boolean {
  const max = MAX_NODE_SCORE;
  for (let i = 0; i < n; i++) {
    const va = a[i], vb = b[i];
    if (va > max || va < 0 || vb > max || vb < 0) return false;
    totals[i] = totals[i] + va * wa + thenA + vb * wb + thenB;
  }
  return true;
}

/** A uniform plugin's normalized score × weight. */
function weightedUniform(plugins: readonly WeightedScorePlugin[], columns: readonly Float64Array[], j: number): number {
  return columns[j][0] * plugins[j].weight;
}

/**
 * totals[i] = Σ normalized score × weight over the plugins, added up in their order from 0 (a sum of doubles
 * depends on its order), in as few passes over the nodes as that allows: the uniform plugins before the first
 * column start every total; then a pass takes two columns, each with the uniform plugin right after it (added
 * as its own pass would add it: 0 for none, and adding 0 to a total, never −0, leaves it as it is). A uniform
 * plugin's column holds its normalized score in its first slot. A score out of range names the first such
 * plugin in order.
 */
function sumTotals(plugins: readonly WeightedScorePlugin[], columns: readonly Float64Array[], uniform: number, totals: Float64Array, n: number): void {
  for (let j = 0; j < plugins.length; j++) if (isUniform(uniform, j) && outOfRange(columns[j][0])) throw firstInvalid(plugins, columns, uniform, n);
  let j = 0;
  let before = 0;
  for (; j < plugins.length && isUniform(uniform, j); j++) before += weightedUniform(plugins, columns, j);
  totals.fill(before, 0, n);
  while (j < plugins.length) {
    if (isUniform(uniform, j)) {
      // A second uniform plugin in a row: a pass of its own.
      const w = weightedUniform(plugins, columns, j++);
      for (let i = 0; i < n; i++) totals[i] += w;
      continue;
    }
    const a = j++;
    const thenA = j < plugins.length && isUniform(uniform, j) ? weightedUniform(plugins, columns, j++) : 0;
    let valid: boolean;
    if (j < plugins.length && !isUniform(uniform, j)) {
      const b = j++;
      const thenB = j < plugins.length && isUniform(uniform, j) ? weightedUniform(plugins, columns, j++) : 0;
      valid = addColumns(columns[a], plugins[a].weight, thenA, columns[b], plugins[b].weight, thenB, totals, n);
    } else valid = addColumn(columns[a], plugins[a].weight, thenA, totals, n);
    if (!valid) throw firstInvalid(plugins, columns, uniform, n);
  }
}

/** A one-score column for normalizing the score every node has. */
const oneScore = new Float64Array(1);

/**
 * Per Score plugin a column of n scores for it to write (the plugins' API takes arrays): views of one buffer,
 * made again only when n changes. The same memory cycle after cycle stays in the processor's cache, where a
 * table's block is memory the buffer's older tables left long ago.
 */
class ScoreColumns {
  private buffer = new Float64Array(0);
  private views: Float64Array[] = [];
  private n = -1;
  constructor(private readonly count: number) {}

  of(n: number): Float64Array[] {
    if (n !== this.n) {
      if (this.buffer.length < n * this.count) this.buffer = new Float64Array(n * this.count);
      const buffer = this.buffer;
      this.views = Array.from({ length: this.count }, (_, j) => buffer.subarray(j * n, (j + 1) * n));
      this.n = n;
    }
    return this.views;
  }
}

/** The Score plugins not skipped, and the layout of their tables. */
interface ActiveScores { plugins: WeightedScorePlugin[]; layout: ScoreLayout }

/** The Filter plugins not skipped, and those of them with and without fitsByColumns, each in configured order. */
interface ActiveFilters { filters: FilterPlugin[]; columnFilters: FilterPlugin[]; otherFilters: FilterPlugin[] }

function splitFilters(filters: FilterPlugin[]): ActiveFilters {
  return { filters, columnFilters: filters.filter((p) => p.fitsByColumns), otherFilters: filters.filter((p) => !p.fitsByColumns) };
}

function scoreLayout(plugins: WeightedScorePlugin[]): ActiveScores {
  return { plugins, layout: { plugins: plugins.map((a) => a.plugin.name), weights: plugins.map((a) => a.weight), normalizes: plugins.map((a) => !!a.plugin.normalizeScore) } };
}

/**
 * A bit per plugin that PreFilter or PreScore may skip: a cycle's skipped plugins are one number
 * (CycleState.skippedFilters, skippedScores), no set made per cycle and kept until its binding.
 */
function skipBits(points: ExtensionPoints): Map<string, number> {
  const names = new Set([...points.preFilter, ...points.preScore].map((p) => p.name));
  if (names.size > 31) throw new Error(`profile has ${names.size} PreFilter and PreScore plugins, more than the 31 a cycle can skip`);
  return new Map([...names].map((name, i) => [name, 1 << i]));
}

/**
 * What a cycle derives from the plugins of an extension point that it does not skip, made once per set of
 * skipped plugins: most cycles skip the same ones.
 */
class PerSkipped<P, T> {
  private readonly made = new Map<number, T>();
  /** Per plugin its skip bit (0 for a plugin that is never skipped), and all of them. */
  private readonly bits: number[];
  private readonly mask: number;
  constructor(private readonly plugins: readonly P[], bitOf: (p: P) => number, private readonly make: (active: P[]) => T) {
    this.bits = plugins.map(bitOf);
    this.mask = this.bits.reduce((m, b) => m | b, 0);
  }

  get(skipped: number): T {
    const key = skipped & this.mask;
    let t = this.made.get(key);
    if (t === undefined) {
      t = this.make(this.plugins.filter((_, j) => (key & this.bits[j]) === 0));
      this.made.set(key, t);
    }
    return t;
  }
}

export class Framework {
  constructor(
    readonly profileName: string, readonly points: ExtensionPoints, readonly percentageOfNodesToScore: number, readonly plugins: Map<string, AnyPlugin>,
    private readonly handle?: Pick<Handle, 'nominatedPodsForNode'>,
  ) {
    const bits = skipBits(points);
    const bitOf = (name: string) => bits.get(name) ?? 0;
    this.preFilterBits = points.preFilter.map((p) => bitOf(p.name));
    this.preScoreBits = points.preScore.map((p) => bitOf(p.name));
    this.activeFilterSets = new PerSkipped(points.filter, (p) => bitOf(p.name), splitFilters);
    this.activeScores = new PerSkipped(points.score, (s) => bitOf(s.plugin.name), scoreLayout);
    this.scoreColumns = new ScoreColumns(points.score.length);
  }

  /** The skip bits of the PreFilter and PreScore plugins, in their order. */
  private readonly preFilterBits: number[];
  private readonly preScoreBits: number[];
  private readonly activeFilterSets: PerSkipped<FilterPlugin, ActiveFilters>;
  private readonly activeScores: PerSkipped<WeightedScorePlugin, ActiveScores>;
  private readonly scoreColumns: ScoreColumns;

  get queueSort(): QueueSortPlugin { return this.points.queueSort; }

  /** Per "resource/action": the plugins that registered it, with their hints (EventsToRegister, built once). */
  private hintMap: Map<string, { plugin: string; hint: ClusterEventWithHint['hint'] }[]> | undefined;
  /** Plugins that register no events: any event may help a pod they rejected. */
  private readonly unregistered = new Set<string>();

  private hints(): Map<string, { plugin: string; hint: ClusterEventWithHint['hint'] }[]> {
    if (this.hintMap) return this.hintMap;
    const map = new Map<string, { plugin: string; hint: ClusterEventWithHint['hint'] }[]>();
    for (const [name, plugin] of this.plugins) {
      const ext = plugin as Partial<EnqueueExtensions>;
      if (typeof ext.eventsToRegister !== 'function') { this.unregistered.add(name); continue; }
      for (const reg of ext.eventsToRegister()) {
        for (const action of reg.actions) {
          const key = `${reg.resource}/${action}`;
          if (!map.has(key)) map.set(key, []);
          map.get(key)!.push({ plugin: name, hint: reg.hint });
        }
      }
    }
    return (this.hintMap = map);
  }

  /**
   * isPodWorthRequeuing: Queue when no plugin was named for the rejection, when a rejecting plugin registered no
   * events, or when a rejecting plugin registered the event and its hint (if any) says Queue; the plugin that
   * decided is returned for the trace. A hint that throws counts as Queue, as upstream.
   * Simplification: plugins without EventsToRegister (Coscheduling, the volume plugins) take every event.
   */
  queueingHint(rejectors: ReadonlySet<string>, pod: Pod, event: ClusterEvent, oldObj: unknown, newObj: unknown): { queue: boolean; plugin?: string } {
    if (!rejectors.size) return { queue: true };
    const map = this.hints();
    for (const name of rejectors) if (this.unregistered.has(name)) return { queue: true, plugin: name };
    for (const { plugin, hint } of map.get(`${event.resource}/${event.action}`) ?? []) {
      if (!rejectors.has(plugin)) continue;
      let verdict = 'Queue';
      try {
        if (hint) verdict = hint(pod, oldObj, newObj);
      } catch {
        verdict = 'Queue';
      }
      if (verdict === 'Queue') return { queue: true, plugin };
    }
    return { queue: false };
  }

  runPreEnqueue(pod: Pod): Status {
    for (const p of this.points.preEnqueue) {
      const s = p.preEnqueue(pod);
      if (!s.isSuccess()) return s.withPlugin(p.name);
    }
    return Status.success();
  }

  /**
   * RunPreFilterPlugins: Skip marks the plugin's Filter as skipped; node sets from results intersect, and
   * `withNodes` names the plugins that narrowed them. An empty intersection rejects every node.
   */
  runPreFilter(state: CycleState, pod: Pod, nodes: NodeInfo[]): { status: Status; nodeNames?: Set<string>; withNodes: string[] } {
    let nodeNames: Set<string> | undefined;
    const withNodes: string[] = [];
    const plugins = this.points.preFilter;
    for (let i = 0; i < plugins.length; i++) {
      const p = plugins[i];
      const { status, result } = p.preFilter(state, pod, nodes);
      if (status.code === Code.Skip) { state.skippedFilters |= this.preFilterBits[i]; continue; }
      if (!status.isSuccess()) return { status: status.withPlugin(p.name), withNodes };
      if (!result?.nodeNames) continue;
      withNodes.push(p.name);
      nodeNames = nodeNames ? new Set([...nodeNames].filter((n) => result.nodeNames!.has(n))) : result.nodeNames;
      if (nodeNames.size === 0) {
        const msg = withNodes.length === 1 ? `node(s) didn't satisfy plugin ${withNodes[0]}` : `node(s) didn't satisfy plugin(s) [${[...withNodes].sort().join(' ')}] simultaneously`;
        return { status: Status.unresolvable(msg).withPlugin(p.name), withNodes };
      }
    }
    return { status: Status.success(), nodeNames, withNodes };
  }

  /** RunFilterPlugins: the first plugin that does not return Success decides. */
  runFilter(state: CycleState, pod: Pod, node: NodeInfo): Status {
    return firstFailure(this.activeFilters(state), state, pod, node);
  }

  /**
   * RunFilterPluginsWithNominatedPods: when pods of equal or higher priority are nominated to the node, Filter
   * runs first with them added (to a copy of the node and of the state) and, if that passes, again without them
   * — the pod must fit both ways, since the nominated pods may or may not end up there.
   */
  runFilterWithNominatedPods(state: CycleState, pod: Pod, node: NodeInfo): Status {
    const nominated = this.handle?.nominatedPodsForNode?.(node.name);
    if (!nominated?.length) return this.runFilter(state, pod, node);
    const priority = pod.spec?.priority ?? 0;
    const uid = pod.metadata?.uid;
    let withNominated: { state: CycleState; node: NodeInfo } | undefined;
    for (const info of nominated) {
      if ((info.pod.spec?.priority ?? 0) < priority || info.pod.metadata?.uid === uid) continue;
      withNominated ??= { state: state.clone(), node: node.clone() };
      withNominated.node.addPod(info);
      this.runPreFilterExtensionAddPod(withNominated.state, pod, info.pod, withNominated.node);
    }
    if (!withNominated) return this.runFilter(state, pod, node);
    const first = this.runFilter(withNominated.state, pod, withNominated.node);
    if (!first.isSuccess()) return first;
    return this.runFilter(state, pod, node);
  }

  /** Whether some of this cycle's Filter plugins have fitsByColumns. */
  filtersByColumns(state: CycleState): boolean {
    this.activeFilters(state);
    return state.columnFilters.length > 0;
  }

  /**
   * fits[i − from] = 1 for the rows [from, to) that every Filter plugin with fitsByColumns vouches for; there
   * runFilterVouched gives runFilter's answer. 0 where runFilter has to answer. Returns whether all of them
   * vouched for every row (fits is all 1).
   */
  fitsByColumns(state: CycleState, pod: Pod, columns: NodeColumns, from: number, to: number, fits: Uint8Array): boolean {
    fits.fill(1, 0, to - from);
    const filters = state.columnFilters as FilterPlugin[];
    let all = true;
    for (let k = 0; k < filters.length; k++) if (!filters[k].fitsByColumns!(state, pod, columns, from, to, fits)) all = false;
    return all;
  }

  /**
   * runFilter for a node that fitsByColumns vouched for: the vouching plugins return Success, so only the others
   * run, in order (the first of them to fail is the first of all).
   */
  runFilterVouched(state: CycleState, pod: Pod, node: NodeInfo): Status {
    return firstFailure(state.otherFilters as FilterPlugin[], state, pod, node);
  }

  /** The Filter plugins not skipped this cycle, worked out once per cycle (the per-node loop runs thousands of times). */
  private activeFilters(state: CycleState): FilterPlugin[] {
    if (state.filterRunner !== this) {
      const set = this.activeFilterSets.get(state.skippedFilters);
      state.filterRunner = this;
      state.filters = set.filters;
      state.columnFilters = set.columnFilters;
      state.otherFilters = set.otherFilters;
    }
    return state.filters as FilterPlugin[];
  }

  /** RunPreFilterExtensionAddPod/RemovePod: preemption added or removed a pod on a node copy. */
  runPreFilterExtensionAddPod(state: CycleState, pod: Pod, added: Pod, node: NodeInfo): void {
    this.points.preFilter.forEach((p, i) => { if (p.addPod && !(state.skippedFilters & this.preFilterBits[i])) p.addPod(state, pod, added, node); });
  }

  runPreFilterExtensionRemovePod(state: CycleState, pod: Pod, removed: Pod, node: NodeInfo): void {
    this.points.preFilter.forEach((p, i) => { if (p.removePod && !(state.skippedFilters & this.preFilterBits[i])) p.removePod(state, pod, removed, node); });
  }

  /**
   * RunPostFilterPlugins: the first success wins; UnschedulableAndUnresolvable or an error stops; otherwise the
   * rejections' reasons add up (the first rejecting plugin is named) and the last nomination given is kept.
   */
  runPostFilter(state: CycleState, pod: Pod, filtered: NodeToStatus): { status: Status; result?: PostFilterResult } {
    let result: PostFilterResult | undefined;
    const reasons: string[] = [];
    let rejector = '';
    for (const p of this.points.postFilter) {
      const r = p.postFilter(state, pod, filtered);
      if (r.status.isSuccess()) return { status: r.status, result: r.result };
      if (r.status.code === Code.UnschedulableAndUnresolvable) return { status: r.status.withPlugin(p.name), result: r.result };
      if (!r.status.isRejected()) return { status: r.status.withPlugin(p.name) };
      if (r.result?.nominatedNodeName !== undefined) result = r.result;
      reasons.push(...r.status.reasons);
      rejector ||= p.name;
    }
    return { status: new Status(Code.Unschedulable, reasons, rejector), result };
  }

  runPreScore(state: CycleState, pod: Pod, nodes: NodeInfo[], listed?: NodeRows): Status {
    const plugins = this.points.preScore;
    for (let i = 0; i < plugins.length; i++) {
      const p = plugins[i];
      const s = p.preScore(state, pod, nodes, listed);
      if (s.code === Code.Skip) { state.skippedScores |= this.preScoreBits[i]; continue; }
      if (!s.isSuccess()) return s.withPlugin(p.name);
    }
    return Status.success();
  }

  /**
   * RunScorePlugins: raw scores, NormalizeScore per plugin, then × weight into totals[i] for nodes[i]; the table
   * keeps every plugin's raw and normalized scores for the trace. The nodes are named by their positions in
   * nodeList (the cycle's node list, where every one of them is): given as the rows of the list's columns (which
   * plugins may read instead of NodeInfo), or read from the nodes.
   */
  runScore(state: CycleState, pod: Pod, nodes: NodeInfo[], nodeList: readonly NodeInfo[], totals: Float64Array, listed?: NodeRows): ScoreTable {
    const { plugins, layout } = this.activeScores.get(state.skippedScores);
    const n = nodes.length;
    const columns = this.scoreColumns.of(n);
    // Every plugin scores (upstream runs them all before any NormalizeScore); one that gives every node the same
    // score says so, and its columns in the table hold that score once (a bit per plugin, past them all in full).
    let uniform = 0;
    for (let j = 0; j < plugins.length; j++) {
      const plugin = plugins[j].plugin, column = columns[j];
      let same: number | void = undefined;
      if (plugin.scoreNodes) same = plugin.scoreNodes(state, pod, nodes, column, listed);
      else for (let i = 0; i < n; i++) column[i] = plugin.score(state, pod, nodes[i]);
      if (typeof same !== 'number') continue;
      column[0] = same;
      if (j < UNIFORM_BITS) uniform |= 1 << j;
      else column.fill(same);
    }
    const firstPosition = listed?.first ?? -1;
    const { slab, start } = scoreBlock(scoreBlockLength({ layout, nodes: n, firstPosition, uniform }));
    let at = start;
    if (firstPosition < 0) {
      if (listed) for (let i = 0; i < n; i++) slab[at++] = listed.positions[i];
      else for (let i = 0; i < n; i++) slab[at++] = nodes[i].position;
    }
    for (let j = 0; j < plugins.length; j++) {
      const plugin = plugins[j].plugin, column = columns[j];
      if (isUniform(uniform, j)) {
        // One normalized score stands for all.
        slab[at++] = oneScore[0] = column[0];
        if (plugin.normalizeScore) {
          plugin.normalizeScore(state, pod, nodes, oneScore);
          slab[at++] = column[0] = oneScore[0];
        }
        continue;
      }
      slab.set(column, at);
      at += n;
      if (plugin.normalizeScore) {
        plugin.normalizeScore(state, pod, nodes, column);
        slab.set(column, at);
        at += n;
      }
    }
    sumTotals(plugins, columns, uniform, totals, n);
    return { nodeList, layout, slab, start, nodes: n, firstPosition, uniform };
  }

  runReserve(state: CycleState, pod: Pod, node: string): Status {
    for (let i = 0; i < this.points.reserve.length; i++) {
      const p = this.points.reserve[i];
      const s = p.reserve(state, pod, node);
      if (!s.isSuccess()) {
        this.runUnreserve(state, pod, node);
        return s.withPlugin(p.name);
      }
    }
    return Status.success();
  }

  /** Unreserve runs in reverse order, for every Reserve plugin. */
  runUnreserve(state: CycleState, pod: Pod, node: string): void {
    for (let i = this.points.reserve.length - 1; i >= 0; i--) this.points.reserve[i].unreserve(state, pod, node);
  }

  /** RunPermitPlugins: any rejection wins; otherwise Wait with the shortest timeout if any plugin waits. */
  runPermit(state: CycleState, pod: Pod, node: string): { status: Status; timeoutMs?: number } {
    let wait: number | undefined;
    let waiter = '';
    for (const p of this.points.permit) {
      const { status, timeoutMs } = p.permit(state, pod, node);
      if (status.code === Code.Wait) {
        const t = Math.min(timeoutMs ?? 15 * 60_000, 15 * 60_000);
        if (wait === undefined || t < wait) { wait = t; waiter = p.name; }
        continue;
      }
      if (!status.isSuccess()) return { status: status.withPlugin(p.name) };
    }
    return wait === undefined ? { status: Status.success() } : { status: new Status(Code.Wait, [], waiter), timeoutMs: wait };
  }

  runPreBind(state: CycleState, pod: Pod, node: string): Status {
    for (const p of this.points.preBind) {
      const s = p.preBind(state, pod, node);
      if (!s.isSuccess()) return s.withPlugin(p.name);
    }
    return Status.success();
  }

  /** RunBindPlugins: the first binder that does not Skip binds. */
  runBind(state: CycleState, pod: Pod, node: string): Status {
    for (const p of this.points.bind) {
      const s = p.bind(state, pod, node);
      if (s.code === Code.Skip) continue;
      return s.isSuccess() ? s : s.withPlugin(p.name);
    }
    return Status.error('no bind plugin bound the pod');
  }

  runPostBind(state: CycleState, pod: Pod, node: string): void {
    for (const p of this.points.postBind) p.postBind(state, pod, node);
  }
}

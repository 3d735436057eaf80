// Scheduling traces: every attempt's per-node Filter verdicts and per-plugin scores, kept beside the
// objects in a bounded buffer (never in annotations) so that "why is this pod Pending / on that node?"
// always has an answer.

export interface FilterVerdict { node: string; plugin: string; code: string; reasons: string[] }
export interface PluginScore { plugin: string; raw: number; normalized: number; weight: number; weighted: number }
export interface NodeScoreTrace { node: string; total: number; plugins: PluginScore[] }

/** Which plugins scored a cycle, in order, with their weights: made once per set of active plugins and shared by every table that has them. */
export interface ScoreLayout {
  plugins: string[];
  weights: number[];
  /** Per plugin: whether it has NormalizeScore (a column of normalized scores beside its raw one). */
  normalizes: boolean[];
}

/**
 * Per node × plugin scores as one block of a shared slab (a table holds no array of its own: an array per
 * column per cycle, kept by the buffer, was most of what each cycle left for the old generation). The block
 * holds the scored nodes' positions in the cycle's node list (names read when displayed: the list is shared by
 * every cycle until the nodes change), then per plugin in order its raw column and, when it normalizes, its
 * normalized one. Totals are not kept: the display adds them up again, in the same order as the cycle did.
 */
export interface ScoreTable {
  nodeList: readonly { readonly name: string }[];
  layout: ScoreLayout;
  slab: Float64Array;
  /** The block's first slot in the slab, and the number of scored nodes (the length of each column). */
  start: number;
  nodes: number;
  /**
   * When the scored nodes are consecutive in the node list (wrapping at its end), the first one's position and
   * no positions column (a cycle that rejected none of the nodes it walked: most cycles); −1 for a column.
   */
  firstPosition: number;
  /**
   * Bit j: plugin j gave every node the same score, which its columns hold in one slot each (most plugins of
   * most cycles: a column per plugin would take twice the memory, which the buffer keeps for 1,000 cycles).
   */
  uniform: number;
}

/** The slots of a table's block: the positions column if any, then per plugin its raw and normalized columns. */
export function scoreBlockLength({ layout, nodes, firstPosition, uniform }: Omit<ScoreTable, 'nodeList' | 'slab' | 'start'>): number {
  let length = firstPosition < 0 ? nodes : 0;
  for (let j = 0; j < layout.plugins.length; j++) length += (isUniform(uniform, j) ? 1 : nodes) * (layout.normalizes[j] ? 2 : 1);
  return length;
}

/** Plugins past the 31st have no bit in `uniform`: their columns are always written in full. */
export const UNIFORM_BITS = 31;

/** Whether plugin j's columns in the table hold one slot each (every node scored the same). */
export function isUniform(uniform: number, j: number): boolean {
  return j < UNIFORM_BITS && (uniform & (1 << j)) !== 0;
}

export interface SchedulingTrace {
  pod: string; // namespace/name
  uid: string;
  attempt: number;
  time: number; // virtual ms
  profile: string;
  result: 'Scheduled' | 'Unschedulable' | 'Error';
  node?: string;
  message: string;
  nodesTotal: number;
  /** How many nodes were evaluated (percentageOfNodesToScore may stop early). */
  nodesEvaluated: number;
  feasible: number;
  rejected: FilterVerdict[];
  /** Scores in compact form (the hot path allocates no object per node); see traceScores. */
  scoreTable?: ScoreTable;
  /** Nodes a PreFilterResult left out (NodeName, NodeAffinity on metadata.name …): counted, not listed one by one. */
  preFilterExcluded?: { nodes: number; reasons: string[]; plugins: string[] };
  /** A PreFilter plugin that rejected the pod for every node. */
  preFilter?: { plugin: string; reasons: string[] };
  /** PostFilter (preemption) outcome when no node fit. */
  postFilter?: { plugin: string; message: string; nominatedNode?: string; victims?: string[] };
  /** Held at Permit (gang scheduling). */
  permit?: { waitingOn: string; timeoutMs: number };
  /** The pod's earlier attempts, one line each, oldest first (at most EARLIER_ATTEMPTS). */
  earlier?: AttemptSummary[];
  /** Where the pod went after a failed attempt (later: where a cluster event moved it). */
  queue?: string;
  /** Why it went there: the rejecting plugins whose events it waits for, or the event and plugin hint that moved it. */
  queueReason?: string;
}

/** One earlier attempt in brief. */
export interface AttemptSummary { attempt: number; time: number; result: SchedulingTrace['result']; node?: string; message: string; queue?: string; queueReason?: string }

export const TRACE_BUFFER_SIZE = 1000;
/** Earlier attempts kept per pod (beside its latest trace, so the memory stays bounded). */
export const EARLIER_ATTEMPTS = 10;

/** Float64 slots per slab: score tables are blocks of shared slabs (one new buffer per table costs more than scoring). */
const SLAB_SIZE = 1 << 19;

/**
 * The slabs score tables live in. A slab whose tables all left the trace buffer is used again (fresh memory
 * costs page faults and external-memory garbage collections at every cycle's pace).
 */
class SlabPool {
  private slab: Float64Array<ArrayBuffer> = new Float64Array(SLAB_SIZE);
  private used = 0;
  /** Per slab: tables held by buffered traces. */
  private readonly held = new Map<Float64Array, number>();
  private readonly free: Float64Array<ArrayBuffer>[] = [];

  /**
   * A block of the length: its slab and first slot (a slab of its own when it is too long to share one). A reused
   * slab's block holds an earlier table's numbers: runScore writes every slot of it.
   */
  block(length: number): { slab: Float64Array; start: number } {
    if (length > SLAB_SIZE / 4) return { slab: new Float64Array(length), start: 0 };
    if (this.used + length > SLAB_SIZE) {
      // The old slab comes back through hold() once its tables leave the buffer (the cycle's own table may be in it).
      this.slab = this.free.pop() ?? new Float64Array(SLAB_SIZE);
      this.used = 0;
    }
    const start = this.used;
    this.used += length;
    return { slab: this.slab, start };
  }

  /** A buffered trace holds (1) or lets go of (−1) its table's block. */
  hold(table: ScoreTable, delta: 1 | -1): void {
    const slab = table.slab;
    const n = (this.held.get(slab) ?? 0) + delta;
    if (n > 0) { this.held.set(slab, n); return; }
    // A table too big for a slab has a slab of its own; the garbage collector takes those.
    if (!this.held.delete(slab) || slab === this.slab || slab.length !== SLAB_SIZE) return;
    this.free.push(slab as Float64Array<ArrayBuffer>);
  }
}

const slabs = new SlabPool();

/** A block of the length from the slabs (not zeroed): its slab and first slot. */
export function scoreBlock(length: number): { slab: Float64Array; start: number } {
  return slabs.block(length);
}

export class TraceBuffer {
  /** A ring of the latest TRACE_BUFFER_SIZE adds: `next` is the oldest once it is full. */
  private readonly ring: (SchedulingTrace | undefined)[] = new Array(TRACE_BUFFER_SIZE).fill(undefined);
  private next = 0;
  private readonly latest = new Map<string, SchedulingTrace>();

  add(t: SchedulingTrace): void {
    const prev = this.latest.get(t.pod);
    if (prev && prev !== t && prev.uid === t.uid) {
      const { attempt, time, result, node, message, queue, queueReason } = prev;
      t.earlier = [...(prev.earlier ?? []), { attempt, time, result, node, message, queue, queueReason }].slice(-EARLIER_ATTEMPTS);
      prev.earlier = undefined;
    }
    const old = this.ring[this.next];
    this.ring[this.next] = t;
    this.next = this.next + 1 === TRACE_BUFFER_SIZE ? 0 : this.next + 1;
    if (t.scoreTable) slabs.hold(t.scoreTable, 1);
    this.latest.set(t.pod, t);
    if (!old) return;
    if (old.scoreTable) slabs.hold(old.scoreTable, -1);
    if (this.latest.get(old.pod) === old) this.latest.delete(old.pod);
  }

  forPod(key: string): SchedulingTrace | undefined { return this.latest.get(key); }
  /** The buffered traces, oldest first. */
  all(): readonly SchedulingTrace[] {
    const out: SchedulingTrace[] = [];
    for (let i = 0; i < TRACE_BUFFER_SIZE; i++) {
      const t = this.ring[(this.next + i) % TRACE_BUFFER_SIZE];
      if (t) out.push(t);
    }
    return out;
  }
}

/** The scores of a trace as one record per node, highest total first is up to the caller. */
export function traceScores(t: SchedulingTrace): NodeScoreTrace[] {
  const st = t.scoreTable;
  if (!st) return [];
  const { slab, start, nodes: n, layout, uniform, firstPosition } = st;
  const position = (i: number) => (firstPosition < 0 ? slab[start + i] : (firstPosition + i) % st.nodeList.length);
  // Where each plugin's columns start in the block, and whether they hold one slot (uniform) or one per node.
  const raw: number[] = [], normalized: number[] = [], perNode: boolean[] = [];
  let at = start + (firstPosition < 0 ? n : 0);
  layout.plugins.forEach((_, j) => {
    const length = isUniform(uniform, j) ? 1 : n;
    perNode.push(length === n);
    raw.push(at);
    at += length;
    normalized.push(layout.normalizes[j] ? at : at - length);
    if (layout.normalizes[j]) at += length;
  });
  return Array.from({ length: n }, (_, i) => {
    // The total as the cycle added it: plugin by plugin from 0, normalized × weight.
    let total = 0;
    const plugins = layout.plugins.map((plugin, j) => {
      const row = perNode[j] ? i : 0;
      const score = slab[normalized[j] + row], weighted = score * layout.weights[j];
      total += weighted;
      return { plugin, raw: slab[raw[j] + row], normalized: score, weight: layout.weights[j], weighted };
    });
    return { node: st.nodeList[position(i)].name, total, plugins };
  });
}

/** A trace as users read it (sim explain -o json): scores as records, no typed arrays. */
export function traceForDisplay(t: SchedulingTrace): Omit<SchedulingTrace, 'scoreTable'> & { scores: NodeScoreTrace[] } {
  const { scoreTable: _, ...rest } = t;
  return { ...rest, scores: traceScores(t) };
}

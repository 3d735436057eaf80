// Scheduling traces: every attempt's per-node Filter verdicts and per-plugin scores, kept beside the
// objects in a bounded buffer (never in annotations) so that "why is this pod Pending / on that node?"
// always has an answer.

export interface FilterVerdict { node: string; plugin: string; code: string; reasons: string[] }
export interface PluginScore { plugin: string; raw: number; normalized: number; weight: number; weighted: number }
export interface NodeScoreTrace { node: string; total: number; plugins: PluginScore[] }

/**
 * Per node × plugin scores, one column per plugin: raw[plugin][node]. A plugin without NormalizeScore has the
 * same array as raw and normalized. The scored nodes are positions in the cycle's node list (names read when
 * displayed): the list is shared by every cycle until the nodes change, so a table holds no array of its own
 * on the heap (an array per cycle kept by the buffer was most of what each cycle left for the old generation).
 */
export interface ScoreTable {
  nodeList: readonly { readonly name: string }[];
  /** Column of list positions, one per scored node (a score slab view like the scores). */
  positions: Float64Array;
  plugins: string[];
  weights: number[];
  raw: Float64Array[];
  normalized: Float64Array[];
  totals: Float64Array;
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

/** Float64 slots per slab: score tables are views into shared slabs (one new buffer per table costs more than scoring). */
const SLAB_SIZE = 1 << 19;

/**
 * The slabs score tables live in. A slab whose tables all left the trace buffer is used again (fresh memory
 * costs page faults and external-memory garbage collections at every cycle's pace).
 */
class SlabPool {
  private slab: Float64Array<ArrayBuffer> = new Float64Array(SLAB_SIZE);
  private used = 0;
  /** Whether the slab was used before (its views are zeroed one by one as they are handed out). */
  private reused = false;
  /** Per slab: views held by buffered traces. */
  private readonly held = new Map<ArrayBufferLike, number>();
  private readonly free: Float64Array<ArrayBuffer>[] = [];

  /** A zeroed Float64Array of the length. */
  array(length: number): Float64Array {
    if (length > SLAB_SIZE / 4) return new Float64Array(length);
    if (this.used + length > SLAB_SIZE) {
      // The old slab comes back through hold() once its tables leave the buffer (the cycle's own table may be in it).
      const free = this.free.pop();
      this.reused = free !== undefined;
      this.slab = free ?? new Float64Array(SLAB_SIZE);
      this.used = 0;
    }
    const view = this.slab.subarray(this.used, this.used + length);
    this.used += length;
    // Zeroed as it is handed out, while the cycle is about to write it: a whole slab's fill would run through
    // 4 MB and push the node data out of the cache.
    if (this.reused) view.fill(0);
    return view;
  }

  /**
   * A buffered trace holds (1) or let go of (−1) the table's views. Consecutive views of one slab (nearly all
   * of a table's) are counted together: one Map update per run of them, not one per view.
   */
  hold(table: ScoreTable, delta: 1 | -1): void {
    let buffer = table.totals.buffer;
    let views = 1;
    for (const list of [[table.positions], table.raw, table.normalized]) {
      for (let i = 0; i < list.length; i++) {
        if (list[i].buffer === buffer) { views++; continue; }
        this.holdBuffer(buffer, views * delta);
        buffer = list[i].buffer;
        views = 1;
      }
    }
    this.holdBuffer(buffer, views * delta);
  }

  private holdBuffer(buffer: ArrayBufferLike, delta: number): void {
    const n = (this.held.get(buffer) ?? 0) + delta;
    if (n > 0) { this.held.set(buffer, n); return; }
    // Tables too big for a slab have a buffer of their own; the garbage collector takes those.
    if (!this.held.delete(buffer) || buffer === this.slab.buffer || buffer.byteLength !== SLAB_SIZE * 8) return;
    this.free.push(new Float64Array(buffer as ArrayBuffer));
  }
}

const slabs = new SlabPool();

/** A zeroed Float64Array of the length, from the slabs. */
export function scoreArray(length: number): Float64Array {
  return slabs.array(length);
}

export class TraceBuffer {
  private readonly buf: SchedulingTrace[] = [];
  private readonly latest = new Map<string, SchedulingTrace>();

  add(t: SchedulingTrace): void {
    const prev = this.latest.get(t.pod);
    if (prev && prev !== t && prev.uid === t.uid) {
      const { attempt, time, result, node, message, queue, queueReason } = prev;
      t.earlier = [...(prev.earlier ?? []), { attempt, time, result, node, message, queue, queueReason }].slice(-EARLIER_ATTEMPTS);
      prev.earlier = undefined;
    }
    this.buf.push(t);
    if (t.scoreTable) slabs.hold(t.scoreTable, 1);
    this.latest.set(t.pod, t);
    if (this.buf.length > TRACE_BUFFER_SIZE) {
      const old = this.buf.shift()!;
      if (old.scoreTable) slabs.hold(old.scoreTable, -1);
      if (this.latest.get(old.pod) === old) this.latest.delete(old.pod);
    }
  }

  forPod(key: string): SchedulingTrace | undefined { return this.latest.get(key); }
  all(): readonly SchedulingTrace[] { return this.buf; }
}

/** The scores of a trace as one record per node, highest total first is up to the caller. */
export function traceScores(t: SchedulingTrace): NodeScoreTrace[] {
  const st = t.scoreTable;
  if (!st) return [];
  return Array.from(st.positions, (position, i) => ({
    node: st.nodeList[position].name,
    total: st.totals[i],
    plugins: st.plugins.map((plugin, j) => ({ plugin, raw: st.raw[j][i], normalized: st.normalized[j][i], weight: st.weights[j], weighted: st.normalized[j][i] * st.weights[j] })),
  }));
}

/** A trace as users read it (sim explain -o json): scores as records, no typed arrays. */
export function traceForDisplay(t: SchedulingTrace): Omit<SchedulingTrace, 'scoreTable'> & { scores: NodeScoreTrace[] } {
  const { scoreTable: _, ...rest } = t;
  return { ...rest, scores: traceScores(t) };
}

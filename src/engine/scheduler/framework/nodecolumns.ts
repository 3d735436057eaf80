// NodeColumns: the numbers Filter and Score read for every node, one typed array per field, indexed by the
// node's position in the scheduler cache's node list. A cycle walks the list in order, so these reads are
// sequential and stay in cache, where the NodeInfo objects behind them are scattered over the heap.
// The NodeInfo of a listed node writes its row whenever it changes; NodeInfo stays the plugins' API.
import type { NodeInfo } from './nodeinfo.ts';

/** Rows come in blocks of 2^ROW_BLOCK_BITS for readers that skip unchanged blocks (RowScores). */
export const ROW_BLOCK_BITS = 6;

export class NodeColumns {
  readonly allocatableMilliCPU: Float64Array;
  readonly allocatableMemory: Float64Array;
  readonly allowedPodNumber: Float64Array;
  readonly podCount: Float64Array;
  /** Allocatable minus requested, as NodeResourcesFit's Filter subtracts them: one read per resource and row. */
  readonly freeMilliCPU: Float64Array;
  readonly freeMemory: Float64Array;
  readonly nonZeroMilliCPU: Float64Array;
  readonly nonZeroMemory: Float64Array;
  /** spec.unschedulable, 0 or 1. */
  readonly unschedulable: Uint8Array;
  /** How many NoSchedule/NoExecute taints, and PreferNoSchedule taints, the node has. */
  readonly noScheduleTaints: Uint32Array;
  readonly preferNoScheduleTaints: Uint32Array;
  /** How many times each row was written (from 1, as every row is written once made): cached scores name it. */
  readonly version: Uint32Array;
  /** Row writes so far, and per block of rows the count at its last write: a block is unchanged since count c while blockWrites ≤ c. */
  writes = 0;
  readonly blockWrites: Float64Array;
  /** How many rows have PreferNoSchedule taints (none: TaintToleration's raw scores are all 0). */
  nodesWithPreferNoSchedule = 0;
  /** How many rows are unschedulable, and have NoSchedule/NoExecute taints (none: their filters pass every row). */
  unschedulableNodes = 0;
  nodesWithNoSchedule = 0;

  constructor(readonly length: number) {
    this.allocatableMilliCPU = new Float64Array(length);
    this.allocatableMemory = new Float64Array(length);
    this.allowedPodNumber = new Float64Array(length);
    this.podCount = new Float64Array(length);
    this.freeMilliCPU = new Float64Array(length);
    this.freeMemory = new Float64Array(length);
    this.nonZeroMilliCPU = new Float64Array(length);
    this.nonZeroMemory = new Float64Array(length);
    this.unschedulable = new Uint8Array(length);
    this.noScheduleTaints = new Uint32Array(length);
    this.preferNoScheduleTaints = new Uint32Array(length);
    this.version = new Uint32Array(length);
    this.blockWrites = new Float64Array((length >> ROW_BLOCK_BITS) + 1);
  }

  /** Copy the node's fields into row i. */
  write(i: number, node: NodeInfo): void {
    this.allocatableMilliCPU[i] = node.allocatableMilliCPU;
    this.allocatableMemory[i] = node.allocatableMemory;
    this.allowedPodNumber[i] = node.allowedPodNumber;
    this.podCount[i] = node.podCount;
    this.freeMilliCPU[i] = node.allocatableMilliCPU - node.requestedMilliCPU;
    this.freeMemory[i] = node.allocatableMemory - node.requestedMemory;
    this.nonZeroMilliCPU[i] = node.nonZeroMilliCPU;
    this.nonZeroMemory[i] = node.nonZeroMemory;
    const unschedulable = node.unschedulable ? 1 : 0;
    this.unschedulableNodes += unschedulable - this.unschedulable[i];
    this.unschedulable[i] = unschedulable;
    const noSchedule = node.noScheduleTaints.length;
    this.nodesWithNoSchedule += (noSchedule > 0 ? 1 : 0) - (this.noScheduleTaints[i] > 0 ? 1 : 0);
    this.noScheduleTaints[i] = noSchedule;
    const prefer = node.preferNoScheduleTaints.length;
    this.nodesWithPreferNoSchedule += (prefer > 0 ? 1 : 0) - (this.preferNoScheduleTaints[i] > 0 ? 1 : 0);
    this.preferNoScheduleTaints[i] = prefer;
    this.version[i]++;
    this.blockWrites[i >> ROW_BLOCK_BITS] = ++this.writes;
  }
}

/**
 * Per block of rows, for one question about its rows (are a pod shape's scores kept, does a pod shape fit): the
 * columns' write count at which the answer was yes for every row of the block, −1 for not known. It is yes
 * still while the block's blockWrites is at most that count (a cycle changes one row, so most blocks stay).
 */
export class BlockMarks {
  private at = new Float64Array(0);
  private columns: NodeColumns | undefined;

  /** Forget every mark (the question changed), for these columns. */
  clear(columns: NodeColumns): void {
    if (this.columns !== columns) {
      this.at = new Float64Array(columns.blockWrites.length);
      this.columns = columns;
    }
    this.at.fill(-1);
  }

  holds(block: number): boolean { return this.columns!.blockWrites[block] <= this.at[block]; }
  /** Yes for every row of the block, as the columns are now. */
  mark(block: number): void { this.at[block] = this.columns!.writes; }
}

/**
 * Scored nodes as rows of the node list's columns: positions[i] is the row of the cycle's nodes[i] in list.
 * Integers in an Int32Array: a typed array indexed by a double takes V8's slow keyed load. `first` says when
 * the rows are consecutive, positions[i] = (first + i) mod list.length (the score table then keeps no column).
 */
export interface NodeRows { columns: NodeColumns; positions: Int32Array; list: readonly NodeInfo[]; first?: number }

/** Rows for nodes without a node list's (a test's or a copy's): columns of their own, written now. */
export function rowsOf(nodes: readonly NodeInfo[]): NodeRows {
  const columns = new NodeColumns(nodes.length);
  const positions = new Int32Array(nodes.length);
  for (let i = 0; i < nodes.length; i++) {
    columns.write(i, nodes[i]);
    positions[i] = i;
  }
  return { columns, positions, list: nodes };
}

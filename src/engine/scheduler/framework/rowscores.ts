// A Score plugin's scores by node-list row, for one pod shape (the pod's numbers the score reads), kept until
// the row changes. The pods of a workload ask the same question of the same nodes cycle after cycle, and a
// cycle changes one row (the node it chose): the other rows' scores are read back, not computed again.
import { BlockMarks, ROW_BLOCK_BITS, type NodeColumns, type NodeRows } from './nodecolumns.ts';

/** A Score plugin's formula for one row of the columns, for a pod of these (non-zero) cpu and memory requests. */
export interface RowScorer { scoreRow(columns: NodeColumns, r: number, cpu: number, memory: number): number }

export class RowScores {
  private columns: NodeColumns | undefined;
  private cpu = NaN;
  private memory = NaN;
  /** Per row: the score, and the row's version (NodeColumns.version) it was computed from; 0 for none. */
  values = new Float64Array(0);
  versions = new Uint32Array(0);
  /** gather's indices of the rows without a kept score. */
  misses = new Int32Array(0);
  /** The blocks of rows whose every score is kept: read without a version check per row. */
  private readonly kept = new BlockMarks();

  /** Ready for the columns and the pod's cpu and memory: the scores of another list or pod shape are dropped. */
  use(columns: NodeColumns, cpu: number, memory: number): void {
    if (this.columns === columns && this.cpu === cpu && this.memory === memory) return;
    if (this.columns === columns) this.versions.fill(0);
    else {
      this.values = new Float64Array(columns.length);
      this.versions = new Uint32Array(columns.length);
    }
    this.kept.clear(columns);
    this.columns = columns;
    this.cpu = cpu;
    this.memory = memory;
  }

  /**
   * out[i] = the kept score of row positions[i] for i < n; the i whose rows have none (computed since their last
   * change) are misses[0 … returned count), for the plugin to score and keep before the columns change. One
   * tight loop for the common case, every row kept but the one the last cycle chose; over consecutive rows,
   * whole blocks unchanged since all their scores were kept are copied without a check per row.
   */
  gather(rows: NodeRows, n: number, out: Float64Array): number {
    if (this.misses.length < n) this.misses = new Int32Array(n);
    return rows.first === undefined ? this.gatherRows(rows.positions, n, out) : this.gatherRun(rows.first, n, out);
  }

  private gatherRows(positions: Int32Array, n: number, out: Float64Array): number {
    const version = this.columns!.version;
    const { values, versions, misses } = this;
    let missed = 0;
    for (let i = 0; i < n; i++) {
      const r = positions[i];
      if (versions[r] === version[r]) out[i] = values[r];
      else misses[missed++] = i;
    }
    return missed;
  }

  /** gatherRows over the rows first, first + 1, … (wrapping at the end of the list), block by block. */
  private gatherRun(first: number, n: number, out: Float64Array): number {
    const { version, length } = this.columns!;
    const { values, versions, misses, kept } = this;
    let missed = 0;
    let i = 0, r = first;
    while (i < n) {
      const b = r >> ROW_BLOCK_BITS;
      const blockEnd = Math.min((b + 1) << ROW_BLOCK_BITS, length);
      const end = Math.min(blockEnd, r + n - i);
      if (kept.holds(b)) {
        while (r < end) out[i++] = values[r++];
      } else {
        // The whole block seen: once its misses are kept (before the columns change), every row of it is.
        if (r === b << ROW_BLOCK_BITS && end === blockEnd) kept.mark(b);
        for (; r < end; r++, i++) {
          if (versions[r] === version[r]) out[i] = values[r];
          else misses[missed++] = i;
        }
      }
      if (r === length) r = 0;
    }
    return missed;
  }

  /**
   * out[i] = the score of row positions[i] for a pod of this cpu and memory, for i < n: kept scores read back
   * (gather), the others scored by the plugin's formula and kept.
   */
  scoreRows(rows: NodeRows, n: number, cpu: number, memory: number, out: Float64Array, scorer: RowScorer): void {
    const { columns, positions } = rows;
    this.use(columns, cpu, memory);
    const missed = this.gather(rows, n, out);
    const misses = this.misses;
    for (let k = 0; k < missed; k++) {
      const i = misses[k], r = positions[i];
      out[i] = this.keep(r, scorer.scoreRow(columns, r, cpu, memory));
    }
  }

  /** Keep row r's score, computed from its current version. */
  keep(r: number, score: number): number {
    this.versions[r] = this.columns!.version[r];
    return (this.values[r] = score);
  }
}

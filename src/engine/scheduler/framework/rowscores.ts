// A Score plugin's scores by node-list row, for one pod shape (the pod's numbers the score reads), kept until
// the row changes. The pods of a workload ask the same question of the same nodes cycle after cycle, and a
// cycle changes one row (the node it chose): the other rows' scores are read back, not computed again.
import type { NodeColumns } from './nodecolumns.ts';

export class RowScores {
  private columns: NodeColumns | undefined;
  private cpu = NaN;
  private memory = NaN;
  /** Per row: the score, and the row's version (NodeColumns.version) it was computed from; 0 for none. */
  values = new Float64Array(0);
  versions = new Uint32Array(0);
  /** gather's indices of the rows without a kept score. */
  misses = new Int32Array(0);

  /** Ready for the columns and the pod's cpu and memory: the scores of another list or pod shape are dropped. */
  use(columns: NodeColumns, cpu: number, memory: number): void {
    if (this.columns === columns && this.cpu === cpu && this.memory === memory) return;
    if (this.columns === columns) this.versions.fill(0);
    else {
      this.values = new Float64Array(columns.length);
      this.versions = new Uint32Array(columns.length);
    }
    this.columns = columns;
    this.cpu = cpu;
    this.memory = memory;
  }

  /**
   * out[i] = the kept score of row positions[i] for i < n; the i whose rows have none (computed since their last
   * change) are misses[0 … returned count), for the plugin to score and keep. One tight loop for the common case,
   * every row kept but the one the last cycle chose.
   */
  gather(positions: Int32Array, n: number, out: Float64Array): number {
    const version = this.columns!.version;
    const { values, versions } = this;
    if (this.misses.length < n) this.misses = new Int32Array(n);
    const misses = this.misses;
    let missed = 0;
    for (let i = 0; i < n; i++) {
      const r = positions[i];
      if (versions[r] === version[r]) out[i] = values[r];
      else misses[missed++] = i;
    }
    return missed;
  }

  /** Keep row r's score, computed from its current version. */
  keep(r: number, score: number): number {
    this.versions[r] = this.columns!.version[r];
    return (this.values[r] = score);
  }
}

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
}

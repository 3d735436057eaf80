// The Filter rejections of one scheduling attempt, recorded without an object per node: a cycle may reject
// thousands of nodes (pod affinity to one zone rejects two nodes in three), and the trace keeps them all.
import type { Status } from './framework/status.ts';
import type { FilterVerdict, SchedulingTrace } from './trace.ts';

export class RejectedNodes {
  /** Parallel lists: the node (its name is read when the verdicts are made) and the status that rejected it. */
  readonly nodes: { readonly name: string }[] = [];
  readonly statuses: Status[] = [];

  push(node: { readonly name: string }, status: Status): void {
    this.nodes.push(node);
    this.statuses.push(status);
  }

  get length(): number { return this.nodes.length; }

  verdicts(): FilterVerdict[] {
    const out: FilterVerdict[] = new Array(this.nodes.length);
    for (let i = 0; i < out.length; i++) {
      const s = this.statuses[i];
      out[i] = { node: this.nodes[i].name, plugin: s.plugin, code: s.code, reasons: s.reasons };
    }
    return out;
  }
}

/**
 * trace.rejected made from the log when first read (explain, the fit error, JSON for the page); reading it
 * replaces the accessor with the list, so every reader sees the same array.
 */
export function attachRejected(trace: SchedulingTrace, log: RejectedNodes): void {
  Object.defineProperty(trace, 'rejected', {
    enumerable: true, configurable: true,
    get(): FilterVerdict[] {
      const value = log.verdicts();
      Object.defineProperty(trace, 'rejected', { value, enumerable: true, configurable: true, writable: true });
      return value;
    },
  });
}

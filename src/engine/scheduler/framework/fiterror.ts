// FitError.Error() (pkg/scheduler/framework/types.go): why no node fits, as FailedScheduling and preemption say it.

export interface Diagnosis {
  /** The reasons of every node that has a status. */
  nodeReasons: string[][];
  /** The reasons that count for every node without a status (NodeToStatus.AbsentNodesStatus). */
  absentReasons?: string[];
  /** A PreFilter rejection: it stands for every node, so the per-node histogram is left out. */
  preFilterMsg?: string;
  postFilterMsg?: string;
}

/** "0/3 nodes are available: 1 Insufficient cpu, 2 node(s) had untolerated taint {…}." and the PostFilter message. */
export function fitErrorMessage(numAllNodes: number, d: Diagnosis): string {
  let msg = `0/${numAllNodes} nodes are available:`;
  if (d.preFilterMsg) msg += ` ${d.preFilterMsg}.`;
  else {
    const histogram = new Map<string, number>();
    const count = (reason: string, n: number) => histogram.set(reason, (histogram.get(reason) ?? 0) + n);
    for (const reasons of d.nodeReasons) for (const r of reasons) count(r, 1);
    const absent = numAllNodes - d.nodeReasons.length;
    if (absent > 0) for (const r of d.absentReasons ?? []) count(r, absent);
    const parts = [...histogram].map(([reason, n]) => `${n} ${reason}`).sort();
    if (parts.length) msg += ` ${parts.join(', ')}.`;
  }
  if (d.postFilterMsg) msg += ` ${d.postFilterMsg}`;
  return msg;
}

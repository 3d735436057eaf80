// A scheduling explanation as one verdict per node, for the map's highlight and the drawer's table rows.
import type { SchedulingExplanation } from '../../worker/protocol.ts';
import type { NodeVerdict } from '../map/mapContext.ts';

export function nodeVerdicts(x: SchedulingExplanation | null | undefined, nodes: Iterable<string>): Map<string, NodeVerdict> {
  const out = new Map<string, NodeVerdict>();
  if (!x) return out;
  const totals = new Map(x.scores.map((s) => [s.node, s.total]));
  const rejected = new Map<string, { plugin: string; reason: string }>();
  for (const r of x.rejected) if (!rejected.has(r.node)) rejected.set(r.node, { plugin: r.plugin, reason: r.reasons.join(', ') });
  for (const node of nodes) {
    const r = rejected.get(node);
    if (x.preFilter) out.set(node, { state: 'rejected', plugin: x.preFilter.plugin, reason: x.preFilter.reasons.join(', ') });
    else if (r) out.set(node, { state: 'rejected', ...r });
    else if (x.result === 'Scheduled' && x.node === node) out.set(node, { state: 'chosen', score: totals.get(node) });
    else if (x.postFilter?.nominatedNode === node) out.set(node, { state: 'nominated' });
    else if (totals.has(node)) out.set(node, { state: 'feasible', score: totals.get(node) });
    // Evaluated (every node when all were), not rejected: it passed the filters.
    else if (x.nodesEvaluated >= x.nodesTotal && x.result !== 'Error') out.set(node, { state: 'feasible' });
    else out.set(node, { state: 'skipped' });
  }
  return out;
}

// `sim explain pod`: the scheduler's last decision about a pod, node by node.
import { traceScores, type SchedulingTrace } from '../scheduler/trace.ts';
import { humanDuration } from '../kubectl/printers/duration.ts';

export function explainPod(trace: SchedulingTrace | undefined, name: string, now: number): string {
  if (!trace) return `The scheduler has no record of pod "${name}": it may have named its node (spec.nodeName), not been created yet, or its trace was evicted from the buffer.`;
  const lines = [
    `Pod ${trace.pod}: attempt ${trace.attempt}, ${humanDuration(now - trace.time)} ago, profile ${trace.profile}`,
    `Result: ${trace.result}${trace.node ? ` on ${trace.node}` : ''}`,
    `Message: ${trace.message}`,
    `Nodes: ${trace.nodesTotal} in cluster, ${trace.nodesEvaluated} evaluated, ${trace.feasible} feasible`,
  ];
  if (trace.queue) lines.push(`Queue: ${trace.queue}${trace.queueReason ? ` (${trace.queueReason})` : ''}`);
  if (trace.preFilterExcluded) lines.push(`Left out by PreFilter: ${trace.preFilterExcluded.nodes} node(s) (${trace.preFilterExcluded.reasons.join(', ')})`);
  if (trace.rejected.length) {
    lines.push('', 'Filtered out:');
    for (const r of trace.rejected) lines.push(`  ${r.node}\t${r.plugin}\t${r.reasons.join(', ')}`);
  }
  if (trace.postFilter?.nominatedNode) {
    lines.push('', `Preemption: nominated to ${trace.postFilter.nominatedNode}, evicting ${trace.postFilter.victims?.join(', ') || 'nothing'}`);
  }
  const scores = traceScores(trace);
  if (scores.length) {
    lines.push('', 'Scores (normalized × weight):');
    const sorted = [...scores].sort((a, b) => b.total - a.total);
    for (const s of sorted) {
      lines.push(`  ${s.node}\ttotal ${s.total}\t${s.plugins.map((p) => `${p.plugin} ${p.normalized}×${p.weight}`).join(', ')}${s.node === trace.node ? '\t← chosen' : ''}`);
    }
  }
  if (trace.earlier?.length) {
    lines.push('', 'Earlier attempts:');
    for (const a of [...trace.earlier].reverse()) {
      lines.push(`  attempt ${a.attempt}, ${humanDuration(now - a.time)} ago: ${a.result}${a.node ? ` on ${a.node}` : ''}${a.message ? ` — ${a.message}` : ''}${a.queue ? ` → ${a.queue}${a.queueReason ? ` (${a.queueReason})` : ''}` : ''}`);
    }
  }
  return lines.join('\n');
}

// kubectl get pods: NAME READY STATUS RESTARTS AGE, wide IP NODE NOMINATED NODE READINESS GATES.
import type { Pod } from 'kubernetes-types/core/v1';
import { summarizePod } from '../podstatus.ts';
import { translateTimestampSince } from '../time.ts';
import { typed, type TableDef } from './column.ts';

function readinessGates(pod: Pod): string {
  const gates = pod.spec?.readinessGates ?? [];
  if (gates.length === 0) return '<none>';
  let trueConditions = 0;
  for (const gate of gates) {
    const c = (pod.status?.conditions ?? []).find((x) => x.type === gate.conditionType);
    if (c?.status === 'True') trueConditions++;
  }
  return `${trueConditions}/${gates.length}`;
}

export const podTable: TableDef = {
  columns: [
    { name: 'Name' }, { name: 'Ready' }, { name: 'Status' }, { name: 'Restarts' }, { name: 'Age' },
    { name: 'IP', wide: true }, { name: 'Node', wide: true }, { name: 'Nominated Node', wide: true },
    { name: 'Readiness Gates', wide: true },
  ],
  row(obj, { now }) {
    const pod = typed<Pod>(obj);
    const s = summarizePod(pod, now);
    return [
      pod.metadata?.name ?? '', s.ready, s.status, s.restarts, translateTimestampSince(pod.metadata?.creationTimestamp, now),
      pod.status?.podIPs?.[0]?.ip || '<none>', pod.spec?.nodeName || '<none>',
      pod.status?.nominatedNodeName || '<none>', readinessGates(pod),
    ];
  },
};

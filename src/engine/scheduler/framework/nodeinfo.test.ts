// NodeInfo keeps its pods with affinity terms as pods come and go; the list must always equal a rescan of its pods.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hasAffinity, NodeInfo, podInfoOf } from './nodeinfo.ts';
import { node, pod, term } from '../plugins/PodTopologySpread.fixtures.ts';

type Op = { op: 'add'; pod: number; kind: 'anti' | 'affinity' | 'preferred' | 'none' } | { op: 'remove'; pod: number } | { op: 'clone' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('add' as const), pod: fc.nat(7), kind: fc.constantFrom('anti' as const, 'affinity' as const, 'preferred' as const, 'none' as const) }),
  fc.record({ op: fc.constant('remove' as const), pod: fc.nat(7) }),
  fc.record({ op: fc.constant('clone' as const) }),
);

function affinityOf(kind: string) {
  const t = term('kubernetes.io/hostname', 'app', 'In', ['web']);
  if (kind === 'anti') return { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [t] } };
  if (kind === 'affinity') return { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [t] } };
  if (kind === 'preferred') return { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 5, podAffinityTerm: t }] } };
  return undefined;
}

describe('NodeInfo.podsWithAffinity', () => {
  it('property: after any sequence of adds (new pods and updates), removals and copies, it is the pods with affinity in pod order', () => {
    fc.assert(fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
      let n = new NodeInfo(node('n0'));
      for (const o of ops) {
        // A pod name stands for one uid: adding it again is an update of the pod (its affinity may change).
        if (o.op === 'add') n.addPod(podInfoOf(pod(`p${o.pod}`, { node: 'n0', labels: { app: 'web' }, affinity: affinityOf(o.kind) })));
        else if (o.op === 'remove') n.removePod(`default/p${o.pod}`);
        else n = n.clone();
        expect(n.podsWithAffinity).toEqual([...n.pods.values()].filter((info) => hasAffinity(info.pod)));
      }
    }), { numRuns: 300 });
  });
});

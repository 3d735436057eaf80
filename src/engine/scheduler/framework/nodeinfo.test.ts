// NodeInfo keeps sums and lists of its pods as pods come, change and go; they must always equal a recount.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hasAffinity, NodeInfo, podInfoOf } from './nodeinfo.ts';
import { node, pod, term } from '../plugins/PodTopologySpread.fixtures.ts';

type Kind = 'anti' | 'affinity' | 'preferred' | 'none';
type Op =
  | { op: 'add'; pod: number; kind: Kind; cpu: number }
  | { op: 'update'; pod: number; kind: Kind; app: string }
  | { op: 'restatus'; pod: number; phase: string }
  | { op: 'remove'; pod: number }
  | { op: 'clone' };

const kindArb = fc.constantFrom('anti' as const, 'affinity' as const, 'preferred' as const, 'none' as const);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('add' as const), pod: fc.nat(7), kind: kindArb, cpu: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ op: fc.constant('update' as const), pod: fc.nat(7), kind: kindArb, app: fc.constantFrom('web', 'db') }),
  fc.record({ op: fc.constant('restatus' as const), pod: fc.nat(7), phase: fc.constantFrom('Pending', 'Running') }),
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

/** The numbers NodeInfo sums over its pods (a resource no pod asks for any more may stay at 0). */
const sums = (n: NodeInfo) => [n.podCount, n.requestedMilliCPU, n.requestedMemory, n.nonZeroMilliCPU, n.nonZeroMemory, Object.entries(n.requested).filter(([, v]) => v !== 0)];

describe('NodeInfo', () => {
  it('property: after any sequence of adds, updates and status writes (lending their sums), removals and copies, the sums, the pods with affinity and the pods by label equal a recount', () => {
    fc.assert(fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
      let n = new NodeInfo(node('n0'));
      n.podsLabelled('app', 'web'); // the label index is kept from now on
      for (const o of ops) {
        // A pod name stands for one uid: adding it again replaces the pod (its requests and affinity may change).
        if (o.op === 'add') {
          const p = pod(`p${o.pod}`, { node: 'n0', labels: { app: 'web' }, affinity: affinityOf(o.kind) });
          p.spec!.containers[0].resources = { requests: { cpu: `${o.cpu}00m` } };
          n.addPod(podInfoOf(p));
        } else if (o.op === 'update') {
          // A new version of a pod on the node, with the same containers: its PodInfo lends the sums.
          const was = n.pods.get(`default/p${o.pod}`);
          if (was) n.addPod(podInfoOf({ ...was.pod, metadata: { ...was.pod.metadata, labels: { app: o.app } }, spec: { ...was.pod.spec!, affinity: affinityOf(o.kind) } }, was));
        } else if (o.op === 'restatus') {
          // A status write: a new version sharing the pod's labels, spec and sums.
          const was = n.pods.get(`default/p${o.pod}`);
          if (was) n.addPod(podInfoOf({ ...was.pod, status: { phase: o.phase } }, was));
        } else if (o.op === 'remove') n.removePod(`default/p${o.pod}`);
        else n = n.clone();
        const recount = new NodeInfo(node('n0'));
        for (const info of n.pods.values()) recount.addPod(info);
        expect(sums(n)).toEqual(sums(recount));
        expect(n.podsWithAffinity).toEqual([...n.pods.values()].filter((info) => hasAffinity(info.pod)));
        // The label lists in any order, each pod's current version once.
        for (const app of ['web', 'db']) {
          const want = [...n.pods.values()].filter((info) => info.pod.metadata?.labels?.app === app);
          const got = n.podsLabelled('app', app);
          expect(got.length).toBe(want.length);
          for (const info of want) expect(got).toContain(info);
        }
      }
    }), { numRuns: 300 });
  });
});

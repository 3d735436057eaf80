// NodeInfo keeps sums and lists of its pods as pods come, change and go; they must always equal a recount.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod } from 'kubernetes-types/core/v1';
import { hasAffinity, NodeChangeLog, NodeInfo, podInfoOf } from './nodeinfo.ts';
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

  it('property: updatePod (a new version in place when nothing the node derives changed) leaves the node as addPod of a new PodInfo does', () => {
    type Change = 'status' | 'labels' | 'affinity' | 'requests' | 'resize' | 'deletion' | 'again' | 'remove';
    const changeArb = fc.record({ pod: fc.nat(5), change: fc.constantFrom<Change>('status', 'status', 'again', 'labels', 'affinity', 'requests', 'resize', 'deletion', 'remove'), kind: kindArb, app: fc.constantFrom('web', 'db') });
    fc.assert(fc.property(fc.array(changeArb, { maxLength: 40 }), (changes) => {
      // The same versions go to both nodes: `fast` as the scheduler cache gives them, `full` through addPod alone.
      const fast = new NodeInfo(node('n0')), full = new NodeInfo(node('n0'));
      const logs = [fast, full].map((n) => (n.log = new NodeChangeLog(100)));
      fast.podsLabelled('app', 'web');
      full.podsLabelled('app', 'web');
      const current = new Map<number, Pod>();
      for (const c of changes) {
        let p = current.get(c.pod);
        if (!p || c.change === 'requests') {
          p = pod(`p${c.pod}`, { node: 'n0', labels: { app: c.app }, affinity: affinityOf(c.kind) });
          p.spec!.containers[0].resources = { requests: { cpu: `${c.pod + 1}00m` } };
        } else if (c.change === 'remove') {
          fast.removePod(p.metadata!.uid!);
          full.removePod(p.metadata!.uid!);
          current.delete(c.pod);
          continue;
        } else if (c.change === 'status') p = { ...p, status: { phase: c.app } };
        else if (c.change === 'labels') p = { ...p, metadata: { ...p.metadata, labels: { app: c.app } } };
        else if (c.change === 'resize') p = { ...p, spec: { ...p.spec!, containers: [{ name: 'c', image: 'nginx:1.27', resources: { requests: { cpu: `${c.pod + 7}00m` } } }] } };
        else if (c.change === 'affinity') p = { ...p, spec: { ...p.spec!, affinity: affinityOf(c.kind) } };
        else if (c.change === 'deletion') p = { ...p, metadata: { ...p.metadata, deletionTimestamp: '2024-01-01T00:00:00Z' } };
        current.set(c.pod, p);
        if (!fast.updatePod(p)) fast.addPod(podInfoOf(p, fast.pods.get(p.metadata!.uid!)));
        full.addPod(podInfoOf(p, full.pods.get(p.metadata!.uid!)));
        const view = (n: NodeInfo) => ({
          pods: [...n.pods].map(([uid, info]) => [uid, info.pod, info.requests, info.nonZero]),
          sums: sums(n),
          withAffinity: n.podsWithAffinity.map((info) => info.pod),
          labelled: ['web', 'db'].map((app) => n.podsLabelled('app', app).map((info) => info.pod)),
          generations: [n.generation, n.selectorGeneration],
        });
        const a = view(fast), b = view(full);
        expect(a).toEqual(b);
        // The very versions, not equal copies.
        a.pods.forEach((e, i) => expect(e[1]).toBe(b.pods[i][1]));
        const entries = (l: NodeChangeLog) => Array.from({ length: l.end }, (_, k) => [l.at(k), l.generationAt(k), l.podAt(k), l.signAt(k)]);
        expect(entries(logs[0])).toEqual(entries(logs[1]));
      }
    }), { numRuns: 300 });
  });
});

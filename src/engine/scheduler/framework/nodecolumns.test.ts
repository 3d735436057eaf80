// The node list's columns stay in step with its NodeInfos, and the Filter shortcuts over them never pass a
// node that Filter would reject.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Node, Pod, Taint } from 'kubernetes-types/core/v1';
import { SchedulerCache } from '../cache.ts';
import { CycleState, type FilterPlugin } from './interface.ts';
import { NodeColumns } from './nodecolumns.ts';
import { SUCCESS } from './status.ts';
import { NodeName } from '../plugins/NodeName.ts';
import { NodeResourcesFit } from '../plugins/NodeResourcesFit.ts';
import { NodeUnschedulable } from '../plugins/NodeUnschedulable.ts';
import { TaintToleration } from '../plugins/TaintToleration.ts';
import { NodeAffinity } from '../plugins/NodeAffinity.ts';
import { PrioritySort } from '../plugins/PrioritySort.ts';
import { Framework } from './runtime.ts';

const EFFECTS = ['NoSchedule', 'NoExecute', 'PreferNoSchedule'] as const;

const nodeArb = (name: string) => fc.record({
  cpu: fc.integer({ min: 0, max: 8000 }), memory: fc.integer({ min: 0, max: 1 << 20 }), pods: fc.integer({ min: 0, max: 4 }),
  gpu: fc.option(fc.integer({ min: 0, max: 2 })), unschedulable: fc.boolean(), taints: fc.array(fc.constantFrom(...EFFECTS), { maxLength: 2 }),
}).map(({ cpu, memory, pods, gpu, unschedulable, taints }): Node => {
  const allocatable: Record<string, string> = { cpu: `${cpu}m`, memory: String(memory), pods: String(pods), ...(gpu !== null && { 'nvidia.com/gpu': String(gpu) }) };
  const t: Taint[] = taints.map((effect, i) => ({ key: `k${i}`, value: 'v', effect }));
  return { metadata: { name }, spec: { unschedulable, taints: t }, status: { allocatable } };
});

const podArb = (uid: string) => fc.record({
  cpu: fc.option(fc.integer({ min: 0, max: 3000 })), memory: fc.option(fc.integer({ min: 0, max: 1 << 19 })), gpu: fc.option(fc.integer({ min: 1, max: 2 })),
  nodeName: fc.option(fc.constantFrom('n0', 'n1')), tolerate: fc.boolean(),
}).map(({ cpu, memory, gpu, nodeName, tolerate }): Pod => {
  const requests: Record<string, string> = { ...(cpu !== null && { cpu: `${cpu}m` }), ...(memory !== null && { memory: String(memory) }), ...(gpu !== null && { 'nvidia.com/gpu': String(gpu) }) };
  return {
    metadata: { name: uid, uid, namespace: 'default' },
    spec: { ...(nodeName !== null && { nodeName }), containers: [{ name: 'c', image: 'pause', resources: { requests } }], ...(tolerate && { tolerations: [{ operator: 'Exists' }] }) },
  };
});

type Op =
  | { kind: 'node'; name: string; node: Node }
  | { kind: 'removeNode'; name: string }
  | { kind: 'pod'; pod: Pod; node: string }
  | { kind: 'removePod'; uid: string }
  | { kind: 'list' };

const NAMES = ['n0', 'n1', 'n2', 'n3'];
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.constantFrom(...NAMES).chain((name) => nodeArb(name).map((node) => ({ kind: 'node' as const, name, node }))),
  fc.constantFrom(...NAMES).map((name) => ({ kind: 'removeNode' as const, name })),
  fc.tuple(fc.integer({ min: 0, max: 5 }), fc.constantFrom(...NAMES)).chain(([u, node]) => podArb(`p${u}`).map((pod) => ({ kind: 'pod' as const, pod, node }))),
  fc.integer({ min: 0, max: 5 }).map((u) => ({ kind: 'removePod' as const, uid: `p${u}` })),
  fc.constant({ kind: 'list' as const }),
);

/** Row i of the columns as a record, to compare with a row written from the NodeInfo now. */
function row(c: NodeColumns, i: number): number[] {
  return [c.allocatableMilliCPU, c.allocatableMemory, c.allowedPodNumber, c.podCount, c.freeMilliCPU, c.freeMemory, c.nonZeroMilliCPU, c.nonZeroMemory, c.unschedulable, c.noScheduleTaints, c.preferNoScheduleTaints].map((a) => a[i]);
}

function apply(cache: SchedulerCache, op: Op): void {
  switch (op.kind) {
    case 'node': return cache.addOrUpdateNode(op.node);
    case 'removeNode': return cache.removeNode(op.name);
    case 'pod': return cache.addOrUpdatePod({ ...op.pod, spec: { ...op.pod.spec!, nodeName: op.node } });
    case 'removePod': return cache.removePod({ metadata: { uid: op.uid } });
    case 'list': cache.nodeList(); return;
  }
}

describe('NodeColumns', () => {
  it('property: every row equals its node, and the PreferNoSchedule count its rows, as pods and nodes come, change and go', () => {
    fc.assert(fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
      const cache = new SchedulerCache();
      for (const op of ops) {
        apply(cache, op);
        // Without a rebuild in between (the cycle's list), rows of listed nodes must follow their pod changes.
        const list = cache.nodeList(), columns = cache.columns();
        expect(columns.length).toBe(list.length);
        for (const [i, node] of list.entries()) {
          const fresh = new NodeColumns(1);
          fresh.write(0, node);
          expect(row(columns, i)).toEqual(row(fresh, 0));
        }
        expect(columns.nodesWithPreferNoSchedule).toBe(list.filter((n) => n.preferNoScheduleTaints.length > 0).length);
        expect(columns.nodesWithNoSchedule).toBe(list.filter((n) => n.noScheduleTaints.length > 0).length);
        expect(columns.unschedulableNodes).toBe(list.filter((n) => n.unschedulable).length);
      }
    }), { numRuns: 300 });
  });

  it('property: a row that fitsByColumns passes is one that filter passes, and it says so when it passes every row', () => {
    const plugins: FilterPlugin[] = [new NodeUnschedulable(), new NodeName(), new TaintToleration(), new NodeResourcesFit()];
    fc.assert(fc.property(fc.array(nodeArb('n0'), { minLength: 1, maxLength: 6 }), podArb('incoming'), fc.array(podArb('x'), { maxLength: 3 }), (nodes, incoming, existing) => {
      const cache = new SchedulerCache();
      nodes.forEach((n, i) => cache.addOrUpdateNode({ ...n, metadata: { name: `n${i}` } }));
      existing.forEach((p, i) => cache.addOrUpdatePod({ ...p, metadata: { ...p.metadata, uid: `x${i}` }, spec: { ...p.spec!, nodeName: `n${i % nodes.length}` } }));
      const list = cache.nodeList(), columns = cache.columns();
      for (const plugin of plugins) {
        const state = new CycleState();
        const fits = new Uint8Array(list.length).fill(1);
        const vouched = plugin.fitsByColumns!(state, incoming, columns, 0, list.length, fits);
        expect(vouched).toBe(fits.every((f) => f === 1));
        for (const [i, node] of list.entries()) if (fits[i]) expect(plugin.filter(state, incoming, node)).toBe(SUCCESS);
      }
    }), { numRuns: 500 });
  });

  it('property: the framework answers vouched nodes as runFilter does, with filters that read no columns among them', () => {
    const fit = new NodeResourcesFit(), affinity = new NodeAffinity();
    const filter: FilterPlugin[] = [new NodeUnschedulable(), new NodeName(), new TaintToleration(), affinity, fit];
    const fwk = new Framework('test', {
      preEnqueue: [], queueSort: new PrioritySort(), preFilter: [affinity, fit], filter, postFilter: [],
      preScore: [], score: [], reserve: [], permit: [], preBind: [], bind: [], postBind: [],
    }, 0, new Map());
    const zoned = fc.tuple(nodeArb('n0'), fc.constantFrom('a', 'b'));
    fc.assert(fc.property(fc.array(zoned, { minLength: 1, maxLength: 6 }), podArb('incoming'), fc.option(fc.constantFrom('a', 'b')), (nodes, incoming, zone) => {
      const cache = new SchedulerCache();
      nodes.forEach(([n, z], i) => cache.addOrUpdateNode({ ...n, metadata: { name: `n${i}`, labels: { zone: z } } }));
      const pod = zone === null ? incoming : { ...incoming, spec: { ...incoming.spec!, nodeSelector: { zone } } };
      const state = new CycleState();
      const list = cache.nodeList();
      if (!fwk.runPreFilter(state, pod, list).status.isSuccess() || !fwk.filtersByColumns(state)) return;
      const fits = new Uint8Array(list.length);
      const vouched = fwk.fitsByColumns(state, pod, cache.columns(), 0, list.length, fits);
      expect(vouched).toBe(fits.every((f) => f === 1));
      for (const [i, node] of list.entries()) if (fits[i]) expect(fwk.runFilterVouched(state, pod, node)).toEqual(fwk.runFilter(state, pod, node));
    }), { numRuns: 500 });
  });
});

describe('NodeResourcesFit fitsByColumns over blocks of rows', () => {
  it('property: rows passed are rows filter passes, run after run, as pods fill and leave a 200-node list', () => {
    const cache = new SchedulerCache();
    for (let i = 0; i < 200; i++) cache.addOrUpdateNode({ metadata: { name: `m${i}` }, status: { allocatable: { cpu: '1', memory: String(1 << 20), pods: String(1 + (i % 3)) } } });
    const fit = new NodeResourcesFit();
    const stepArb = fc.record({ node: fc.nat(199), uid: fc.nat(300), remove: fc.boolean(), cpu: fc.integer({ min: 0, max: 600 }), from: fc.nat(199), length: fc.integer({ min: 1, max: 200 }) });
    fc.assert(fc.property(fc.array(stepArb, { maxLength: 60 }), (steps) => {
      for (const s of steps) {
        const uid = `q${s.uid}`;
        if (s.remove) cache.removePod({ metadata: { uid } });
        else cache.addOrUpdatePod({ metadata: { name: uid, uid, namespace: 'default' }, spec: { nodeName: `m${s.node}`, containers: [{ name: 'c', image: 'pause', resources: { requests: { cpu: `${s.cpu}m` } } }] } });
        const list = cache.nodeList(), columns = cache.columns();
        const incoming: Pod = { metadata: { name: 'in', uid: 'in', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'pause', resources: { requests: { cpu: '200m' } } }] } };
        const state = new CycleState();
        const to = Math.min(list.length, s.from + s.length);
        const fits = new Uint8Array(to - s.from).fill(1);
        const vouched = fit.fitsByColumns(state, incoming, columns, s.from, to, fits);
        expect(vouched).toBe(fits.every((f) => f === 1));
        for (let i = s.from; i < to; i++) expect(fits[i - s.from] === 1).toBe(fit.filter(state, incoming, list[i]) === SUCCESS);
      }
    }), { numRuns: 100 });
  });
});

// Scores kept per row (RowScores) are the scores computed afresh, as pods and nodes come, change and go and
// pods of a few shapes take turns.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { SchedulerCache } from '../cache.ts';
import { CycleState, type ScorePlugin } from './interface.ts';
import { NodeResourcesBalancedAllocation } from '../plugins/NodeResourcesBalancedAllocation.ts';
import { NodeResourcesFit } from '../plugins/NodeResourcesFit.ts';

const NAMES = ['n0', 'n1', 'n2', 'n3', 'n4'];
const node = (name: string, cpu: number, memory: number): Node => ({ metadata: { name }, status: { allocatable: { cpu: `${cpu}m`, memory: String(memory), pods: '10' } } });
const pod = (uid: string, cpu: number | null, memory: number | null): Pod => ({
  metadata: { name: uid, uid, namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'pause', resources: { requests: { ...(cpu !== null && { cpu: `${cpu}m` }), ...(memory !== null && { memory: String(memory) }) } } }] },
});

type Op =
  | { kind: 'node'; name: string; cpu: number; memory: number }
  | { kind: 'removeNode'; name: string }
  | { kind: 'pod'; uid: string; node: string; cpu: number; memory: number }
  | { kind: 'removePod'; uid: string }
  | { kind: 'score'; shape: number; from: number; count: number; consecutive: boolean };

const amount = fc.integer({ min: 0, max: 4000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('node' as const), name: fc.constantFrom(...NAMES), cpu: amount, memory: amount }),
  fc.record({ kind: fc.constant('removeNode' as const), name: fc.constantFrom(...NAMES) }),
  fc.record({ kind: fc.constant('pod' as const), uid: fc.constantFrom('a', 'b', 'c', 'd'), node: fc.constantFrom(...NAMES), cpu: amount, memory: amount }),
  fc.record({ kind: fc.constant('removePod' as const), uid: fc.constantFrom('a', 'b', 'c', 'd') }),
  fc.record({ kind: fc.constant('score' as const), shape: fc.integer({ min: 0, max: 2 }), from: fc.nat(), count: fc.nat(), consecutive: fc.boolean() }),
);

/** Three pod shapes: two with requests (one twice, under two objects) and one without (the non-zero defaults). */
const SHAPES = [pod('x', 100, 1000), pod('y', 100, 1000), pod('z', null, null)];

describe('RowScores', () => {
  it('property: scoreNodes over the node list equals score() of each node', () => {
    const plugins = (): ScorePlugin[] => [
      new NodeResourcesFit(), new NodeResourcesFit({ scoringStrategy: { type: 'MostAllocated' } }), new NodeResourcesBalancedAllocation(),
    ];
    fc.assert(fc.property(fc.array(opArb, { maxLength: 60 }), (ops) => {
      const cache = new SchedulerCache();
      const scorers = plugins();
      for (const op of ops) {
        switch (op.kind) {
          case 'node': cache.addOrUpdateNode(node(op.name, op.cpu, op.memory)); break;
          case 'removeNode': cache.removeNode(op.name); break;
          case 'pod': { const p = pod(op.uid, op.cpu, op.memory); cache.addOrUpdatePod({ ...p, spec: { ...p.spec!, nodeName: op.node } }); break; }
          case 'removePod': cache.removePod({ metadata: { uid: op.uid } }); break;
          case 'score': {
            // Some rows from a position on, wrapping at the end, named by the first or one by one.
            const list = cache.nodeList();
            if (!list.length) break;
            const first = op.from % list.length;
            const positions = Int32Array.from({ length: 1 + (op.count % list.length) }, (_, i) => (first + i) % list.length);
            const scored = [...positions].map((r) => list[r]);
            for (const plugin of scorers) {
              const state = new CycleState();
              const out = new Float64Array(scored.length);
              plugin.scoreNodes!(state, SHAPES[op.shape], scored, out, { columns: cache.columns(), positions, list, ...(op.consecutive && { first }) });
              expect([...out]).toEqual(scored.map((n) => plugin.score(state, SHAPES[op.shape], n)));
            }
          }
        }
      }
    }), { numRuns: 300 });
  });
});

describe('RowScores over blocks of rows', () => {
  it('property: scores of runs of rows across many blocks equal score() as pods come and go on a 200-node list', () => {
    const cache = new SchedulerCache();
    const names = Array.from({ length: 200 }, (_, i) => `m${i}`);
    names.forEach((name, i) => cache.addOrUpdateNode(node(name, 1000 + 10 * i, 4000 + 10 * i)));
    const stepArb = fc.record({ node: fc.nat(199), uid: fc.nat(30), cpu: amount, memory: amount, remove: fc.boolean(), shape: fc.integer({ min: 0, max: 2 }), from: fc.nat(199), count: fc.integer({ min: 1, max: 200 }) });
    const scorers: ScorePlugin[] = [new NodeResourcesFit(), new NodeResourcesBalancedAllocation()];
    fc.assert(fc.property(fc.array(stepArb, { maxLength: 40 }), (steps) => {
      for (const s of steps) {
        const uid = `q${s.uid}`;
        if (s.remove) cache.removePod({ metadata: { uid } });
        else { const p = pod(uid, s.cpu, s.memory); cache.addOrUpdatePod({ ...p, spec: { ...p.spec!, nodeName: names[s.node] } }); }
        const list = cache.nodeList();
        const positions = Int32Array.from({ length: s.count }, (_, i) => (s.from + i) % list.length);
        const scored = [...positions].map((r) => list[r]);
        for (const plugin of scorers) {
          const state = new CycleState();
          const out = new Float64Array(scored.length);
          plugin.scoreNodes!(state, SHAPES[s.shape], scored, out, { columns: cache.columns(), positions, list, first: s.from });
          expect([...out]).toEqual(scored.map((n) => plugin.score(state, SHAPES[s.shape], n)));
        }
      }
    }), { numRuns: 100 });
  });
});

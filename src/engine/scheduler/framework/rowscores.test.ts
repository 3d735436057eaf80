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
  | { kind: 'score'; shape: number };

const amount = fc.integer({ min: 0, max: 4000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('node' as const), name: fc.constantFrom(...NAMES), cpu: amount, memory: amount }),
  fc.record({ kind: fc.constant('removeNode' as const), name: fc.constantFrom(...NAMES) }),
  fc.record({ kind: fc.constant('pod' as const), uid: fc.constantFrom('a', 'b', 'c', 'd'), node: fc.constantFrom(...NAMES), cpu: amount, memory: amount }),
  fc.record({ kind: fc.constant('removePod' as const), uid: fc.constantFrom('a', 'b', 'c', 'd') }),
  fc.record({ kind: fc.constant('score' as const), shape: fc.integer({ min: 0, max: 2 }) }),
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
            const list = cache.nodeList();
            const positions = Int32Array.from(list, (_, i) => i);
            for (const plugin of scorers) {
              const state = new CycleState();
              const out = new Float64Array(list.length);
              plugin.scoreNodes!(state, SHAPES[op.shape], list, out, { columns: cache.columns(), positions, list });
              expect([...out]).toEqual(list.map((n) => plugin.score(state, SHAPES[op.shape], n)));
            }
          }
        }
      }
    }), { numRuns: 300 });
  });
});

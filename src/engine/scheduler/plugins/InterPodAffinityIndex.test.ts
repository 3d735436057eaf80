// The existing pods' distinct (anti-)affinity terms, kept as nodes change, must always equal a recount from scratch.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NodeInfo, podInfoOf } from '../framework/nodeinfo.ts';
import { AffinityPodIndex, termsOf } from './InterPodAffinityCommon.ts';
import { node, pod, term } from './PodTopologySpread.fixtures.ts';

type Op =
  | { op: 'addPod'; node: number; app: string; kind: 'anti' | 'affinity' | 'preferred' | 'none' }
  | { op: 'removePod'; node: number }
  | { op: 'addNode' }
  | { op: 'removeNode'; node: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('addPod' as const), node: fc.nat(), app: fc.constantFrom('web', 'db'), kind: fc.constantFrom('anti' as const, 'affinity' as const, 'preferred' as const, 'none' as const) }),
  fc.record({ op: fc.constant('removePod' as const), node: fc.nat() }),
  fc.record({ op: fc.constant('addNode' as const) }),
  fc.record({ op: fc.constant('removeNode' as const), node: fc.nat() }),
);

function affinityOf(kind: string, app: string) {
  const t = term('kubernetes.io/hostname', 'app', 'In', [app]);
  if (kind === 'anti') return { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [t] } };
  if (kind === 'affinity') return { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [t] } };
  if (kind === 'preferred') return { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 5, podAffinityTerm: t }] } };
  return undefined;
}

/** The recount: every pod of every node, its required anti-affinity terms and its scoring terms, by key. */
function recount(nodes: NodeInfo[]) {
  const anti = new Set<string>(), scoring = new Set<string>();
  for (const n of nodes) {
    for (const { pod: p } of n.pods.values()) {
      const t = termsOf(p);
      for (const a of t.requiredAntiAffinity) anti.add(a.key);
      for (const a of t.requiredAffinity) scoring.add(`hard|${a.key}`);
      for (const { term: a, weight } of t.preferredAffinity) scoring.add(`preferred|${weight}|${a.key}`);
      for (const { term: a, weight } of t.preferredAntiAffinity) scoring.add(`preferredAnti|${weight}|${a.key}`);
    }
  }
  return { anti, scoring };
}

describe('AffinityPodIndex', () => {
  it('property: the distinct terms after any sequence of pod and node changes equal a recount', () => {
    fc.assert(fc.property(fc.array(fc.array(opArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 25 }), (cycles) => {
      let nodes = [new NodeInfo(node('n0')), new NodeInfo(node('n1'))];
      let serial = 2;
      const index = new AffinityPodIndex();
      for (const ops of cycles) {
        for (const o of ops) {
          const n = nodes.length ? nodes[(o as { node?: number }).node! % nodes.length] : undefined;
          if (o.op === 'addPod' && n) n.addPod(podInfoOf(pod(`p${serial++}`, { node: n.name, labels: { app: o.app }, affinity: affinityOf(o.kind, o.app) })));
          else if (o.op === 'removePod' && n?.pods.size) n.removePod(n.pods.keys().next().value!);
          else if (o.op === 'addNode') nodes = [...nodes, new NodeInfo(node(`n${serial++}`))];
          else if (o.op === 'removeNode' && n) nodes = nodes.filter((x) => x !== n);
        }
        index.retain(nodes);
        index.sync(nodes);
        const want = recount(nodes);
        expect(new Set([...index.requiredAntiAffinityTerms()].map((t) => t.key))).toEqual(want.anti);
        expect(index.hasRequiredAntiAffinity()).toBe(want.anti.size > 0);
        expect(new Set([...index.scoringTerms()].map((t) => t.key))).toEqual(want.scoring);
      }
    }), { numRuns: 200 });
  });
});

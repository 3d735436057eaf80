import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod } from 'kubernetes-types/core/v1';
import { deepFreeze } from '../api/object.ts';
import { isPodReady } from '../api/pod.ts';
import { comparePodsForDeletion, podsToDelete } from './podrank.ts';

/**
 * The oracle: the ReplicaSet controller's previous victim choice, kept here as it was (sort every active pod
 * with this comparator, take the first `count`). The new selection must pick the same pods in the same order.
 */
function oldCompare(a: Pod, b: Pod, podsOnNode: (node: string) => number): number {
  const phaseRank: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };
  const readySince = (p: Pod) => {
    const c = p.status?.conditions?.find((x) => x.type === 'Ready' && x.status === 'True');
    return c?.lastTransitionTime ? Date.parse(c.lastTransitionTime) : undefined;
  };
  const an = a.spec?.nodeName ? 1 : 0, bn = b.spec?.nodeName ? 1 : 0;
  if (an !== bn) return an - bn;
  const ap = phaseRank[a.status?.phase ?? 'Pending'] ?? 0, bp = phaseRank[b.status?.phase ?? 'Pending'] ?? 0;
  if (ap !== bp) return ap - bp;
  const ar = isPodReady(a) ? 1 : 0, br = isPodReady(b) ? 1 : 0;
  if (ar !== br) return ar - br;
  if (a.spec?.nodeName && b.spec?.nodeName) {
    const ad = podsOnNode(a.spec.nodeName), bd = podsOnNode(b.spec.nodeName);
    if (ad !== bd) return bd - ad;
  }
  if (ar && br) {
    const at = readySince(a) ?? 0, bt = readySince(b) ?? 0;
    if (at !== bt) return bt - at;
  }
  const restarts = (p: Pod) => (p.status?.containerStatuses ?? []).reduce((s, c) => s + c.restartCount, 0);
  if (restarts(a) !== restarts(b)) return restarts(b) - restarts(a);
  const ac = Date.parse(a.metadata?.creationTimestamp ?? ''), bc = Date.parse(b.metadata?.creationTimestamp ?? '');
  if (ac !== bc) return bc - ac;
  return (a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1;
}

function oldVictims(pods: Pod[], count: number): Pod[] {
  const perNode = new Map<string, number>();
  for (const p of pods) if (p.spec?.nodeName) perNode.set(p.spec.nodeName, (perNode.get(p.spec.nodeName) ?? 0) + 1);
  return [...pods].sort((a, b) => oldCompare(a, b, (node) => perNode.get(node) ?? 0)).slice(0, count);
}

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString().replace('.000', '');

/** Few distinct values per field, so that most pairs tie on several rank parts and the later ones decide. */
const podShape = fc.record({
  node: fc.option(fc.constantFrom('n1', 'n2', 'n3', 'n4') as fc.Arbitrary<string>, { nil: undefined }),
  phase: fc.option(fc.constantFrom('Pending', 'Unknown', 'Running'), { nil: undefined }),
  readyAt: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
  ready: fc.boolean(),
  restarts: fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 2 }),
  created: fc.integer({ min: 0, max: 4 }),
  frozen: fc.boolean(),
});
type Shape = typeof podShape extends fc.Arbitrary<infer T> ? T : never;

function podOf(s: Shape, i: number): Pod {
  const pod: Pod = {
    metadata: { name: `web-${(i * 7919) % 1000}`, namespace: 'default', creationTimestamp: at(s.created) },
    spec: { containers: [{ name: 'app' }], ...(s.node ? { nodeName: s.node } : {}) },
    status: {
      ...(s.phase ? { phase: s.phase } : {}),
      conditions: [{ type: 'Ready', status: s.ready ? 'True' : 'False', ...(s.readyAt !== undefined ? { lastTransitionTime: at(s.readyAt) } : {}) }],
      containerStatuses: s.restarts.map((r, k) => ({ name: `c${k}`, image: 'nginx', imageID: '', ready: s.ready, restartCount: r })),
    },
  };
  return s.frozen ? deepFreeze(pod) : pod;
}

describe('podsToDelete (getPodsToDelete)', () => {
  it('picks exactly the pods the full sort picked, in the same order', () => {
    fc.assert(fc.property(fc.array(podShape, { maxLength: 60 }), fc.integer({ min: 0, max: 70 }), (shapes, count) => {
      const pods = shapes.map(podOf);
      expect(podsToDelete(pods, count).map((p) => p.metadata!.name)).toEqual(oldVictims(pods, count).map((p) => p.metadata!.name));
    }), { numRuns: 500 });
  });

  it('gives the same answer again from the cached ranks of frozen pods', () => {
    const pods = Array.from({ length: 40 }, (_, i) => podOf({ node: `n${i % 3}`, phase: 'Running', readyAt: i % 4, ready: i % 5 !== 0, restarts: [i % 2], created: i % 3, frozen: true }, i));
    const first = podsToDelete(pods, 12).map((p) => p.metadata!.name);
    expect(podsToDelete(pods, 12).map((p) => p.metadata!.name)).toEqual(first);
    expect(first).toEqual(oldVictims(pods, 12).map((p) => p.metadata!.name));
  });

  it.each([
    ['unassigned before assigned', { node: undefined }, { node: 'n1' }],
    ['Pending before Running', { phase: 'Pending' }, { phase: 'Running' }],
    ['not ready before ready', { ready: false }, { ready: true }],
    ['ready for less time first', { ready: true, readyAt: 3 }, { ready: true, readyAt: 1 }],
    ['more restarts first', { restarts: [2] }, { restarts: [0] }],
    ['newer first', { created: 4 }, { created: 1 }],
  ] as const)('%s', (_name, first, second) => {
    const base: Shape = { node: 'n1', phase: 'Running', readyAt: 0, ready: true, restarts: [0], created: 0, frozen: true };
    const a = podOf({ ...base, ...first } as Shape, 1), b = podOf({ ...base, ...second } as Shape, 2);
    expect(comparePodsForDeletion(a, b, () => 1)).toBeLessThan(0);
    expect(podsToDelete([b, a], 1)).toEqual([a]);
  });
});

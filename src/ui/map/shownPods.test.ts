import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSystemNamespace } from '../../worker/namespaces.ts';
import type { PodView } from '../../worker/protocol.ts';
import { MapView } from '../state/mapView.ts';
import { DEFAULT_FILTERS, podPasses, type MapFilters } from './filters.ts';
import { ShownPodsIndex, type ShownCriteria, type ShownPods } from './shownPods.ts';
import { podTone } from './tone.ts';

function pod(name: string, namespace: string, nodeName: string, phase: string): PodView {
  return {
    key: `${namespace}/${name}`, namespace, name, uid: name, nodeName, phase, status: phase, ready: '1/1',
    restarts: 0, ownerKind: 'ReplicaSet', ownerName: 'web-1', cpuMilli: 100, memoryBytes: 1, podIP: '', terminating: false, createdMs: 0,
  };
}

/** What the map showed before the index: one filter pass over every pod, grouped by node in view order. */
function fullPass(view: MapView<PodView>, c: ShownCriteria) {
  const hideSystem = !c.showSystem && !(c.filters.namespace && isSystemNamespace(c.filters.namespace));
  const byNode = new Map<string, string[]>();
  const tones = new Map<string, number>();
  const namespaces = new Set<string>();
  let count = 0;
  let system = 0;
  for (const p of view.values()) {
    namespaces.add(p.namespace);
    if (isSystemNamespace(p.namespace)) system++;
    if (isSystemNamespace(p.namespace) && hideSystem) continue;
    if (!podPasses(p, c.filters, c.selected)) continue;
    count++;
    tones.set(podTone(p), (tones.get(podTone(p)) ?? 0) + 1);
    byNode.set(p.nodeName, [...(byNode.get(p.nodeName) ?? []), p.key]);
  }
  return { byNode, count, systemCount: system, namespaces: [...namespaces].sort(), toneCounts: tones };
}

function plain(s: ShownPods) {
  return { ...s, byNode: new Map([...s.byNode].map(([n, list]) => [n, list.map((p) => p.key)])), toneCounts: new Map(s.toneCounts) };
}

const sorted = (m: Map<string, string[]>) => new Map([...m].sort(([a], [b]) => a.localeCompare(b)).map(([n, keys]) => [n, [...keys].sort()]));

describe('shown pods', () => {
  const podArb = fc.record({
    name: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
    namespace: fc.constantFrom('default', 'shop', 'kube-system'),
    node: fc.constantFrom('', 'w1', 'w2', 'w3'),
    phase: fc.constantFrom('Running', 'Pending', 'Succeeded'),
  }).map((r) => pod(r.name, r.namespace, r.node, r.phase));
  const deltaArb = fc.record({ upserts: fc.array(podArb, { maxLength: 6 }), deletes: fc.array(podArb.map((p) => p.key), { maxLength: 3 }) });
  const filtersArb: fc.Arbitrary<MapFilters> = fc.record({
    namespace: fc.constantFrom('', 'shop', 'kube-system'),
    state: fc.constantFrom('', 'running', 'pending'),
  }).map((f) => ({ ...DEFAULT_FILTERS, ...f }) as MapFilters);

  it('kept up from changes, it equals a full pass, and a node whose pods did not change keeps its list', () => {
    fc.assert(
      fc.property(filtersArb, fc.boolean(), fc.array(deltaArb, { minLength: 1, maxLength: 10 }), (filters, showSystem, deltas) => {
        const criteria: ShownCriteria = { filters, showSystem };
        let view = new MapView<PodView>();
        const index = new ShownPodsIndex(criteria);
        let shown = index.update(view);
        for (const delta of deltas) {
          const next = view.apply(delta, (p) => p.key, false);
          const changes = next.changesSince(view);
          const touched = new Set([...(changes?.removed ?? []), ...(changes?.upserts ?? [])].map((p) => p.key));
          const before = shown;
          shown = index.update(next, touched);
          view = next;
          const want = fullPass(view, criteria);
          const got = plain(shown);
          expect({ ...got, byNode: sorted(got.byNode) }).toEqual({ ...want, byNode: sorted(want.byNode) });
          const touchedNodes = new Set([...(changes?.removed ?? []), ...(changes?.upserts ?? [])].map((p) => p.nodeName));
          for (const [node, list] of before.byNode) if (!touchedNodes.has(node)) expect(shown.byNode.get(node)).toBe(list);
        }
      }),
    );
  });

  it('a changed pod that is still shown on its node keeps its place in the list', () => {
    const index = new ShownPodsIndex({ filters: DEFAULT_FILTERS, showSystem: false });
    const a = new MapView<PodView>().apply({ upserts: [pod('a', 'default', 'w1', 'Pending'), pod('b', 'default', 'w1', 'Pending')], deletes: [] }, (p) => p.key, true);
    index.update(a);
    const b = a.apply({ upserts: [pod('a', 'default', 'w1', 'Running')], deletes: [] }, (p) => p.key, false);
    const shown = index.update(b, ['default/a']);
    expect(shown.byNode.get('w1')!.map((p) => `${p.name} ${p.phase}`)).toEqual(['a Running', 'b Pending']);
    expect(shown.toneCounts).toEqual(new Map([['pending', 1], ['running', 1]]));
  });
});

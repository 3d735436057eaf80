// The counts carried across cycles must always equal a recount from scratch, whatever changed in between.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseSelector, selectorFromSet } from '../../api/labels.ts';
import { NodeInfo, podInfoOf } from '../framework/nodeinfo.ts';
import { node, pod, term } from './PodTopologySpread.fixtures.ts';
import { CrossCycleCache, DomainCounts, spreadQuestion } from './PodTopologySpreadCounts.ts';

type Op =
  | { op: 'addPod'; node: number; app: string; ns: string }
  | { op: 'removePod'; node: number }
  | { op: 'updatePod'; node: number; app: string; terminating: boolean }
  | { op: 'readdPod'; node: number; terminating: boolean; affinity: boolean }
  | { op: 'relabel'; node: number; zone: string | undefined }
  | { op: 'restatus'; node: number; tainted: boolean }
  | { op: 'addNode'; zone: string | undefined }
  | { op: 'removeNode'; node: number };

const zone = fc.option(fc.constantFrom('a', 'b', 'c', ''), { nil: undefined });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('addPod' as const), node: fc.nat(), app: fc.constantFrom('web', 'db'), ns: fc.constantFrom('default', 'other') }),
  fc.record({ op: fc.constant('removePod' as const), node: fc.nat() }),
  fc.record({ op: fc.constant('updatePod' as const), node: fc.nat(), app: fc.constantFrom('web', 'db'), terminating: fc.boolean() }),
  fc.record({ op: fc.constant('readdPod' as const), node: fc.nat(), terminating: fc.boolean(), affinity: fc.boolean() }),
  fc.record({ op: fc.constant('relabel' as const), node: fc.nat(), zone }),
  fc.record({ op: fc.constant('restatus' as const), node: fc.nat(), tainted: fc.boolean() }),
  fc.record({ op: fc.constant('addNode' as const), zone }),
  fc.record({ op: fc.constant('removeNode' as const), node: fc.nat() }),
);

const zoned = (name: string, z: string | undefined) => node(name, z !== undefined ? { zone: z } : {});

describe('counts carried across cycles', () => {
  it('property: DomainCounts, NodeCounts, the per-node counts (by label index and by scan) and the label maps equal a recount after any sequence of changes', () => {
    fc.assert(fc.property(fc.array(fc.array(opArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 25 }), (cycles) => {
      let nodes = [new NodeInfo(zoned('n0', 'a')), new NodeInfo(zoned('n1', undefined))];
      let serial = 2;
      const cache = new CrossCycleCache();
      const q = spreadQuestion('default', selectorFromSet({ app: 'web' }));
      // No equality requirement: counted by scanning the node's pods.
      const scanned = spreadQuestion('default', parseSelector('app notin (db)'));
      expect(q.label).toEqual(['app', 'web']);
      expect(scanned.label).toBeUndefined();
      const domains = new DomainCounts();
      // Shares that depend on the pods' affinity terms, as InterPodAffinity's.
      const affine = new DomainCounts();
      // Domains that depend on the node's taints, as with nodeTaintsPolicy Honor.
      const untainted = new DomainCounts();
      for (const ops of cycles) {
        for (const o of ops) {
          const n = nodes.length ? nodes[(o as { node?: number }).node! % nodes.length] : undefined;
          if (o.op === 'addPod' && n) n.addPod(podInfoOf(pod(`p${serial++}`, { node: n.name, labels: { app: o.app }, namespace: o.ns })));
          else if (o.op === 'removePod' && n?.pods.size) n.removePod(n.pods.keys().next().value!);
          else if (o.op === 'updatePod' && n?.pods.size) {
            // The same pod (same uid) again, relabelled or terminating: addPod replaces it.
            const was = n.pods.values().next().value!.pod;
            n.addPod(podInfoOf(pod(was.metadata!.name!, { node: n.name, labels: { app: o.app }, namespace: was.metadata!.namespace, terminating: o.terminating })));
          }
          else if (o.op === 'readdPod' && n?.pods.size) {
            // A new version of the same pod sharing its labels object and containers (a status update, or a
            // deletion begun, or new affinity terms).
            const was = n.pods.values().next().value!;
            const meta = o.terminating ? { ...was.pod.metadata, deletionTimestamp: '2024-01-01T00:00:00Z' } : was.pod.metadata;
            const spec = o.affinity ? { ...was.pod.spec!, affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term('zone', 'app', 'In', ['web'])] } } } : was.pod.spec;
            n.addPod(podInfoOf({ ...was.pod, metadata: meta, spec, status: { phase: 'Running' } }, was));
          }
          else if (o.op === 'relabel' && n) n.setNode(zoned(n.name, o.zone));
          else if (o.op === 'restatus' && n) {
            // A new version of the node sharing its labels (a status update), its taints changed or not.
            const spec = o.tainted ? { ...n.node.spec, taints: [{ key: 'k', effect: 'NoSchedule' as const }] } : n.node.spec;
            n.setNode({ ...n.node, spec, status: { ...n.node.status, conditions: [] } });
          }
          else if (o.op === 'addNode') nodes = [...nodes, new NodeInfo(zoned(`n${serial++}`, o.zone))];
          else if (o.op === 'removeNode' && n) nodes = nodes.filter((x) => x !== n);
        }
        cache.retain(nodes);
        // As the scheduler cache's list does; a removed node keeps its stale position, as there.
        nodes.forEach((x, i) => { x.position = i; });
        const perNode = cache.nodes(nodes, q);
        const got = domains.update(nodes, (x) => cache.labels(x).get('zone'), (x) => cache.count(x, q)).counts;
        const zones = cache.topology(nodes, 'zone');
        const gotAffine = affine.update(nodes, (x) => cache.labels(x).get('zone'), (x) => x.podsWithAffinity.length).counts;
        const gotUntainted = untainted.update(nodes, (x) => (x.node.spec?.taints?.length ? undefined : cache.labels(x).get('zone')), (x) => cache.count(x, q)).counts;
        const want = new Map<string, number>(), wantAffine = new Map<string, number>(), wantUntainted = new Map<string, number>();
        nodes.forEach((x, i) => expect(zones.atRow(i, x)).toBe(zones.of(x)));
        expect(zones.domains()).toBe(new Set(nodes.map((x) => x.node.metadata?.labels?.zone ?? '')).size);
        for (const x of nodes) {
          const z = x.node.metadata?.labels?.zone;
          const live = [...x.pods.values()].filter(({ pod: p }) => p.metadata?.namespace === 'default' && !p.metadata.deletionTimestamp);
          const c = live.filter(({ pod: p }) => p.metadata?.labels?.app === 'web').length;
          expect(cache.count(x, q)).toBe(c);
          expect(perNode.of(x)).toBe(c);
          expect(cache.count(x, scanned)).toBe(live.filter(({ pod: p }) => p.metadata?.labels?.app !== 'db').length);
          expect(x.podsLabelled('app', 'db').map((i) => i.pod.metadata!.uid).sort()).toEqual([...x.pods.values()].filter(({ pod: p }) => p.metadata?.labels?.app === 'db').map((i) => i.pod.metadata!.uid).sort());
          expect(cache.labels(x).get('zone')).toBe(z);
          expect(zones.values[zones.of(x)]).toBe(z);
          // A copy (a dry run's) is not in the list: looked up, with the same id.
          expect(zones.of(x.clone())).toBe(zones.of(x));
          if (z !== undefined) want.set(z, (want.get(z) ?? 0) + c);
          if (z !== undefined) wantAffine.set(z, (wantAffine.get(z) ?? 0) + [...x.pods.values()].filter(({ pod: p }) => p.spec?.affinity).length);
          if (z !== undefined && !x.node.spec?.taints?.length) wantUntainted.set(z, (wantUntainted.get(z) ?? 0) + c);
        }
        expect(new Map([...got].sort())).toEqual(new Map([...want].sort()));
        expect(new Map([...gotAffine].sort())).toEqual(new Map([...wantAffine].sort()));
        expect(new Map([...gotUntainted].sort())).toEqual(new Map([...wantUntainted].sort()));
      }
    }), { numRuns: 200 });
  });

  it('TopologyValues numbers the values anew when those of departed nodes pile up, unchanged nodes included', () => {
    const still = new NodeInfo(zoned('n0', 'still'));
    const moving = new NodeInfo(zoned('n1', 'z0'));
    const list = [still, moving];
    list.forEach((x, i) => { x.position = i; });
    const cache = new CrossCycleCache();
    for (let i = 1; i <= 200; i++) {
      moving.setNode(zoned('n1', `z${i}`));
      const zones = cache.topology(list, 'zone');
      expect([zones.values[zones.atRow(0, still)], zones.values[zones.atRow(1, moving)]]).toEqual(['still', `z${i}`]);
      expect(zones.values.length).toBeLessThanOrEqual(2 * list.length + 64 + 1);
      expect(zones.domains()).toBe(2);
    }
  });

  it('spreadQuestion is made once per selector and namespace', () => {
    const selector = selectorFromSet({ app: 'web' });
    const q = spreadQuestion('default', selector);
    expect(spreadQuestion('default', selector)).toBe(q);
    const other = spreadQuestion('other', selector);
    expect(other.key).not.toBe(q.key);
    const web = pod('w', { namespace: 'other', labels: { app: 'web' } });
    expect([q.matches(web), other.matches(web)]).toEqual([false, true]);
    // Asked for the first namespace again: its question, not the other's.
    expect(spreadQuestion('default', selector).matches(web)).toBe(false);
    // No namespace (a namespace-less pod) is one too.
    expect(spreadQuestion(undefined, selectorFromSet({ app: 'db' })).key).toBe('\u0000app=db');
  });

  it('the cache keeps the 32 most recently used domain counts', () => {
    const cache = new CrossCycleCache();
    const entries = Array.from({ length: 32 }, (_, i) => cache.domains(`k${i}`));
    expect(cache.domains('k0')).toBe(entries[0]);
    cache.domains('k32');
    // k1 was the least recently used: it went, k0 stayed.
    expect(cache.domains('k0')).toBe(entries[0]);
    expect(cache.domains('k2')).toBe(entries[2]);
    expect(cache.domains('k1')).not.toBe(entries[1]);
  });
});

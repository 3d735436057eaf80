// The counts carried across cycles must always equal a recount from scratch, whatever changed in between.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseSelector, selectorFromSet } from '../../api/labels.ts';
import type { Pod } from 'kubernetes-types/core/v1';
import { SchedulerCache } from '../cache.ts';
import { NodeInfo, nodeListLog, podInfoOf } from '../framework/nodeinfo.ts';
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

  it('property: counts that follow the scheduler cache\'s change log (pods ±1, nodes recounted) equal a recount, whichever questions skip cycles', () => {
    type CacheOp =
      | { op: 'add'; node: number; app: string; ns: string; assume: boolean }
      | { op: 'confirm'; pod: number }
      | { op: 'statusWrites'; count: number }
      | { op: 'relabelPod'; pod: number; app: string }
      | { op: 'terminate'; pod: number }
      | { op: 'move'; pod: number; node: number }
      | { op: 'remove'; pod: number }
      | { op: 'relabelNode'; node: number; zone: string | undefined }
      | { op: 'restatusNode'; node: number; tainted: boolean }
      | { op: 'addNode'; zone: string | undefined }
      | { op: 'removeNode'; node: number };
    const app = fc.constantFrom('web', 'db');
    const cacheOpArb: fc.Arbitrary<CacheOp> = fc.oneof(
      { arbitrary: fc.record({ op: fc.constant('add' as const), node: fc.nat(), app, ns: fc.constantFrom('default', 'other'), assume: fc.boolean() }), weight: 4 },
      { arbitrary: fc.record({ op: fc.constant('confirm' as const), pod: fc.nat() }), weight: 3 },
      // Many changes that selectors do not see: readers that skip a cycle may fall past the log's reach.
      fc.record({ op: fc.constant('statusWrites' as const), count: fc.nat(100) }),
      fc.record({ op: fc.constant('relabelPod' as const), pod: fc.nat(), app }),
      fc.record({ op: fc.constant('terminate' as const), pod: fc.nat() }),
      fc.record({ op: fc.constant('move' as const), pod: fc.nat(), node: fc.nat() }),
      { arbitrary: fc.record({ op: fc.constant('remove' as const), pod: fc.nat() }), weight: 2 },
      fc.record({ op: fc.constant('relabelNode' as const), node: fc.nat(), zone }),
      fc.record({ op: fc.constant('restatusNode' as const), node: fc.nat(), tainted: fc.boolean() }),
    );
    // Mostly none: a node that comes or goes makes a new list, which every reader scans whole.
    const membershipArb = fc.oneof(
      { arbitrary: fc.constant([]), weight: 3 },
      fc.tuple(fc.record({ op: fc.constant('addNode' as const), zone })),
      fc.tuple(fc.record({ op: fc.constant('removeNode' as const), node: fc.nat() })),
    );
    // Per cycle, the changes, then which of the seven readers ask (and whether the log's census of labels is
    // asked, from then on kept): the others fall behind, past the log's reach too (4 entries per node and 64).
    const askArb = fc.constantFrom(true, false, false);
    const cycleArb = fc.record({ ops: fc.array(cacheOpArb, { minLength: 1, maxLength: 30 }), membership: membershipArb, ask: fc.array(askArb, { minLength: 8, maxLength: 8 }) });
    fc.assert(fc.property(fc.array(cycleArb, { minLength: 1, maxLength: 30 }), (cycles) => {
      const cache = new SchedulerCache();
      const names = ['n0', 'n1'];
      cache.addOrUpdateNode(zoned('n0', 'a'));
      cache.addOrUpdateNode(zoned('n1', undefined));
      let pods: Pod[] = [];
      let serial = 2;
      const cross = new CrossCycleCache();
      const q = spreadQuestion('default', selectorFromSet({ app: 'web' }));
      const scanned = spreadQuestion('default', parseSelector('app notin (db)'));
      const domains = new DomainCounts(), untainted = new DomainCounts(), all = new DomainCounts();
      // Told of the labelled question's pods as they come and go; with the unlabelled one, scanning as the others.
      const watched = new DomainCounts(true), watchedScan = new DomainCounts(true);
      // Stored labels: frozen, one object per template, in both namespaces (the log keeps one view per object).
      const labelsOf: Record<string, Record<string, string>> = { web: Object.freeze({ app: 'web' }), db: Object.freeze({ app: 'db' }) };
      const update = (o: CacheOp) => {
        const at = (i: number) => i % pods.length;
        if (o.op === 'add' && names.length) {
          const p = pod(`p${serial++}`, { node: names[o.node % names.length], labels: labelsOf[o.app], namespace: o.ns });
          if (o.assume) cache.assume(p, p.spec!.nodeName!); else cache.addOrUpdatePod(p);
          pods.push(p);
        } else if (o.op === 'addNode') {
          names.push(`n${serial++}`);
          cache.addOrUpdateNode(zoned(names[names.length - 1], o.zone));
        } else if ((o.op === 'relabelNode' || o.op === 'restatusNode' || o.op === 'removeNode') && names.length) {
          const name = names[o.node % names.length];
          const was = cache.nodes.get(name)!.node;
          if (o.op === 'relabelNode') cache.addOrUpdateNode(zoned(name, o.zone));
          else if (o.op === 'restatusNode') {
            // A status write sharing the labels; the taints changed or not.
            const spec = o.tainted ? { ...was.spec, taints: [{ key: 'k', effect: 'NoSchedule' as const }] } : was.spec;
            cache.addOrUpdateNode({ ...was, spec, status: { ...was.status, conditions: [] } });
          } else {
            cache.removeNode(name);
            names.splice(names.indexOf(name), 1);
          }
        } else if (o.op === 'statusWrites') {
          for (let k = 0; k < o.count && pods.length; k++) update({ op: 'confirm', pod: k });
        } else if (pods.length && 'pod' in o) {
          const i = at(o.pod), p = pods[i];
          let next: Pod | undefined;
          // A binding confirmed or a status write: the same labels object.
          if (o.op === 'confirm') next = { ...p, status: { phase: 'Running' } };
          else if (o.op === 'relabelPod') next = { ...p, metadata: { ...p.metadata, labels: labelsOf[o.app] } };
          else if (o.op === 'terminate') next = { ...p, metadata: { ...p.metadata, deletionTimestamp: '2024-01-01T00:00:00Z' } };
          else if (o.op === 'move' && names.length) next = { ...p, spec: { ...p.spec!, nodeName: names[o.node % names.length] } };
          else if (o.op === 'remove') {
            cache.removePod(p);
            pods = pods.filter((x) => x !== p);
          }
          if (next) {
            cache.addOrUpdatePod(next);
            pods[i] = next;
          }
        }
      };
      for (const { ops, membership, ask } of cycles) {
        [...ops, ...membership].forEach(update);
        const list = cache.nodeList();
        cross.retain(list);
        const zoneOf = (x: NodeInfo) => x.labels.get('zone');
        const matching = (x: NodeInfo, question: typeof q) => [...x.pods.values()].filter(({ pod: p }) => question.matches(p)).length;
        const recount = (domainOf: (x: NodeInfo) => string | undefined, share: (x: NodeInfo) => number) => {
          const want = new Map<string, number>();
          for (const x of list) {
            const d = domainOf(x);
            if (d !== undefined) want.set(d, (want.get(d) ?? 0) + share(x));
          }
          return new Map([...want].sort());
        };
        if (ask[0]) {
          const perNode = cross.nodes(list, q);
          for (const x of list) expect(perNode.of(x)).toBe(matching(x, q));
        }
        if (ask[1]) {
          const perNode = cross.nodes(list, scanned);
          for (const x of list) expect(perNode.of(x)).toBe(matching(x, scanned));
        }
        if (ask[2]) expect(new Map([...domains.update(list, zoneOf, (x) => cross.count(x, q), q).counts].sort())).toEqual(recount(zoneOf, (x) => matching(x, q)));
        if (ask[3]) {
          const untaintedZone = (x: NodeInfo) => (x.node.spec?.taints?.length ? undefined : zoneOf(x));
          const got = untainted.update(list, untaintedZone, (x) => cross.count(x, scanned), scanned);
          expect(new Map([...got.counts].sort())).toEqual(recount(untaintedZone, (x) => matching(x, scanned)));
        }
        // A share that is no question's count: every pod change recounts the node.
        if (ask[4]) expect(new Map([...all.update(list, zoneOf, (x) => x.pods.size).counts].sort())).toEqual(recount(zoneOf, (x) => x.pods.size));
        if (ask[5]) {
          const untaintedZone = (x: NodeInfo) => (x.node.spec?.taints?.length ? undefined : zoneOf(x));
          const got = watched.update(list, untaintedZone, (x) => cross.count(x, q), q);
          expect(new Map([...got.counts].sort())).toEqual(recount(untaintedZone, (x) => matching(x, q)));
          expect(got.total).toBe(list.reduce((n, x) => n + (untaintedZone(x) === undefined ? 0 : matching(x, q)), 0));
        }
        if (ask[7]) {
          const log = nodeListLog(list)!;
          for (const app of ['web', 'db']) expect(log.labelledPods(list, ['app', app])).toBe(list.reduce((n, x) => n + [...x.pods.values()].filter(({ pod: p }) => p.metadata?.labels?.app === app).length, 0));
        }
        if (ask[6]) expect(new Map([...watchedScan.update(list, zoneOf, (x) => cross.count(x, scanned), scanned).counts].sort())).toEqual(recount(zoneOf, (x) => matching(x, scanned)));
      }
    }), { numRuns: 300 });
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

  it('counts that leave the cache are told of pods no more', () => {
    const cache = new SchedulerCache();
    cache.addOrUpdateNode(zoned('n0', 'a'));
    const list = cache.nodeList();
    const cross = new CrossCycleCache();
    const q = spreadQuestion('default', selectorFromSet({ app: 'web' }));
    const first = cross.watchedDomains('k0').update(list, (x) => x.labels.get('zone'), (x) => cross.count(x, q), q);
    const perNode = cross.nodes(list, q);
    // 256 other questions and keys push the first ones out.
    for (let i = 1; i <= 256; i++) {
      const other = spreadQuestion('default', selectorFromSet({ app: `a${i}` }));
      cross.watchedDomains(`k${i}`).update(list, (x) => x.labels.get('zone'), (x) => cross.count(x, other), other);
      cross.nodes(list, other);
    }
    cache.addOrUpdatePod(pod('p0', { node: 'n0', labels: Object.freeze({ app: 'web' }), namespace: 'default' }));
    expect([first.total, perNode.of(list[0])]).toEqual([0, 0]);
    // The ones still in the cache were told.
    const last = spreadQuestion('default', selectorFromSet({ app: 'a256' }));
    cache.addOrUpdatePod(pod('p1', { node: 'n0', labels: Object.freeze({ app: 'a256' }), namespace: 'default' }));
    expect(cross.watchedDomains('k256').total).toBe(1);
    expect(cross.nodes(list, last).of(list[0])).toBe(1);
  });

  it('the cache keeps the 256 most recently used domain counts', () => {
    const cache = new CrossCycleCache();
    const entries = Array.from({ length: 256 }, (_, i) => cache.domains(`k${i}`));
    expect(cache.domains('k0')).toBe(entries[0]);
    cache.domains('k256');
    // k1 was the least recently used: it went, k0 stayed.
    expect(cache.domains('k0')).toBe(entries[0]);
    expect(cache.domains('k2')).toBe(entries[2]);
    expect(cache.domains('k1')).not.toBe(entries[1]);
  });
});

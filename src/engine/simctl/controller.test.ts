// sim controller: the loops as text, and a missed watch event that only the informer resync repairs.
import { describe, expect, it } from 'vitest';
import { createCluster } from '../index.ts';
import type { Cluster } from '../cluster.ts';
import { DEFAULT_RESYNC_MS } from '../client/informer.ts';
import { clusterWithNodes, mustExec } from '../testing/fixtures.ts';

const RS = `apiVersion: apps/v1
kind: ReplicaSet
metadata: { name: web, namespace: default }
spec:
  replicas: 3
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec: { containers: [{ name: nginx, image: "nginx:1.27" }] }
`;
const livePods = (c: Cluster) => c.list('Pod').filter((p) => p.metadata.namespace === 'default' && !p.metadata.deletionTimestamp).length;

function withReplicaSet(): Cluster {
  const c = clusterWithNodes(2, 3) as Cluster;
  mustExec(c, 'kubectl apply -f -', RS);
  c.advance(30);
  expect(livePods(c)).toBe(3);
  return c;
}

describe('sim controller drop-events', () => {
  it('a dropped scale event leaves the ReplicaSet under-replicated until the next resync, exactly', () => {
    const c = withReplicaSet();
    const { resync } = c.loopTrace('replicaset-controller');
    const rsResync = resync.find((r) => r.kind === 'ReplicaSet')!;
    expect(rsResync.periodMs).toBe(DEFAULT_RESYNC_MS);
    const due = rsResync.nextAt;
    mustExec(c, 'sim controller drop-events replicaset-controller --kind ReplicaSet');
    mustExec(c, 'kubectl scale replicaset web --replicas=5');
    // Step to just before the resync: still 3 of 5, though the informer cache knows 5.
    c.advanceMs(due - c.now() - 1);
    expect(livePods(c)).toBe(3);
    c.advanceMs(1);
    expect(livePods(c)).toBe(5);
    const ev = c.loopTrace('replicaset-controller').events;
    const dropped = ev.find((e) => e.type === 'informer' && e.dropped)!;
    const creates = ev.filter((e) => e.type === 'write' && e.verb === 'create' && e.kind === 'Pod');
    expect(dropped).toMatchObject({ kind: 'ReplicaSet', key: 'default/web', op: 'update', source: 'watch' });
    expect(creates.map((e) => e.t)).toEqual([due, due]);
    expect(ev.find((e) => e.type === 'resync' && e.kind === 'ReplicaSet')).toMatchObject({ t: due, nextAt: due + DEFAULT_RESYNC_MS });
  });

  it('any later event for the key repairs it sooner: the sync reads the state, not the event', () => {
    const c = withReplicaSet();
    mustExec(c, 'sim controller drop-events replicaset-controller --kind ReplicaSet');
    mustExec(c, 'kubectl scale replicaset web --replicas=5');
    c.advance(60);
    expect(livePods(c)).toBe(3);
    mustExec(c, 'kubectl annotate replicaset web touched=yes');
    c.advance(1);
    expect(livePods(c)).toBe(5);
  });

  it('survives a snapshot round trip while pending', () => {
    const c = withReplicaSet();
    mustExec(c, 'sim controller drop-events replicaset-controller --kind ReplicaSet --count 2');
    const restored = createCluster({ snapshot: c.snapshot() }) as Cluster;
    expect(restored.loops.faults()).toEqual({ 'replicaset-controller': { count: 2, kind: 'ReplicaSet' } });
  });

  it('rejects bad input', () => {
    const c = createCluster({ seed: 1 });
    expect(c.exec('sim controller drop-events nope').stderr).toMatch(/controller "nope" not found; known controllers: .*replicaset-controller/);
    expect(c.exec('sim controller drop-events replicaset-controller --count 0').stderr).toMatch(/invalid argument "0" for "--count"/);
    expect(c.exec('sim controller drop-events').stderr).toMatch(/usage: sim controller drop-events NAME/);
    expect(c.exec('sim controller frob').stderr).toMatch(/unknown command "controller frob"/);
  });
});

describe('sim controller list and trace', () => {
  it('lists each loop with its counters and prints a followed key', () => {
    const c = withReplicaSet();
    expect(mustExec(c, 'sim controller list')).toMatch(/^NAME\s+QUEUE DEPTH\s+SYNCS\s+ERRORS\s+LAST SYNC\n/);
    expect(mustExec(c, 'sim controller list')).toMatch(/\nreplicaset-controller\s+0\s+\d+\s+0\s+\S+ ago\n/);
    mustExec(c, 'sim controller trace replicaset-controller');
    mustExec(c, 'kubectl scale replicaset web --replicas=4');
    c.advance(1);
    const text = mustExec(c, 'sim controller trace replicaset-controller --follow default/web --limit 200');
    expect(text).toContain('informer  update ReplicaSet default/web (watch)');
    expect(text).toMatch(/queue {5}add default\/web depth=1/);
    expect(text).toMatch(/write {3}create Pod default\/web-\w+/);
    expect(text).toContain('sync      default/web ok');
    expect(text).not.toContain('coredns');
    expect(mustExec(c, 'sim controller trace replicaset-controller --stop')).toBe('replicaset-controller: tracing stopped\n');
  });
});

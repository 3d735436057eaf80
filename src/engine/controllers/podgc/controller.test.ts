import type { Node, Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { Store } from '../../apiserver/store.ts';
import { SharedInformerFactory } from '../../client/informer.ts';
import { SimClock } from '../../sim/clock.ts';
import { SeededRng } from '../../sim/rng.ts';
import type { WatchEvent } from '../../index.ts';
import { clusterWithNodes, deploymentYaml, inDefault, mustExec } from '../../testing/fixtures.ts';
import { GC_CHECK_PERIOD_MS, PodGCController, QUARANTINE_MS, TERMINATED_POD_GC_THRESHOLD } from './controller.ts';

type P = Pod & KubeObject;

/** A bare API server with only the pod GC running (threshold 2), for cases no kubelet takes part in. */
function harness() {
  const clock = new SimClock();
  const store = new Store(clock, new SeededRng(1));
  store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  const informers = new SharedInformerFactory(store, clock);
  const gc = new PodGCController(store, clock, informers, 2);
  gc.start();
  informers.start();
  const node = (name: string, ready: string, taints: Node['spec'] = {}) => store.create({
    apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: taints,
    status: { conditions: [{ type: 'Ready', status: ready }] },
  } as KubeObject);
  const pod = (name: string, opts: { node?: string; phase?: string; reason?: string; finalizer?: boolean } = {}): P => {
    const p = store.create<P>({
      apiVersion: 'v1', kind: 'Pod',
      metadata: { name, namespace: 'default', ...(opts.finalizer ? { finalizers: ['example.com/hold'] } : {}) },
      spec: { containers: [{ name: 'c', image: 'nginx' }], ...(opts.node ? { nodeName: opts.node } : {}) },
    } as P);
    clock.advance(1000);
    if (!opts.phase) return p;
    return store.update({ ...p, status: { ...p.status, phase: opts.phase, ...(opts.reason ? { reason: opts.reason } : {}) } }, { subresource: 'status' });
  };
  const names = () => store.list<Pod>('Pod').map((p) => p.metadata.name).sort();
  return { clock, store, node, pod, names };
}

describe('pod GC', () => {
  it('runs every 20 s with the upstream threshold and quarantine', () => {
    expect([GC_CHECK_PERIOD_MS, QUARANTINE_MS, TERMINATED_POD_GC_THRESHOLD]).toEqual([20_000, 40_000, 12_500]);
  });

  it('deletes terminated pods beyond the threshold: evicted ones first, then the oldest', () => {
    const h = harness();
    h.node('n1', 'True');
    h.pod('old-done', { node: 'n1', phase: 'Succeeded' });
    h.pod('mid-failed', { node: 'n1', phase: 'Failed' });
    h.pod('running', { node: 'n1', phase: 'Running' });
    h.pod('new-evicted', { node: 'n1', phase: 'Failed', reason: 'Evicted' });
    h.pod('newest-done', { node: 'n1', phase: 'Succeeded' });
    h.clock.advance(GC_CHECK_PERIOD_MS);
    expect(h.names()).toEqual(['mid-failed', 'newest-done', 'running']);
  });

  it('force-deletes terminating pods on a not-Ready node only with the out-of-service taint, marking them Failed', () => {
    const h = harness();
    h.node('down', 'False');
    const p = h.pod('stuck', { node: 'down', phase: 'Running' });
    h.store.delete('Pod', 'default', 'stuck');
    h.clock.advance(GC_CHECK_PERIOD_MS * 3);
    expect(h.names()).toEqual(['stuck']);
    const seen: WatchEvent[] = [];
    h.store.watch('Pod', {}, (e) => seen.push({ type: e.type, object: e.object }));
    const down = h.store.get<Node>('Node', undefined, 'down');
    h.store.update({ ...down, spec: { taints: [{ key: 'node.kubernetes.io/out-of-service', value: 'nodeshutdown', effect: 'NoExecute' }] } });
    h.clock.advance(GC_CHECK_PERIOD_MS);
    expect(h.names()).toEqual([]);
    expect(seen.map((e) => `${e.type}:${(e.object as P).status?.phase}`)).toEqual(['MODIFIED:Failed', 'DELETED:Failed']);
    expect((seen[0].object as P).metadata.uid).toBe(p.metadata.uid);
  });

  it('force-deletes terminating pods that were never scheduled', () => {
    const h = harness();
    h.pod('unscheduled', { finalizer: true });
    h.store.delete('Pod', 'default', 'unscheduled');
    expect(h.store.get<Pod>('Pod', 'default', 'unscheduled').metadata.deletionTimestamp).toBeDefined();
    h.clock.advance(GC_CHECK_PERIOD_MS);
    const p = h.store.get<Pod>('Pod', 'default', 'unscheduled');
    // Failed, and deleted with grace 0: only its own finalizer still holds it.
    expect(p.status?.phase).toBe('Failed');
    expect(p.metadata.deletionGracePeriodSeconds).toBe(0);
  });

  it('runs its passes in order in one sync: terminated beyond the threshold, terminating out-of-service, orphaned, never scheduled', () => {
    const h = harness();
    h.node('n1', 'True');
    h.node('down', 'False', { taints: [{ key: 'node.kubernetes.io/out-of-service', value: 'nodeshutdown', effect: 'NoExecute' }] });
    h.pod('unscheduled', { finalizer: true });
    h.pod('lost-1', { node: 'gone', phase: 'Running' });
    h.pod('stuck', { node: 'down', phase: 'Running', finalizer: true });
    h.pod('done-1', { node: 'n1', phase: 'Succeeded' });
    h.pod('lost-2', { node: 'gone', phase: 'Running' });
    h.pod('done-2', { node: 'n1', phase: 'Failed' });
    h.pod('stuck-unscheduled', { phase: 'Failed', finalizer: true });
    h.pod('done-3', { node: 'n1', phase: 'Succeeded' });
    h.pod('running', { node: 'n1', phase: 'Running' });
    h.pod('unscheduled-2', { finalizer: true });
    for (const name of ['unscheduled', 'stuck', 'stuck-unscheduled', 'unscheduled-2']) h.store.delete('Pod', 'default', name);
    const seen: string[] = [];
    h.store.watch('Pod', {}, (e) => seen.push(`${(e.object as P).metadata.name} ${e.type} ${(e.object as P).status?.phase}`));
    h.clock.advance(GC_CHECK_PERIOD_MS);
    expect(seen).toEqual([
      // Terminated: 4 (one of them being deleted) beyond the threshold 2: the two oldest.
      'done-1 DELETED Succeeded', 'done-2 DELETED Failed',
      // Terminating on the out-of-service node: Failed, then deleted with grace 0 (its finalizer holds it).
      'stuck MODIFIED Failed', 'stuck MODIFIED Failed',
      // Never scheduled and terminating (stuck-unscheduled is Failed already, and its delete had grace 0 already).
      'unscheduled MODIFIED Failed', 'unscheduled-2 MODIFIED Failed',
    ]);
    seen.length = 0;
    // The pods on the missing node go once its quarantine is over, in the list's order.
    h.clock.advance(QUARANTINE_MS);
    expect(seen.filter((l) => l.startsWith('lost'))).toEqual(['lost-1 MODIFIED Failed', 'lost-1 DELETED Failed', 'lost-2 MODIFIED Failed', 'lost-2 DELETED Failed']);
  });
});

describe('sim node delete: orphaned pods (pod GC)', () => {
  it('deletes the Node and its Lease; the pods on it go after the 40 s quarantine, Failed with DeletionByPodGC', () => {
    const c = clusterWithNodes(3);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 3));
    c.advance(30);
    const orphans = (inDefault(c, 'Pod') as P[]).filter((p) => p.spec?.nodeName === 'w1').map((p) => p.metadata.uid);
    expect(orphans).toHaveLength(1);
    const seen: WatchEvent[] = [];
    c.onChange((e) => { if (e.object.kind === 'Pod' && orphans.includes(e.object.metadata.uid)) seen.push(e); });
    expect(mustExec(c, 'sim node delete w1')).toBe('node/w1 deleted\n');
    expect(c.list('Node').map((n) => n.metadata.name)).toEqual(['w2', 'w3']);
    c.advance(35);
    expect((c.list('Pod') as P[]).filter((p) => orphans.includes(p.metadata.uid))).toHaveLength(1);
    c.advance(30);
    expect((c.list('Pod') as P[]).filter((p) => orphans.includes(p.metadata.uid))).toEqual([]);
    const failed = seen.find((e) => e.type === 'MODIFIED')!.object as P;
    expect(failed.status?.phase).toBe('Failed');
    expect(failed.status?.conditions?.find((x) => x.type === 'DisruptionTarget')).toMatchObject({ status: 'True', reason: 'DeletionByPodGC', message: 'PodGC: node no longer exists' });
    expect(seen.at(-1)?.type).toBe('DELETED');
    expect(c.list('Lease').map((l) => l.metadata.name).sort()).toEqual(['w2', 'w3']);
    c.advance(30);
    const live = (inDefault(c, 'Pod') as P[]);
    expect(live).toHaveLength(3);
    expect(live.every((p) => p.status?.phase === 'Running' && p.spec?.nodeName !== 'w1')).toBe(true);
    // The DaemonSet pods (flannel, kube-proxy) that ran on w1 are orphans too.
    expect((c.list('Pod') as P[]).filter((p) => p.spec?.nodeName === 'w1')).toEqual([]);
    expect(c.exec('sim node start w1').stderr).toBe('error: node "w1" not found\n');
  });
});

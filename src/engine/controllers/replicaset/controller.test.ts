import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { Store } from '../../apiserver/store.ts';
import { EventRecorder } from '../../client/events.ts';
import { SharedInformerFactory } from '../../client/informer.ts';
import { SimClock } from '../../sim/clock.ts';
import { SeededRng } from '../../sim/rng.ts';
import { ReplicaSetController } from './controller.ts';

describe('ReplicaSet controller pod handlers', () => {
  it('wake the ReplicaSet a pod\'s controller reference names in the pod\'s own namespace, also when pods elsewhere share an equal reference', () => {
    const clock = new SimClock();
    const store = new Store(clock, new SeededRng(1));
    for (const name of ['a', 'b']) store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
    const informers = new SharedInformerFactory(store, clock);
    const rc = new ReplicaSetController(store, clock, informers, new EventRecorder(store, clock));
    rc.loop.registerHandlers(() => rc.start());
    informers.start();
    const rs = (namespace: string) => store.create<KubeObject>({
      apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web', namespace },
      spec: { replicas: 0, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
    });
    const owner = rs('a');
    clock.runUntilIdle();
    rc.pause();
    const ref = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: owner.metadata.uid!, controller: true, blockOwnerDeletion: true };
    const pod = (namespace: string, name: string) => store.create<Pod & KubeObject>({
      apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace, ownerReferences: [ref] }, spec: { containers: [{ name: 'c', image: 'nginx' }] },
    });
    // There is no b/web: the pod in b names no ReplicaSet of its namespace; the one in a names a/web.
    const stray = pod('b', 'stray');
    const mine = pod('a', 'mine');
    expect(mine.metadata.ownerReferences![0]).toBe(stray.metadata.ownerReferences![0]);
    clock.runUntilIdle();
    expect(rc.queue.contents().queued).toEqual(['a/web']);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clusterWithNodes, inDefault, mustExec } from '../../testing/fixtures.ts';
import { eventsFor, isReady, podsOf, statefulSetYaml, stepFor, type WorkloadPod } from '../../testing/workloads.ts';
import type { KubesimCluster } from '../../index.ts';

const time = (s: string | undefined) => Date.parse(s ?? '');
const readyAt = (p: WorkloadPod) => time(p.status?.conditions?.find((x) => x.type === 'Ready' && x.status === 'True')?.lastTransitionTime);
const byName = (c: KubesimCluster, name: string) => podsOf(c, 'web').find((p) => p.metadata.name === name);
const images = (c: KubesimCluster) => Object.fromEntries(podsOf(c, 'web').map((p) => [p.metadata.name, p.spec?.containers[0].image]));
const sts = (c: KubesimCluster) => JSON.parse(mustExec(c, 'kubectl get sts web -o json'));

describe('StatefulSet, OrderedReady', () => {
  it('creates web-0, web-1, web-2 in order, each after the previous is Running and Ready', () => {
    const c = clusterWithNodes(3);
    expect(mustExec(c, 'kubectl apply -f -', statefulSetYaml('web'))).toBe('statefulset.apps/web created\n');
    stepFor(c, 40, () => {
      // Never a pod whose predecessor is missing or not ready.
      for (const p of podsOf(c, 'web')) {
        const ord = Number(p.metadata.labels!['apps.kubernetes.io/pod-index']);
        if (ord > 0) expect(isReady(byName(c, `web-${ord - 1}`)!)).toBe(true);
      }
    });
    const pods = ['web-0', 'web-1', 'web-2'].map((n) => byName(c, n)!);
    expect(pods.every((p) => p.status?.phase === 'Running' && isReady(p))).toBe(true);
    for (let i = 1; i < 3; i++) expect(time(pods[i].metadata.creationTimestamp)).toBeGreaterThanOrEqual(readyAt(pods[i - 1]));
    const status = sts(c).status;
    expect(status).toEqual({
      replicas: 3, readyReplicas: 3, currentReplicas: 3, updatedReplicas: 3, availableReplicas: 3, observedGeneration: 1, collisionCount: 0,
      currentRevision: status.updateRevision, updateRevision: expect.stringMatching(/^web-[bcdfghjklmnpqrstvwxz2456789]+$/),
    });
    expect(eventsFor(c, 'StatefulSet', 'web')).toEqual([
      'SuccessfulCreate create Claim data-web-0 Pod web-0 in StatefulSet web success',
      'SuccessfulCreate create Pod web-0 in StatefulSet web successful',
      'SuccessfulCreate create Claim data-web-1 Pod web-1 in StatefulSet web success',
      'SuccessfulCreate create Pod web-1 in StatefulSet web successful',
      'SuccessfulCreate create Claim data-web-2 Pod web-2 in StatefulSet web success',
      'SuccessfulCreate create Pod web-2 in StatefulSet web successful',
    ]);
    expect(mustExec(c, 'kubectl get sts')).toMatch(/^NAME\s+READY\s+AGE\nweb\s+3\/3\s+40s\n$/);
    expect(mustExec(c, 'kubectl describe sts web')).toContain([
      'Replicas:           3 desired | 3 total', 'Update Strategy:    RollingUpdate', '  Partition:        0',
      'Pods Status:        3 Running / 0 Waiting / 0 Succeeded / 0 Failed',
    ].join('\n'));
    expect(mustExec(c, 'kubectl describe sts web')).toContain('Volume Claims:\n  Name:          data\n  StorageClass:  \n  Labels:        <none>\n  Annotations:   <none>\n  Capacity:      1Gi\n  Access Modes:  [ReadWriteOnce]\n');
    expect(mustExec(c, 'kubectl get controllerrevisions')).toMatch(new RegExp(`^NAME\\s+CONTROLLER\\s+REVISION\\s+AGE\\n${status.updateRevision}\\s+statefulset.apps/web\\s+1\\s+40s\\n$`));
  });

  it('gives each pod its stable identity: name, labels, hostname.subdomain and storage', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', statefulSetYaml('web', { replicas: 2 }));
    c.advance(30);
    const rev = sts(c).status.updateRevision;
    const p = byName(c, 'web-1')!;
    expect(p.metadata.labels).toEqual({ app: 'web', 'apps.kubernetes.io/pod-index': '1', 'statefulset.kubernetes.io/pod-name': 'web-1', 'controller-revision-hash': rev });
    expect(p.metadata.generateName).toBe('web-');
    expect(p.spec).toMatchObject({ hostname: 'web-1', subdomain: 'web-svc', volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data-web-1' } }] });
    // A deleted pod comes back with the same name.
    mustExec(c, 'kubectl delete pod web-0');
    c.advance(40);
    expect(podsOf(c, 'web').map((x) => x.metadata.name).sort()).toEqual(['web-0', 'web-1']);
  });

  it('creates a claim per pod and template', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', statefulSetYaml('web', { replicas: 2 }));
    c.advance(30);
    expect(byName(c, 'web-1')!.spec?.volumes).toEqual([{ name: 'data', persistentVolumeClaim: { claimName: 'data-web-1' } }]);
    const claims = c.list('PersistentVolumeClaim') as unknown as { metadata: { name: string; labels: Record<string, string>; ownerReferences?: unknown }; spec: unknown }[];
    expect(claims.map((x) => x.metadata.name).sort()).toEqual(['data-web-0', 'data-web-1']);
    expect(claims[0].metadata.labels).toEqual({ app: 'web' });
    expect(claims[0].metadata.ownerReferences).toBeUndefined();
    expect(eventsFor(c, 'StatefulSet', 'web').slice(0, 2)).toEqual([
      'SuccessfulCreate create Claim data-web-0 Pod web-0 in StatefulSet web success',
      'SuccessfulCreate create Pod web-0 in StatefulSet web successful',
    ]);
  });

  it('scales down from the highest ordinal, one pod at a time', () => {
    const c = clusterWithNodes(3);
    mustExec(c, 'kubectl apply -f -', statefulSetYaml('web', { replicas: 4 }));
    c.advance(60);
    expect(mustExec(c, 'kubectl scale sts web --replicas=1')).toBe('statefulset.apps/web scaled\n');
    stepFor(c, 120, () => {
      const terminating = podsOf(c, 'web').filter((p) => p.metadata.deletionTimestamp).map((p) => p.metadata.name);
      expect(terminating.length).toBeLessThanOrEqual(1);
    });
    expect(podsOf(c, 'web').map((p) => p.metadata.name)).toEqual(['web-0']);
    expect(eventsFor(c, 'StatefulSet', 'web').filter((e) => e.startsWith('SuccessfulDelete'))).toEqual([
      'SuccessfulDelete delete Pod web-3 in StatefulSet web successful',
      'SuccessfulDelete delete Pod web-2 in StatefulSet web successful',
      'SuccessfulDelete delete Pod web-1 in StatefulSet web successful',
    ]);
    expect(sts(c).status).toMatchObject({ replicas: 1, readyReplicas: 1, availableReplicas: 1 });
  });

  it('rolls out from the highest ordinal down to the partition', () => {
    const c = clusterWithNodes(3);
    const partition = (n: number) => `    type: RollingUpdate\n    rollingUpdate:\n      partition: ${n}`;
    mustExec(c, 'kubectl apply -f -', statefulSetYaml('web', { strategy: partition(2) }));
    c.advance(40);
    const first = sts(c).status.currentRevision;
    mustExec(c, 'kubectl apply -f -', statefulSetYaml('web', { strategy: partition(2), image: 'nginx:1.28' }));
    c.advance(60);
    expect(images(c)).toEqual({ 'web-0': 'nginx:1.27', 'web-1': 'nginx:1.27', 'web-2': 'nginx:1.28' });
    const mid = sts(c).status;
    expect(mid).toMatchObject({ currentRevision: first, currentReplicas: 2, updatedReplicas: 1, replicas: 3, readyReplicas: 3 });
    expect(mid.updateRevision).not.toBe(first);
    expect(byName(c, 'web-2')!.metadata.labels!['controller-revision-hash']).toBe(mid.updateRevision);

    mustExec(c, 'kubectl apply -f -', statefulSetYaml('web', { strategy: partition(0), image: 'nginx:1.28' }));
    stepFor(c, 120, () => {
      // One pod at a time is down for the update.
      expect(podsOf(c, 'web').filter((p) => p.metadata.deletionTimestamp || !isReady(p)).length + 3 - podsOf(c, 'web').length).toBeLessThanOrEqual(1);
    });
    expect(images(c)).toEqual({ 'web-0': 'nginx:1.28', 'web-1': 'nginx:1.28', 'web-2': 'nginx:1.28' });
    expect(eventsFor(c, 'StatefulSet', 'web').filter((e) => e.startsWith('SuccessfulDelete'))).toEqual([
      'SuccessfulDelete delete Pod web-2 in StatefulSet web successful',
      'SuccessfulDelete delete Pod web-1 in StatefulSet web successful',
      'SuccessfulDelete delete Pod web-0 in StatefulSet web successful',
    ]);
    const done = sts(c).status;
    expect(done).toMatchObject({ currentRevision: mid.updateRevision, updateRevision: mid.updateRevision, currentReplicas: 3, updatedReplicas: 3 });
    const revisions = JSON.parse(mustExec(c, 'kubectl get controllerrevisions -o json')).items.map((r: { metadata: { name: string }; revision: number }) => [r.metadata.name, r.revision]);
    expect(revisions.sort()).toEqual([[first, 1], [mid.updateRevision, 2]].sort());
  });

  it('rolls back by renumbering the revision it returns to', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', statefulSetYaml('web', { replicas: 2 }));
    c.advance(30);
    const v1 = sts(c).status.currentRevision;
    mustExec(c, 'kubectl apply -f -', statefulSetYaml('web', { replicas: 2, image: 'nginx:1.28' }));
    c.advance(60);
    mustExec(c, 'kubectl apply -f -', statefulSetYaml('web', { replicas: 2 }));
    c.advance(60);
    expect(sts(c).status).toMatchObject({ currentRevision: v1, updateRevision: v1 });
    const revs = JSON.parse(mustExec(c, 'kubectl get controllerrevisions -o json')).items;
    expect(revs.find((r: { metadata: { name: string } }) => r.metadata.name === v1).revision).toBe(3);
    expect(revs).toHaveLength(2);
  });

  it('keeps at most revisionHistoryLimit old revisions', () => {
    const c = clusterWithNodes(1);
    for (const tag of ['1.25', '1.26', '1.27', '1.28']) {
      mustExec(c, 'kubectl apply -f -', statefulSetYaml('web', { replicas: 1, revisionHistoryLimit: 1, image: `nginx:${tag}` }));
      c.advance(40);
    }
    const revs = JSON.parse(mustExec(c, 'kubectl get controllerrevisions -o json')).items.map((r: { revision: number }) => r.revision);
    expect(revs.sort()).toEqual([3, 4]);
  });

  it('waits minReadySeconds before the next pod and reports availability after it', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', statefulSetYaml('web', { replicas: 2, minReadySeconds: 20 }));
    c.advance(60);
    const [p0, p1] = ['web-0', 'web-1'].map((n) => byName(c, n)!);
    expect(time(p1.metadata.creationTimestamp) - readyAt(p0)).toBeGreaterThanOrEqual(20_000);
    c.advance(30);
    expect(sts(c).status).toMatchObject({ readyReplicas: 2, availableReplicas: 2 });
  });
});

describe('StatefulSet, other policies', () => {
  it('Parallel creates every pod at once and deletes them at once', () => {
    const c = clusterWithNodes(3);
    mustExec(c, 'kubectl apply -f -', statefulSetYaml('web', { policy: 'Parallel' }));
    c.advance(1);
    const pods = podsOf(c, 'web');
    expect(pods.map((p) => p.metadata.name).sort()).toEqual(['web-0', 'web-1', 'web-2']);
    expect(new Set(pods.map((p) => p.metadata.creationTimestamp)).size).toBe(1);
    c.advance(30);
    mustExec(c, 'kubectl scale sts web --replicas=0');
    c.advance(1);
    expect(podsOf(c, 'web').every((p) => p.metadata.deletionTimestamp)).toBe(true);
  });

  it('OnDelete updates a pod only when it is deleted', () => {
    const c = clusterWithNodes(2);
    const onDelete = '    type: OnDelete';
    mustExec(c, 'kubectl apply -f -', statefulSetYaml('web', { replicas: 2, strategy: onDelete }));
    c.advance(30);
    mustExec(c, 'kubectl apply -f -', statefulSetYaml('web', { replicas: 2, strategy: onDelete, image: 'nginx:1.28' }));
    c.advance(60);
    expect(images(c)).toEqual({ 'web-0': 'nginx:1.27', 'web-1': 'nginx:1.27' });
    mustExec(c, 'kubectl delete pod web-1');
    c.advance(60);
    expect(images(c)).toEqual({ 'web-0': 'nginx:1.27', 'web-1': 'nginx:1.28' });
    expect(sts(c).status).toMatchObject({ currentReplicas: 1, updatedReplicas: 1 });
  });

  it('adopts the pods and revisions an orphaning delete left behind', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', statefulSetYaml('web', { replicas: 2 }));
    c.advance(30);
    const before = podsOf(c, 'web').map((p) => p.metadata.uid);
    mustExec(c, 'kubectl delete sts web --cascade=orphan');
    c.advance(5);
    mustExec(c, 'kubectl apply -f -', statefulSetYaml('web', { replicas: 2 }));
    c.advance(5);
    const uid = sts(c).metadata.uid;
    expect(podsOf(c, 'web').map((p) => p.metadata.uid)).toEqual(before);
    expect(podsOf(c, 'web').every((p) => p.metadata.ownerReferences?.[0].uid === uid)).toBe(true);
    expect((inDefault(c, 'ControllerRevision') as { metadata: { ownerReferences?: { uid: string }[] } }[]).map((r) => r.metadata.ownerReferences?.[0].uid)).toEqual([uid]);
    expect(sts(c).status).toMatchObject({ replicas: 2, readyReplicas: 2 });
  });

  it('is cleaned up with its pods and revisions when deleted', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', statefulSetYaml('web', { replicas: 2 }));
    c.advance(30);
    mustExec(c, 'kubectl delete sts web');
    c.advance(60);
    expect(podsOf(c, 'web')).toHaveLength(0);
    expect(inDefault(c, 'ControllerRevision')).toHaveLength(0);
  });
});

describe('StatefulSet admission', () => {
  it('defaults the spec as apps/v1 does', () => {
    const c = clusterWithNodes(0);
    mustExec(c, 'kubectl apply -f -', statefulSetYaml('web').replace('  replicas: 3\n', ''));
    expect(sts(c).spec).toMatchObject({
      replicas: 1, podManagementPolicy: 'OrderedReady', revisionHistoryLimit: 10,
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
      volumeClaimTemplates: [{ apiVersion: 'v1', kind: 'PersistentVolumeClaim', spec: { volumeMode: 'Filesystem' }, status: { phase: 'Pending' } }],
    });
  });

  it('rejects a selector that misses the template, and changes to fixed fields', () => {
    const c = clusterWithNodes(0);
    const bad = c.exec('kubectl apply -f -', statefulSetYaml('web').replace('      labels:\n        app: web', '      labels:\n        app: other'));
    expect(bad.stderr).toBe('The StatefulSet "web" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"other"}: `selector` does not match template `labels`\n');
    mustExec(c, 'kubectl apply -f -', statefulSetYaml('web'));
    const changed = c.exec('kubectl apply -f -', statefulSetYaml('web').replace('serviceName: web-svc', 'serviceName: other'));
    expect(changed.stderr).toBe("The StatefulSet \"web\" is invalid: spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden\n");
    const policy = c.exec('kubectl apply -f -', statefulSetYaml('x', { policy: 'Burst' as 'Parallel' }));
    expect(policy.stderr).toBe('The StatefulSet "x" is invalid: spec.podManagementPolicy: Invalid value: "Burst": must be \'OrderedReady\' or \'Parallel\'\n');
  });
});

describe('StatefulSet invariants', () => {
  it('never has two pods with one ordinal, and converges whatever is done to it', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('scale' as const), n: fc.integer({ min: 0, max: 4 }) }),
      fc.record({ kind: fc.constant('image' as const), tag: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('delete' as const), ordinal: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ kind: fc.constant('wait' as const), s: fc.integer({ min: 1, max: 15 }) }),
    );
    fc.assert(fc.property(fc.array(op, { minLength: 1, maxLength: 6 }), fc.constantFrom<'OrderedReady' | 'Parallel'>('OrderedReady', 'Parallel'), (ops, policy) => {
      const c = clusterWithNodes(2);
      let replicas = 2, tag = 1;
      const apply = () => mustExec(c, 'kubectl apply -f -', statefulSetYaml('web', { replicas, policy, image: `nginx:1.2${tag}` }));
      apply();
      const check = () => {
        const seen = new Map<number, string>();
        for (const p of podsOf(c, 'web')) {
          const m = /^web-(\d+)$/.exec(p.metadata.name!);
          expect(m).not.toBeNull();
          const ord = Number(m![1]);
          expect(seen.has(ord)).toBe(false);
          seen.set(ord, p.metadata.uid!);
          expect(p.metadata.labels!['apps.kubernetes.io/pod-index']).toBe(String(ord));
        }
      };
      for (const o of ops) {
        if (o.kind === 'scale') { replicas = o.n; apply(); }
        else if (o.kind === 'image') { tag = o.tag; apply(); }
        else if (o.kind === 'delete') c.exec(`kubectl delete pod web-${o.ordinal}`);
        stepFor(c, o.kind === 'wait' ? o.s : 2, check);
      }
      stepFor(c, 180, check);
      const pods = podsOf(c, 'web');
      expect(pods.map((p) => p.metadata.name).sort()).toEqual(Array.from({ length: replicas }, (_, i) => `web-${i}`));
      expect(pods.every((p) => isReady(p) && p.spec?.containers[0].image === `nginx:1.2${tag}`)).toBe(true);
      const status = sts(c).status;
      expect([status.replicas, status.readyReplicas ?? 0, status.currentRevision]).toEqual([replicas, replicas, status.updateRevision]);
    }), { numRuns: 12, seed: 7 });
  }, 120_000);
});

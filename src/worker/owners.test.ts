// The owner view's graph from a real headless cluster: ownerReferences chains, Service selectors, claims
// and volumes, custom resources, filters, and the summary of many pods.
import { describe, expect, it } from 'vitest';
import { createCluster } from '../engine/index.ts';
import { mustExec } from '../engine/testing/fixtures.ts';
import { ownerGraph } from './owners.ts';
import { selectPods } from './selectpods.ts';
import type { Pod } from 'kubernetes-types/core/v1';

const WEB = `apiVersion: apps/v1
kind: Deployment
metadata: { name: web, labels: { tier: front } }
spec:
  replicas: 3
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec: { containers: [{ name: nginx, image: nginx:1.27 }] }
---
apiVersion: v1
kind: Service
metadata: { name: web }
spec: { selector: { app: web }, ports: [{ port: 80 }] }
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: { name: data }
spec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: 1Gi } } }
---
apiVersion: v1
kind: Pod
metadata: { name: db, labels: { app: db } }
spec:
  containers: [{ name: redis, image: "redis:7", volumeMounts: [{ name: data, mountPath: /data }] }]
  volumes: [{ name: data, persistentVolumeClaim: { claimName: data } }]
`;

function cluster() {
  const c = createCluster({ seed: 7 });
  mustExec(c, 'sim node add w1 --cpu 8 --memory 32Gi');
  mustExec(c, 'kubectl apply -f -', WEB);
  c.advance(30);
  return c;
}

const kindName = (id: string) => id.split('/').filter((_, i) => i !== 1).join('/');

describe('ownerGraph', { timeout: 60_000 }, () => {
  it('draws Deployment → ReplicaSet → Pods, Service → Pods, Pod → PVC → PV', () => {
    const c = cluster();
    const g = ownerGraph(c);
    const rs = g.nodes.find((n) => n.kind === 'ReplicaSet')!;
    expect(rs.name).toMatch(/^web-[a-z0-9]+$/);
    expect(rs.status).toBe('3/3');
    const owns = (from: string) => g.edges.filter((e) => e.source === from && e.relation === 'owns').map((e) => e.target);
    expect(owns('Deployment/default/web')).toEqual([rs.id]);
    const webPods = owns(rs.id);
    expect(webPods).toHaveLength(3);
    expect(webPods.every((id) => id.startsWith(`Pod/default/${rs.name}-`))).toBe(true);
    const selected = g.edges.filter((e) => e.source === 'Service/default/web' && e.relation === 'selects').map((e) => e.target);
    expect(selected.sort()).toEqual([...webPods].sort());
    expect(g.edges.some((e) => e.source === 'Pod/default/db' && e.target === 'PersistentVolumeClaim/default/data' && e.relation === 'mounts')).toBe(true);
    const binds = g.edges.find((e) => e.source === 'PersistentVolumeClaim/default/data' && e.relation === 'binds');
    expect(binds?.target).toMatch(/^PersistentVolume\/\/pvc-/);
    expect(g.nodes.find((n) => n.id === 'PersistentVolumeClaim/default/data')?.status).toBe('Bound');
    // Add-ons (CoreDNS, kube-proxy, flannel) stay out unless asked for.
    expect(g.nodes.some((n) => n.namespace === 'kube-system')).toBe(false);
    expect(ownerGraph(c, { namespace: 'kube-system' }).nodes.some((n) => n.kind === 'DaemonSet' && n.name === 'kube-proxy')).toBe(true);
  });

  it('keeps only the chains a filter matches (kind, label selector, name) and rejects a bad selector', () => {
    const c = cluster();
    const byKind = ownerGraph(c, { kind: 'PersistentVolume' });
    expect(byKind.nodes.map((n) => n.kind).sort()).toEqual(['PersistentVolume', 'PersistentVolumeClaim', 'Pod']);
    const bySelector = ownerGraph(c, { selector: 'tier in (front)' });
    expect(new Set(bySelector.nodes.map((n) => n.kind))).toEqual(new Set(['Deployment', 'ReplicaSet', 'Pod', 'Service']));
    expect(ownerGraph(c, { search: 'db' }).nodes.map((n) => kindName(n.id)).sort()).toEqual(
      expect.arrayContaining(['Pod/db', 'PersistentVolumeClaim/data']),
    );
    expect(() => ownerGraph(c, { selector: 'app in (web' })).toThrow(/unable to parse requirement/);
  });

  it('summarizes pods past podsPerOwner and leaves whole chains out past maxNodes', () => {
    const c = cluster();
    mustExec(c, 'kubectl scale deployment web --replicas=12');
    c.advance(30);
    const g = ownerGraph(c, { podsPerOwner: 4 });
    const more = g.nodes.find((n) => n.more !== undefined)!;
    expect(more.more).toBe(8);
    expect(g.edges.some((e) => e.target === more.id && e.relation === 'owns')).toBe(true);
    const small = ownerGraph(c, { podsPerOwner: 4, maxNodes: 5 });
    expect(small.omitted).toBeGreaterThan(0);
    expect(small.nodes.length).toBeLessThanOrEqual(Math.max(5, g.nodes.length));
  });

  it('follows a custom resource to the pods its operator created', () => {
    const c = createCluster({ seed: 9 });
    mustExec(c, 'sim node add g1 --gpus 8 --cpu 32 --memory 128Gi');
    mustExec(c, 'sim operator install training');
    mustExec(c, 'kubectl apply -f -', `apiVersion: kubeflow.org/v1
kind: PyTorchJob
metadata: { name: mnist }
spec:
  pytorchReplicaSpecs:
    Master:
      replicas: 1
      restartPolicy: OnFailure
      template: { spec: { containers: [{ name: pytorch, image: "pytorch/pytorch:2.3", resources: { limits: { nvidia.com/gpu: 1 } } }] } }
    Worker:
      replicas: 2
      restartPolicy: OnFailure
      template: { spec: { containers: [{ name: pytorch, image: "pytorch/pytorch:2.3", resources: { limits: { nvidia.com/gpu: 1 } } }] } }
`);
    c.advance(60);
    const g = ownerGraph(c, { kind: 'PyTorchJob' });
    const owned = g.edges.filter((e) => e.source === 'PyTorchJob/default/mnist').map((e) => kindName(e.target));
    expect(owned.filter((id) => id.startsWith('Pod/'))).toHaveLength(3);
  });
});

describe('selectPods', () => {
  it('evaluates kubectl selector grammar against pod labels', () => {
    const pod = (name: string, labels: Record<string, string>) => ({ metadata: { name, namespace: 'default', labels } }) as Pod;
    const pods = [pod('a', { app: 'web', tier: 'front' }), pod('b', { app: 'db' }), pod('c', {})];
    expect(selectPods(pods, 'app=web')).toEqual(['default/a']);
    expect(selectPods(pods, 'app in (web,db),tier!=front')).toEqual(['default/b']);
    expect(selectPods(pods, '!app')).toEqual(['default/c']);
    expect(selectPods(pods, '')).toEqual(['default/a', 'default/b', 'default/c']);
    expect(() => selectPods(pods, 'app==')).not.toThrow();
    expect(() => selectPods(pods, 'app in web')).toThrow(/unable to parse requirement/);
  });
});

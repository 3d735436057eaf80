// Issue 7's worker views on the real engine: the past moment (read-only), streaming get -w, spec vs status,
// related objects and the last change.
import { describe, expect, it } from 'vitest';
import { createCluster } from '../engine/index.ts';
import { DEFAULT_DOCUMENT_TEXT } from '../storage/defaults.ts';
import { EngineHost } from './host.ts';
import type { PodView, ViewBatch } from './protocol.ts';

async function started() {
  const host = new EngineHost({ createCluster, wallNow: () => 0, every: () => () => undefined });
  const pods = new Map<string, PodView>();
  host.subscribe((b: ViewBatch) => {
    if (b.reset) pods.clear();
    for (const k of b.pods.deletes) pods.delete(k);
    for (const p of b.pods.upserts) pods.set(p.key, p);
  });
  await host.init({ fresh: true });
  await host.pause();
  const web = () => [...pods.values()].filter((p) => p.namespace === 'default');
  return { host, pods, web };
}

describe('the past moment (timeline scrubbing)', () => {
  it('shows the cluster as it was, read-only, then resumes at the live moment', async () => {
    const { host, web } = await started();
    expect((await host.apply(DEFAULT_DOCUMENT_TEXT)).code).toBe(0);
    await host.exec('sim advance 60s');
    const before = (await host.timeline()).liveMs;
    expect(web().filter((p) => p.status === 'Running')).toHaveLength(3);
    await host.exec('sim advance 1s');
    await host.exec('kubectl scale deployment web --replicas=5');
    await host.exec('sim advance 60s');
    expect(web().filter((p) => p.status === 'Running')).toHaveLength(5);
    const live = (await host.timeline()).liveMs;

    const clock = await host.viewAt(before);
    expect(clock).toMatchObject({ nowMs: before, liveMs: live, playing: false });
    expect(web()).toHaveLength(3);
    expect((await host.exec('kubectl get deployment web')).stdout).toMatch(/web\s+3\/3/);
    const refused = await host.exec('kubectl scale deployment web --replicas=1');
    expect(refused).toEqual({ code: 1, stdout: '', stderr: 'error: the cluster is shown as it was at T−61s (read-only): resume the live cluster to run "kubectl scale"\n' });
    expect((await host.apply(DEFAULT_DOCUMENT_TEXT)).code).toBe(1);
    // The kubeconfig can be read in the past, not changed.
    expect(await host.exec('kubectl config current-context')).toEqual({ code: 0, stdout: 'kubernetes-admin@kubernetes\n', stderr: '' });
    expect((await host.exec('kubectl config set-context --current --namespace=dev')).stderr).toContain('(read-only): resume the live cluster to run "kubectl config"');
    // The editor's dry run still answers (for the live cluster, where Apply would go) and changes nothing.
    const checked = await host.apply(DEFAULT_DOCUMENT_TEXT.replace('replicas: 3', 'replicas: -1'), { dryRun: 'server' });
    expect(checked.documents[0].message).toContain('spec.replicas: Invalid value: -1');
    expect((await host.timeline()).liveMs).toBe(live);
    expect((await host.exec('sim advance 10s')).code).toBe(1);
    const table = await host.table('Deployment');
    expect(table.rows.find((r) => r.name === 'web')?.cells).toContain('3/3');
    expect((await host.timeline()).viewingMs).toBe(before);

    const back = await host.viewAt(null);
    expect(back.liveMs).toBeUndefined();
    expect(back.nowMs).toBe(live);
    expect(web()).toHaveLength(5);
    expect((await host.exec('kubectl scale deployment web --replicas=1')).code).toBe(0);
    host.dispose();
  });

  it('counts changes and events per slice of the timeline', async () => {
    const { host } = await started();
    await host.apply(DEFAULT_DOCUMENT_TEXT);
    await host.exec('sim advance 30s');
    const t = await host.timeline();
    expect(t.buckets).toHaveLength(120);
    expect(t.buckets.reduce((n, b) => n + b.changes, 0)).toBeGreaterThan(10);
    expect(t.buckets.reduce((n, b) => n + b.events, 0)).toBeGreaterThan(3); // Scheduled, Pulling, Started …
    host.dispose();
  });
});

describe('get -w through the host', () => {
  it('streams rows as the Deployment scales, until stopped', async () => {
    const { host } = await started();
    await host.apply(DEFAULT_DOCUMENT_TEXT);
    await host.exec('sim advance 30s');
    const chunks: (string | null)[] = [];
    const { result, id } = await host.watch('kubectl get pods -w', undefined, (t) => void chunks.push(t));
    expect(id).toBeGreaterThan(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^NAME\s+READY\s+STATUS/);
    await host.exec('kubectl scale deployment web --replicas=4');
    await host.exec('sim advance 30s');
    const text = chunks.join('');
    expect(text).not.toContain('NAME');
    expect(text).toMatch(/web-\S+\s+0\/1\s+Pending/);
    expect(text).toMatch(/web-\S+\s+1\/1\s+Running/);
    host.stopWatch(id);
    const n = chunks.length;
    await host.exec('kubectl scale deployment web --replicas=1');
    await host.exec('sim advance 30s');
    expect(chunks.length).toBe(n);
    host.dispose();
  });

  it('a command that does not stream returns id 0', async () => {
    const { host } = await started();
    const { result, id } = await host.watch('kubectl get nodes', undefined, () => undefined);
    expect(id).toBe(0);
    expect(result.stdout).toMatch(/^NAME\s+STATUS/);
    host.dispose();
  });
});

describe('the drawer: spec vs status, related objects, last change', () => {
  it('a Deployment scaled up shows spec.replicas against its status and the deployment controller', async () => {
    const { host } = await started();
    await host.apply(DEFAULT_DOCUMENT_TEXT);
    await host.exec('sim advance 60s');
    await host.exec('kubectl scale deployment web --replicas=5');
    const ref = { kind: 'Deployment', namespace: 'default', name: 'web' };
    const v = await host.specStatus(ref);
    expect(v.reconcilers).toEqual(['deployment-controller']);
    const ready = v.rows.find((r) => r.observedPath === 'status.readyReplicas')!;
    expect(ready).toEqual({ desiredPath: 'spec.replicas', desired: '5', observedPath: 'status.readyReplicas', observed: '3', differs: true });
    await host.exec('sim advance 60s');
    const done = await host.specStatus(ref);
    expect(done.rows.filter((r) => r.desiredPath === 'spec.replicas').every((r) => !r.differs)).toBe(true);

    const change = (await host.lastChange(ref))!;
    expect(change.type).toBe('MODIFIED');
    expect(change.diff).toMatch(/^diff -u -N before after\n/);
    expect(change.diff).toMatch(/\n[-+] {2,}\w+Replicas: \d/);
    host.dispose();
  });

  it('a pod links its ReplicaSet and Deployment, the Service selecting it and its node; the kubelet owns it', async () => {
    const { host, web } = await started();
    await host.apply(DEFAULT_DOCUMENT_TEXT);
    const service = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector:\n    app: web\n  ports:\n    - port: 80\n';
    expect((await host.apply(service)).code).toBe(0);
    await host.exec('sim advance 60s');
    const pod = web()[0];
    const ref = { kind: 'Pod', namespace: 'default', name: pod.name };
    const related = await host.related(ref);
    const by = (rel: string) => related.filter((r) => r.relation === rel).map((r) => `${r.kind}/${r.name}`);
    expect(by('owner')).toEqual([`ReplicaSet/${pod.ownerName}`, 'Deployment/web']);
    expect(by('selectedBy')).toEqual(['Service/web']);
    expect(by('node')).toEqual([`Node/${pod.nodeName}`]);
    const rs = await host.related({ kind: 'ReplicaSet', namespace: 'default', name: pod.ownerName });
    expect(rs.filter((r) => r.relation === 'owned')).toHaveLength(3);

    const ss = await host.specStatus(ref);
    expect(ss.reconcilers).toEqual([`kubelet on ${pod.nodeName}`]);
    expect(ss.rows.find((r) => r.desiredPath === 'spec.containers[nginx].image')).toMatchObject({ desired: 'nginx:1.27', observed: 'docker.io/library/nginx:1.27', differs: true });
    expect(ss.rows.find((r) => r.observedPath === 'status.containerStatuses[nginx].state')).toMatchObject({ observed: 'running, ready', differs: false });
    const svc = await host.specStatus({ kind: 'Service', namespace: 'default', name: 'web' });
    expect(svc.reconcilers).toEqual(['endpointslice-controller', 'kube-proxy']);
    host.dispose();
  });
});

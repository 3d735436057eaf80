// Argo CD in a running cluster: an Application over a folder of documents, automated sync with prune and selfHeal,
// a manual application that stays OutOfSync until `argocd app sync`, a bad document's ComparisonError, health by
// gitops-engine's rules, the argocd CLI's tables and errors, and a snapshot restore.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Deployment } from 'kubernetes-types/apps/v1';
import { createCluster, type KubesimCluster } from '../../index.ts';
import type { KubeObject } from '../../api/object.ts';
import { clusterWithNodes, deploymentYaml, mustExec } from '../../testing/fixtures.ts';
import { resourceHealth } from './health.ts';
import { folderFiles, revisionOf } from './repository.ts';
import type { Application } from './types.ts';

const SERVICE = 'apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec: {selector: {app: web}, ports: [{port: 80}]}\n';
const app = (name: string, automated: string) => `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: ${name}, namespace: argocd}
spec:
  project: default
  source: {repoURL: kubesim://documents, path: shop, targetRevision: HEAD}
  destination: {server: https://kubernetes.default.svc, namespace: shop}
  syncPolicy:
${automated}    syncOptions: [CreateNamespace=true]
`;

function gitops(automated = '    automated: {prune: true, selfHeal: true}\n'): KubesimCluster {
  const c = clusterWithNodes(2);
  mustExec(c, 'sim operator install argocd');
  c.setFile('shop/deployment.yaml', deploymentYaml('web', 2));
  c.setFile('shop/service.yaml', SERVICE);
  mustExec(c, 'kubectl apply -f -', app('shop', automated));
  c.advance(20);
  return c;
}

const get = (c: KubesimCluster) => c.list('Application').find((a) => a.metadata.name === 'shop') as Application;
const replicas = (c: KubesimCluster) => (c.list('Deployment').find((d) => d.metadata.namespace === 'shop' && d.metadata.name === 'web') as Deployment & KubeObject | undefined)?.spec?.replicas;
const events = (c: KubesimCluster) => c.list('Event').filter((e) => (e as { involvedObject?: { kind?: string } }).involvedObject?.kind === 'Application').map((e) => `${(e as { reason?: string }).reason}: ${(e as { message?: string }).message}`);

describe('argocd application controller', () => {
  it('prints Argo CD\'s printer columns and syncs a new application automatically, with its tracking label', () => {
    const c = gitops();
    expect(mustExec(c, 'kubectl get applications -n argocd')).toBe('NAME   SYNC STATUS   HEALTH STATUS\nshop   Synced        Healthy\n');
    const rev = get(c).status!.sync!.revision!;
    expect(rev).toMatch(/^[0-9a-f]{40}$/);
    expect(mustExec(c, 'kubectl get app shop -n argocd -o wide')).toContain(`REVISION`);
    expect(mustExec(c, 'kubectl get deploy,svc -n shop -l app.kubernetes.io/instance=shop -o name')).toBe('deployment.apps/web\nservice/web\n');
    expect(events(c)).toEqual([
      'ResourceUpdated: Updated sync status:  -> OutOfSync',
      'ResourceUpdated: Updated health status:  -> Missing',
      `OperationStarted: Initiated automated sync to '${rev}'`,
      `OperationCompleted: Sync operation to ${rev} succeeded`,
      'ResourceUpdated: Updated sync status: OutOfSync -> Synced',
      'ResourceUpdated: Updated health status: Missing -> Progressing',
      'ResourceUpdated: Updated health status: Progressing -> Healthy',
    ]);
    expect(get(c).status!.history!.map((h) => [h.id, h.revision])).toEqual([[0, rev]]);
  });

  it('makes a new revision of an edited document and rolls it out', () => {
    const c = gitops();
    const before = get(c).status!.sync!.revision;
    c.setFile('shop/deployment.yaml', deploymentYaml('web', 4));
    c.advance(1);
    expect(get(c).status!.sync!.revision).not.toBe(before);
    expect(replicas(c)).toBe(4);
    expect(get(c).status!.history).toHaveLength(2);
  });

  it('reverts a kubectl scale after the 5 s self-heal timeout, and shows the drift as OutOfSync without selfHeal', () => {
    const c = gitops();
    c.setFile('shop/deployment.yaml', deploymentYaml('web', 3)); // a sync now: the self-heal timeout runs from here
    c.advance(1);
    mustExec(c, 'kubectl scale deployment web -n shop --replicas=6');
    c.advance(1);
    expect(get(c).status!.sync!.status).toBe('OutOfSync');
    expect(replicas(c)).toBe(6);
    c.advance(5);
    expect(replicas(c)).toBe(3);
    expect(get(c).status!.sync!.status).toBe('Synced');
    expect(events(c)).toContain(`OperationCompleted: Partial sync operation to ${get(c).status!.sync!.revision} succeeded`);

    const manual = gitops('    automated: {prune: true}\n');
    mustExec(manual, 'kubectl scale deployment web -n shop --replicas=6');
    manual.advance(60);
    expect(replicas(manual)).toBe(6);
    expect(get(manual).status!.sync!.status).toBe('OutOfSync');
    expect(get(manual).status!.resources!.find((r) => r.kind === 'Deployment')!.status).toBe('OutOfSync');
  });

  it('prunes what the folder no longer has only with prune', () => {
    const c = gitops();
    c.setFile('shop/service.yaml', undefined);
    c.advance(1);
    expect(c.list('Service').some((s) => s.metadata.namespace === 'shop')).toBe(false);

    const keep = gitops('    automated: {}\n');
    keep.setFile('shop/service.yaml', undefined);
    keep.advance(1);
    expect(keep.list('Service').some((s) => s.metadata.namespace === 'shop')).toBe(true);
    expect(get(keep).status!.resources!.find((r) => r.kind === 'Service')).toMatchObject({ status: 'OutOfSync', requiresPruning: true });
    const out = mustExec(keep, 'argocd app sync shop');
    expect(out).toContain('ignored (requires pruning)');
    expect(mustExec(keep, 'argocd app sync shop --prune')).toMatch(/\n +Service +shop +web +OutOfSync +Progressing +pruned\n/);
    keep.advance(1); // foreground deletion, as Argo CD prunes by default
    expect(keep.list('Service').some((s) => s.metadata.namespace === 'shop')).toBe(false);
    expect(get(keep).status!.sync!.status).toBe('Synced');
  });

  it('keeps a manual application OutOfSync until argocd app sync, then rolls out', () => {
    const c = gitops('');
    expect(get(c).status!.sync!.status).toBe('OutOfSync');
    expect(get(c).status!.health!.status).toBe('Missing');
    const out = mustExec(c, 'argocd app sync shop');
    expect(out).toMatch(/^TIMESTAMP +GROUP +KIND +NAMESPACE +NAME +STATUS +HEALTH +HOOK +MESSAGE\n/);
    expect(out).toContain('Phase:              Succeeded\n');
    expect(out).toContain('Message:            successfully synced (all tasks run)\n');
    expect(out).toMatch(/\napps +Deployment +shop +web +Synced +Progressing +deployment.apps\/web created\n/);
    c.advance(20);
    expect(mustExec(c, 'argocd app list')).toBe([
      'NAME         CLUSTER                         NAMESPACE  PROJECT  STATUS  HEALTH   SYNCPOLICY  CONDITIONS  REPO                 PATH  TARGET',
      'argocd/shop  https://kubernetes.default.svc  shop       default  Synced  Healthy  Manual      <none>      kubesim://documents  shop  HEAD',
      '',
    ].join('\n'));
    expect(events(c)).toContain(`OperationStarted: admin initiated sync to HEAD (${get(c).status!.sync!.revision})`);
  });

  it('reports a document that does not parse as a ComparisonError in Argo CD\'s words', () => {
    const c = gitops();
    c.setFile('shop/broken.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  labels: [\n');
    c.advance(1);
    const s = get(c).status!;
    expect(s.sync!.status).toBe('Unknown');
    expect(s.conditions).toEqual([expect.objectContaining({ type: 'ComparisonError', message: expect.stringMatching(/^Failed to load target state: failed to generate manifest for source 1 of 1: rpc error: code = FailedPrecondition desc = Failed to unmarshal "shop\/broken.yaml": error converting YAML to JSON: yaml: line \d+: /) })]);
    expect(mustExec(c, 'argocd app list')).toContain(' ComparisonError ');
  });

  it('rolls a manual application back to an earlier revision', () => {
    const c = gitops('');
    mustExec(c, 'argocd app sync shop');
    c.setFile('shop/deployment.yaml', deploymentYaml('web', 5));
    mustExec(c, 'argocd app sync shop');
    expect(replicas(c)).toBe(5);
    expect(mustExec(c, 'argocd app history shop')).toMatch(/^SOURCE {2}kubesim:\/\/documents\nID +DATE +REVISION\n0 +2026-01-01 00:00:\d\d \+0000 UTC +HEAD \([0-9a-f]{7}\)\n1 /);
    mustExec(c, 'argocd app rollback shop 0');
    expect(replicas(c)).toBe(2);
    expect(get(c).status!.sync!.status).toBe('OutOfSync');
  });

  it('keeps working after a snapshot and restore', () => {
    const c = gitops();
    const restored = createCluster({ snapshot: c.snapshot() });
    for (const [name, text] of (c as unknown as { files: Map<string, string> }).files) restored.setFile(name, text);
    restored.advance(1);
    expect(get(restored).status!.sync!.status).toBe('Synced');
    mustExec(restored, 'kubectl scale deployment web -n shop --replicas=6');
    restored.advance(6);
    expect(replicas(restored)).toBe(2);
  });
});

describe('argocd CLI', () => {
  it('speaks in argocd\'s words', () => {
    const c = clusterWithNodes(1);
    expect(c.exec('argocd app list')).toMatchObject({ code: 1, stderr: 'FATA[0000] the server could not find the requested resource (get applications.argoproj.io)\n' });
    mustExec(c, 'sim operator install argocd');
    expect(c.exec('argocd app get web')).toMatchObject({ code: 1, stderr: 'FATA[0000] rpc error: code = NotFound desc = applications.argoproj.io "web" not found\n' });
    expect(c.exec('argocd app frob')).toMatchObject({ code: 1, stderr: 'Error: unknown command "frob" for "argocd app"\nRun \'argocd app --help\' for usage.\n' });
    expect(c.exec('argocd app create web --repo kubesim://documents --path nowhere --dest-server https://kubernetes.default.svc --dest-namespace web').stderr)
      .toBe('FATA[0000] rpc error: code = InvalidArgument desc = application spec for web is invalid: InvalidSpecError: Unable to generate manifests in nowhere: rpc error: code = Unknown desc = nowhere: app path does not exist\n');
    c.setFile('web/deployment.yaml', deploymentYaml('web', 1));
    expect(mustExec(c, 'argocd app create web --repo kubesim://documents --path web --dest-server https://kubernetes.default.svc --dest-namespace default --sync-policy automated')).toBe("application 'web' created\n");
    expect(c.exec('argocd app rollback web 0').stderr).toBe('FATA[0000] Application \'web\' does not have deployment id \'0\' in history\n\n');
    expect(c.exec('argocd app set web --self-heal').code).toBe(0);
    expect((c.list('Application')[0] as Application).spec.syncPolicy!.automated).toEqual({ selfHeal: true });
  });
});

describe('health (gitops-engine pkg/health)', () => {
  const deploy = (spec: object, status: object, generation = 1): KubeObject => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', generation }, spec, status } as KubeObject);
  it.each([
    [deploy({ replicas: 3 }, { observedGeneration: 1, replicas: 3, updatedReplicas: 3, availableReplicas: 3 }), { status: 'Healthy' }],
    [deploy({ replicas: 3 }, { observedGeneration: 1, replicas: 3, updatedReplicas: 1, availableReplicas: 3 }), { status: 'Progressing', message: 'Waiting for rollout to finish: 1 out of 3 new replicas have been updated...' }],
    [deploy({ replicas: 3 }, { observedGeneration: 1, replicas: 4, updatedReplicas: 3, availableReplicas: 3 }), { status: 'Progressing', message: 'Waiting for rollout to finish: 1 old replicas are pending termination...' }],
    [deploy({ replicas: 3 }, { observedGeneration: 1, replicas: 3, updatedReplicas: 3, availableReplicas: 2 }), { status: 'Progressing', message: 'Waiting for rollout to finish: 2 of 3 updated replicas are available...' }],
    [deploy({ replicas: 3 }, { observedGeneration: 1 }, 2), { status: 'Progressing', message: 'Waiting for rollout to finish: observed deployment generation less than desired generation' }],
    [deploy({ paused: true }, {}), { status: 'Suspended', message: 'Deployment is paused' }],
    [deploy({ replicas: 1 }, { observedGeneration: 1, conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }] }), { status: 'Degraded', message: 'Deployment "web" exceeded its progress deadline' }],
    [{ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'd' }, status: { phase: 'Pending' } } as KubeObject, { status: 'Progressing' }],
    [{ apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { type: 'LoadBalancer' } } as KubeObject, { status: 'Progressing' }],
    [{ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j' }, status: { conditions: [{ type: 'Failed', status: 'True', message: 'Job has reached the specified backoff limit' }] } } as KubeObject, { status: 'Degraded', message: 'Job has reached the specified backoff limit' }],
  ])('%#', (obj, want) => {
    expect(resourceHealth(obj.apiVersion.includes('/') ? obj.apiVersion.split('/')[0] : '', obj)).toEqual(want);
  });
  it('has no health for a ConfigMap', () => {
    expect(resourceHealth('', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } })).toBeUndefined();
  });
});

describe('repository revisions', () => {
  it('depend on the folder\'s files and texts only, not on the order the editor holds them in', () => {
    fc.assert(fc.property(fc.uniqueArray(fc.tuple(fc.constantFrom('a', 'b', 'c/d'), fc.string()), { selector: (t) => t[0] }), fc.string(), (files, other) => {
      const inFolder = files.map(([n, t]) => [`app/${n}.yaml`, t] as [string, string]);
      const forward = new Map([...inFolder, ['elsewhere.yaml', other]]);
      const backward = new Map([...inFolder].reverse());
      expect(revisionOf(folderFiles(forward, 'app'))).toBe(revisionOf(folderFiles(backward, 'app')));
      if (inFolder.some(([n]) => !n.startsWith('app/c/'))) {
        const [n, t] = inFolder.find(([name]) => !name.startsWith('app/c/'))!;
        expect(revisionOf(folderFiles(new Map([...forward, [n, t + 'x']]), 'app'))).not.toBe(revisionOf(folderFiles(forward, 'app')));
      }
    }));
  });
});

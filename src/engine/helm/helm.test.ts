import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Secret } from 'kubernetes-types/core/v1';
import type { Deployment } from 'kubernetes-types/apps/v1';
import { createCluster, type KubesimCluster } from '../index.ts';
import { base64Decode } from '../api/base64.ts';
import { decodeRelease } from './storage.ts';

function cluster(): KubesimCluster {
  const c = createCluster({ seed: 1 });
  c.exec('sim node add w1 --cpu 8 --memory 16Gi');
  return c;
}

function ok(c: KubesimCluster, line: string): string {
  const r = c.exec(line) as { code: number; stdout: string; stderr: string };
  if (r.code !== 0) throw new Error(`${line}: ${r.stderr}`);
  return r.stdout;
}

function fails(c: KubesimCluster, line: string): string {
  const r = c.exec(line) as { code: number; stdout: string; stderr: string };
  expect(r.code, line).toBe(1);
  return r.stderr;
}

const deployment = (c: KubesimCluster, name = 'web-nginx') => c.list('Deployment').find((d) => d.metadata.name === name) as Deployment | undefined;

const NOTES = `NOTES:
1. Get the application URL by running these commands:
  export POD_NAME=$(kubectl get pods --namespace default -l "app.kubernetes.io/name=nginx,app.kubernetes.io/instance=web" -o jsonpath="{.items[0].metadata.name}")
  export CONTAINER_PORT=$(kubectl get pod --namespace default $POD_NAME -o jsonpath="{.spec.containers[0].ports[0].containerPort}")
  echo "Visit http://127.0.0.1:8080 to use your application"
  kubectl --namespace default port-forward $POD_NAME 8080:$CONTAINER_PORT
`;

describe('helm install', () => {
  it('prints helm status block and creates the chart objects, owned by the release', () => {
    const c = cluster();
    expect(ok(c, 'helm install web kubesim/nginx')).toBe(`NAME: web
LAST DEPLOYED: Thu Jan  1 00:00:00 2026
NAMESPACE: default
STATUS: deployed
REVISION: 1
${NOTES}`);
    const d = deployment(c)!;
    expect(d.spec?.replicas).toBe(1);
    expect(d.metadata?.labels).toMatchObject({ 'app.kubernetes.io/managed-by': 'Helm', 'app.kubernetes.io/instance': 'web', 'helm.sh/chart': 'nginx-0.1.0', 'app.kubernetes.io/version': '1.27.0' });
    expect(d.metadata?.annotations).toMatchObject({ 'meta.helm.sh/release-name': 'web', 'meta.helm.sh/release-namespace': 'default' });
    expect(d.spec?.template.spec?.containers[0].image).toBe('nginx:1.27.0');
    expect(c.list('Service').map((s) => s.metadata.name)).toContain('web-nginx');
    expect(c.list('ServiceAccount').map((s) => s.metadata.name)).toContain('web-nginx');
    // The test hook is kept with the release, not created.
    expect(c.list('Pod').some((p) => p.metadata.name?.includes('test-connection'))).toBe(false);
    c.advance(30);
    expect(ok(c, 'kubectl get deploy web-nginx --no-headers')).toMatch(/^web-nginx\s+1\/1/);
  });

  it('stores each revision in a Secret sh.helm.release.v1.NAME.vREV of type helm.sh/release.v1', () => {
    const c = cluster();
    ok(c, 'helm install web kubesim/nginx --set replicaCount=2');
    const s = c.list('Secret').find((x) => x.metadata.name === 'sh.helm.release.v1.web.v1') as Secret;
    expect(s.type).toBe('helm.sh/release.v1');
    expect(s.metadata?.labels).toEqual({ name: 'web', owner: 'helm', status: 'deployed', version: '1' });
    const rel = decodeRelease(base64Decode(s.data!.release));
    expect(rel).toMatchObject({ name: 'web', namespace: 'default', version: 1, config: { replicaCount: 2 }, info: { status: 'deployed', description: 'Install complete' } });
    expect(rel.manifest.startsWith('---\n# Source: nginx/templates/serviceaccount.yaml\n')).toBe(true);
  });

  it('writes the manifest in helm kind order: ServiceAccount, Service, Deployment', () => {
    const c = cluster();
    ok(c, 'helm install web kubesim/nginx');
    expect([...ok(c, 'helm get manifest web').matchAll(/^kind: (\w+)$/gm)].map((m) => m[1])).toEqual(['ServiceAccount', 'Service', 'Deployment']);
  });

  it.each([
    ['helm install web kubesim/nginx', 'Error: INSTALLATION FAILED: cannot re-use a name that is still in use\n'],
    ['helm install kubesim/nginx', 'Error: INSTALLATION FAILED: must either provide a name or specify --generate-name\n'],
    ['helm install x kubesim/nope', 'Error: INSTALLATION FAILED: chart "nope" matching  not found in kubesim index. (try \'helm repo update\'): no chart name found\n'],
    ['helm install x kubesim/nginx --version 9.9.9', 'Error: INSTALLATION FAILED: chart "nginx" matching 9.9.9 not found in kubesim index. (try \'helm repo update\'): no chart version found for nginx-9.9.9\n'],
    ['helm install x bitnami/nginx', 'Error: INSTALLATION FAILED: repo bitnami not found\n'],
    ['helm install x nginx', 'Error: INSTALLATION FAILED: non-absolute URLs should be in form of repo_name/path_to_chart, got: nginx\n'],
    ['helm install x ./nothere', 'Error: INSTALLATION FAILED: path "./nothere" not found\n'],
    ['helm install Web kubesim/nginx', 'Error: INSTALLATION FAILED: release name "Web": invalid release name, must match regex ^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$ and the length must not be longer than 53\n'],
    ['helm install x kubesim/nginx -n nope', 'Error: INSTALLATION FAILED: create: failed to create: namespaces "nope" not found\n'],
    ['helm install x kubesim/nginx --set a', 'Error: INSTALLATION FAILED: failed parsing --set data: key "a" has no value\n'],
    ['helm install', 'Error: "helm install" requires at least 1 argument\n\nUsage:  helm install [NAME] [CHART] [flags]\n'],
    ['helm install x kubesim/nginx --bogus', 'Error: unknown flag: --bogus\n'],
  ])('%s fails as helm does', (line, want) => {
    const c = cluster();
    ok(c, 'helm install web kubesim/nginx');
    expect(fails(c, line)).toBe(want);
  });

  it('refuses to take over an object it does not own (invalid ownership metadata)', () => {
    const c = cluster();
    ok(c, 'kubectl create service clusterip web-nginx --tcp=80:80');
    expect(fails(c, 'helm install web kubesim/nginx')).toBe('Error: INSTALLATION FAILED: Unable to continue with install: Service "web-nginx" in namespace "default" exists and cannot be imported into the current release: invalid ownership metadata; label validation error: missing key "app.kubernetes.io/managed-by": must be set to "Helm"; annotation validation error: missing key "meta.helm.sh/release-name": must be set to "web"; annotation validation error: missing key "meta.helm.sh/release-namespace": must be set to "default"\n');
    expect(c.list('Secret').some((s) => s.metadata.name?.startsWith('sh.helm.release'))).toBe(false);
    expect(deployment(c)).toBeUndefined();
  });

  it('--dry-run prints the manifest and creates nothing; --create-namespace and --generate-name', () => {
    const c = cluster();
    const out = ok(c, 'helm install web kubesim/redis --dry-run');
    expect(out).toContain('STATUS: pending-install\nREVISION: 1\nTEST SUITE: None\nHOOKS:\nMANIFEST:\n---\n# Source: redis/templates/service.yaml\napiVersion: v1\nkind: Service\n');
    expect(c.list('Deployment').filter((d) => d.metadata.namespace !== 'kube-system')).toHaveLength(0);
    c.advance(12);
    expect(ok(c, 'helm install kubesim/redis --generate-name -n cache --create-namespace')).toContain('NAME: redis-1767225612\n');
    expect(c.list('Deployment').filter((d) => d.metadata.namespace === 'cache').map((d) => d.metadata.name)).toEqual(['redis-1767225612']);
  });

  it('renders a local chart from documents, and reports template errors with file, line and column', () => {
    const c = cluster();
    const created = c.exec('helm create mychart') as { stdout: string; files?: { name: string }[] };
    expect(created.stdout).toBe('Creating mychart\n');
    expect(created.files!.map((f) => f.name)).toEqual([
      'mychart/Chart.yaml', 'mychart/values.yaml', 'mychart/.helmignore', 'mychart/templates/_helpers.tpl', 'mychart/templates/deployment.yaml',
      'mychart/templates/service.yaml', 'mychart/templates/serviceaccount.yaml', 'mychart/templates/hpa.yaml', 'mychart/templates/ingress.yaml',
      'mychart/templates/NOTES.txt', 'mychart/templates/tests/test-connection.yaml',
    ]);
    expect(ok(c, 'helm lint mychart')).toBe('==> Linting mychart\n[INFO] Chart.yaml: icon is recommended\n\n1 chart(s) linted, 0 chart(s) failed\n');
    c.setFile('mychart/templates/configmap.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  x: {{ .Values.foo.bar }}\n');
    expect(fails(c, 'helm install app ./mychart')).toBe('Error: INSTALLATION FAILED: template: mychart/templates/configmap.yaml:6:8: executing "mychart/templates/configmap.yaml" at <.Values.foo.bar>: nil pointer evaluating interface {}.bar\n');
    c.setFile('vals.yaml', 'foo:\n  bar: baz\nreplicaCount: 2\n');
    ok(c, 'helm install app ./mychart -f vals.yaml');
    expect(c.list('ConfigMap').find((m) => m.metadata.name === 'cfg')).toMatchObject({ data: { x: 'baz' } });
    expect(deployment(c, 'app-mychart')?.spec?.replicas).toBe(2);
    expect(ok(c, 'helm get values app')).toBe('USER-SUPPLIED VALUES:\nfoo:\n  bar: baz\nreplicaCount: 2\n');
  });
});

describe('helm upgrade, history, rollback, uninstall', () => {
  it('upgrades with --set, keeps history, rolls back, and lists releases in helm columns', () => {
    const c = cluster();
    ok(c, 'helm install web kubesim/nginx');
    c.advance(30);
    expect(ok(c, 'helm upgrade web kubesim/nginx --set replicaCount=3')).toBe(`Release "web" has been upgraded. Happy Helming!
NAME: web
LAST DEPLOYED: Thu Jan  1 00:00:30 2026
NAMESPACE: default
STATUS: deployed
REVISION: 2
${NOTES}`);
    expect(deployment(c)?.spec?.replicas).toBe(3);
    c.advance(30);
    expect(ok(c, 'helm rollback web')).toBe('Rollback was a success! Happy Helming!\n');
    expect(deployment(c)?.spec?.replicas).toBe(1);
    expect(ok(c, 'helm history web')).toBe([
      'REVISION\tUPDATED                 \tSTATUS    \tCHART      \tAPP VERSION\tDESCRIPTION     ',
      '1       \tThu Jan  1 00:00:00 2026\tsuperseded\tnginx-0.1.0\t1.27.0     \tInstall complete',
      '2       \tThu Jan  1 00:00:30 2026\tsuperseded\tnginx-0.1.0\t1.27.0     \tUpgrade complete',
      '3       \tThu Jan  1 00:01:00 2026\tdeployed  \tnginx-0.1.0\t1.27.0     \tRollback to 1   ',
      '',
    ].join('\n'));
    expect(ok(c, 'helm list')).toBe([
      'NAME\tNAMESPACE\tREVISION\tUPDATED                      \tSTATUS  \tCHART      \tAPP VERSION',
      'web \tdefault  \t3       \t2026-01-01 00:01:00 +0000 UTC\tdeployed\tnginx-0.1.0\t1.27.0     ',
      '',
    ].join('\n'));
    expect(c.list('Secret').filter((s) => s.metadata.name?.startsWith('sh.helm.release.v1.web.')).map((s) => `${s.metadata.name} ${s.metadata.labels?.status}`))
      .toEqual(['sh.helm.release.v1.web.v1 superseded', 'sh.helm.release.v1.web.v2 superseded', 'sh.helm.release.v1.web.v3 deployed']);
  });

  it('merges three ways: a change made to the live object outside the chart survives an upgrade', () => {
    const c = cluster();
    ok(c, 'helm install web kubesim/nginx');
    ok(c, 'kubectl label deployment web-nginx team=blue');
    ok(c, 'kubectl set env deployment/web-nginx MODE=live');
    ok(c, 'helm upgrade web kubesim/nginx --set replicaCount=2');
    const d = deployment(c)!;
    expect(d.metadata?.labels?.team).toBe('blue');
    expect(d.spec?.replicas).toBe(2);
    expect(d.spec?.template.spec?.containers[0].env).toEqual([{ name: 'MODE', value: 'live' }]);
  });

  it('reuses the last values without new ones, merges them with --reuse-values, drops them with --reset-values', () => {
    const c = cluster();
    ok(c, 'helm install web kubesim/nginx --set replicaCount=2');
    ok(c, 'helm upgrade web kubesim/nginx');
    expect(deployment(c)?.spec?.replicas).toBe(2);
    ok(c, 'helm upgrade web kubesim/nginx --reuse-values --set service.port=8080');
    expect(ok(c, 'helm get values web')).toBe('USER-SUPPLIED VALUES:\nreplicaCount: 2\nservice:\n  port: 8080\n');
    ok(c, 'helm upgrade web kubesim/nginx --reset-values --set image.tag=1.26');
    expect(deployment(c)?.spec?.replicas).toBe(1);
    expect(deployment(c)?.spec?.template.spec?.containers[0].image).toBe('nginx:1.26');
  });

  it('deletes objects a new revision no longer renders, and upgrade --install installs', () => {
    const c = cluster();
    expect(ok(c, 'helm upgrade --install web kubesim/nginx')).toMatch(/^Release "web" does not exist\. Installing it now\.\nNAME: web\n/);
    ok(c, 'helm upgrade web kubesim/nginx --set serviceAccount.create=false');
    expect(c.list('ServiceAccount').map((s) => s.metadata.name)).not.toContain('web-nginx');
    expect(fails(c, 'helm upgrade nope kubesim/nginx')).toBe('Error: UPGRADE FAILED: "nope" has no deployed releases\n');
    expect(fails(c, 'helm rollback web 7')).toBe('Error: release has no 7 version\n');
  });

  it('uninstalls the objects and the records, or keeps the history', () => {
    const c = cluster();
    ok(c, 'helm install web kubesim/nginx');
    ok(c, 'helm install cache kubesim/redis');
    expect(ok(c, 'helm uninstall web')).toBe('release "web" uninstalled\n');
    expect(deployment(c)).toBeUndefined();
    expect(c.list('Secret').some((s) => s.metadata.name?.startsWith('sh.helm.release.v1.web.'))).toBe(false);
    expect(fails(c, 'helm status web')).toBe('Error: release: not found\n');
    ok(c, 'helm uninstall cache --keep-history');
    expect(ok(c, 'helm list -q')).toBe('');
    expect(ok(c, 'helm list -a')).toContain('\tuninstalled\tredis-0.2.0');
    expect(fails(c, 'helm install cache kubesim/redis')).toBe('Error: INSTALLATION FAILED: cannot re-use a name that is still in use\n');
    expect(fails(c, 'helm uninstall nope')).toBe('Error: uninstall: Release not loaded: nope: release: not found\n');
  });

  it('needs the API server, except for the client-side commands', () => {
    const c = cluster();
    ok(c, 'sim controlplane stop apiserver');
    expect(fails(c, 'helm list')).toBe('Error: Kubernetes cluster unreachable: Get "https://127.0.0.1:6443/version": dial tcp 127.0.0.1:6443: connect: connection refused\n');
    expect(ok(c, 'helm template web kubesim/redis')).toContain('# Source: redis/templates/deployment.yaml\n');
  });

  it('keeps releases across a snapshot (they are Secrets)', () => {
    const c = cluster();
    ok(c, 'helm install web kubesim/nginx');
    const r = createCluster({ snapshot: c.snapshot() });
    expect(ok(r, 'helm list')).toBe(ok(c, 'helm list'));
    ok(r, 'helm upgrade web kubesim/nginx --set replicaCount=2');
    expect(deployment(r)?.spec?.replicas).toBe(2);
  });
});

describe('helm repositories and charts', () => {
  it.each([
    ['helm repo list', 0, 'NAME   \tURL             \nkubesim\tkubesim://charts\n'],
    ['helm search repo redis', 0, 'NAME         \tCHART VERSION\tAPP VERSION\tDESCRIPTION                                       \nkubesim/redis\t0.2.0        \t7.4.1      \tA single Redis server with a Service in front o...\n'],
    ['helm search repo nothing', 0, 'No results found\n'],
    ['helm repo add bitnami https://charts.bitnami.com/bitnami', 1, 'Error: looks like "https://charts.bitnami.com/bitnami" is not a valid chart repository or cannot be reached: Get "https://charts.bitnami.com/bitnami/index.yaml": dial tcp: lookup charts.bitnami.com: no such host\n'],
    ['helm show chart kubesim/redis', 0, 'apiVersion: v2\nappVersion: 7.4.1\ndescription: A single Redis server with a Service in front of it\nname: redis\ntype: application\nversion: 0.2.0\n'],
    ['helm get', 1, 'Error: "helm get" requires a subcommand: values, manifest, hooks, notes, all\n'],
  ])('%s', (line, code, want) => {
    const r = cluster().exec(line) as { code: number; stdout: string; stderr: string };
    expect(r.code).toBe(code);
    expect(code ? r.stderr : r.stdout).toBe(want);
  });
});

describe('helm template', () => {
  it('prints what install creates: applying its output gives the same objects (property)', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 4 }), fc.constantFrom('ClusterIP', 'NodePort'), fc.constantFrom('web', 'shop', 'nginx-a'), fc.boolean(),
      (replicas, type, name, sa) => {
        const sets = `--set replicaCount=${replicas} --set service.type=${type} --set serviceAccount.create=${sa}`;
        const a = cluster();
        const rendered = ok(a, `helm template ${name} kubesim/nginx ${sets} --skip-tests`);
        expect(ok(a, `helm template ${name} kubesim/nginx ${sets} --skip-tests`)).toBe(rendered);
        const applied = a.exec('kubectl apply -f -', rendered) as { code: number };
        expect(applied.code).toBe(0);
        const b = cluster();
        ok(b, `helm install ${name} kubesim/nginx ${sets}`);
        const shape = (c: KubesimCluster) => ['ServiceAccount', 'Service', 'Deployment'].flatMap((k) => c.list(k).filter((o) => o.metadata.labels?.['app.kubernetes.io/instance'] === name))
          .map((o) => {
            const { metadata, ...rest } = structuredClone(o) as typeof o & { spec?: { clusterIP?: string; clusterIPs?: string[]; ports?: { nodePort?: number }[] } };
            if (rest.spec) { delete rest.spec.clusterIP; delete rest.spec.clusterIPs; for (const p of rest.spec.ports ?? []) delete p.nodePort; }
            return { kind: o.kind, name: metadata.name, labels: metadata.labels, rest: { ...rest, status: undefined } };
          });
        expect(shape(b)).toEqual(shape(a));
      },
    ), { numRuns: 6 });
  }, 60_000);
});

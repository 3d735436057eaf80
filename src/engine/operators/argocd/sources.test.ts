// Helm and Kustomize sources: the repo-server's type discovery, `kustomize edit`'s image syntax and edits, and
// Applications whose path holds a chart (values files, values, parameters, release name) or a kustomization
// (with spec.source.kustomize overrides), rendered by kubesim's helm and kustomize.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Deployment } from 'kubernetes-types/apps/v1';
import type { KubeObject } from '../../api/object.ts';
import type { KubesimCluster } from '../../index.ts';
import { clusterWithNodes, mustExec } from '../../testing/fixtures.ts';
import { editKustomization, parseImage, repoPath, sourceType } from './sources.ts';
import type { Application } from './types.ts';

describe('source type discovery', () => {
  const files = new Map([['web/Chart.yaml', ''], ['k/kustomization.yaml', ''], ['plain/a.yaml', '']]);
  it.each([
    [{ path: 'web' }, 'Helm'],
    [{ path: 'k' }, 'Kustomize'],
    [{ path: 'plain' }, 'Directory'],
    [{ path: './web/' }, 'Helm'],
    [{ path: 'plain', helm: { valueFiles: ['v.yaml'] } }, 'Helm'],
    [{ path: 'web', directory: { recurse: true } }, 'Directory'],
    [{ path: 'web', helm: {} }, 'Helm'],
  ])('%j is %s', (src, want) => expect(sourceType(files, { repoURL: 'kubesim://documents', ...src })).toBe(want));

  it('refuses two explicit types in Argo CD\'s words', () => {
    expect(() => sourceType(files, { repoURL: 'x', path: 'web', helm: { values: 'a: 1' }, kustomize: { namePrefix: 'p-' } }))
      .toThrow('rpc error: code = Unknown desc = multiple application sources defined: Kustomize,Helm');
  });
});

describe('kustomize edit set image', () => {
  it.each([
    ['nginx:1.27', { name: 'nginx', newTag: '1.27' }],
    ['nginx=nginx:1.27', { name: 'nginx', newTag: '1.27' }],
    ['nginx=registry.local:5000/web:v2', { name: 'nginx', newName: 'registry.local:5000/web', newTag: 'v2' }],
    ['nginx=mirror/nginx', { name: 'nginx', newName: 'mirror/nginx' }],
    ['nginx@sha256:abc', { name: 'nginx', digest: 'sha256:abc' }],
    ['registry.local:5000/web', { name: 'registry.local:5000/web' }],
  ])('%s', (arg, want) => expect(parseImage(arg)).toEqual(want));

  it('reads back what NAME=NEWNAME:TAG says', () => {
    const word = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/);
    fc.assert(fc.property(word, word, fc.stringMatching(/^[a-z0-9][a-z0-9.]{0,6}$/), (name, newName, tag) => {
      const want = { name, ...(newName !== name ? { newName } : {}), newTag: tag };
      expect(parseImage(`${name}=${newName}:${tag}`)).toEqual(want);
    }));
  });

  it('edits the kustomization: prefix, images merged by name, replicas, labels and annotations added', () => {
    const out = editKustomization('resources: [d.yaml]\nimages: [{name: nginx, newTag: "1.25"}, {name: redis, newTag: "7"}]\ncommonLabels: {team: a}\n',
      { namePrefix: 'prod-', images: ['nginx:1.27'], replicas: [{ name: 'web', count: '3' }], commonLabels: { env: 'prod' }, commonAnnotations: { owner: 'x' } });
    expect(out).toBe('resources:\n  - d.yaml\nimages:\n  - name: nginx\n    newTag: "1.27"\n  - name: redis\n    newTag: "7"\ncommonLabels:\n  team: a\n  env: prod\nnamePrefix: prod-\nreplicas:\n  - name: web\n    count: 3\ncommonAnnotations:\n  owner: x\n');
  });

  it('keeps repository paths inside the repository', () => {
    expect(repoPath('a/b', '../c.yaml')).toBe('a/c.yaml');
    expect(repoPath('./x/', '.')).toBe('x');
    fc.assert(fc.property(fc.array(fc.constantFrom('a', 'b', '..', '.', ''), { maxLength: 8 }), (segs) => {
      const p = repoPath(segs.join('/'));
      expect(p.split('/')).not.toContain('..');
      expect(repoPath(p)).toBe(p);
    }));
  });
});

const APP = (name: string, source: string, dest = name) => `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: ${name}, namespace: argocd}
spec:
  project: default
  source:
    repoURL: kubesim://documents
${source}  destination: {server: https://kubernetes.default.svc, namespace: ${dest}}
  syncPolicy: {automated: {prune: true}, syncOptions: [CreateNamespace=true]}
`;

function argo(): KubesimCluster {
  const c = clusterWithNodes(2);
  mustExec(c, 'sim operator install argocd');
  return c;
}
const app = (c: KubesimCluster, name: string) => c.list('Application').find((a) => a.metadata.name === name) as Application;
const deployments = (c: KubesimCluster, ns: string) => (c.list('Deployment') as (Deployment & KubeObject)[]).filter((d) => d.metadata.namespace === ns);

describe('a Helm source', () => {
  it('renders the chart with value files, values, parameters and the release name, and syncs it', () => {
    const c = argo();
    mustExec(c, 'helm create web');
    c.setFile('web/values-prod.yaml', 'replicaCount: 3\nservice: {port: 8080}\n');
    mustExec(c, 'kubectl apply -f -', APP('web', '    path: web\n    helm:\n      releaseName: shop\n      valueFiles: [values-prod.yaml]\n      values: |\n        replicaCount: 2\n      parameters: [{name: image.tag, value: "1.27"}]\n'));
    c.advance(30);
    const [d] = deployments(c, 'web');
    expect(d.metadata.name).toBe('shop-web');
    expect(d.spec?.replicas).toBe(2);
    expect(d.spec?.template.spec?.containers[0].image).toBe('nginx:1.27');
    expect(app(c, 'web').status).toMatchObject({ sourceType: 'Helm', sync: { status: 'Synced' }, health: { status: 'Healthy' } });
    // Helm's test hook is not a resource of the application.
    expect(app(c, 'web').status!.resources!.map((r) => `${r.kind}/${r.name}`)).toEqual(['Service/shop-web', 'ServiceAccount/shop-web', 'Deployment/shop-web']);
    expect(mustExec(c, 'argocd app get web')).toContain('\n  Helm Values:      values-prod.yaml\n');
  });

  it('is what argocd app create --values --release-name --helm-set writes, and app set changes', () => {
    const c = argo();
    mustExec(c, 'helm create web');
    c.setFile('web/values-prod.yaml', 'replicaCount: 3\n');
    mustExec(c, 'argocd app create web --repo kubesim://documents --path web --dest-server https://kubernetes.default.svc --dest-namespace web --sync-option CreateNamespace=true --values values-prod.yaml --release-name shop --helm-set image.tag=1.27');
    expect(app(c, 'web').spec.source.helm).toEqual({ valueFiles: ['values-prod.yaml'], releaseName: 'shop', parameters: [{ name: 'image.tag', value: '1.27' }] });
    mustExec(c, 'argocd app set web --helm-set image.tag=1.28 --helm-set-string build=007');
    expect(app(c, 'web').spec.source.helm!.parameters).toEqual([{ name: 'image.tag', value: '1.28' }, { name: 'build', value: '007', forceString: true }]);
    expect(c.exec('argocd app set web --helm-set nothing').stderr).toBe('FATA[0000] Expected parameter of the form: param=value. Received: nothing\n');
    mustExec(c, 'argocd app sync web');
    const [d] = deployments(c, 'web');
    expect([d.metadata.name, d.spec?.replicas, d.spec?.template.spec?.containers[0].image]).toEqual(['shop-web', 3, 'nginx:1.28']);
  });

  it('makes a new revision when a template or a value file is saved, and rolls it out', () => {
    const c = argo();
    mustExec(c, 'helm create web');
    c.setFile('web/values-env.yaml', 'replicaCount: 1\n');
    mustExec(c, 'kubectl apply -f -', APP('web', '    path: web\n    helm: {valueFiles: [values.yaml, values-env.yaml]}\n'));
    c.advance(30);
    const before = app(c, 'web').status!.sync!.revision;
    c.setFile('web/values-env.yaml', 'replicaCount: 4\n');
    c.advance(30);
    expect(app(c, 'web').status!.sync!.revision).not.toBe(before);
    expect(deployments(c, 'web')[0].spec?.replicas).toBe(4);
  });

  it('reports a missing value file and a template error as a ComparisonError with helm\'s text', () => {
    const c = argo();
    mustExec(c, 'helm create web');
    mustExec(c, 'kubectl apply -f -', APP('web', '    path: web\n    helm: {valueFiles: [values-nope.yaml]}\n'));
    c.advance(5);
    expect(app(c, 'web').status!.conditions![0].message).toBe('Failed to load target state: failed to generate manifest for source 1 of 1: rpc error: code = Unknown desc = `helm template . --name-template web --namespace web --values web/values-nope.yaml --include-crds` failed exit status 1: Error: open web/values-nope.yaml: no such file or directory');
    c.setFile('web/values-nope.yaml', '');
    c.setFile('web/templates/broken.yaml', '{{ .Values.nope.deeper }}\n');
    c.advance(5);
    expect(app(c, 'web').status!.conditions![0].message).toContain('failed exit status 1: Error: template: web/templates/broken.yaml:1:');
  });
});

describe('a Kustomize source', () => {
  const BASE = 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: api}\nspec:\n  replicas: 1\n  selector: {matchLabels: {app: api}}\n  template:\n    metadata: {labels: {app: api}}\n    spec: {containers: [{name: api, image: nginx:1.25}]}\n';
  function kust(): KubesimCluster {
    const c = argo();
    c.setFile('kust/base/deployment.yaml', BASE);
    c.setFile('kust/base/kustomization.yaml', 'resources: [deployment.yaml]\n');
    c.setFile('kust/prod/kustomization.yaml', 'resources: [../base]\ncommonLabels: {env: prod}\n');
    return c;
  }

  it('builds the overlay found at the path (its bases outside it too)', () => {
    const c = kust();
    mustExec(c, 'kubectl apply -f -', APP('api', '    path: kust/prod\n'));
    c.advance(30);
    const [d] = deployments(c, 'api');
    expect(d.metadata.name).toBe('api');
    expect(d.metadata.labels).toEqual({ env: 'prod', 'app.kubernetes.io/instance': 'api' });
    expect(app(c, 'api').status!.sourceType).toBe('Kustomize');
  });

  it('applies spec.source.kustomize as kustomize edit would: name prefix, images, replicas, labels', () => {
    const c = kust();
    mustExec(c, 'kubectl apply -f -', APP('api', '    path: kust/prod\n    kustomize:\n      namePrefix: prod-\n      images: [nginx=nginx:1.27]\n      replicas: [{name: api, count: 2}]\n      commonLabels: {tier: web}\n'));
    c.advance(30);
    const [d] = deployments(c, 'api');
    expect(d.metadata.name).toBe('prod-api');
    expect(d.spec?.replicas).toBe(2);
    expect(d.spec?.template.spec?.containers[0].image).toBe('nginx:1.27');
    expect(d.spec?.selector.matchLabels).toEqual({ app: 'api', env: 'prod', tier: 'web' });
    expect(mustExec(c, 'argocd app get api')).toContain('\n  Name Prefix:      prod-\n');
    // The kustomization the user keeps is not touched.
    expect(mustExec(c, 'kubectl kustomize kust/prod')).toContain('  name: api\n');
  });

  it('takes --nameprefix and --kustomize-image from argocd app create', () => {
    const c = kust();
    mustExec(c, 'argocd app create api --repo kubesim://documents --path kust/prod --dest-server https://kubernetes.default.svc --dest-namespace api --sync-option CreateNamespace=true --nameprefix qa- --kustomize-image nginx:1.27');
    expect(app(c, 'api').spec.source.kustomize).toEqual({ namePrefix: 'qa-', images: ['nginx:1.27'] });
    mustExec(c, 'argocd app sync api');
    expect(deployments(c, 'api').map((d) => [d.metadata.name, d.spec?.template.spec?.containers[0].image])).toEqual([['qa-api', 'nginx:1.27']]);
  });

  it('reports a failing build with kustomize\'s text', () => {
    const c = kust();
    c.setFile('kust/prod/kustomization.yaml', 'resources: [../nowhere]\n');
    mustExec(c, 'kubectl apply -f -', APP('api', '    path: kust/prod\n'));
    c.advance(5);
    expect(app(c, 'api').status!.conditions![0].message).toMatch(/^Failed to load target state: failed to generate manifest for source 1 of 1: rpc error: code = Unknown desc = `kustomize build kust\/prod` failed exit status 1: Error: accumulating resources: /);
  });
});

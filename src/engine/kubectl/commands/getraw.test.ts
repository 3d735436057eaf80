// kubectl get --raw: the API server's bodies as they come (discovery, /version, health checks, objects and lists),
// its 404s as kubectl reports them, and the flags kubectl refuses beside --raw. -o jsonpath-as-json beside it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { KubesimCluster } from '../../index.ts';
import { clusterWithNodes, mustExec } from '../../testing/fixtures.ts';

let c: KubesimCluster;
beforeAll(() => {
  c = clusterWithNodes(1);
  mustExec(c, 'kubectl create deployment web --image=nginx');
  c.advance(10);
});
const raw = (path: string) => c.exec(`kubectl get --raw '${path}'`);

describe('kubectl get --raw', () => {
  it('answers the health checks as the API server does: ok without a newline, ?verbose each check', () => {
    for (const p of ['/healthz', '/livez', '/readyz', '/livez/etcd', '/readyz/informer-sync']) expect(raw(p)).toEqual({ code: 0, stdout: 'ok', stderr: '' });
    const verbose = raw('/readyz?verbose').stdout.split('\n');
    expect(verbose.slice(0, 5)).toEqual(['[+]ping ok', '[+]log ok', '[+]etcd ok', '[+]etcd-readiness ok', '[+]informer-sync ok']);
    expect(verbose.slice(-3)).toEqual(['[+]shutdown ok', 'readyz check passed', '']);
    expect(raw('/livez?verbose').stdout).toMatch(/^\[\+\]ping ok\n[^]*\[\+\]autoregister-completion ok\n[^]*livez check passed\n$/);
    expect(raw('/livez?verbose').stdout).not.toContain('shutdown');
  });

  it('prints /version indented, as the server writes it', () => {
    expect(JSON.parse(raw('/version').stdout)).toMatchObject({ major: '1', minor: '32', gitVersion: 'v1.32.0', compiler: 'gc', platform: 'linux/amd64' });
    expect(raw('/version').stdout).toMatch(/^\{\n {2}"major": "1",\n {2}"minor": "32",\n/);
  });

  it('serves discovery compactly, with a newline: /api, /apis, /apis/GROUP, /api/v1, /apis/GROUP/VERSION', () => {
    expect(raw('/api').stdout).toBe('{"kind":"APIVersions","versions":["v1"],"serverAddressByClientCIDRs":[{"clientCIDR":"0.0.0.0/0","serverAddress":"127.0.0.1:6443"}]}\n');
    expect(raw('/apis/apps').stdout).toBe('{"kind":"APIGroup","apiVersion":"v1","name":"apps","versions":[{"groupVersion":"apps/v1","version":"v1"}],"preferredVersion":{"groupVersion":"apps/v1","version":"v1"}}\n');
    const groups = JSON.parse(raw('/apis').stdout) as { kind: string; groups: { name: string }[] };
    expect(groups.kind).toBe('APIGroupList');
    expect(groups.groups.map((g) => g.name)).toEqual(expect.arrayContaining(['apps', 'batch', 'rbac.authorization.k8s.io']));
    expect(raw('/api/v1').stdout).toMatch(/^\{"kind":"APIResourceList","groupVersion":"v1","resources":\[\{"name":"namespaces","singularName":"namespace","namespaced":false,"kind":"Namespace","verbs":\["create","delete","deletecollection","get","list","patch","update","watch"\],"shortNames":\["ns"\]\}/);
    expect(raw('/apis/apps/v1').stdout).toContain('{"kind":"APIResourceList","apiVersion":"v1","groupVersion":"apps/v1","resources":[');
  });

  it('reads objects and lists at resource paths; a list\'s items have no kind of their own', () => {
    const list = JSON.parse(raw('/apis/apps/v1/namespaces/default/deployments').stdout) as { kind: string; apiVersion: string; items: Record<string, unknown>[] };
    expect(list).toMatchObject({ kind: 'DeploymentList', apiVersion: 'apps/v1', items: [{ metadata: { name: 'web' } }] });
    expect(list.items[0].kind).toBeUndefined();
    expect(raw('/apis/apps/v1/namespaces/default/deployments').stdout).toMatch(/^\{"kind":"DeploymentList","apiVersion":"apps\/v1","metadata":\{"resourceVersion":"\d+"\},"items":\[/);
    expect(JSON.parse(raw('/api/v1/namespaces/default').stdout)).toMatchObject({ kind: 'Namespace', metadata: { name: 'default' } });
    expect(JSON.parse(raw('/api/v1/pods?labelSelector=app%3Dweb').stdout).items).toHaveLength(1);
    expect(JSON.parse(raw('/api/v1/namespaces/kube-system/pods?labelSelector=app%3Dweb').stdout).items).toHaveLength(0);
  });

  it.each([
    ['/api/v1/namespaces/default/pods/nope', 'Error from server (NotFound): pods "nope" not found\n'],
    ['/openapi/v2', 'Error from server (NotFound): the server could not find the requested resource\n'],
    ['/apis/apps/v2', 'Error from server (NotFound): the server could not find the requested resource\n'],
    ['/api/v1/widgets', 'Error from server (NotFound): the server could not find the requested resource\n'],
    ['/livez/nope', 'Error from server (NotFound): the server could not find the requested resource\n'],
  ])('%s is a 404', (path, stderr) => {
    expect(raw(path)).toEqual({ code: 1, stdout: '', stderr });
  });

  it('refuses what kubectl refuses beside --raw', () => {
    expect(c.exec('kubectl get --raw /api -o json').stderr).toBe("error: --raw and --output are mutually exclusive\nSee 'kubectl get -h' for help and examples\n");
    expect(c.exec('kubectl get --raw /api -l a=b').stderr).toBe('error: --raw may not be specified with other flags that filter the server request or alter the output\n');
    expect(c.exec('kubectl get --raw api').stderr).toBe(`error: --raw must be a valid URL path: parse "api": invalid URI for request\nSee 'kubectl get -h' for help and examples\n`);
  });
});

describe('kubectl get -o jsonpath-as-json', () => {
  it('prints each result set as an indented JSON array', () => {
    expect(c.exec("kubectl get deploy web -o jsonpath-as-json='{.metadata.name}'").stdout).toBe('[\n    "web"\n]\n');
    expect(c.exec("kubectl get deploy web -o jsonpath-as-json='{.metadata.labels} {.kind}'").stdout).toBe('[\n    {\n        "app": "web"\n    }\n]\n[\n    " "\n]\n[\n    "Deployment"\n]\n');
    // Plain jsonpath prints maps and lists as compact JSON.
    expect(c.exec("kubectl get deploy web -o jsonpath='{.metadata.labels} {.spec.selector}'").stdout).toBe('{"app":"web"} {"matchLabels":{"app":"web"}}');
  });
});

// The kubeconfig context's namespace is every command's default namespace; --namespace overrides it and is the
// only namespace enforced against a manifest's own (kubectl's enforceNamespace).
import { beforeAll, describe, expect, it } from 'vitest';
import type { KubesimCluster } from '../index.ts';
import { clusterWithNodes, mustExec } from '../testing/fixtures.ts';

const configMap = (name: string, namespace?: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n${namespace ? `  namespace: ${namespace}\n` : ''}data: {k: v}\n`;
const namespaceOf = (c: KubesimCluster, kind: string, name: string) => c.list(kind).filter((o) => o.metadata.name === name).map((o) => o.metadata.namespace);

describe('the context namespace as the default namespace', () => {
  let c: KubesimCluster;
  beforeAll(() => {
    c = clusterWithNodes(1);
    mustExec(c, 'kubectl create namespace dev');
    mustExec(c, 'kubectl config set-context --current --namespace=dev');
  });

  it('run, get, describe, logs and delete work in it', () => {
    expect(mustExec(c, 'kubectl run web --image=nginx:1.27')).toBe('pod/web created\n');
    expect(namespaceOf(c, 'Pod', 'web')).toEqual(['dev']);
    c.advance(20);
    expect(mustExec(c, 'kubectl get pods --no-headers')).toMatch(/^web\s+1\/1\s+Running/);
    expect(c.exec('kubectl get pods -n default')).toEqual({ code: 0, stdout: '', stderr: 'No resources found in default namespace.\n' });
    expect(mustExec(c, 'kubectl describe pod web')).toContain('Namespace:        dev\n');
    expect(mustExec(c, 'kubectl logs web')).not.toBe('');
    expect(c.exec('kubectl logs web -n default')).toEqual({ code: 1, stdout: '', stderr: 'Error from server (NotFound): pods "web" not found\n' });
    // The simulator's pod commands name pods the same way.
    expect(mustExec(c, 'sim explain pod web')).toContain('dev/web');
    expect(mustExec(c, 'sim pod kill web')).toBe('pod/web: 1 container killed\n');
    expect(c.exec('sim pod kill web -n default')).toMatchObject({ code: 1, stderr: 'error: pods "web" not found\n' });
    expect(mustExec(c, 'kubectl delete pod web --now')).toBe('pod "web" deleted\n');
  });

  it('apply -f puts an object without a namespace there, and one with its own namespace in its own', () => {
    expect(mustExec(c, 'kubectl apply -f -', configMap('plain'))).toBe('configmap/plain created\n');
    expect(namespaceOf(c, 'ConfigMap', 'plain')).toEqual(['dev']);
    // The context's namespace is a default, not a constraint: no "does not match" error.
    expect(mustExec(c, 'kubectl apply -f -', configMap('own', 'default'))).toBe('configmap/own created\n');
    expect(namespaceOf(c, 'ConfigMap', 'own')).toEqual(['default']);
    // An explicit --namespace is enforced.
    expect(c.exec('kubectl apply -n kube-system -f -', configMap('own', 'default'))).toEqual({
      code: 1, stdout: '',
      stderr: 'error: the namespace from the provided object "default" does not match the namespace "kube-system". You must pass \'--namespace=default\' to perform this operation.\n',
    });
    expect(mustExec(c, 'kubectl delete -f -', configMap('plain'))).toBe('configmap "plain" deleted\n');
    expect(namespaceOf(c, 'ConfigMap', 'plain')).toEqual([]);
  });

  it('create, expose and scale use it; -A ignores it; -n overrides it', () => {
    expect(mustExec(c, 'kubectl create deployment api --image=nginx:1.27 --port=80')).toBe('deployment.apps/api created\n');
    expect(mustExec(c, 'kubectl expose deployment api')).toBe('service/api exposed\n');
    expect(mustExec(c, 'kubectl scale deployment api --replicas=2')).toBe('deployment.apps/api scaled\n');
    expect(namespaceOf(c, 'Deployment', 'api')).toEqual(['dev']);
    expect(namespaceOf(c, 'Service', 'api')).toEqual(['dev']);
    // A generated object names its namespace only when --namespace was given.
    expect(mustExec(c, 'kubectl create configmap x --dry-run=client -o yaml')).not.toContain('namespace:');
    expect(mustExec(c, 'kubectl create configmap x -n dev --dry-run=client -o yaml')).toContain('  namespace: dev\n');
    expect(mustExec(c, 'kubectl get deployments -A --no-headers')).toMatch(/^dev\s+api\s/m);
    expect(mustExec(c, 'kubectl get deployments -n kube-system --no-headers')).toMatch(/^coredns\s/);
  });

  it('--context picks another context\'s namespace; a missing context is a configuration error', () => {
    mustExec(c, 'kubectl config set-context sys --cluster=kubernetes --user=kubernetes-admin --namespace=kube-system');
    expect(mustExec(c, 'kubectl get deployments --context=sys --no-headers')).toMatch(/^coredns\s/);
    expect(c.exec('kubectl get pods --context=nope')).toEqual({ code: 1, stdout: '', stderr: 'Error in configuration: context was not found for specified context: nope\n' });
  });
});

describe('a current context that no longer exists', () => {
  it('stops every API command until another context is chosen; the simulator\'s own applies go on', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl config delete-context kubernetes-admin@kubernetes');
    const refused = { code: 1, stdout: '', stderr: 'Error in configuration: context was not found for specified context: kubernetes-admin@kubernetes\n' };
    expect(c.exec('kubectl get pods')).toEqual(refused);
    expect(c.exec('kubectl get pods -n kube-system')).toEqual(refused);
    // sim cni applies and deletes manifests with kubeadm's admin.conf, not the terminal's kubeconfig.
    expect(c.exec('sim cni uninstall').stdout).toContain('daemonset.apps "kube-flannel-ds" deleted\n');
    c.advance(30); // the kube-flannel namespace finishes terminating
    expect(c.exec('sim cni install flannel')).toMatchObject({ code: 0, stderr: '' });
    mustExec(c, 'kubectl config set-context admin --cluster=kubernetes --user=kubernetes-admin');
    mustExec(c, 'kubectl config use-context admin');
    expect(mustExec(c, 'kubectl get ds -n kube-flannel --no-headers')).toMatch(/^kube-flannel-ds\s/);
  });
});

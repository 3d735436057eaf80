// root-ca-cert-publisher: kube-root-ca.crt in every namespace, with upstream's annotation; deleted or changed, it
// comes back as it was.
import { describe, expect, it } from 'vitest';
import { createCluster } from '../../index.ts';
import { clusterCACert } from '../../apiserver/clusterca.ts';
import { mustExec } from '../../testing/fixtures.ts';

const cm = (c: ReturnType<typeof createCluster>, ns: string) => c.list('ConfigMap').find((o) => o.metadata.namespace === ns && o.metadata.name === 'kube-root-ca.crt') as { data?: Record<string, string>; metadata: { annotations?: Record<string, string> } } | undefined;

describe('root CA certificate publisher', () => {
  it('publishes kube-root-ca.crt in every namespace, a new one included', () => {
    const c = createCluster({ seed: 1 });
    c.advance(1);
    for (const ns of ['default', 'kube-system', 'kube-public', 'kube-node-lease']) {
      expect(cm(c, ns)?.data).toEqual({ 'ca.crt': clusterCACert() });
      expect(cm(c, ns)?.metadata.annotations?.['kubernetes.io/description']).toBe('Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.');
    }
    mustExec(c, 'kubectl create namespace dev');
    c.advance(1);
    expect(c.exec('kubectl get cm -n dev -o name').stdout).toBe('configmap/kube-root-ca.crt\n');
  });

  it('creates it again when deleted, and puts back changed data and annotation', () => {
    const c = createCluster({ seed: 1 });
    c.advance(1);
    mustExec(c, 'kubectl delete configmap kube-root-ca.crt');
    c.advance(1);
    expect(cm(c, 'default')?.data?.['ca.crt']).toBe(clusterCACert());
    mustExec(c, 'kubectl patch configmap kube-root-ca.crt --type=merge -p {"data":{"extra":"x","ca.crt":"forged"}}');
    mustExec(c, 'kubectl annotate configmap kube-root-ca.crt kubernetes.io/description-');
    c.advance(1);
    expect(cm(c, 'default')?.data).toEqual({ 'ca.crt': clusterCACert() });
    expect(cm(c, 'default')?.metadata.annotations?.['kubernetes.io/description']).toMatch(/^Contains a CA bundle/);
  });

  it('is the ca.crt pods find beside their token', () => {
    const c = createCluster({ seed: 1 });
    mustExec(c, 'sim node add w1');
    mustExec(c, 'kubectl run box --image=busybox -- sleep 3600');
    c.advance(20);
    expect(c.exec('kubectl exec box -- cat /var/run/secrets/kubernetes.io/serviceaccount/ca.crt').stdout).toBe(cm(c, 'default')?.data?.['ca.crt']);
  });
});

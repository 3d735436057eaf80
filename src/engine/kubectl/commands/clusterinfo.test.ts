import { describe, expect, it } from 'vitest';
import { clusterWithNodes, mustExec } from '../../testing/fixtures.ts';

const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' });

describe('kubectl cluster-info', () => {
  it('prints the control plane and the cluster services, as a kubeadm cluster does', () => {
    const c = clusterWithNodes(1);
    expect(c.exec('kubectl cluster-info')).toEqual(ok('Kubernetes control plane is running at https://127.0.0.1:6443\nCoreDNS is running at https://127.0.0.1:6443/api/v1/namespaces/kube-system/services/kube-dns:dns/proxy\n\nTo further debug and diagnose cluster problems, use \'kubectl cluster-info dump\'.\n'));
    // A cluster service on port 443 is linked with the https scheme; one with a load balancer by its address.
    mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: Service\nmetadata: {name: dash, namespace: kube-system, labels: {kubernetes.io/cluster-service: "true"}}\nspec:\n  ports: [{port: 443}]\n');
    expect(mustExec(c, 'kubectl cluster-info')).toContain('\ndash is running at https://127.0.0.1:6443/api/v1/namespaces/kube-system/services/https:dash:/proxy\n');
  });
});

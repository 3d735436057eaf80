// kubeadm init's uploads on a new cluster: the kube-system ConfigMaps and kube-public/cluster-info, readable by
// anonymous clients (and nothing else is).
import { describe, expect, it } from 'vitest';
import { createCluster } from '../index.ts';

describe('kubeadm init\'s ConfigMaps', () => {
  it('are there on a new cluster, as kubeadm uploads them', () => {
    const c = createCluster({ seed: 1 });
    const names = c.exec('kubectl get cm -A --no-headers -o custom-columns=NS:.metadata.namespace,NAME:.metadata.name').stdout;
    for (const cm of ['kube-system kubeadm-config', 'kube-system kubelet-config', 'kube-system kube-proxy', 'kube-public cluster-info']) {
      expect(names).toMatch(new RegExp(`^${cm.replace(' ', '\\s+')}$`, 'm'));
    }
    expect(c.exec('kubectl get cm kubeadm-config -n kube-system -o jsonpath={.data.ClusterConfiguration}').stdout)
      .toMatch(/^apiServer: \{\}\napiVersion: kubeadm\.k8s\.io\/v1beta4\n[^]*kubernetesVersion: v1\.32\.0\nnetworking:\n {2}dnsDomain: cluster\.local\n {2}podSubnet: 10\.244\.0\.0\/16\n {2}serviceSubnet: 10\.96\.0\.0\/12\n/);
    expect(c.exec('kubectl get cm kubelet-config -n kube-system -o jsonpath={.data.kubelet}').stdout).toMatch(/clusterDNS:\n- 10\.96\.0\.10\nclusterDomain: cluster\.local\n[^]*kind: KubeletConfiguration\n/);
    expect(c.exec("kubectl get cm kube-proxy -n kube-system -o jsonpath='{.metadata.labels.app} {.data.config\\.conf}'").stdout).toMatch(/^kube-proxy apiVersion: kubeproxy\.config\.k8s\.io\/v1alpha1\n[^]*clusterCIDR: 10\.244\.0\.0\/16\n/);
    // A cluster started with another pod range says so, as kubeadm init --pod-network-cidr would.
    const other = createCluster({ seed: 1, clusterCIDR: '10.32.0.0/12' });
    expect(other.exec('kubectl get cm kubeadm-config -n kube-system -o jsonpath={.data.ClusterConfiguration}').stdout).toContain('  podSubnet: 10.32.0.0/12\n');
  });

  it('lets anonymous clients read cluster-info and nothing else', () => {
    const c = createCluster({ seed: 1 });
    const r = c.exec('kubectl get cm cluster-info -n kube-public --as=system:anonymous -o jsonpath={.data.kubeconfig}');
    expect(r.stdout).toMatch(/^apiVersion: v1\nclusters:\n- cluster:\n {4}certificate-authority-data: \S+\n {4}server: https:\/\/172\.18\.0\.1:6443\n {2}name: ""\ncontexts: null\ncurrent-context: ""\nkind: Config\npreferences: \{\}\nusers: null\n$/);
    expect(c.exec('kubectl get cm kube-proxy -n kube-system --as=system:anonymous').stderr)
      .toBe('Error from server (Forbidden): configmaps "kube-proxy" is forbidden: User "system:anonymous" cannot get resource "configmaps" in API group "" in the namespace "kube-system"\n');
    expect(c.exec('kubectl get cm -n kube-public --as=system:anonymous').stderr).toMatch(/cannot list resource "configmaps"/);
  });

  it('survive a snapshot and are not made again on reload', () => {
    const c = createCluster({ seed: 1 });
    c.exec('kubectl delete cm kubelet-config -n kube-system');
    const again = createCluster({ snapshot: c.snapshot() });
    expect(again.exec('kubectl get cm kubelet-config -n kube-system').code).toBe(1);
    expect(again.exec('kubectl get cm cluster-info -n kube-public -o name').stdout).toBe('configmap/cluster-info\n');
  });
});

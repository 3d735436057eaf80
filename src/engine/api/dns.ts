// Cluster DNS as kubeadm configures it and every component sees it: the kubelet's --cluster-dns and
// --cluster-domain, and the search list a ClusterFirst pod gets (which CoreDNS's answers and `sim dns lookup` follow).

/** kubelet --cluster-domain. */
export const CLUSTER_DOMAIN = 'cluster.local';
/** kubelet --cluster-dns: the kube-dns Service's ClusterIP. */
export const CLUSTER_DNS_IP = '10.96.0.10';
/** The kubelet's ndots option for ClusterFirst pods. */
export const NDOTS = 5;

/** generateSearchesForDNSClusterFirst's cluster part: the search list of a pod in `namespace`. */
export function searchPath(namespace: string): string[] {
  return [`${namespace}.svc.${CLUSTER_DOMAIN}`, `svc.${CLUSTER_DOMAIN}`, CLUSTER_DOMAIN];
}

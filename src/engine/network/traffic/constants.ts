// Addresses the data plane relies on (kubeadm defaults).
/** kubelet --cluster-dns: the kube-dns Service. */
export const CLUSTER_DNS = { ip: '10.96.0.10', port: 53 };

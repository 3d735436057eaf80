// Addresses the data plane relies on (kubeadm defaults).
import { CLUSTER_DNS_IP } from '../../api/dns.ts';

/** kubelet --cluster-dns: the kube-dns Service. */
export const CLUSTER_DNS = { ip: CLUSTER_DNS_IP, port: 53 };

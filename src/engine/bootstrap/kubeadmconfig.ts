// The ConfigMaps `kubeadm init` uploads (phases upload-config and bootstrap-token): kube-system/kubeadm-config (the
// ClusterConfiguration), kube-system/kubelet-config (the nodes' KubeletConfiguration), kube-system/kube-proxy (its
// config.conf and kubeconfig.conf) and kube-public/cluster-info (the cluster's kubeconfig without credentials), with
// the Role and RoleBinding that let anonymous clients read cluster-info, as joining nodes do.
// SIMULATION: the files carry kubeadm v1.32's defaults; the CA certificate is a placeholder, cluster-info has no
// jws-kubeconfig-* signatures (there is no bootstrap token), and the kubelets and kube-proxy do not read these files.
import type { KubeObject } from '../api/object.ts';
import { CLUSTER_DNS_IP } from '../api/dns.ts';
import { KUBERNETES_VERSION } from '../api/version.ts';
import type { Store } from '../apiserver/store.ts';
import { DEFAULT_SERVICE_CIDR } from '../apiserver/registry/service/ipallocator.ts';
import type { SeededRng } from '../sim/rng.ts';
import { API_SERVER_IP } from './kubernetesservice.ts';

const SERVER = `https://${API_SERVER_IP}:6443`;
/** A placeholder CA certificate: "-----BEGIN CERTIFICATE-----\n...\n-----END CERTIFICATE-----\n" in base64. */
const CA_DATA = 'LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCi4uLgotLS0tLUVORCBDRVJUSUZJQ0FURS0tLS0tCg==';
const RBAC = 'rbac.authorization.k8s.io';
const CLUSTER_INFO_READER = 'kubeadm:bootstrap-signer-clusterinfo';

const cm = (namespace: string, name: string, data: Record<string, string>, labels?: Record<string, string>): KubeObject =>
  ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace, ...(labels ? { labels } : {}) }, data }) as KubeObject;

function clusterConfiguration(podSubnet: string): string {
  return `apiServer: {}
apiVersion: kubeadm.k8s.io/v1beta4
caCertificateValidityPeriod: 87600h0m0s
certificateValidityPeriod: 8760h0m0s
certificatesDir: /etc/kubernetes/pki
clusterName: kubernetes
controllerManager: {}
dns: {}
encryptionAlgorithm: RSA-2048
etcd:
  local:
    dataDir: /var/lib/etcd
imageRepository: registry.k8s.io
kind: ClusterConfiguration
kubernetesVersion: ${KUBERNETES_VERSION}
networking:
  dnsDomain: cluster.local
  podSubnet: ${podSubnet}
  serviceSubnet: ${DEFAULT_SERVICE_CIDR}
proxy: {}
scheduler: {}
`;
}

const LOGGING = `logging:
  flushFrequency: 0
  options:
    json:
      infoBufferSize: "0"
    text:
      infoBufferSize: "0"
  verbosity: 0`;

const KUBELET = `apiVersion: kubelet.config.k8s.io/v1beta1
authentication:
  anonymous:
    enabled: false
  webhook:
    cacheTTL: 0s
    enabled: true
  x509:
    clientCAFile: /etc/kubernetes/pki/ca.crt
authorization:
  mode: Webhook
  webhook:
    cacheAuthorizedTTL: 0s
    cacheUnauthorizedTTL: 0s
cgroupDriver: systemd
clusterDNS:
- ${CLUSTER_DNS_IP}
clusterDomain: cluster.local
containerRuntimeEndpoint: ""
cpuManagerReconcilePeriod: 0s
crashLoopBackOff: {}
evictionPressureTransitionPeriod: 0s
fileCheckFrequency: 0s
healthzBindAddress: 127.0.0.1
healthzPort: 10248
httpCheckFrequency: 0s
imageMaximumGCAge: 0s
imageMinimumGCAge: 0s
kind: KubeletConfiguration
${LOGGING}
memorySwap: {}
nodeStatusReportFrequency: 0s
nodeStatusUpdateFrequency: 0s
rotateCertificates: true
runtimeRequestTimeout: 0s
shutdownGracePeriod: 0s
shutdownGracePeriodCriticalPods: 0s
staticPodPath: /etc/kubernetes/manifests
streamingConnectionIdleTimeout: 0s
syncFrequency: 0s
volumeStatsAggPeriod: 0s
`;

function kubeProxyConfig(clusterCIDR: string): string {
  return `apiVersion: kubeproxy.config.k8s.io/v1alpha1
bindAddress: 0.0.0.0
bindAddressHardFail: false
clientConnection:
  acceptContentTypes: ""
  burst: 0
  contentType: ""
  kubeconfig: /var/lib/kube-proxy/kubeconfig.conf
  qps: 0
clusterCIDR: ${clusterCIDR}
configSyncPeriod: 0s
conntrack:
  maxPerCore: null
  min: null
  tcpBeLiberal: false
  tcpCloseWaitTimeout: null
  tcpEstablishedTimeout: null
  udpStreamTimeout: 0s
  udpTimeout: 0s
detectLocal:
  bridgeInterface: ""
  interfaceNamePrefix: ""
detectLocalMode: ""
enableProfiling: false
healthzBindAddress: ""
hostnameOverride: ""
iptables:
  localhostNodePorts: null
  masqueradeAll: false
  masqueradeBit: null
  minSyncPeriod: 0s
  syncPeriod: 0s
ipvs:
  excludeCIDRs: null
  minSyncPeriod: 0s
  scheduler: ""
  strictARP: false
  syncPeriod: 0s
  tcpFinTimeout: 0s
  tcpTimeout: 0s
  udpTimeout: 0s
kind: KubeProxyConfiguration
${LOGGING}
metricsBindAddress: ""
mode: ""
nftables:
  masqueradeAll: false
  masqueradeBit: null
  minSyncPeriod: 0s
  syncPeriod: 0s
nodePortAddresses: null
oomScoreAdj: null
portRange: ""
showHiddenMetricsForVersion: ""
winkernel:
  enableDSR: false
  forwardHealthCheckVip: false
  networkName: ""
  rootHnsEndpointName: ""
  sourceVip: ""`;
}

const KUBE_PROXY_KUBECONFIG = `apiVersion: v1
kind: Config
clusters:
- cluster:
    certificate-authority: /var/run/secrets/kubernetes.io/serviceaccount/ca.crt
    server: ${SERVER}
  name: default
contexts:
- context:
    cluster: default
    namespace: default
    user: default
  name: default
current-context: default
users:
- name: default
  user:
    tokenFile: /var/run/secrets/kubernetes.io/serviceaccount/token`;

const CLUSTER_INFO = `apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: ${CA_DATA}
    server: ${SERVER}
  name: ""
contexts: null
current-context: ""
kind: Config
preferences: {}
users: null
`;

/** What kubeadm init uploads, for a cluster whose pods take addresses from `podSubnet`. */
export function kubeadmConfigObjects(podSubnet: string): KubeObject[] {
  return [
    cm('kube-system', 'kubeadm-config', { ClusterConfiguration: clusterConfiguration(podSubnet) }),
    cm('kube-system', 'kubelet-config', { kubelet: KUBELET }),
    cm('kube-system', 'kube-proxy', { 'config.conf': kubeProxyConfig(podSubnet), 'kubeconfig.conf': KUBE_PROXY_KUBECONFIG }, { app: 'kube-proxy' }),
    cm('kube-public', 'cluster-info', { kubeconfig: CLUSTER_INFO }),
    {
      apiVersion: `${RBAC}/v1`, kind: 'Role', metadata: { name: CLUSTER_INFO_READER, namespace: 'kube-public' },
      rules: [{ apiGroups: [''], resourceNames: ['cluster-info'], resources: ['configmaps'], verbs: ['get'] }],
    } as KubeObject,
    {
      apiVersion: `${RBAC}/v1`, kind: 'RoleBinding', metadata: { name: CLUSTER_INFO_READER, namespace: 'kube-public' },
      roleRef: { apiGroup: RBAC, kind: 'Role', name: CLUSTER_INFO_READER },
      subjects: [{ apiGroup: RBAC, kind: 'User', name: 'system:anonymous' }],
    } as KubeObject,
  ];
}

/** kubeadm init's uploads on a new cluster, with uids from `rng` (not the store's, so no other object's moves). */
export function createKubeadmConfig(store: Store, rng: SeededRng, podSubnet: string): void {
  for (const obj of kubeadmConfigObjects(podSubnet)) store.create(obj, { uid: rng.uuid() });
}

// A Calico-like network: the calico-node daemon writes 10-calico.conflist; the `calico` CNI plugin gives each pod
// a caliXXXXXXXXXXX veth and an address from the node's podCIDR (host-local IPAM with `subnet: usePodCidr`, a
// configuration Calico supports), and Felix enforces NetworkPolicy.
// Simplification: Calico's own IPAM (calico-ipam, /26 blocks from an IPPool) is not modelled: with usePodCidr
// the pod addresses come from the node IPAM controller's podCIDR, as with flannel.
import { hashString } from '../../sim/rng.ts';
import { macFor } from './flannel.ts';
import { CNI_ERR_INTERNAL, CNI_VERSION, CniError, type CniPlugin, type NetConfList, type PluginHost } from './plugin.ts';

export const CALICO_CONFLIST = '10-calico.conflist';

/** The conflist calico-node's install-cni writes (the kubeadm manifest's cni_network_config, host-local variant). */
export const CALICO_NET_CONF: NetConfList = {
  cniVersion: '0.3.1', name: 'k8s-pod-network',
  plugins: [
    {
      type: 'calico', log_level: 'info', datastore_type: 'kubernetes', mtu: 1500,
      ipam: { type: 'host-local', subnet: 'usePodCidr' }, policy: { type: 'k8s' }, kubernetes: { kubeconfig: '/etc/cni/net.d/calico-kubeconfig' },
    },
    { type: 'portmap', snat: true, capabilities: { portMappings: true } },
    { type: 'bandwidth', capabilities: { bandwidth: true } },
  ],
};

export function calicoDaemonFiles(): Record<string, string> {
  return { [`/etc/cni/net.d/${CALICO_CONFLIST}`]: JSON.stringify(CALICO_NET_CONF, null, 2) };
}

function podCidr(host: PluginHost): string {
  if (!host.podCIDR) throw new CniError(CNI_ERR_INTERNAL, 'failed to get podCidr from Kubernetes: no podCidr for node');
  return host.podCIDR;
}

/** Calico names the host side of a pod's veth "cali" + 11 hex digits of a hash of the pod's namespace and name. */
function vethName(namespace: string, name: string): string {
  const h = (hashString(`${namespace}.${name}`) >>> 0).toString(16).padStart(8, '0') + (hashString(`${name}.${namespace}`) >>> 0).toString(16).padStart(8, '0');
  return `cali${h.slice(0, 11)}`;
}

export const calicoPlugin: CniPlugin = {
  type: 'calico',
  supportsNetworkPolicy: true,
  // Each pod has a /32 route to its own veth: the node routes even between its own pods.
  bridged: false,
  add(_conf, rt, host, network) {
    const ips = host.ipam(network).add([[{ subnet: podCidr(host) }]], rt.containerId, rt.ifName);
    return ips.map((ip) => ({ address: `${ip.address.split('/')[0]}/32`, interface: 1 }));
  },
  result(_conf, rt, _network, ips) {
    const veth = vethName(rt.args.K8S_POD_NAMESPACE, rt.args.K8S_POD_NAME);
    return {
      cniVersion: CNI_VERSION,
      interfaces: [{ name: veth, mac: 'ee:ee:ee:ee:ee:ee' }, { name: rt.ifName, mac: macFor(rt.containerId), sandbox: rt.netns }],
      ips,
      routes: [{ dst: '0.0.0.0/0' }],
    };
  },
  del(_conf, rt, host, network) {
    host.ipam(network).del(rt.containerId, rt.ifName);
  },
  check(_conf, rt, host, network, prev) {
    for (const ip of prev.ips) host.ipam(network).check(rt.containerId, rt.ifName, ip.address);
  },
};

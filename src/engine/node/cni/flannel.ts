// flannel: the daemon (flanneld) takes the node's podCIDR, writes /run/flannel/subnet.env and the CNI config;
// the `flannel` CNI plugin reads subnet.env and delegates to `bridge` (cni0, a veth per pod) with host-local
// IPAM over the node's subnet. flannel moves packets only: it does not enforce NetworkPolicy.
import { formatIp, parseCidr } from '../../api/cidr.ts';
import { hashString } from '../../sim/rng.ts';
import { HostLocal } from './hostlocal.ts';
import { CNI_ERR_INTERNAL, CNI_VERSION, CniError, type CniPlugin, type CniResult, type NetConfList, type PluginHost, type RuntimeConf } from './plugin.ts';

export const FLANNEL_SUBNET_ENV = '/run/flannel/subnet.env';
export const FLANNEL_CONFLIST = '10-flannel.conflist';
/** The VXLAN backend's MTU: the host's 1500 minus 50 bytes of encapsulation. */
const FLANNEL_MTU = 1450;

/** kube-flannel-cfg's cni-conf.json, which the install-cni init container copies to /etc/cni/net.d. */
export const FLANNEL_NET_CONF: NetConfList = {
  cniVersion: '0.3.1', name: 'cbr0',
  plugins: [{ type: 'flannel', delegate: { hairpinMode: true, isDefaultGateway: true } }, { type: 'portmap', capabilities: { portMappings: true } }],
};

/**
 * What flanneld writes once it has the node's lease (its podCIDR).
 * Simplification: FLANNEL_NETWORK (the cluster CIDR from net-conf.json) is not written: nothing reads it here.
 */
export function flannelDaemonFiles(podCIDR: string): Record<string, string> {
  const c = parseCidr(podCIDR);
  return {
    [FLANNEL_SUBNET_ENV]: `FLANNEL_SUBNET=${formatIp(c.base + 1)}/${c.prefix}\nFLANNEL_MTU=${FLANNEL_MTU}\nFLANNEL_IPMASQ=true\n`,
    [`/etc/cni/net.d/${FLANNEL_CONFLIST}`]: JSON.stringify(FLANNEL_NET_CONF, null, 2),
  };
}

/** A stable locally administered MAC for an interface name. */
export function macFor(seed: string): string {
  const h = hashString(seed);
  const h2 = hashString(`${seed}/2`);
  const bytes = [0x02 | ((h >>> 24) & 0xfc), (h >>> 16) & 255, (h >>> 8) & 255, h & 255, (h2 >>> 8) & 255, h2 & 255];
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join(':');
}

function subnetOf(host: PluginHost): string {
  const env = host.files.read(FLANNEL_SUBNET_ENV);
  if (env === undefined) throw new CniError(CNI_ERR_INTERNAL, `loadFlannelSubnetEnv failed: open ${FLANNEL_SUBNET_ENV}: no such file or directory`);
  const m = /^FLANNEL_SUBNET=(.+)$/m.exec(env);
  if (!m) throw new CniError(CNI_ERR_INTERNAL, `loadFlannelSubnetEnv failed: ${FLANNEL_SUBNET_ENV} is missing FLANNEL_SUBNET`);
  const c = parseCidr(m[1]);
  return `${formatIp(c.base)}/${c.prefix}`;
}

function delegateError(op: 'add' | 'del', e: unknown): never {
  const text = e instanceof Error ? e.message : String(e);
  throw new CniError(e instanceof CniError ? e.code : CNI_ERR_INTERNAL, `failed to delegate ${op}: ${text}`);
}

export const flannelPlugin: CniPlugin = {
  type: 'flannel',
  supportsNetworkPolicy: false,
  add(_conf, rt: RuntimeConf, host, network): CniResult {
    const subnet = subnetOf(host);
    let ips;
    try {
      ips = new HostLocal(host.files, network).add([[{ subnet }]], rt.containerId, rt.ifName);
    } catch (e) {
      delegateError('add', e);
    }
    const veth = `veth${(hashString(rt.containerId) >>> 0).toString(16).padStart(8, '0')}`;
    return {
      cniVersion: CNI_VERSION,
      interfaces: [{ name: 'cni0', mac: macFor(`${network}/cni0`) }, { name: veth, mac: macFor(veth) }, { name: rt.ifName, mac: macFor(rt.containerId), sandbox: rt.netns }],
      ips: ips.map((ip) => ({ ...ip, interface: 2 })),
      routes: [{ dst: '0.0.0.0/0', gw: ips[0].gateway }],
    };
  },
  del(_conf, rt, host, network): void {
    new HostLocal(host.files, network).del(rt.containerId, rt.ifName);
  },
  check(_conf, rt, host, network, prev): void {
    subnetOf(host);
    for (const ip of prev.ips) new HostLocal(host.files, network).check(rt.containerId, rt.ifName, ip.address);
  },
};

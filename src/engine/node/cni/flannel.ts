// flannel: the daemon (flanneld) takes the node's podCIDR, writes /run/flannel/subnet.env and the CNI config;
// the `flannel` CNI plugin reads subnet.env and delegates to `bridge` (cni0, a veth per pod) with host-local
// IPAM over the node's subnet. flannel moves packets only: it does not enforce NetworkPolicy.
import { formatIp, parseCidr } from '../../api/cidr.ts';
import { hashString } from '../../sim/rng.ts';
import type { HostFiles } from './hostfiles.ts';
import { CNI_ERR_INTERNAL, CNI_VERSION, CniError, type CniIpConfig, type CniPlugin, type CniResult, type IpamRange, type NetConfList, type PluginHost, type RuntimeConf } from './plugin.ts';

const FLANNEL_RUN_DIR = '/run/flannel';
const SUBNET_ENV = 'subnet.env';
export const FLANNEL_SUBNET_ENV = `${FLANNEL_RUN_DIR}/${SUBNET_ENV}`;
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
  macByte(0, 0x02 | ((h >>> 24) & 0xfc));
  macByte(1, (h >>> 16) & 255);
  macByte(2, (h >>> 8) & 255);
  macByte(3, h & 255);
  macByte(4, (h2 >>> 8) & 255);
  macByte(5, h2 & 255);
  // One string made from the codes, not one per byte and per join: every pod's interfaces get MACs.
  return String.fromCharCode.apply(null, macCodes);
}

/** The character codes of the MAC macFor is writing: "xx:xx:xx:xx:xx:xx", the colons in place. */
const macCodes: number[] = Array.from({ length: 17 }, (_, i) => (i % 3 === 2 ? 0x3a : 0x30));
const HEX_CODES = Array.from('0123456789abcdef', (c) => c.charCodeAt(0));

function macByte(i: number, b: number): void {
  macCodes[i * 3] = HEX_CODES[b >>> 4];
  macCodes[i * 3 + 1] = HEX_CODES[b & 15];
}

/** The node's subnet from subnet.env, with the IPAM range sets the delegate gets for it ([[{ subnet }]]). */
function subnetOf(host: PluginHost): SubnetEnv {
  // Read in its directory: read() would slice the path into both at every ADD.
  const env = host.files.filesIn(FLANNEL_RUN_DIR)?.get(SUBNET_ENV);
  if (env === undefined) throw new CniError(CNI_ERR_INTERNAL, `loadFlannelSubnetEnv failed: open ${FLANNEL_SUBNET_ENV}: no such file or directory`);
  const kept = subnetEnvs.get(host.files);
  if (kept?.env === env) return kept;
  const m = /^FLANNEL_SUBNET=(.+)$/m.exec(env);
  if (!m) throw new CniError(CNI_ERR_INTERNAL, `loadFlannelSubnetEnv failed: ${FLANNEL_SUBNET_ENV} is missing FLANNEL_SUBNET`);
  const c = parseCidr(m[1]);
  const subnet = `${formatIp(c.base)}/${c.prefix}`;
  const parsed: SubnetEnv = { env, rangeSets: [[{ subnet }]] };
  subnetEnvs.set(host.files, parsed);
  return parsed;
}

interface SubnetEnv { env: string; rangeSets: IpamRange[][] }
/**
 * Each node's subnet.env as the plugin last parsed it, with its range sets (which host-local only reads): read
 * at every ADD, it rarely changes.
 */
const subnetEnvs = new WeakMap<HostFiles, SubnetEnv>();

function delegateError(op: 'add' | 'del', e: unknown): never {
  const text = e instanceof Error ? e.message : String(e);
  throw new CniError(e instanceof CniError ? e.code : CNI_ERR_INTERNAL, `failed to delegate ${op}: ${text}`);
}

export const flannelPlugin: CniPlugin = {
  type: 'flannel',
  supportsNetworkPolicy: false,
  bridged: true,
  add(_conf, rt: RuntimeConf, host, network): CniIpConfig[] {
    const { rangeSets } = subnetOf(host);
    let ips;
    try {
      ips = host.ipam(network).add(rangeSets, rt.containerId, rt.ifName);
    } catch (e) {
      delegateError('add', e);
    }
    // The addresses are the delegate's own new objects: the bridge's interface index is added to them in place.
    for (let i = 0; i < ips.length; i++) ips[i].interface = 2;
    return ips;
  },
  result(_conf, rt, network, ips): CniResult {
    const veth = `veth${(hashString(rt.containerId) >>> 0).toString(16).padStart(8, '0')}`;
    return {
      cniVersion: CNI_VERSION,
      interfaces: [{ name: 'cni0', mac: macFor(`${network}/cni0`) }, { name: veth, mac: macFor(veth) }, { name: rt.ifName, mac: macFor(rt.containerId), sandbox: rt.netns }],
      ips,
      routes: [{ dst: '0.0.0.0/0', gw: ips[0].gateway }],
    };
  },
  del(_conf, rt, host, network): void {
    host.ipam(network).del(rt.containerId, rt.ifName);
  },
  check(_conf, rt, host, network, prev): void {
    subnetOf(host);
    for (const ip of prev.ips) host.ipam(network).check(rt.containerId, rt.ifName, ip.address);
  },
};

// The container runtime's CNI side on one node (containerd's CRI plugin with go-cni): it loads the first network
// configuration in /etc/cni/net.d, reports NetworkReady, and runs the plugin chain's ADD, DEL and CHECK for each
// pod sandbox. The network's daemon (a CNI DaemonSet's pod) is what writes that configuration.
//
// Convention (SIMULATION): a container whose image is a known CNI daemon image is that network's node agent; when
// it starts, it writes its files as the real one does through its hostPath mounts:
//   flannel: docker.io/flannel/flannel, ghcr.io/flannel-io/flannel, quay.io/coreos/flannel → 10-flannel.conflist
//            and /run/flannel/subnet.env (once the node has a podCIDR);
//   calico:  docker.io/calico/node, quay.io/calico/node → 10-calico.conflist.
// The files stay when the daemon's pod goes away (a real node keeps them too); `sim cni uninstall` removes them.
// Simplification: the install-cni init containers' work is done by the daemon container when it starts.
import { calicoDaemonFiles, calicoPlugin } from './calico.ts';
import { flannelDaemonFiles, flannelPlugin, FLANNEL_SUBNET_ENV } from './flannel.ts';
import { HostFiles } from './hostfiles.ts';
import { HOST_LOCAL_DATA_DIR, HostLocal } from './hostlocal.ts';
import { flat } from '../../api/flat.ts';
import { CNI_VERSION, CniError, type CniIpConfig, type CniPlugin, type CniResult, type NetConf, type NetConfList, type PluginHost, type RuntimeConf } from './plugin.ts';

export const CNI_CONF_DIR = '/etc/cni/net.d';
export type CniName = 'flannel' | 'calico';

/** The Ready condition's message on a node whose runtime has no CNI configuration (containerd 1.7). */
export const CNI_NOT_INITIALIZED = 'Network plugin returns error: cni plugin not initialized';

const DAEMON_IMAGES: Record<string, CniName> = {
  'flannel/flannel': 'flannel', 'ghcr.io/flannel-io/flannel': 'flannel', 'quay.io/coreos/flannel': 'flannel',
  'calico/node': 'calico', 'quay.io/calico/node': 'calico',
};

/**
 * SIMULATION: images every node has from its machine image, like the kubeadm images pre-pulled on a node, so a
 * new node's network agent starts (and the node turns Ready) within a second.
 */
export const NODE_IMAGE_CNI_AGENTS: { image: string; size: number }[] = [
  { image: 'docker.io/flannel/flannel:v0.26.1', size: 32_618_314 },
  { image: 'docker.io/calico/node:v3.29.1', size: 150_361_205 },
];

/** Plugins that only add capabilities (port mappings, bandwidth): nothing to do for a pod without them. */
const CAPABILITY_PLUGINS = new Set(['portmap', 'bandwidth', 'tuning']);
const PLUGINS: Record<string, CniPlugin> = { flannel: flannelPlugin, calico: calicoPlugin };

/** Which network a container image is the node agent of ("docker.io/flannel/flannel:v0.26.1" → flannel). */
export function cniDaemonOf(image: string): CniName | undefined {
  if (daemonOf.has(image)) return daemonOf.get(image);
  const repo = image.replace(/@.*$/, '').replace(/:[^/:]*$/, '').replace(/^(?:docker\.io|index\.docker\.io)\//, '');
  const name = DAEMON_IMAGES[repo];
  daemonOf.set(image, name);
  return name;
}
/** Each image's answer, found once: every container start asks (three replaces each), for a handful of images. */
const daemonOf = new Map<string, CniName | undefined>();

export interface NetworkStatus { ready: boolean; reason?: string; message?: string }
const NETWORK_READY: NetworkStatus = Object.freeze({ ready: true });
export interface SandboxNetworkMeta { uid: string; name: string; namespace: string }

export class CniNetwork {
  readonly files = new HostFiles();
  /** What the plugins get: the files, the podCIDR (kept here), and each network's host-local IPAM. */
  private readonly host: PluginHost = { files: this.files, podCIDR: undefined, ipam: (network) => this.ipam(network) };
  private readonly ipams = new Map<string, HostLocal>();
  /** Daemons that started before the node had a podCIDR (flanneld waits for its lease). */
  private readonly waiting = new Set<CniName>();
  /** Each sandbox's addresses from ADD: libcni's cached result, which CHECK's prevResult is made from. */
  private readonly results = new Map<string, string[]>();
  private readonly listeners: (() => void)[] = [];
  /** The configuration loaded last, parsed (every sandbox's setup reads it; plugins only read it). */
  private lastConf: { file: string; text: string; list: NetConfList } | undefined;

  onChange(listener: () => void): void { this.listeners.push(listener); }

  /** UpdateRuntimeConfig: the node's podCIDR. */
  setPodCIDR(cidr: string | undefined): void {
    if (cidr === this.host.podCIDR) return;
    this.host.podCIDR = cidr;
    for (const d of [...this.waiting]) this.daemonStarted(d);
  }

  /** A network's node agent started on this node: it writes its configuration. */
  daemonStarted(name: CniName): void {
    const before = this.status().ready;
    if (name === 'flannel' && !this.host.podCIDR) { this.waiting.add(name); return; }
    this.waiting.delete(name);
    const files = name === 'flannel' ? flannelDaemonFiles(this.host.podCIDR!) : calicoDaemonFiles();
    for (const [path, content] of Object.entries(files)) this.files.write(path, content);
    if (this.status().ready !== before) this.changed();
  }

  /** `sim cni uninstall` on this node: the CNI configuration and the daemon's state go; pod addresses stay. */
  uninstall(): void {
    const before = this.status().ready;
    this.waiting.clear();
    for (const f of this.files.list(CNI_CONF_DIR)) this.files.remove(`${CNI_CONF_DIR}/${f}`);
    this.files.remove(FLANNEL_SUBNET_ENV);
    if (this.status().ready !== before) this.changed();
  }

  /** The loaded network: the first configuration file in /etc/cni/net.d (libcni's sort order). */
  loaded(): { file: string; list: NetConfList } | undefined {
    // Most calls (every sandbox set-up and network status) find the directory holding just the file loaded last.
    const last = this.lastConf;
    const dir = this.files.filesIn(CNI_CONF_DIR);
    if (last && dir?.size === 1 && dir.get(last.file) === last.text) return last;
    for (const file of this.files.list(CNI_CONF_DIR)) {
      if (!/\.(conflist|conf|json)$/.test(file)) continue;
      const text = this.files.read(`${CNI_CONF_DIR}/${file}`)!;
      if (text === last?.text) return { file, list: last.list };
      try {
        const parsed = JSON.parse(text) as NetConfList & NetConf;
        const list: NetConfList = Array.isArray(parsed.plugins) ? parsed : { cniVersion: parsed.cniVersion as string, name: parsed.name as string, plugins: [parsed] };
        if (list.plugins.length && typeof list.name === 'string') {
          this.lastConf = { file, text, list };
          return { file, list };
        }
      } catch {
        // libcni skips a file it cannot parse and tries the next one.
      }
    }
    return undefined;
  }

  /** The runtime's NetworkReady condition. */
  status(): NetworkStatus {
    return this.loaded() ? NETWORK_READY : { ready: false, reason: 'NetworkPluginNotReady', message: CNI_NOT_INITIALIZED };
  }

  /** The loaded network's main plugin, e.g. for whether it enforces NetworkPolicy. */
  plugin(): CniPlugin | undefined {
    const main = this.loaded()?.list.plugins[0]?.type;
    return main ? PLUGINS[main] : undefined;
  }

  /** RunPodSandbox's network setup: ADD through the chain; the error reads as containerd reports it. */
  setUp(sandboxId: string, meta: SandboxNetworkMeta): SetUpResult {
    const net = this.loaded();
    if (!net) throw new Error(`rpc error: code = Unknown desc = failed to setup network for sandbox "${sandboxId}": cni plugin not initialized`);
    const rt = runtimeConf(sandboxId, meta);
    const network = net.list.name;
    // The Result is the last plugin's (capability plugins pass theirs through).
    let plugin: CniPlugin | undefined;
    let conf: NetConf | undefined;
    let ips: CniIpConfig[] | undefined;
    for (const c of net.list.plugins) {
      try {
        if (CAPABILITY_PLUGINS.has(c.type)) continue;
        plugin = PLUGINS[c.type];
        if (!plugin) throw new Error(`failed to find plugin "${c.type}" in path [/opt/cni/bin]`);
        conf = c;
        ips = plugin.add(c, rt, this.host, network);
      } catch (e) {
        this.tearDown(sandboxId, meta);
        throw new Error(`rpc error: code = Unknown desc = failed to setup network for sandbox "${sandboxId}": plugin type="${c.type}" failed (add): ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    if (!plugin || !conf || !ips?.length) throw new Error(`rpc error: code = Unknown desc = failed to setup network for sandbox "${sandboxId}": no IP address in the CNI result`);
    // Simplification: the cached result (libcni's cache, CHECK's prevResult) keeps only the addresses, which is
    // what the plugins' CHECK reads (every plugin here answers in CNI_VERSION); the interfaces, routes, gateways
    // and interface indexes ADD returned are not kept (most of a kilobyte a pod).
    const addresses = new Array<string>(ips.length);
    for (let i = 0; i < ips.length; i++) addresses[i] = flat(ips[i].address);
    this.results.set(sandboxId, addresses);
    const first = addresses[0];
    const slash = first.indexOf('/');
    return new SetUpResult(slash < 0 ? first : first.slice(0, slash), plugin, conf, rt, network, ips);
  }

  /** StopPodSandbox's teardown: DEL through the chain in reverse; the sandbox's addresses are released. */
  tearDown(sandboxId: string, meta: SandboxNetworkMeta): void {
    this.results.delete(sandboxId);
    const net = this.loaded();
    const rt = runtimeConf(sandboxId, meta);
    if (net) {
      for (const conf of [...net.list.plugins].reverse()) PLUGINS[conf.type]?.del(conf, rt, this.host, net.list.name);
      return;
    }
    // Without a configuration the plugins cannot run; the addresses are released so they never leak here.
    for (const network of this.files.subdirs(HOST_LOCAL_DATA_DIR)) this.ipam(network).del(sandboxId, rt.ifName);
  }

  /** CHECK: the sandbox's network is still as ADD left it (throws the plugin's error otherwise). */
  check(sandboxId: string, meta: SandboxNetworkMeta): void {
    const net = this.loaded();
    const addresses = this.results.get(sandboxId);
    if (!net || !addresses) throw new CniError(3, `container ${sandboxId} has no network`);
    const prev: CniResult = { cniVersion: CNI_VERSION, interfaces: [], ips: addresses.map((address) => ({ address })) };
    for (const conf of net.list.plugins) PLUGINS[conf.type]?.check(conf, runtimeConf(sandboxId, meta), this.host, net.list.name, prev);
  }

  /** After a restore: a sandbox keeps the address its pod reports, recorded under the sandbox's new id. */
  adopt(sandboxId: string, ip: string): void {
    const name = this.loaded()?.list.name ?? this.files.subdirs(HOST_LOCAL_DATA_DIR)[0];
    if (!name) return;
    const store = this.ipam(name);
    const old = store.reservations().find((r) => r.ip === ip);
    store.adopt(ip, sandboxId, old?.ifName ?? 'eth0');
    this.results.set(sandboxId, [`${ip}/32`]);
  }

  /** How many pod addresses are reserved on this node (what `sim cni status` and the page count, read often). */
  allocationCount(): number {
    let n = 0;
    for (const network of this.files.subdirs(HOST_LOCAL_DATA_DIR)) n += this.ipam(network).count();
    return n;
  }

  private ipam(network: string): HostLocal {
    let ipam = this.ipams.get(network);
    if (!ipam) this.ipams.set(network, (ipam = new HostLocal(this.files, network)));
    return ipam;
  }

  private changed(): void { for (const l of this.listeners) l(); }
}

/**
 * What setUp hands back: the pod's address, and ADD's whole Result, made when it is read (the runtime reads only
 * the address; the plugins' tests read the Result).
 */
class SetUpResult {
  constructor(
    readonly ip: string,
    private readonly plugin: CniPlugin, private readonly conf: NetConf, private readonly rt: RuntimeConf,
    private readonly network: string, private readonly ips: CniIpConfig[],
  ) {}

  get result(): CniResult { return this.plugin.result(this.conf, this.rt, this.network, this.ips); }
}

function runtimeConf(sandboxId: string, meta: SandboxNetworkMeta): RuntimeConf {
  return new SandboxRuntimeConf(sandboxId, meta);
}

/**
 * A sandbox's runtime arguments. CNI_NETNS and CNI_ARGS are made when read: only ADD's whole Result reads them,
 * and that is made only when asked for (every pod's ADD built the path and the arguments for nothing).
 */
class SandboxRuntimeConf implements RuntimeConf {
  readonly ifName = 'eth0';

  constructor(readonly containerId: string, private readonly meta: SandboxNetworkMeta) {}

  get netns(): string {
    const id = this.containerId;
    return `/var/run/netns/cni-${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}`;
  }

  get args(): RuntimeConf['args'] {
    const { meta } = this;
    return { K8S_POD_NAMESPACE: meta.namespace, K8S_POD_NAME: meta.name, K8S_POD_INFRA_CONTAINER_ID: this.containerId, K8S_POD_UID: meta.uid };
  }
}

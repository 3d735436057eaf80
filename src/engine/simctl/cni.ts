// `sim cni`: install or remove the cluster's pod network, and show each node's CNI state (the files containerd
// reads from /etc/cni/net.d, NetworkReady, whether the plugin enforces NetworkPolicy, pod addresses handed out).
import { CommandError } from '../kubectl/context.ts';
import { TABLE_TABWRITER, tabwrite } from '../kubectl/printers/tabwriter.ts';

export type CniName = 'flannel' | 'calico';
const NAMES: CniName[] = ['flannel', 'calico'];

export interface CniNodeStatus {
  node: string;
  ready: boolean;
  /** NetworkReady's message when it is false. */
  message?: string;
  /** The configuration file loaded, e.g. 10-flannel.conflist. */
  config?: string;
  network?: string;
  plugin?: string;
  networkPolicy: boolean;
  /** Pod addresses the node's IPAM has reserved. */
  podIPs: number;
  /** The node's spec.podCIDR, which node IPAM assigned from the cluster CIDR. */
  podCIDR?: string;
}

/** kube-controller-manager's --cluster-cidr and --node-cidr-mask-size, and how many node ranges are taken. */
export interface PodCIDRUsage {
  clusterCIDR: string;
  nodeCIDRMaskSize: number;
  /** Node ranges (podCIDRs) the cluster CIDR holds. */
  capacity: number;
  allocated: number;
}

export interface CniControl {
  installed(): CniName[];
  install(name: CniName): string[];
  uninstall(): string[];
  status(): CniNodeStatus[];
  podCIDRs(): PodCIDRUsage;
}

export const CNI_USAGE = 'sim cni install [flannel|calico] | sim cni uninstall | sim cni status';

export function cniCommand(cni: CniControl, argv: string[], out: string[]): void {
  const [verb, ...rest] = argv;
  switch (verb) {
    case 'install': {
      const name = rest[0] ?? 'flannel';
      if (!NAMES.includes(name as CniName) || rest.length > 1) throw new CommandError(`unknown pod network "${rest.join(' ')}": expected flannel or calico`);
      out.push(...cni.install(name as CniName));
      return;
    }
    case 'uninstall':
      if (rest.length) throw new CommandError(`usage: ${CNI_USAGE}`);
      if (!cni.installed().length) out.push('no pod network DaemonSet found');
      out.push(...cni.uninstall());
      return;
    case 'status': {
      if (rest.length) throw new CommandError(`usage: ${CNI_USAGE}`);
      const installed = cni.installed();
      out.push(`pod network: ${installed.length ? installed.join(', ') : 'none installed'}`);
      const u = cni.podCIDRs();
      out.push(`cluster CIDR: ${u.clusterCIDR} (--node-cidr-mask-size=${u.nodeCIDRMaskSize}): ${u.allocated} of ${u.capacity} node ranges allocated`);
      const rows = cni.status().map((s) => [s.node, s.ready ? 'true' : 'false', s.podCIDR ?? '<none>', s.config ?? '<none>', s.plugin ?? '<none>', s.networkPolicy ? 'yes' : 'no', String(s.podIPs), s.ready ? '' : s.message ?? '']);
      const table = [['NODE', 'NETWORK-READY', 'POD-CIDR', 'CNI-CONFIG', 'PLUGIN', 'NETWORKPOLICY', 'POD-IPS', 'MESSAGE'], ...rows];
      if (rows.length) out.push(tabwrite(table.map((r) => r.join('\t')).join('\n') + '\n', TABLE_TABWRITER).trimEnd());
      return;
    }
    default:
      throw new CommandError(`unknown command "cni ${verb ?? ''}" for "sim": expected install, uninstall or status\n\nusage: ${CNI_USAGE}`);
  }
}

// The pod network addon, and what `sim cni install|uninstall|status` do to a running cluster: apply or delete the
// network's manifest, and (on uninstall) clear each node's /etc/cni/net.d as the network's cleanup instructions say.
import { parseAllDocuments } from 'yaml';
import type { DaemonSet } from 'kubernetes-types/apps/v1';
import type { Node } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../api/object.ts';
import type { ExecResult } from '../index.ts';
import { cniDaemonOf, type CniName, type CniNetwork } from '../node/cni/network.ts';
import { CommandError } from '../kubectl/context.ts';
import type { CniControl, CniNodeStatus, PodCIDRUsage } from '../simctl/cni.ts';
import type { Addon, BootstrapOptions } from './addons.ts';
import { nodeRangeCount, type NodeIpamConfig } from '../controllers/nodeipam/controller.ts';
import { CALICO_MANIFEST } from './calico.ts';
import { FLANNEL_MANIFEST } from './flannel.ts';

export const CNI_MANIFESTS: Record<CniName, string> = { flannel: FLANNEL_MANIFEST, calico: CALICO_MANIFEST };

export function cniAddon(opts: BootstrapOptions): Addon | undefined {
  return opts.cni === 'none' ? undefined : { name: opts.cni, manifest: CNI_MANIFESTS[opts.cni] };
}

export interface ClusterCniDeps {
  /** Run a kubectl command line as a user would. */
  kubectl(line: string, stdin?: string): ExecResult;
  list(kind: string): KubeObject[];
  /** Each machine's CNI side. */
  networks(): { node: string; network: CniNetwork }[];
  /** Node IPAM's --cluster-cidr and --node-cidr-mask-size. */
  ipam: NodeIpamConfig;
}

export class ClusterCni implements CniControl {
  constructor(private readonly deps: ClusterCniDeps) {}

  /** The networks whose node agent runs as a DaemonSet (recognised by its image, whoever applied it). */
  installed(): CniName[] {
    const names = new Set<CniName>();
    for (const ds of this.deps.list('DaemonSet') as (DaemonSet & KubeObject)[]) {
      for (const c of ds.spec?.template.spec?.containers ?? []) {
        const n = cniDaemonOf(c.image ?? '');
        if (n) names.add(n);
      }
    }
    return [...names].sort();
  }

  install(name: CniName): string[] {
    const present = this.installed();
    if (present.length) throw new CommandError(`a pod network is already installed (${present.join(', ')}); run "sim cni uninstall" first`);
    return this.run('kubectl apply -f -', CNI_MANIFESTS[name]);
  }

  uninstall(): string[] {
    const out: string[] = [];
    for (const name of this.installed()) {
      const objects = manifestObjects(CNI_MANIFESTS[name]).reverse();
      for (const o of objects) {
        const exists = this.deps.list(o.kind).some((x) => x.metadata.name === o.metadata.name && x.metadata.namespace === o.metadata.namespace);
        if (!exists || o.kind === 'Namespace' && o.metadata.name === 'kube-system') continue;
        out.push(...this.run(`kubectl delete ${o.kind.toLowerCase()} ${o.metadata.name}${o.metadata.namespace ? ` -n ${o.metadata.namespace}` : ''}`));
      }
    }
    for (const { node, network } of this.deps.networks()) {
      network.uninstall();
      out.push(`node/${node}: removed /etc/cni/net.d/*`);
    }
    return out;
  }

  podCIDRs(): PodCIDRUsage {
    const allocated = this.deps.list('Node').filter((n) => (n as Node).spec?.podCIDR).length;
    return { ...this.deps.ipam, capacity: nodeRangeCount(this.deps.ipam), allocated };
  }

  status(): CniNodeStatus[] {
    const podCIDRs = new Map(this.deps.list('Node').map((n) => [n.metadata.name, (n as Node).spec?.podCIDR]));
    return this.deps.networks().map(({ node, network }) => {
      const loaded = network.loaded();
      const st = network.status();
      return {
        node, ready: st.ready, message: st.message, config: loaded?.file, network: loaded?.list.name,
        plugin: loaded?.list.plugins[0]?.type, networkPolicy: network.plugin()?.supportsNetworkPolicy ?? false,
        podIPs: network.allocationCount(), podCIDR: podCIDRs.get(node),
      };
    });
  }

  /** Whether the cluster's pod network enforces NetworkPolicy: every configured node's plugin does. */
  supportsNetworkPolicy(): boolean {
    const plugins = this.deps.networks().map(({ network }) => network.plugin()).filter((p) => p !== undefined);
    return plugins.length > 0 && plugins.every((p) => p.supportsNetworkPolicy);
  }

  /** Whether the node's pod network bridges its pods (flannel) rather than routing each one (calico). */
  bridged(node: string): boolean {
    return this.deps.networks().find((n) => n.node === node)?.network.plugin()?.bridged ?? false;
  }

  private run(line: string, stdin?: string): string[] {
    const r = this.deps.kubectl(line, stdin);
    if (r.code !== 0) throw new CommandError(r.stderr.trimEnd());
    return r.stdout.split('\n').filter((l) => l);
  }
}

function manifestObjects(text: string): KubeObject[] {
  return parseAllDocuments(text).map((d) => d.toJS() as KubeObject).filter((o) => o?.kind);
}

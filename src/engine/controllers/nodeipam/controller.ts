// Node IPAM controller (the range allocator): each node gets a podCIDR (a /24 by default) from the cluster
// CIDR, released when the node is deleted. The kubelet's network plugin assigns pod IPs from it.
import type { Node } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import type { Store } from '../../apiserver/store.ts';
import { Controller } from '../../client/controller.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { EventRecorder } from '../../client/events.ts';
import type { SimClock } from '../../sim/clock.ts';
import { cidrSize, formatCidr, parseCidr, subnet, subnetIndex, type Cidr } from '../../api/cidr.ts';

type N = Node & KubeObject;

export interface NodeIpamConfig {
  /** --cluster-cidr; kubeadm with flannel uses 10.244.0.0/16. */
  clusterCIDR: string;
  /** --node-cidr-mask-size, 24 by default. */
  nodeCIDRMaskSize: number;
}

export const DEFAULT_NODE_IPAM: NodeIpamConfig = { clusterCIDR: '10.244.0.0/16', nodeCIDRMaskSize: 24 };

/** How many node ranges (podCIDRs) the cluster CIDR holds. */
export function nodeRangeCount(config: NodeIpamConfig): number {
  return cidrSize(parseCidr(config.clusterCIDR)) / 2 ** (32 - config.nodeCIDRMaskSize);
}

export class NodeIpamController extends Controller {
  private readonly nodes: Informer<N>;
  private readonly cluster: Cidr;
  private readonly capacity: number;
  private readonly used = new Map<number, string>(); // subnet index → node name
  private next = 0;
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder, private readonly config = DEFAULT_NODE_IPAM) {
    super('node-ipam-controller', clock);
    this.nodes = informers.informerFor<N>('Node');
    this.cluster = parseCidr(config.clusterCIDR);
    this.capacity = nodeRangeCount(config);
    this.event = recorder.forSource({ component: 'cidrAllocator' });
  }

  start(): void {
    this.nodes.addEventHandler({
      add: (n) => this.queue.add(n.metadata.name!),
      update: (_o, n) => { if (!n.spec?.podCIDR) this.queue.add(n.metadata.name!); },
      delete: (n) => {
        const i = this.indexOf(n);
        if (i !== undefined && this.used.get(i) === n.metadata.name) this.used.delete(i);
      },
    });
  }

  private indexOf(n: N): number | undefined {
    return n.spec?.podCIDR ? subnetIndex(this.cluster, this.config.nodeCIDRMaskSize, parseCidr(n.spec.podCIDR)) : undefined;
  }

  protected sync(name: string): void {
    const node = this.nodes.getByName(undefined, name);
    if (!node) return;
    const existing = this.indexOf(node);
    if (existing !== undefined) {
      this.used.set(existing, name);
      return;
    }
    if (this.used.size >= this.capacity) {
      this.event(node, 'Normal', 'CIDRNotAvailable', `Node ${name} status is now: CIDRNotAvailable`);
      return;
    }
    // The range allocator hands out the next free subnet after the last one it gave.
    while (this.used.has(this.next % this.capacity)) this.next++;
    const i = this.next % this.capacity;
    this.next = i + 1;
    this.used.set(i, name);
    const cidr = formatCidr(subnet(this.cluster, this.config.nodeCIDRMaskSize, i));
    this.store.patch('Node', undefined, name, { spec: { podCIDR: cidr, podCIDRs: [cidr] } });
  }
}

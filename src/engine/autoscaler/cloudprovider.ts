// The cloud the cluster autoscaler resizes: node groups (an AWS Auto Scaling group, a GKE node pool) of machines
// made from one template, each with a minimum and maximum size. Increasing a group's target starts machines that
// boot and register as nodes after the group's provisioning time; deleting one removes the machine and its Node.
// SIMULATION: instances never fail to start (no quota errors or stockouts, so no scale-up backoff).
import type { Node } from 'kubernetes-types/core/v1';
import type { NodeSpec } from '../simctl/host.ts';
import type { SeededRng } from '../sim/rng.ts';
import { GpuHardware } from '../node/deviceplugin/nvidia/hardware.ts';
import { nvidiaPlugins } from '../node/deviceplugin/nvidia/plugin.ts';
import { gfdLabels } from '../node/deviceplugin/nvidia/labels.ts';
import { nodeObject } from '../node/kubelet/nodestatus.ts';

/** The label every machine of a group carries (as eks.amazonaws.com/nodegroup or cloud.google.com/gke-nodepool). */
export const NODE_GROUP_LABEL = 'kubesim.io/node-group';

export interface NodeGroupSpec {
  name: string;
  minSize: number;
  maxSize: number;
  /** The machines' shape: what `sim node add` takes, without a name. */
  template: Omit<NodeSpec, 'name'>;
  /** How long a new machine takes from the resize to its node registering (the cloud's boot time). */
  provisionMs: number;
}

/** A machine the group started that has not registered yet. */
export interface Upcoming { name: string; group: string; readyAtMs: number }

export interface CloudState { groups: NodeGroupSpec[]; upcoming: Upcoming[] }

/** What the cloud does to the cluster's machines (the composition root's node manager). */
export interface Machines {
  add(spec: NodeSpec): void;
  remove(name: string): void;
  exists(name: string): boolean;
}

export class CloudProvider {
  private readonly groups = new Map<string, NodeGroupSpec>();
  private readonly upcoming = new Map<string, Upcoming>();

  constructor(private readonly machines: Machines, private readonly rng: SeededRng, private readonly after: (ms: number, fn: () => void) => void, private readonly now: () => number) {}

  nodeGroups(): NodeGroupSpec[] { return [...this.groups.values()]; }
  nodeGroup(name: string): NodeGroupSpec | undefined { return this.groups.get(name); }

  addGroup(spec: NodeGroupSpec): void {
    if (this.groups.has(spec.name)) throw new Error(`node group "${spec.name}" already exists`);
    this.groups.set(spec.name, spec);
  }

  /** The group goes with its machines (as deleting an Auto Scaling group terminates its instances). */
  deleteGroup(name: string, nodes: readonly Node[]): string[] {
    if (!this.groups.has(name)) throw new Error(`node group "${name}" not found`);
    const gone = nodes.filter((n) => this.groupOf(n) === name).map((n) => n.metadata!.name!);
    for (const n of gone) this.machines.remove(n);
    for (const u of [...this.upcoming.values()]) if (u.group === name) this.upcoming.delete(u.name);
    this.groups.delete(name);
    return gone;
  }

  /** The group a node belongs to (NodeGroupForNode), by its label. */
  groupOf(node: Node): string | undefined {
    const g = node.metadata?.labels?.[NODE_GROUP_LABEL];
    return g !== undefined && this.groups.has(g) ? g : undefined;
  }

  upcomingOf(group: string): Upcoming[] { return [...this.upcoming.values()].filter((u) => u.group === group); }

  /** The group's target size: its registered machines plus those still booting. */
  targetSize(group: string, nodes: readonly Node[]): number {
    return nodes.filter((n) => this.groupOf(n) === group).length + this.upcomingOf(group).length;
  }

  /** IncreaseSize: start delta machines; each registers after the group's provisioning time. */
  increaseSize(group: string, delta: number): void {
    const g = this.groups.get(group)!;
    for (let i = 0; i < delta; i++) this.boot({ name: this.instanceName(group), group, readyAtMs: this.now() + g.provisionMs });
  }

  /** DeleteNodes: the machine stops and its Node object goes (the cloud node controller's part). */
  deleteNode(name: string): void { this.machines.remove(name); }

  /** Machines made now, outside the autoscaler (a group's minimum at creation): registered at once. */
  addNow(group: string, count: number): string[] {
    const names = Array.from({ length: count }, () => this.instanceName(group));
    for (const name of names) this.machines.add(this.specFor(group, name));
    return names;
  }

  /** The node a new machine of the group registers as, before it exists (the estimator's and expander's template). */
  templateNode(group: string, nowIso: string): Node {
    const g = this.groups.get(group)!;
    const spec = this.specFor(group, `template-node-for-${group}`);
    const node = nodeObject({ ...spec, ephemeralStorage: '100Gi', internalIP: '' }, nowIso, '', '');
    if (!g.template.gpus || g.template.gpus.driver === 'dra') return node;
    // The device plugin's resources and GPU Feature Discovery's labels, which the machine will advertise.
    const hw = new GpuHardware(spec.name, g.template.gpus);
    const gpu: Record<string, string> = {};
    for (const p of nvidiaPlugins(hw)) gpu[p.resourceName] = String(p.devices.length);
    return {
      ...node,
      metadata: { ...node.metadata, labels: { ...node.metadata!.labels, ...gfdLabels(g.template.gpus) } },
      status: { ...node.status, capacity: { ...node.status!.capacity, ...gpu }, allocatable: { ...node.status!.allocatable, ...gpu } },
    };
  }

  state(): CloudState { return { groups: this.nodeGroups(), upcoming: [...this.upcoming.values()] }; }

  /** After a snapshot: the groups, and the machines that were booting boot on. */
  restore(state: CloudState): void {
    for (const g of state.groups) this.groups.set(g.name, g);
    for (const u of state.upcoming) this.boot(u);
  }

  private boot(u: Upcoming): void {
    this.upcoming.set(u.name, u);
    this.after(Math.max(0, u.readyAtMs - this.now()), () => {
      // Gone meanwhile: the group was deleted.
      if (!this.upcoming.delete(u.name) || !this.groups.has(u.group)) return;
      this.machines.add(this.specFor(u.group, u.name));
    });
  }

  private specFor(group: string, name: string): NodeSpec {
    const t = this.groups.get(group)!.template;
    return { ...t, name, labels: { ...t.labels, [NODE_GROUP_LABEL]: group } };
  }

  /** GROUP-xxxxx, as cloud instance names end in a random suffix (from the seeded RNG). */
  private instanceName(group: string): string {
    const chars = 'bcdfghjklmnpqrstvwxz2456789';
    for (;;) {
      let s = '';
      for (let i = 0; i < 5; i++) s += chars[this.rng.nextUint32() % chars.length];
      const name = `${group}-${s}`;
      if (!this.machines.exists(name) && !this.upcoming.has(name)) return name;
    }
  }
}

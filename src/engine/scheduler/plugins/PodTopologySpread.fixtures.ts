// Test fixtures for the PodTopologySpread and InterPodAffinity tests, in the spirit of upstream's
// st.MakePod()/st.MakeNode(): nodes, pods, a snapshot of NodeInfos, a handle and an object reader.
import type { Affinity, Node, NodeSelectorRequirement, Pod, PodAffinityTerm, Taint, Toleration, TopologySpreadConstraint } from 'kubernetes-types/core/v1';
import type { LabelSelector, OwnerReference } from 'kubernetes-types/meta/v1';
import type { Handle } from '../framework/interface.ts';
import { NodeInfo, podInfoOf } from '../framework/nodeinfo.ts';
import type { ObjectReader } from './PodTopologySpreadCommon.ts';

export function node(name: string, labels: Record<string, string> = {}, taints?: Taint[]): Node {
  return { metadata: { name, labels }, spec: taints ? { taints } : {}, status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } } };
}

export interface PodOptions {
  namespace?: string;
  labels?: Record<string, string>;
  node?: string;
  terminating?: boolean;
  spread?: TopologySpreadConstraint[];
  affinity?: Affinity;
  nodeSelector?: Record<string, string>;
  nodeAffinity?: NodeSelectorRequirement[];
  tolerations?: Toleration[];
  owner?: OwnerReference;
}

export function pod(name: string, o: PodOptions = {}): Pod {
  const affinity: Affinity | undefined = o.nodeAffinity
    ? { ...o.affinity, nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: o.nodeAffinity }] } } }
    : o.affinity;
  return {
    metadata: {
      name, uid: `${o.namespace ?? 'default'}/${name}`, namespace: o.namespace ?? 'default', labels: o.labels ?? {},
      ...(o.terminating ? { deletionTimestamp: '2024-01-01T00:00:00Z' } : {}),
      ...(o.owner ? { ownerReferences: [o.owner] } : {}),
    },
    spec: {
      containers: [{ name: 'c', image: 'nginx:1.27' }],
      ...(o.node ? { nodeName: o.node } : {}),
      ...(o.spread ? { topologySpreadConstraints: o.spread } : {}),
      ...(affinity ? { affinity } : {}),
      ...(o.nodeSelector ? { nodeSelector: o.nodeSelector } : {}),
      ...(o.tolerations ? { tolerations: o.tolerations } : {}),
    },
  };
}

/** NodeInfos for the nodes, with each pod on its spec.nodeName (pods on unknown nodes are left out, as in a snapshot). */
export function snapshot(nodes: Node[], pods: Pod[] = []): NodeInfo[] {
  const infos = nodes.map((n) => new NodeInfo(n));
  for (const p of pods) infos.find((i) => i.name === p.spec?.nodeName)?.addPod(podInfoOf(p));
  return infos;
}

export function handleOf(all: NodeInfo[]): Handle {
  return { nodeInfos: () => all, nodeInfo: (n) => all.find((i) => i.name === n), now: () => 0, waitingPods: () => [] };
}

/** An object reader over a fixed list of objects, by kind. */
export function reader(objects: { kind: string; metadata?: { name?: string; namespace?: string } }[] = []): ObjectReader {
  return {
    list: (kind, opts) => objects.filter((o) => o.kind === kind && (!opts.namespace || o.metadata?.namespace === opts.namespace)),
    tryGet: (kind, ns, name) => objects.find((o) => o.kind === kind && o.metadata?.namespace === ns && o.metadata?.name === name),
  };
}

export const exists = (key: string): LabelSelector => ({ matchExpressions: [{ key, operator: 'Exists' }] });
export const labelsSelector = (matchLabels: Record<string, string>): LabelSelector => ({ matchLabels });

/** st.SpreadConstraint(maxSkew, key, action, selector, minDomains, nodeAffinityPolicy, nodeTaintsPolicy, matchLabelKeys). */
export function spread(maxSkew: number, topologyKey: string, whenUnsatisfiable: 'DoNotSchedule' | 'ScheduleAnyway', labelSelector: LabelSelector | undefined, more: Partial<TopologySpreadConstraint> = {}): TopologySpreadConstraint {
  return { maxSkew, topologyKey, whenUnsatisfiable, ...(labelSelector ? { labelSelector } : {}), ...more };
}

/** A pod affinity term on one label: In values, NotIn, Exists or DoesNotExist. */
export function term(topologyKey: string, key: string, operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist', values?: string[], more: Partial<PodAffinityTerm> = {}): PodAffinityTerm {
  return { labelSelector: { matchExpressions: [{ key, operator, ...(values ? { values } : {}) }] }, topologyKey, ...more };
}

export const UNSCHEDULABLE_TAINT: Taint[] = [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }];

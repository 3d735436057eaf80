// PodTopologySpread, the parts filtering and scoring share (podtopologyspread/common.go, plugin.go and
// helper/spread.go): a pod's constraints with parsed selectors (matchLabelKeys merged in), the defaults for
// pods that belong to a Service, ReplicationController, ReplicaSet or StatefulSet, and the node inclusion
// policies.
import type { Pod, TopologySpreadConstraint } from 'kubernetes-types/core/v1';
import type { LabelSelector } from 'kubernetes-types/meta/v1';
import { LabelSelectorError, selectorFromLabelSelector, selectorFromRequirements, selectorFromSet, type Selector } from '../../api/labels.ts';
import { requiredNodeAffinityMatches } from '../../api/nodeaffinity.ts';
import { controllerOf } from '../../api/pod.ts';
import { findUntoleratedTaint } from '../../api/taints.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import type { NodeLabels } from './PodTopologySpreadCounts.ts';

export const LABEL_HOSTNAME = 'kubernetes.io/hostname';
export const LABEL_TOPOLOGY_ZONE = 'topology.kubernetes.io/zone';

export type UnsatisfiableConstraintAction = 'DoNotSchedule' | 'ScheduleAnyway';
type NodeInclusionPolicy = 'Honor' | 'Ignore';

/** topologySpreadConstraint: a v1.TopologySpreadConstraint with its selector parsed and nil fields defaulted. */
export interface SpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  selector: Selector;
  minDomains: number;
  nodeAffinityPolicy: NodeInclusionPolicy;
  nodeTaintsPolicy: NodeInclusionPolicy;
}

/** systemDefaultConstraints: soft spreading over hostnames (maxSkew 3) and zones (maxSkew 5). */
export const SYSTEM_DEFAULT_CONSTRAINTS: readonly TopologySpreadConstraint[] = [
  { topologyKey: LABEL_HOSTNAME, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 3 },
  { topologyKey: LABEL_TOPOLOGY_ZONE, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 5 },
];

/** The reads the defaults need (the API server's store; a map in tests). */
export interface ObjectReader {
  list(kind: string, opts: { namespace?: string }): readonly unknown[];
  tryGet(kind: string, namespace: string | undefined, name: string): unknown;
}

/** Where a pod's constraints come from: its spec, or else the configured defaults. */
export class ConstraintSource {
  constructor(private readonly defaults: readonly TopologySpreadConstraint[], readonly systemDefaulted: boolean, private readonly objects: ObjectReader) {}

  /** The pod's constraints of one action, or the defaults with a selector deduced from its owners. Throws LabelSelectorError. */
  constraints(pod: Pod, action: UnsatisfiableConstraintAction): SpreadConstraint[] {
    const labels = pod.metadata?.labels ?? {};
    const own = pod.spec?.topologySpreadConstraints;
    if (own?.length) return filterConstraints(own, labels, action);
    if (!hasAction(this.defaults, action)) return [];
    // The selector first: most pods (no owner, no Service) have none, and then no constraint is built.
    const selector = defaultSelector(pod, this.objects);
    if (selector.empty()) return [];
    return filterConstraints(this.defaults, labels, action).map((c) => ({ ...c, selector }));
  }
}

function hasAction(constraints: readonly TopologySpreadConstraint[], action: UnsatisfiableConstraintAction): boolean {
  for (const c of constraints) if (c.whenUnsatisfiable === action) return true;
  return false;
}

/** filterTopologySpreadConstraints: the constraints of one action; matchLabelKeys AND the pod's values in. */
export function filterConstraints(constraints: readonly TopologySpreadConstraint[], podLabels: Readonly<Record<string, string>>, action: UnsatisfiableConstraintAction): SpreadConstraint[] {
  const out: SpreadConstraint[] = [];
  for (const c of constraints) {
    if (c.whenUnsatisfiable !== action) continue;
    let selector = selectorFromLabelSelector(c.labelSelector);
    const matchLabels: Record<string, string> = {};
    for (const key of c.matchLabelKeys ?? []) if (Object.hasOwn(podLabels, key)) matchLabels[key] = podLabels[key];
    if (Object.keys(matchLabels).length) selector = selectorFromRequirements([...selectorFromSet(matchLabels).requirements(), ...selector.requirements()]);
    out.push({
      maxSkew: c.maxSkew,
      topologyKey: c.topologyKey,
      selector,
      minDomains: c.minDomains ?? 1,
      nodeAffinityPolicy: (c.nodeAffinityPolicy as NodeInclusionPolicy | undefined) ?? 'Honor',
      nodeTaintsPolicy: (c.nodeTaintsPolicy as NodeInclusionPolicy | undefined) ?? 'Ignore',
    });
  }
  return out;
}

/**
 * helper.DefaultSelector: the selectors of the Services that select the pod, merged, plus the selector of
 * its controller when that is a ReplicationController, ReplicaSet or StatefulSet that exists.
 */
export function defaultSelector(pod: Pod, objects: ObjectReader): Selector {
  const ns = pod.metadata?.namespace;
  const podLabels = pod.metadata?.labels ?? {};
  let set: Record<string, string> = {};
  for (const svc of objects.list('Service', { namespace: ns }) as { spec?: { selector?: Record<string, string> } }[]) {
    const sel = svc.spec?.selector;
    // A Service without a selector selects nothing, not everything.
    if (sel && selectorFromSet(sel).matches(podLabels)) set = { ...set, ...sel };
  }
  let selector = selectorFromSet(set);
  const owner = controllerOf(pod);
  if (!owner) return selector;
  const gvk = `${owner.apiVersion}, Kind=${owner.kind}`;
  if (gvk === 'v1, Kind=ReplicationController') {
    const rc = objects.tryGet('ReplicationController', ns, owner.name) as { spec?: { selector?: Record<string, string> } } | undefined;
    if (rc) selector = selectorFromSet({ ...set, ...rc.spec?.selector });
  } else if (gvk === 'apps/v1, Kind=ReplicaSet' || gvk === 'apps/v1, Kind=StatefulSet') {
    const ctrl = objects.tryGet(owner.kind, ns, owner.name) as { spec?: { selector?: LabelSelector } } | undefined;
    if (ctrl) {
      try {
        selector = selectorFromRequirements([...selector.requirements(), ...selectorFromLabelSelector(ctrl.spec?.selector).requirements()]);
      } catch (e) {
        if (!(e instanceof LabelSelectorError)) throw e;
      }
    }
  }
  return selector;
}

/** nodeLabelsMatchSpreadConstraints: the node has every constraint's topology key. */
export function hasAllTopologyKeys(labels: NodeLabels, constraints: readonly SpreadConstraint[]): boolean {
  for (const c of constraints) if (!labels.has(c.topologyKey)) return false;
  return true;
}

/** helper.DoNotScheduleTaintsFilterFunc: the taints that keep pods off a node. */
const doNotSchedule = (t: { effect?: string }) => t.effect === 'NoSchedule' || t.effect === 'NoExecute';

/**
 * matchNodeInclusionPolicies: with Honor, only nodes that pass the pod's required node affinity (nodeSelector
 * included) / whose NoSchedule and NoExecute taints it tolerates count for the constraint's domains.
 */
export function matchesNodeInclusionPolicies(pod: Pod, node: NodeInfo, c: SpreadConstraint): boolean {
  if (c.nodeAffinityPolicy === 'Honor' && !requiredNodeAffinityMatches(pod, node.node)) return false;
  if (c.nodeTaintsPolicy === 'Honor' && findUntoleratedTaint(node.node.spec?.taints, pod.spec?.tolerations, doNotSchedule)) return false;
  return true;
}

/** What matchNodeInclusionPolicies decides by besides the node, to name counts cached across cycles. */
export function inclusionKey(pod: Pod, c: SpreadConstraint): string {
  const affinity = c.nodeAffinityPolicy === 'Honor' ? JSON.stringify([pod.spec?.nodeSelector ?? null, pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? null]) : '';
  const taints = c.nodeTaintsPolicy === 'Honor' ? JSON.stringify(pod.spec?.tolerations ?? null) : '';
  return `${affinity}|${taints}`;
}

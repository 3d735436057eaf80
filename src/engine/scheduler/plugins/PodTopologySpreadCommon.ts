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
  /**
   * defaultSelector by pod labels object (the pods of a template share theirs), while what it was deduced from
   * stays: PreScore asks for every pod, and deducing it builds and sorts several selectors.
   */
  private readonly selectors = new WeakMap<object, DeducedSelector>();
  /** The defaults with a selector, by action and selector (a selector is deduced for one labels object). */
  private readonly defaulted = { DoNotSchedule: new WeakMap<Selector, readonly SpreadConstraint[]>(), ScheduleAnyway: new WeakMap<Selector, readonly SpreadConstraint[]>() };

  constructor(private readonly defaults: readonly TopologySpreadConstraint[], readonly systemDefaulted: boolean, private readonly objects: ObjectReader) {}

  /** The pod's constraints of one action, or the defaults with a selector deduced from its owners. Throws LabelSelectorError. */
  constraints(pod: Pod, action: UnsatisfiableConstraintAction): readonly SpreadConstraint[] {
    const labels = pod.metadata?.labels ?? {};
    const own = pod.spec?.topologySpreadConstraints;
    if (own?.length) return filterConstraints(own, labels, action);
    if (!hasAction(this.defaults, action)) return [];
    // The selector first: most pods (no owner, no Service) have none, and then no constraint is built.
    const selector = this.defaultSelector(pod);
    if (selector.empty()) return [];
    let constraints = this.defaulted[action].get(selector);
    if (!constraints) this.defaulted[action].set(selector, (constraints = filterConstraints(this.defaults, labels, action).map((c) => ({ ...c, selector }))));
    return constraints;
  }

  private defaultSelector(pod: Pod): Selector {
    const meta = pod.metadata;
    const services = this.objects.list('Service', { namespace: meta?.namespace }) as readonly WithSelector[];
    const controller = selectingController(pod, this.objects);
    // Only stored (frozen) labels: a caller's own object may change under the same identity.
    const labels = meta?.labels;
    if (!labels || !Object.isFrozen(labels)) return deduceSelector(pod, services, controller);
    const controllerSelector = controller?.spec?.selector;
    const known = this.selectors.get(labels);
    if (known && known.controllerSelector === controllerSelector && sameSelectors(known.serviceSelectors, services)) return known.selector;
    const selector = deduceSelector(pod, services, controller);
    this.selectors.set(labels, { serviceSelectors: services.map((svc) => svc.spec?.selector), controllerSelector, selector });
    return selector;
  }
}

/** A Service, ReplicationController, ReplicaSet or StatefulSet: what defaultSelector reads of it. */
interface WithSelector { spec?: { selector?: unknown } }

/**
 * A default selector with what it was deduced from besides the pod's labels: the same selector objects (frozen,
 * each a stored object's own), the same selector. The namespace and the owner only choose those objects.
 */
interface DeducedSelector {
  serviceSelectors: unknown[];
  /** The controller's spec.selector (a ReplicationController's map or another's LabelSelector); none selects as no controller. */
  controllerSelector: unknown;
  selector: Selector;
}

/** Whether the Services are those the selectors were read from, in the same order. */
function sameSelectors(selectors: readonly unknown[], services: readonly WithSelector[]): boolean {
  if (selectors.length !== services.length) return false;
  for (let i = 0; i < services.length; i++) if (services[i].spec?.selector !== selectors[i]) return false;
  return true;
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
  const services = objects.list('Service', { namespace: pod.metadata?.namespace }) as readonly WithSelector[];
  return deduceSelector(pod, services, selectingController(pod, objects));
}

/** The pod's controller when it is a ReplicationController, ReplicaSet or StatefulSet that exists. */
function selectingController(pod: Pod, objects: ObjectReader): WithSelector | undefined {
  const owner = controllerOf(pod);
  if (!owner) return undefined;
  // The group/version and kind compared as they are, not as a gvk string built per pod.
  const { apiVersion, kind } = owner;
  const selecting = apiVersion === 'v1' ? kind === 'ReplicationController' : apiVersion === 'apps/v1' && (kind === 'ReplicaSet' || kind === 'StatefulSet');
  if (!selecting) return undefined;
  return objects.tryGet(owner.kind, pod.metadata?.namespace, owner.name) as WithSelector | undefined;
}

/** defaultSelector from the namespace's Services and the selecting controller. */
function deduceSelector(pod: Pod, services: readonly WithSelector[], controller: WithSelector | undefined): Selector {
  const podLabels = pod.metadata?.labels ?? {};
  let set: Record<string, string> = {};
  for (const svc of services) {
    const sel = svc.spec?.selector as Record<string, string> | undefined;
    // A Service without a selector selects nothing, not everything.
    if (sel && selectorFromSet(sel).matches(podLabels)) set = { ...set, ...sel };
  }
  const selector = selectorFromSet(set);
  if (!controller) return selector;
  if (controllerOf(pod)!.kind === 'ReplicationController') return selectorFromSet({ ...set, ...(controller.spec?.selector as Record<string, string> | undefined) });
  try {
    return selectorFromRequirements([...selector.requirements(), ...selectorFromLabelSelector(controller.spec?.selector as LabelSelector | undefined).requirements()]);
  } catch (e) {
    if (!(e instanceof LabelSelectorError)) throw e;
    return selector;
  }
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

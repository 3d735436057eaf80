// DaemonSet helpers (pkg/controller/daemon/util and the predicates of daemon_controller.go): which nodes should
// run a daemon pod, the pod a node gets, and how the rollout counts surge and unavailability.
import type { DaemonSet } from 'kubernetes-types/apps/v1';
import type { Affinity, Node, Pod, PodSpec, PodTemplateSpec, Toleration } from 'kubernetes-types/core/v1';
import { requiredNodeAffinityMatches } from '../../api/nodeaffinity.ts';
import type { KubeObject } from '../../api/object.ts';
import { findUntoleratedTaint, sameToleration } from '../../api/taints.ts';
import { getScaledValueFromIntOrPercent } from '../../api/intstr.ts';

export type DS = DaemonSet & KubeObject;
export type P = Pod & KubeObject;

/** DefaultDaemonSetUniqueLabelKey: the hash of the ControllerRevision a pod was made from. */
export const HASH_LABEL = 'controller-revision-hash';
/** DaemonSetTemplateGenerationKey, kept for pods of DaemonSets older than ControllerRevisions. */
export const TEMPLATE_GENERATION_LABEL = 'pod-template-generation';
export const TEMPLATE_GENERATION_ANNOTATION = 'deprecated.daemonset.template.generation';

/** GetTemplateGeneration: the registry's template generation, kept in a deprecated annotation. */
export function templateGeneration(ds: DS): number | undefined {
  const v = ds.metadata.annotations?.[TEMPLATE_GENERATION_ANNOTATION];
  return v !== undefined && /^-?\d+$/.test(v) ? Number(v) : undefined;
}

/** The tolerations every daemon pod gets, so node problems neither evict it nor keep it off a node. */
function daemonTolerations(hostNetwork: boolean): Toleration[] {
  const t = (key: string, effect: string): Toleration => ({ key: `node.kubernetes.io/${key}`, operator: 'Exists', effect });
  return [
    t('not-ready', 'NoExecute'), t('unreachable', 'NoExecute'),
    t('disk-pressure', 'NoSchedule'), t('memory-pressure', 'NoSchedule'), t('pid-pressure', 'NoSchedule'), t('unschedulable', 'NoSchedule'),
    ...(hostNetwork ? [t('network-unavailable', 'NoSchedule')] : []),
  ];
}

/** AddOrUpdateDaemonPodTolerations (AddOrUpdateTolerationInPodSpec for each). */
export function withDaemonTolerations(spec: PodSpec): PodSpec {
  let tolerations = [...(spec.tolerations ?? [])];
  for (const tol of daemonTolerations(!!spec.hostNetwork)) {
    if (tolerations.some((t) => sameToleration(t, tol))) tolerations = tolerations.map((t) => (sameToleration(t, tol) ? tol : t));
    else tolerations.push(tol);
  }
  return { ...spec, tolerations };
}

/** CreatePodTemplate: the template with the daemon tolerations and the generation and hash labels. */
export function createPodTemplate(template: PodTemplateSpec, generation: number | undefined, hash: string): PodTemplateSpec {
  const t = structuredClone(template);
  t.spec = withDaemonTolerations(t.spec!);
  const labels: Record<string, string> = { ...(t.metadata?.labels ?? {}) };
  if (generation !== undefined) labels[TEMPLATE_GENERATION_LABEL] = String(generation);
  if (hash) labels[HASH_LABEL] = hash;
  t.metadata = { ...t.metadata, labels };
  return t;
}

/** ReplaceDaemonSetPodNodeNameNodeAffinity: the required node affinity becomes "metadata.name In [node]". */
export function nodeNameAffinity(affinity: Affinity | undefined, nodeName: string): Affinity {
  const required = { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [nodeName] }] }] };
  return { ...affinity, nodeAffinity: { ...affinity?.nodeAffinity, requiredDuringSchedulingIgnoredDuringExecution: required } };
}

/** GetTargetNodeName: the node a pod is bound to, or the one its node affinity names. */
export function targetNodeName(pod: Pod): string | undefined {
  if (pod.spec?.nodeName) return pod.spec.nodeName;
  for (const term of pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? []) {
    for (const f of term.matchFields ?? []) {
      if (f.key === 'metadata.name' && f.operator === 'In') return f.values?.length === 1 ? f.values[0] : undefined;
    }
  }
  return undefined;
}

export interface DaemonPlacement { shouldRun: boolean; shouldContinueRunning: boolean }

/** A placement with the node parts it was worked out from: its name, labels and taints are all it reads. */
interface Placed { name: string | undefined; labels: object | undefined; placement: Readonly<DaemonPlacement> }

/**
 * Placements already worked out, per (frozen) template and node spec: a DaemonSet sync asks for every node, on
 * every change of its pods. A node's status writes keep its frozen spec and labels, so the answer holds until
 * the node's spec (taints) or labels change.
 */
const placements = new WeakMap<PodTemplateSpec, WeakMap<object, Placed>>();

/**
 * NodeShouldRunDaemonPod: shouldRun when the node fits the pod's node name, node affinity and taints;
 * shouldContinueRunning also for a pod already there when only NoSchedule taints are untolerated.
 */
export function nodeShouldRunDaemonPod(node: Node, ds: DS): Readonly<DaemonPlacement> {
  const template = ds.spec!.template!;
  const spec = node.spec;
  if (!spec || !Object.isFrozen(template) || !Object.isFrozen(node)) return placementOf(node, template);
  let bySpec = placements.get(template);
  if (!bySpec) placements.set(template, (bySpec = new WeakMap()));
  const name = node.metadata?.name, labels = node.metadata?.labels;
  let placed = bySpec.get(spec);
  if (!placed || placed.labels !== labels || placed.name !== name) bySpec.set(spec, (placed = { name, labels, placement: placementOf(node, template) }));
  return placed.placement;
}

function placementOf(node: Node, template: PodTemplateSpec): DaemonPlacement {
  const spec = template.spec!;
  if (spec.nodeName && spec.nodeName !== node.metadata?.name) return { shouldRun: false, shouldContinueRunning: false };
  // The new pod's node selector and affinity are the template's (the daemon tolerations and node name aside).
  if (!requiredNodeAffinityMatches(template, node)) return { shouldRun: false, shouldContinueRunning: false };
  const taints = node.spec?.taints;
  const tolerations = daemonPodTolerations(template);
  if (findUntoleratedTaint(taints, tolerations, (t) => t.effect === 'NoExecute' || t.effect === 'NoSchedule')) {
    return { shouldRun: false, shouldContinueRunning: !findUntoleratedTaint(taints, tolerations, (t) => t.effect === 'NoExecute') };
  }
  return { shouldRun: true, shouldContinueRunning: true };
}

/** A daemon pod's tolerations (the template's with the daemon ones), worked out once per stored template. */
function daemonPodTolerations(template: PodTemplateSpec): readonly Toleration[] | undefined {
  if (!Object.isFrozen(template)) return withDaemonTolerations(template.spec!).tolerations;
  let tolerations = tolerationsOf.get(template);
  if (!tolerations) tolerationsOf.set(template, (tolerations = withDaemonTolerations(template.spec!).tolerations!));
  return tolerations;
}
const tolerationsOf = new WeakMap<PodTemplateSpec, readonly Toleration[]>();

/** IsPodUpdated: the pod carries the current hash (or, for old pods, the current template generation). */
export function isPodUpdated(pod: Pod, hash: string, generation: number | undefined): boolean {
  const labels = pod.metadata?.labels ?? {};
  return (generation !== undefined && labels[TEMPLATE_GENERATION_LABEL] === String(generation)) || (hash !== '' && labels[HASH_LABEL] === hash);
}

/** SurgeCount: maxSurge of the nodes to schedule, percentages rounded up. */
export function surgeCount(ds: DS, numberToSchedule: number): number {
  const s = ds.spec?.updateStrategy;
  if (s?.type !== 'RollingUpdate' || !s.rollingUpdate || s.rollingUpdate.maxSurge === undefined) return 0;
  return getScaledValueFromIntOrPercent(s.rollingUpdate.maxSurge, numberToSchedule, true);
}

/** UnavailableCount: maxUnavailable of the nodes to schedule, percentages rounded up (unlike Deployments). */
export function unavailableCount(ds: DS, numberToSchedule: number): number {
  const s = ds.spec?.updateStrategy;
  if (s?.type !== 'RollingUpdate' || !s.rollingUpdate) return 0;
  return getScaledValueFromIntOrPercent(s.rollingUpdate.maxUnavailable, numberToSchedule, true);
}

export const allowsSurge = (ds: DS): boolean => surgeCount(ds, 1) > 0;

/** podByCreationTimestampAndPhase: scheduled pods first, then oldest first, then by name. */
export function byCreationTimestampAndPhase(a: Pod, b: Pod): number {
  const as = a.spec?.nodeName ? 0 : 1, bs = b.spec?.nodeName ? 0 : 1;
  if (as !== bs) return as - bs;
  const at = Date.parse(a.metadata?.creationTimestamp ?? ''), bt = Date.parse(b.metadata?.creationTimestamp ?? '');
  if (at !== bt) return at - bt;
  const an = a.metadata?.name ?? '', bn = b.metadata?.name ?? '';
  return an < bn ? -1 : an > bn ? 1 : 0;
}

// PodSecurity (plugin/pkg/admission/security/podsecurity over pod-security-admission/admission): the namespace's
// pod-security.kubernetes.io labels choose a Pod Security Standards level per mode. enforce refuses pods that violate
// it; warn returns "would violate PodSecurity" warnings for pods and for the pod templates of workload resources
// (which enforce never refuses: their pods are refused when a controller creates them); changing a namespace's enforce
// level returns warnings naming the existing pods that violate the new level.
// Simplifications: the default AdmissionConfiguration (defaults privileged:latest, no exemptions) is the only one;
// audit labels are parsed and validated, but kubesim keeps no audit log, so audit's annotations are not produced;
// checking a namespace's existing pods has upstream's 3000-pod limit but not its one-second deadline.
import type { Namespace, Pod, PodSpec, PodTemplateSpec } from 'kubernetes-types/core/v1';
import type { ObjectMeta } from 'kubernetes-types/meta/v1';
import type { KubeObject } from '../../../../api/object.ts';
import { forbidden, invalid } from '../../../errors.ts';
import type { AdmissionHost, AdmissionPlugin, Attributes } from '../plugin.ts';
import { compareLevels, levelVersionString, policyToEvaluate, sameLevelVersion, versionString, type LevelVersion, type Policy } from './api.ts';
import { evaluatePod, forbiddenDetail, forbiddenReason } from './registry.ts';

const NAMESPACE_MAX_PODS_TO_CHECK = 3000;

/** DefaultPodSpecExtractor: the pod template of the workload kinds that carry one, by group and kind. */
const TEMPLATE_OF: Record<string, (o: KubeObject) => PodTemplateSpec | undefined> = {
  '/PodTemplate': (o) => (o as { template?: PodTemplateSpec }).template,
  '/ReplicationController': (o) => (o.spec as { template?: PodTemplateSpec } | undefined)?.template,
  'apps/ReplicaSet': (o) => (o.spec as { template?: PodTemplateSpec } | undefined)?.template,
  'apps/Deployment': (o) => (o.spec as { template?: PodTemplateSpec } | undefined)?.template,
  'apps/DaemonSet': (o) => (o.spec as { template?: PodTemplateSpec } | undefined)?.template,
  'apps/StatefulSet': (o) => (o.spec as { template?: PodTemplateSpec } | undefined)?.template,
  'batch/Job': (o) => (o.spec as { template?: PodTemplateSpec } | undefined)?.template,
  'batch/CronJob': (o) => (o.spec as { jobTemplate?: { spec?: { template?: PodTemplateSpec } } } | undefined)?.jobTemplate?.spec?.template,
};

const SECCOMP_CONTAINER_ANNOTATION_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';

type AnyContainer = { name: string; image?: string };

/** isSignificantContainerUpdate: its image or its seccomp annotation changed. */
function significantContainerUpdate(c: AnyContainer, old: AnyContainer, annotations: Record<string, string>, oldAnnotations: Record<string, string>): boolean {
  if (c.image !== old.image) return true;
  const key = SECCOMP_CONTAINER_ANNOTATION_PREFIX + c.name;
  return annotations[key] !== oldAnnotations[key];
}

/**
 * isSignificantPodUpdate: only changes to what a check reads and a pod update may change are evaluated — container
 * counts, images, seccomp annotations, ephemeral containers added or changed. Other updates (labels, a controller's
 * writes) are always allowed, so a namespace's new enforce level never blocks its running pods' updates.
 */
export function isSignificantPodUpdate(pod: Pod, old: Pod): boolean {
  const [spec, oldSpec] = [pod.spec ?? { containers: [] }, old.spec ?? { containers: [] }];
  const [ann, oldAnn] = [pod.metadata?.annotations ?? {}, old.metadata?.annotations ?? {}];
  if (spec.containers.length !== oldSpec.containers.length) return true;
  if ((spec.initContainers ?? []).length !== (oldSpec.initContainers ?? []).length) return true;
  if (spec.containers.some((c, i) => significantContainerUpdate(c, oldSpec.containers[i], ann, oldAnn))) return true;
  if ((spec.initContainers ?? []).some((c, i) => significantContainerUpdate(c, oldSpec.initContainers![i], ann, oldAnn))) return true;
  return (spec.ephemeralContainers ?? []).some((c) => {
    const oldC = (oldSpec.ephemeralContainers ?? []).find((o) => o.name === c.name);
    return !oldC || significantContainerUpdate(c, oldC, ann, oldAnn);
  });
}

/** prioritizePods: one pod per controller first, so a namespace's distinct workloads are checked before the limit. */
function prioritizePods(pods: Pod[]): Pod[] {
  const first: Pod[] = [];
  const duplicates: Pod[] = [];
  const seen = new Set<string>();
  for (const p of pods) {
    const owner = p.metadata?.ownerReferences?.find((r) => r.controller);
    if (!owner) { first.push(p); continue; }
    if (seen.has(owner.uid)) { duplicates.push(p); continue; }
    seen.add(owner.uid);
    first.push(p);
  }
  return [...first, ...duplicates];
}

const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * EvaluatePodsInNamespace: the namespace's pods that violate a new enforce level, grouped by their forbidden reasons,
 * each group named by its lexically first pod ("web-1 (and 2 other pods): ...").
 */
export function evaluatePodsInNamespace(pods: Pod[], namespace: string, enforce: LevelVersion): string[] {
  const prioritized = prioritizePods(pods);
  const checked = prioritized.slice(0, NAMESPACE_MAX_PODS_TO_CHECK);
  const groups = new Map<string, { podName: string; count: number }>();
  for (const pod of checked) {
    const r = evaluatePod(enforce, pod.metadata ?? {}, pod.spec ?? { containers: [] });
    if (r.allowed) continue;
    const reason = forbiddenReason(r);
    const name = pod.metadata?.name ?? '';
    const g = groups.get(reason);
    if (!g) groups.set(reason, { podName: name, count: 1 });
    else { g.count++; if (name < g.podName) g.podName = name; }
  }
  const warnings: string[] = [];
  if (checked.length < prioritized.length) warnings.push(`new PodSecurity enforce level only checked against the first ${checked.length} of ${prioritized.length} existing pods`);
  if (groups.size) warnings.push(`existing pods in namespace "${namespace}" violate the new PodSecurity enforce level "${levelVersionString(enforce)}"`);
  const podWarnings = [...groups].map(([reason, { podName, count }]) =>
    count === 1 ? `${podName}: ${reason}` : `${podName} (and ${count - 1} other ${count === 2 ? 'pod' : 'pods'}): ${reason}`);
  return [...warnings, ...podWarnings.sort(byBytes)];
}

export function podSecurityAdmission(host: AdmissionHost): AdmissionPlugin {
  const { store } = host;

  /** The namespace's policy, or undefined when it is missing (NamespaceLifecycle refuses such writes first). */
  function namespacePolicy(a: Attributes): { policy: Policy; valid: boolean } | undefined {
    if (!a.namespace) return undefined;
    const ns = store.tryGet<Namespace>('Namespace', undefined, a.namespace);
    if (!ns) return undefined;
    const { policy, errors } = policyToEvaluate(ns.metadata.labels);
    return { policy, valid: errors.length === 0 };
  }

  function validateNamespace(a: Attributes): void {
    const ns = a.object as Namespace & KubeObject;
    const { policy, errors } = policyToEvaluate(ns.metadata.labels);
    if (a.operation === 'CREATE') {
      if (errors.length) throw invalid(a.kind, ns.metadata.name ?? '', errors);
      return;
    }
    const old = policyToEvaluate((a.oldObject as Namespace | undefined)?.metadata?.labels);
    // Invalid labels are refused when they change; labels that were already invalid stay writable.
    if (errors.length && (!old.errors.length || JSON.stringify(errors) !== JSON.stringify(old.errors))) throw invalid(a.kind, ns.metadata.name ?? '', errors);
    const [next, prev] = [policy.enforce, old.policy.enforce];
    if (sameLevelVersion(next, prev) || next.level === 'privileged') return;
    if (versionString(next.version) === versionString(prev.version) && compareLevels(next.level, prev.level) < 1) return;
    const pods = store.list<Pod>('Pod', { namespace: ns.metadata.name });
    a.warnings?.push(...evaluatePodsInNamespace(pods, ns.metadata.name ?? '', next));
  }

  /** EvaluatePod: enforce refuses (pods only); warn warns unless the request is refused. */
  function evaluate(a: Attributes, policy: Policy, meta: ObjectMeta, spec: PodSpec, enforce: boolean): void {
    if (enforce) {
      const r = evaluatePod(policy.enforce, meta, spec);
      if (!r.allowed) throw forbidden(a.kind, a.object.metadata.name ?? '', `violates PodSecurity "${levelVersionString(policy.enforce)}": ${forbiddenDetail(r)}`);
    }
    const w = evaluatePod(policy.warn, meta, spec);
    if (!w.allowed) a.warnings?.push(`would violate PodSecurity "${levelVersionString(policy.warn)}": ${forbiddenDetail(w)}`);
  }

  function validatePod(a: Attributes): void {
    const ns = namespacePolicy(a);
    if (!ns) return;
    const { policy, valid } = ns;
    if (valid && policy.enforce.level === 'privileged' && policy.warn.level === 'privileged' && policy.audit.level === 'privileged') return;
    const pod = a.object as Pod;
    if (a.operation === 'UPDATE' && !isSignificantPodUpdate(pod, a.oldObject as Pod)) return;
    evaluate(a, policy, pod.metadata ?? {}, pod.spec ?? { containers: [] }, true);
  }

  function validatePodController(a: Attributes, template: PodTemplateSpec | undefined): void {
    const ns = namespacePolicy(a);
    if (!ns) return;
    const { policy, valid } = ns;
    if (valid && policy.warn.level === 'privileged' && policy.audit.level === 'privileged') return;
    if (!template) return;
    evaluate(a, policy, template.metadata ?? {}, template.spec ?? { containers: [] }, false);
  }

  return {
    name: 'PodSecurity',
    validate(a) {
      const key = `${a.kind.group}/${a.kind.kind}`;
      if (key === '/Namespace') validateNamespace(a);
      else if (key === '/Pod') validatePod(a);
      else if (TEMPLATE_OF[key] && !a.kind.custom) validatePodController(a, TEMPLATE_OF[key](a.object));
    },
  };
}

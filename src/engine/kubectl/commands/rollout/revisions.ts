// Where a workload's history lives, read as kubectl reads it: a Deployment's ReplicaSets carry their revision
// in an annotation; StatefulSets and DaemonSets keep ControllerRevisions whose data restores the pod template.
import type { ControllerRevision, Deployment, ReplicaSet } from 'kubernetes-types/apps/v1';
import type { PodTemplateSpec } from 'kubernetes-types/core/v1';
import { selectorFromLabelSelector } from '../../../api/labels.ts';
import type { KubeObject } from '../../../api/object.ts';
import { controllerOf } from '../../../api/pod.ts';
import type { KubectlContext } from '../../context.ts';
import { describePodTemplate } from '../../printers/describe/containers.ts';
import { deploymentReplicaSets as replicaSetsOf } from '../../printers/describe/deployment.ts';
import { PrefixWriter } from '../../printers/describe/writer.ts';

export const REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';
export const CHANGE_CAUSE_ANNOTATION = 'kubernetes.io/change-cause';
export const POD_TEMPLATE_HASH = 'pod-template-hash';

type RS = ReplicaSet & KubeObject;
export type Revision = ControllerRevision & KubeObject;

function ownedBy(obj: KubeObject, owner: KubeObject): boolean {
  return controllerOf(obj)?.uid === owner.metadata.uid;
}

/** GetAllReplicaSets: the ReplicaSets the Deployment controls (describe finds them the same way). */
export function deploymentReplicaSets(ctx: KubectlContext, d: KubeObject): RS[] {
  const { oldRSs, newRS } = replicaSetsOf(d as Deployment, { now: ctx.clock.now(), list: (kind, ns) => ctx.store.list(kind, { namespace: ns }) });
  return (newRS ? [...oldRSs, newRS] : oldRSs) as RS[];
}

/** deploymentutil.Revision: the annotation as an integer, 0 when absent, undefined when unparseable. */
export function revisionOf(obj: KubeObject): number | undefined {
  const v = obj.metadata.annotations?.[REVISION_ANNOTATION];
  if (v === undefined) return 0;
  return /^[+-]?\d+$/.test(v) ? Number(v) : undefined;
}

/** controlledHistory: the ControllerRevisions the selector matches and the object controls (none without the kind). */
export function controllerRevisions(ctx: KubectlContext, obj: KubeObject): Revision[] {
  if (!ctx.store.kinds.byKindName('ControllerRevision')) return [];
  const selector = selectorFromLabelSelector((obj.spec as { selector?: never } | undefined)?.selector);
  return ctx.store.list<ControllerRevision>('ControllerRevision', { namespace: obj.metadata.namespace, labelSelector: selector }).filter((r) => ownedBy(r, obj));
}

/** The pod template a ControllerRevision restores (its data is {"spec":{"template":{…,"$patch":"replace"}}}). */
export function revisionTemplate(r: Revision): PodTemplateSpec {
  const data = (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as { spec?: { template?: Record<string, unknown> } } | undefined;
  const { $patch: _directive, ...template } = structuredClone(data?.spec?.template ?? {});
  const meta = template.metadata as Record<string, unknown> | undefined;
  if (meta && meta.creationTimestamp === null) delete meta.creationTimestamp;
  return template as PodTemplateSpec;
}

/** A template without the empty creationTimestamp Go serializes, for comparisons with the live object. */
export function comparableTemplate(t: PodTemplateSpec | undefined): PodTemplateSpec {
  const c = structuredClone(t ?? {});
  if (c.metadata && (c.metadata as Record<string, unknown>).creationTimestamp === null) delete (c.metadata as Record<string, unknown>).creationTimestamp;
  return c;
}

/** describe's PrefixWriter straight into a buffer, without the tabwriter (printTemplate in history.go). */
class RawPrefixWriter extends PrefixWriter {
  private text = '';
  override write(level: number, text: string): void { this.text += '  '.repeat(level) + text; }
  override writeLine(text = ''): void { this.text += `${text}\n`; }
  override toString(): string { return this.text; }
}

/** printTemplate: DescribePodTemplate as rollout history --revision and undo --dry-run show it. */
export function printTemplate(template: PodTemplateSpec | undefined): string {
  const w = new RawPrefixWriter();
  describePodTemplate(template, w);
  return w.toString();
}

// kubectl rollout undo (TYPE NAME | TYPE/NAME) [--to-revision N]: the rollbackers. A Deployment gets the pod
// template of the ReplicaSet of that revision back (a JSON patch of spec.template and the annotations); the
// deployment controller then adopts that ReplicaSet as new and gives it the next revision number.
import type { Deployment, ReplicaSet } from 'kubernetes-types/apps/v1';
import type { PodTemplateSpec } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../api/object.ts';
import { jsonEqual } from '../../../apiserver/patch/mergepatch.ts';
import { CommandError, resourceName, type KubectlContext } from '../../context.ts';
import type { ParsedArgs } from '../../flags.ts';
import { dryRunOf, dryRunSuffix, type DryRun } from '../printresult.ts';
import type { Target } from '../targets.ts';
import { intFlag } from '../numericflags.ts';
import { comparableTemplate, controllerRevisions, deploymentReplicaSets, POD_TEMPLATE_HASH, printTemplate, REVISION_ANNOTATION, revisionOf, revisionTemplate, type Revision } from './revisions.ts';
import { groupKind, visitTargets } from './target.ts';

const SKIPPED = 'skipped rollback';

/** Annotations the Deployment keeps through a rollback instead of taking the ReplicaSet's. */
const ANNOTATIONS_TO_SKIP = new Set([
  'kubectl.kubernetes.io/last-applied-configuration', REVISION_ANNOTATION, 'deployment.kubernetes.io/revision-history',
  'deployment.kubernetes.io/desired-replicas', 'deployment.kubernetes.io/max-replicas', 'deprecated.deployment.rollback.to',
]);

const revisionNotFound = (r: number) => new CommandError(`unable to find specified revision ${r} in history`);

function withoutHash(t: PodTemplateSpec | undefined): PodTemplateSpec {
  const c = structuredClone(t ?? {});
  if (c.metadata?.labels) delete c.metadata.labels[POD_TEMPLATE_HASH];
  return c;
}

/** deploymentRevision: the ReplicaSet of that revision, or the one before the newest for 0. */
function deploymentRevision(ctx: KubectlContext, d: KubeObject, toRevision: number): ReplicaSet & KubeObject {
  const byRevision = deploymentReplicaSets(ctx, d).flatMap((rs) => {
    const v = revisionOf(rs);
    return v === undefined ? [] : [{ v, rs }];
  });
  if (toRevision > 0) {
    const found = byRevision.find((x) => x.v === toRevision);
    if (!found) throw revisionNotFound(toRevision);
    return found.rs;
  }
  const sorted = byRevision.sort((a, b) => b.v - a.v);
  if (sorted.length < 2) throw new CommandError(`no rollout history found for deployment "${d.metadata.name}"`);
  return sorted[1].rs;
}

function rollbackDeployment(ctx: KubectlContext, target: KubeObject, toRevision: number, dryRun: DryRun): string {
  const name = target.metadata.name ?? '';
  const d = ctx.store.get<Deployment>('Deployment', target.metadata.namespace, name);
  const rs = deploymentRevision(ctx, d, toRevision);
  if (dryRun === 'client') return printTemplate(rs.spec?.template);
  if (d.spec?.paused) throw new CommandError(`you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume deployment/${name}' and try again`);
  if (jsonEqual(withoutHash(rs.spec?.template), withoutHash(d.spec?.template))) return `${SKIPPED} (current template already matches revision ${toRevision})`;
  const annotations: Record<string, string> = {};
  for (const [k, v] of Object.entries(d.metadata.annotations ?? {})) if (ANNOTATIONS_TO_SKIP.has(k)) annotations[k] = v;
  for (const [k, v] of Object.entries(rs.metadata.annotations ?? {})) if (!ANNOTATIONS_TO_SKIP.has(k)) annotations[k] = v;
  const patch = [
    { op: 'replace', path: '/spec/template', value: withoutHash(rs.spec?.template) },
    { op: 'replace', path: '/metadata/annotations', value: annotations },
  ];
  try {
    ctx.store.patch('Deployment', d.metadata.namespace, name, patch, { type: 'json', dryRun: dryRun === 'server' });
  } catch (e) {
    throw new CommandError(`failed restoring revision ${toRevision}: ${(e as Error).message}`);
  }
  return 'rolled back';
}

/** findHistory: the revision asked for, or the second newest for 0. */
function findHistory(history: Revision[], toRevision: number): Revision | undefined {
  if (toRevision === 0) return [...history].sort((a, b) => a.revision - b.revision)[history.length - 2];
  return history.find((h) => h.revision === toRevision);
}

/** DaemonSets and StatefulSets: patch the recorded template back (the revision's data is that patch). */
function rollbackFromHistory(ctx: KubectlContext, t: Target, toRevision: number, dryRun: DryRun): string {
  const history = controllerRevisions(ctx, t.obj);
  if (toRevision === 0 && history.length <= 1) throw new CommandError('no last revision to roll back to');
  const to = findHistory(history, toRevision);
  if (!to) throw revisionNotFound(toRevision);
  const template = revisionTemplate(to);
  if (dryRun === 'client') return `will roll back to ${printTemplate(template)}`;
  const current = (t.obj.spec as { template?: PodTemplateSpec } | undefined)?.template;
  if (jsonEqual(comparableTemplate(current), template)) return `${SKIPPED} (current template already matches revision ${toRevision})`;
  const data = typeof to.data === 'string' ? JSON.parse(to.data) : to.data;
  try {
    ctx.store.patch(t.info.kind, t.obj.metadata.namespace, t.obj.metadata.name ?? '', data, { type: 'strategic', dryRun: dryRun === 'server' });
  } catch (e) {
    throw new CommandError(`failed restoring revision ${toRevision}: ${(e as Error).message}`);
  }
  return 'rolled back';
}

export function undoCommand(ctx: KubectlContext, args: ParsedArgs, resources: string[]): number {
  const toRevision = intFlag(args, 'to-revision', 0);
  const dryRun = dryRunOf(args);
  return visitTargets(ctx, args, resources, (t) => {
    if (toRevision < 0) throw revisionNotFound(toRevision);
    let result: string;
    if (t.info.kind === 'Deployment') result = rollbackDeployment(ctx, t.obj, toRevision, dryRun);
    else if (t.info.kind === 'DaemonSet' || t.info.kind === 'StatefulSet') result = rollbackFromHistory(ctx, t, toRevision, dryRun);
    else throw new CommandError(`no rollbacker has been implemented for "${groupKind(t.info)}"`);
    ctx.out.push(`${resourceName(t.info, t.obj.metadata.name ?? '')} ${result}${dryRunSuffix(dryRun)}`);
  });
}

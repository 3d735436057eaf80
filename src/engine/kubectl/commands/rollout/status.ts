// kubectl rollout status (TYPE NAME | TYPE/NAME) [--revision N]: the status viewers of Deployments, DaemonSets
// and StatefulSets. Simplification: virtual time cannot pass inside one command, so the status is printed
// once, as with --watch=false; run the command again after advancing time to follow a rollout.
import type { DaemonSet, Deployment, StatefulSet } from 'kubernetes-types/apps/v1';
import type { Pod } from 'kubernetes-types/core/v1';
import { selectorFromLabelSelector } from '../../../api/labels.ts';
import type { KubeObject } from '../../../api/object.ts';
import { CommandError, type KubectlContext } from '../../context.ts';
import type { ParsedArgs } from '../../flags.ts';
import { findTargets } from '../targets.ts';
import { intFlag } from '../numericflags.ts';
import { revisionOf } from './revisions.ts';
import { groupKind } from './target.ts';

interface Status { message: string; done: boolean }

const WAITING_REASONS = new Set(['ImagePullBackOff', 'ErrImagePull', 'CrashLoopBackOff', 'CreateContainerConfigError', 'CreateContainerError']);

/** appendWarning: the first pod that is unschedulable or stuck waiting explains why the rollout does not move. */
function withWarning(ctx: KubectlContext, d: Deployment & KubeObject, message: string): string {
  const pods = ctx.store.list<Pod>('Pod', { namespace: d.metadata.namespace, labelSelector: selectorFromLabelSelector(d.spec?.selector) })
    .sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1));
  for (const pod of pods) {
    const unschedulable = pod.status?.conditions?.find((c) => c.type === 'PodScheduled' && c.status === 'False' && c.reason === 'Unschedulable');
    if (unschedulable) return `${message} (Warning: ${unschedulable.message ?? ''})`;
    for (const cs of pod.status?.containerStatuses ?? []) {
      const waiting = cs.state?.waiting;
      if (waiting && WAITING_REASONS.has(waiting.reason ?? '')) return `${message} (Warning: ${waiting.reason} - ${waiting.message ?? ''})`;
    }
  }
  return message;
}

function deploymentStatus(ctx: KubectlContext, d: Deployment & KubeObject, revision: number): Status {
  const name = d.metadata.name;
  if (revision > 0) {
    const current = revisionOf(d);
    if (current === undefined) throw new CommandError(`cannot get the revision of deployment "${name}": invalid revision`);
    if (revision !== current) throw new CommandError(`desired revision (${revision}) is different from the running revision (${current})`);
  }
  const st = d.status ?? {};
  if ((d.metadata.generation ?? 0) > (st.observedGeneration ?? 0)) return { message: withWarning(ctx, d, 'Waiting for deployment spec update to be observed...'), done: false };
  const progressing = st.conditions?.find((c) => c.type === 'Progressing');
  if (progressing?.reason === 'ProgressDeadlineExceeded') throw new CommandError(`deployment "${name}" exceeded its progress deadline`);
  const updated = st.updatedReplicas ?? 0;
  if (d.spec?.replicas !== undefined && updated < d.spec.replicas) {
    return { message: withWarning(ctx, d, `Waiting for deployment "${name}" rollout to finish: ${updated} out of ${d.spec.replicas} new replicas have been updated...`), done: false };
  }
  if ((st.replicas ?? 0) > updated) {
    return { message: withWarning(ctx, d, `Waiting for deployment "${name}" rollout to finish: ${(st.replicas ?? 0) - updated} old replicas are pending termination...`), done: false };
  }
  if ((st.availableReplicas ?? 0) < updated) {
    return { message: withWarning(ctx, d, `Waiting for deployment "${name}" rollout to finish: ${st.availableReplicas ?? 0} of ${updated} updated replicas are available...`), done: false };
  }
  return { message: `deployment "${name}" successfully rolled out`, done: true };
}

function daemonSetStatus(ds: DaemonSet & KubeObject): Status {
  if (ds.spec?.updateStrategy?.type !== 'RollingUpdate') throw new CommandError('rollout status is only available for RollingUpdate strategy type');
  const st = ds.status;
  const name = ds.metadata.name;
  if ((ds.metadata.generation ?? 0) > (st?.observedGeneration ?? 0)) return { message: 'Waiting for daemon set spec update to be observed...', done: false };
  const desired = st?.desiredNumberScheduled ?? 0;
  if ((st?.updatedNumberScheduled ?? 0) < desired) {
    return { message: `Waiting for daemon set "${name}" rollout to finish: ${st?.updatedNumberScheduled ?? 0} out of ${desired} new pods have been updated...`, done: false };
  }
  if ((st?.numberAvailable ?? 0) < desired) {
    return { message: `Waiting for daemon set "${name}" rollout to finish: ${st?.numberAvailable ?? 0} of ${desired} updated pods are available...`, done: false };
  }
  return { message: `daemon set "${name}" successfully rolled out`, done: true };
}

function statefulSetStatus(sts: StatefulSet & KubeObject): Status {
  if (sts.spec?.updateStrategy?.type !== 'RollingUpdate') throw new CommandError('rollout status is only available for RollingUpdate strategy type');
  const st = sts.status;
  if (!st?.observedGeneration || (sts.metadata.generation ?? 0) > st.observedGeneration) return { message: 'Waiting for statefulset spec update to be observed...', done: false };
  const replicas = sts.spec?.replicas;
  if (replicas !== undefined && (st.readyReplicas ?? 0) < replicas) return { message: `Waiting for ${replicas - (st.readyReplicas ?? 0)} pods to be ready...`, done: false };
  const rolling = sts.spec?.updateStrategy?.rollingUpdate;
  if (rolling) {
    if (replicas !== undefined && rolling.partition !== undefined && (st.updatedReplicas ?? 0) < replicas - rolling.partition) {
      return { message: `Waiting for partitioned roll out to finish: ${st.updatedReplicas ?? 0} out of ${replicas - rolling.partition} new pods have been updated...`, done: false };
    }
    return { message: `partitioned roll out complete: ${st.updatedReplicas ?? 0} new pods have been updated...`, done: true };
  }
  if (st.updateRevision !== st.currentRevision) {
    return { message: `waiting for statefulset rolling update to complete ${st.updatedReplicas ?? 0} pods at revision ${st.updateRevision}...`, done: false };
  }
  return { message: `statefulset rolling update complete ${st.currentReplicas ?? 0} pods at revision ${st.currentRevision}...`, done: true };
}

export function statusCommand(ctx: KubectlContext, args: ParsedArgs, resources: string[]): number {
  if (!resources.length) throw new CommandError('required resource not specified');
  const revision = intFlag(args, 'revision', 0);
  if (revision < 0) throw new CommandError(`revision must be a positive integer: ${revision}`);
  const { targets, errors } = findTargets(ctx, args, resources);
  if (errors.length) {
    ctx.err.push(...errors);
    return 1;
  }
  if (targets.length !== 1) throw new CommandError(`rollout status is only supported on individual resources and resource collections - ${targets.length} resources were found`);
  const { info, obj } = targets[0];
  let status: Status;
  if (info.kind === 'Deployment') status = deploymentStatus(ctx, obj as Deployment & KubeObject, revision);
  else if (info.kind === 'DaemonSet') status = daemonSetStatus(obj as DaemonSet & KubeObject);
  else if (info.kind === 'StatefulSet') status = statefulSetStatus(obj as StatefulSet & KubeObject);
  else throw new CommandError(`no status viewer has been implemented for ${groupKind(info)}`);
  ctx.out.push(status.message);
  return 0;
}

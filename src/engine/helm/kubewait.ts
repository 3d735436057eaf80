// helm's kube.Client waits, in virtual time: WatchUntilReady (a hook's Job or Pod until it completes or fails),
// Wait (--wait: kube.ReadyChecker over the release's workloads, Services and claims, polled every 2 s) and
// WaitForDelete. helm blocks while the cluster works, so the simulation runs under it (sim/until.ts).
import type { DaemonSet, Deployment, StatefulSet } from 'kubernetes-types/apps/v1';
import type { Job } from 'kubernetes-types/batch/v1';
import type { PersistentVolumeClaim, Pod, Service } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../api/object.ts';
import { getScaledValueFromIntOrPercent } from '../api/intstr.ts';
import { selectorFromLabelSelector, selectorFromSet, type Selector } from '../api/labels.ts';
import type { Store } from '../apiserver/store.ts';
import { maxUnavailable } from '../controllers/deployment/util.ts';
import { deploymentReplicaSets } from '../kubectl/printers/describe/deployment.ts';
import type { SimClock } from '../sim/clock.ts';
import { until } from '../sim/until.ts';
import type { ResourceInfo } from './kubeclient.ts';

/** wait.ErrWaitTimeout's text: a watch that ran out of time. */
export const WAIT_TIMEOUT = 'timed out waiting for the condition';
/** context.DeadlineExceeded's text: a poll (kube.Wait, WaitForDelete) that ran out of time. */
export const DEADLINE_EXCEEDED = 'context deadline exceeded';
/** helm's default --timeout. */
export const DEFAULT_TIMEOUT_MS = 300_000;
/** kube.Wait's poll interval. */
const POLL_MS = 2_000;

/** hashicorp/go-multierror's text, as kube.Client's batch operations return their errors. */
export function multiError(errs: readonly string[]): string {
  if (errs.length === 1) return `1 error occurred:\n\t* ${errs[0]}\n\n`;
  return `${errs.length} errors occurred:\n\t${errs.map((e) => `* ${e}`).join('\n\t')}\n\n`;
}

type Outcome = { ok: true } | { ok: false; error: string };
const DONE: Outcome = { ok: true };

/** waitForJob / waitForPodSuccess: undefined while running; Jobs and Pods only, anything else is ready at once. */
function hookOutcome(store: Store, r: ResourceInfo): Outcome | undefined {
  if (r.info.kind !== 'Job' && r.info.kind !== 'Pod') return DONE;
  const live = store.tryGet(r.info.kind, r.namespace, r.name);
  if (!live) return undefined;
  if (r.info.kind === 'Job') {
    for (const c of (live as Job).status?.conditions ?? []) {
      if (c.type === 'Complete' && c.status === 'True') return DONE;
      if (c.type === 'Failed' && c.status === 'True') return { ok: false, error: `job ${r.name} failed: ${c.reason ?? ''}` };
    }
    return undefined;
  }
  const phase = (live as Pod).status?.phase;
  if (phase === 'Succeeded') return DONE;
  if (phase === 'Failed') return { ok: false, error: `pod ${r.name} failed` };
  return undefined;
}

/** kube.Client.WatchUntilReady: each resource watched until done, each failure one of the multierror's. */
export function watchUntilReady(store: Store, clock: SimClock, resources: readonly ResourceInfo[], timeoutMs: number): void {
  const errs: string[] = [];
  for (const r of resources) {
    const o = until(clock, timeoutMs, () => hookOutcome(store, r));
    if (o === undefined) errs.push(WAIT_TIMEOUT);
    else if (!o.ok) errs.push(o.error);
  }
  if (errs.length) throw new Error(multiError(errs));
}

const condition = (o: { status?: { conditions?: { type?: string; status?: string }[] } }, type: string) =>
  o.status?.conditions?.some((c) => c.type === type && c.status === 'True') ?? false;

function podsReady(store: Store, namespace: string | undefined, selector: Selector): boolean {
  return store.list<Pod>('Pod', { namespace, labelSelector: selector }).every((p) => condition(p, 'Ready'));
}

/** kube.ReadyChecker.IsReady (paused Deployments count as ready, Jobs only with --wait-for-jobs). */
export function isReady(store: Store, clock: SimClock, r: ResourceInfo, checkJobs: boolean): boolean {
  const live = store.tryGet<KubeObject>(r.info.kind, r.namespace, r.name);
  if (!live) return false;
  switch (r.info.kind) {
    case 'Pod': return condition(live as Pod, 'Ready');
    case 'Job': {
      if (!checkJobs) return true;
      const j = live as Job;
      if ((j.status?.failed ?? 0) > (j.spec?.backoffLimit ?? 6)) return false;
      return j.spec?.completions == null || (j.status?.succeeded ?? 0) >= j.spec.completions;
    }
    case 'Deployment': {
      const d = live as Deployment;
      if (d.spec?.paused) return true;
      const { newRS } = deploymentReplicaSets(d, { now: clock.now(), list: (kind, ns) => store.list(kind, { namespace: ns }) });
      if (!newRS) return false;
      return (newRS.status?.readyReplicas ?? 0) >= (d.spec?.replicas ?? 1) - maxUnavailable(d);
    }
    case 'PersistentVolumeClaim': return (live as PersistentVolumeClaim).status?.phase === 'Bound';
    case 'Service': {
      const s = live as Service;
      if (s.spec?.type === 'ExternalName') return true;
      if (s.spec?.clusterIP !== 'None' && !s.spec?.clusterIP) return false;
      if (s.spec?.type === 'LoadBalancer' && !s.spec.externalIPs?.length) return !!s.status?.loadBalancer?.ingress;
      return true;
    }
    case 'DaemonSet': {
      const ds = live as DaemonSet;
      if (ds.status?.observedGeneration !== ds.metadata?.generation) return false;
      if ((ds.spec?.updateStrategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') return true;
      const desired = ds.status?.desiredNumberScheduled ?? 0;
      if ((ds.status?.updatedNumberScheduled ?? 0) !== desired) return false;
      const unavailable = getScaledValueFromIntOrPercent(ds.spec?.updateStrategy?.rollingUpdate?.maxUnavailable ?? 1, desired, true);
      return (ds.status?.numberReady ?? 0) >= desired - unavailable;
    }
    case 'StatefulSet': {
      const sts = live as StatefulSet;
      if (sts.status?.observedGeneration !== sts.metadata?.generation) return false;
      if ((sts.spec?.updateStrategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') return true;
      const partition = sts.spec?.updateStrategy?.rollingUpdate?.partition ?? 0;
      const replicas = sts.spec?.replicas ?? 1;
      if ((sts.status?.updatedReplicas ?? 0) < replicas - partition) return false;
      if ((sts.status?.readyReplicas ?? 0) !== replicas) return false;
      return partition !== 0 || sts.status?.currentRevision === sts.status?.updateRevision;
    }
    case 'ReplicaSet': case 'ReplicationController': {
      const sel = (live as { spec?: { selector?: unknown } }).spec?.selector;
      const selector = r.info.kind === 'ReplicaSet' ? selectorFromLabelSelector(sel as never) : selectorFromSet(sel as Record<string, string>);
      return podsReady(store, r.namespace, selector);
    }
    case 'CustomResourceDefinition': return condition(live as never, 'Established');
    default: return true;
  }
}

/** kube.Client.Wait / WaitWithJobs: every resource ready, polled every 2 s, or "context deadline exceeded". */
export function waitForResources(store: Store, clock: SimClock, resources: readonly ResourceInfo[], timeoutMs: number, checkJobs: boolean): void {
  const ready = until(clock, timeoutMs, () => (resources.every((r) => isReady(store, clock, r, checkJobs)) ? true : undefined), POLL_MS);
  if (!ready) throw new Error(DEADLINE_EXCEEDED);
}

/** kube.Client.WaitForDelete: every resource gone, polled every 2 s. */
export function waitForDelete(store: Store, clock: SimClock, resources: readonly ResourceInfo[], timeoutMs: number): void {
  const gone = until(clock, timeoutMs, () => (resources.every((r) => !store.tryGet(r.info.kind, r.namespace, r.name)) ? true : undefined), POLL_MS);
  if (!gone) throw new Error(DEADLINE_EXCEEDED);
}

// The pod a port-forward goes to, as kubectl's polymorphichelpers.AttachablePodForObjectFn chooses it: a pod is
// itself; a Service, Deployment, ReplicaSet, StatefulSet, DaemonSet, Job or ReplicationController gives its
// selector, and the most active matching pod is taken (sort.Reverse(podutils.ActivePods)).
import type { Pod } from 'kubernetes-types/core/v1';
import type { KindInfo } from '../../../api/kinds.ts';
import type { KubeObject } from '../../../api/object.ts';
import type { Selector } from '../../../api/labels.ts';
import type { KubectlContext } from '../../context.ts';
import { goType, selectorsForObject } from '../podselector.ts';

const ready = (p: Pod) => !!p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True');
const readySince = (p: Pod) => p.status?.conditions?.find((c) => c.type === 'Ready')?.lastTransitionTime ?? '';
const maxRestarts = (p: Pod) => Math.max(0, ...(p.status?.containerStatuses ?? []).map((c) => c.restartCount ?? 0));
const PHASE: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

/**
 * podutils.ActivePods' Less reversed: assigned before unassigned, Running before Unknown before Pending, ready
 * before not, ready longer, fewer restarts, older. Simplification: ties (Go's unstable sort) go by name.
 */
export function moreActive(a: Pod, b: Pod): number {
  const an = !!a.spec?.nodeName, bn = !!b.spec?.nodeName;
  if (an !== bn) return an ? -1 : 1;
  const ap = PHASE[a.status?.phase ?? ''] ?? 0, bp = PHASE[b.status?.phase ?? ''] ?? 0;
  if (ap !== bp) return bp - ap;
  if (ready(a) !== ready(b)) return ready(a) ? -1 : 1;
  // An empty time counts as the latest (afterOrZero): it has been ready the shortest.
  if (ready(a) && readySince(a) !== readySince(b)) return !readySince(a) ? 1 : !readySince(b) ? -1 : readySince(a) < readySince(b) ? -1 : 1;
  if (maxRestarts(a) !== maxRestarts(b)) return maxRestarts(a) - maxRestarts(b);
  const at = a.metadata?.creationTimestamp ?? '', bt = b.metadata?.creationTimestamp ?? '';
  if (at !== bt) return !at ? 1 : !bt ? -1 : at < bt ? -1 : 1;
  return (a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1;
}

/** AttachablePodForObjectFn: the pod itself, or the first of the object's pods (none yet: GetFirstPod's timeout). */
export function forwardablePod(ctx: KubectlContext, info: KindInfo, obj: KubeObject, namespace: string): Pod {
  if (info.kind === 'Pod') return obj as Pod;
  let selector: Selector;
  try {
    selector = selectorsForObject(info, obj);
  } catch (e) {
    throw new Error(`cannot attach to ${goType(info)}: ${(e as Error).message}`);
  }
  const pods = ctx.store.list<Pod>('Pod', { namespace, labelSelector: selector });
  // SIMULATION: virtual time does not pass inside a command, so GetFirstPod's wait for a first pod ends at once.
  if (!pods.length) throw new Error('timed out waiting for the condition');
  return [...pods].sort(moreActive)[0];
}

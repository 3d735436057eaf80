// Pod helpers shared by the API server, scheduler, kubelet and printers (pkg/apis/core/helper/qos, resource helpers).
import type { Container, Pod, PodSpec } from 'kubernetes-types/core/v1';
import { Quantity } from './quantity.ts';

type ResourceList = Record<string, string>;

/** Guaranteed, Burstable or BestEffort, as pkg/apis/core/helper/qos.GetPodQOS decides (cpu and memory only). */
export function podQOSClass(pod: Pod): 'Guaranteed' | 'Burstable' | 'BestEffort' {
  const containers: Container[] = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])];
  let anyRequestOrLimit = false;
  let guaranteed = true;
  for (const c of containers) {
    const req = (c.resources?.requests ?? {}) as ResourceList;
    const lim = (c.resources?.limits ?? {}) as ResourceList;
    for (const r of ['cpu', 'memory']) {
      const rq = req[r] !== undefined ? Quantity.parse(req[r]) : undefined;
      const lm = lim[r] !== undefined ? Quantity.parse(lim[r]) : undefined;
      if ((rq && !rq.isZero()) || (lm && !lm.isZero())) anyRequestOrLimit = true;
      if (!lm || lm.isZero()) guaranteed = false;
      else if (rq && rq.cmp(lm) !== 0) guaranteed = false;
    }
  }
  if (!anyRequestOrLimit) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

export interface PodRequests { [resource: string]: number } // cpu in millicores, everything else in units

/**
 * The pod's effective request (resourcehelper.PodRequests): the sum over app containers, or the largest
 * init container if bigger, plus overhead. cpu in millicores, other resources in whole units.
 * Restartable (sidecar) init containers arrive with the workloads issue.
 */
export function podRequests(pod: Pod): Readonly<PodRequests> {
  const spec = pod.spec;
  if (!spec || !Object.isFrozen(spec)) return sumRequests(pod);
  // Without init containers and overhead the requests are the containers' alone, and the pods of a template share
  // one frozen containers list (apiserver/intern.ts): one entry per template rather than one per pod spec (a
  // table of every stored pod's specs made each lookup a cache miss, ~4 µs per kubelet admission at 30k pods).
  const from = spec.initContainers === undefined && spec.overhead === undefined && spec.containers !== undefined && Object.isFrozen(spec.containers) ? spec.containers : spec;
  let sum = requestsOf.get(from);
  if (!sum) requestsOf.set(from, (sum = Object.freeze(sumRequests(pod))));
  return sum;
}

/**
 * The requests of stored (frozen) pods, by the frozen part they come from (a containers list or a whole spec): the
 * scheduler asks for both versions of a pod on each of its updates, and a pod's status writes keep its spec.
 */
const requestsOf = new WeakMap<PodSpec | Container[], Readonly<PodRequests>>();

function sumRequests(pod: Pod): PodRequests {
  const sum: PodRequests = {};
  for (const c of pod.spec?.containers ?? []) addList(sum, c.resources?.requests as ResourceList | undefined);
  for (const c of pod.spec?.initContainers ?? []) {
    const one: PodRequests = {};
    addList(one, c.resources?.requests as ResourceList | undefined);
    for (const [k, v] of Object.entries(one)) if (v > (sum[k] ?? 0)) sum[k] = v;
  }
  addList(sum, pod.spec?.overhead as ResourceList | undefined);
  return sum;
}

function addList(into: PodRequests, list: ResourceList | undefined): void {
  if (!list) return;
  for (const [k, v] of Object.entries(list)) into[k] = (into[k] ?? 0) + resourceAmount(k, v);
}

/** cpu → millicores; anything else → units (bytes for memory), rounded up as Quantity.Value does. */
export function resourceAmount(resource: string, value: string | number): number {
  const q = Quantity.parse(value);
  return resource === 'cpu' ? q.milliValue() : q.value();
}

export function isPodTerminal(pod: Pod): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

// isPodReady and controllerOf run in every controller's pod handlers, several times per pod write: plain loops,
// since some/find allocated their callback closures per call (~11 MB per handler over 30k pods going Running).
export function isPodReady(pod: Pod): boolean {
  const conditions = pod.status?.conditions;
  if (!conditions) return false;
  for (let i = 0; i < conditions.length; i++) if (conditions[i].type === 'Ready' && conditions[i].status === 'True') return true;
  return false;
}

/** The controller owner reference (metav1.GetControllerOf). */
export function controllerOf<R extends { controller?: boolean; kind: string; name: string; uid: string; apiVersion: string }>(obj: { metadata?: { ownerReferences?: R[] } }): R | undefined {
  const refs = obj.metadata?.ownerReferences;
  if (!refs) return undefined;
  for (let i = 0; i < refs.length; i++) if (refs[i].controller) return refs[i];
  return undefined;
}

// Which Services a pod event concerns (k8s.io/endpointslice/util GetPodServiceMemberships and
// GetServicesToUpdateOnPodChange), shared by the EndpointSlice and Endpoints controllers as upstream shares them.
// Pods are indexed by each label pair and Services by each selector pair, on the shared informers (one index for
// both controllers): a pod whose labels no selector names costs a few map lookups and no allocation.
import type { Pod, Service } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { objectKey } from '../../api/object.ts';
import { selectorFromSet } from '../../api/labels.ts';
import { ignoresStatus, type Informer } from '../../client/informer.ts';
import { isResync } from '../refmanager.ts';
import { podEndpointsChanged } from './podchange.ts';

type Svc = Service & KubeObject;
type P = Pod & KubeObject;

/** Where the Services a pod event finds are queued. */
export interface KeyQueue { add(key: string): void }

const POD_LABEL_INDEX = 'endpointslice/label';
const SERVICE_SELECTOR_INDEX = 'endpointslice/selector';

const pairs = (m: Readonly<Record<string, string>> | undefined): string[] => Object.entries(m ?? {}).map(([k, v]) => `${k}=${v}`);
/** Stored labels are frozen and shared by a template's pods: their pairs are built once per labels object. */
const pairCache = new WeakMap<object, string[]>();
const labelPairs = (m: Readonly<Record<string, string>> | undefined): string[] => {
  if (!m || !Object.isFrozen(m)) return pairs(m);
  let out = pairCache.get(m);
  if (!out) pairCache.set(m, (out = pairs(m)));
  return out;
};
/**
 * The values a pod's labels are looked up under in the Services' selector index ("<namespace>/<key>=<value>"), for
 * every write of every pod: kept per stored labels object, with the namespace they were built for (stored labels
 * are shared by equal JSON, so across namespaces too).
 */
const selectorValueCache = new WeakMap<object, { namespace: string; values: string[] }>();
const selectorValues = (namespace: string, m: Readonly<Record<string, string>> | undefined): string[] => {
  if (!m || !Object.isFrozen(m)) return pairs(m).map((p) => `${namespace}/${p}`);
  let c = selectorValueCache.get(m);
  if (c?.namespace !== namespace) selectorValueCache.set(m, (c = { namespace, values: labelPairs(m).map((p) => `${namespace}/${p}`) }));
  return c.values;
};

export class PodServiceMemberships {
  constructor(private readonly services: Informer<Svc>, private readonly pods: Informer<P>) {
    pods.addIndexer(POD_LABEL_INDEX, ignoresStatus((o) => labelPairs(o.metadata.labels)));
    services.addIndexer(SERVICE_SELECTOR_INDEX, (o) => pairs((o as Svc).spec?.selector).map((p) => `${o.metadata.namespace}/${p}`));
  }

  /**
   * The Service and pod handlers the endpoints and EndpointSlice controllers share: any Service event queues that
   * Service, a pod event the Services whose endpoints or membership it may change.
   */
  addEventHandlers(queue: KeyQueue): void {
    this.services.addEventHandler({
      add: (s) => queue.add(objectKey(s)),
      update: (_o, s) => queue.add(objectKey(s)),
      delete: (s) => queue.add(objectKey(s)),
    });
    this.pods.addEventHandler({
      add: (p) => this.podAddedOrDeleted(p, queue),
      update: (o, p) => this.podUpdated(o, p, queue),
      delete: (p) => this.podAddedOrDeleted(p, queue),
    });
  }

  /** The pods of svc's namespace its (non-empty) selector matches, by name. */
  selectedPods(svc: Svc): P[] {
    const selector = selectorFromSet(svc.spec!.selector);
    // The pods with the selector's first pair, then the whole selector.
    const pods = this.pods.listByIndex(POD_LABEL_INDEX, pairs(svc.spec!.selector)[0])
      .filter((p) => p.metadata.namespace === svc.metadata.namespace && selector.matches(p.metadata.labels));
    return pods.sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
  }

  /** GetPodServiceMemberships, for an added or deleted pod. */
  podAddedOrDeleted(p: P, queue: KeyQueue): void {
    this.enqueueFor(p, undefined, queue);
  }

  /** GetServicesToUpdateOnPodChange: nothing for a write that changes no endpoint and no membership. */
  podUpdated(o: P, p: P, queue: KeyQueue): void {
    if (isResync(o, p)) return;
    const { podChanged, labelsChanged } = podEndpointsChanged(o, p);
    if (!podChanged && !labelsChanged) return;
    if (!labelsChanged) this.enqueueFor(p, undefined, queue);
    else if (podChanged) this.enqueueFor(p, o, queue);
    else this.enqueueMoved(p, o, queue);
  }

  /** The Services whose selector matches the pod's labels, old or new. */
  private enqueueFor(p: P, old: P | undefined, queue: KeyQueue): void {
    const seen = this.enqueueSelecting(p.metadata.labels, p, old, undefined, queue);
    // Old labels that are the new ones (a status write) find the same Services again.
    if (old && old.metadata.labels !== p.metadata.labels) this.enqueueSelecting(old.metadata.labels, p, old, seen, queue);
  }

  /**
   * determineNeededServiceUpdates without a pod change: only the Services the pod joined or left (those selecting
   * exactly one of its old and new labels) need a sync.
   */
  private enqueueMoved(p: P, old: P, queue: KeyQueue): void {
    for (const labels of [p.metadata.labels, old.metadata.labels]) {
      for (const value of selectorValues(p.metadata.namespace!, labels)) {
        for (const svc of this.services.listByIndex(SERVICE_SELECTOR_INDEX, value)) {
          const s = selectorFromSet(svc.spec?.selector);
          if (s.matches(p.metadata.labels) !== s.matches(old.metadata.labels)) queue.add(objectKey(svc));
        }
      }
    }
  }

  /**
   * The Services indexed under one of `labels`' pairs that select p or old, each once (`seen`: the Services looked
   * at already, made when a Service turns up: most pods' labels match none; returned for the next call).
   */
  private enqueueSelecting(labels: P['metadata']['labels'], p: P, old: P | undefined, seen: Set<string> | undefined, queue: KeyQueue): Set<string> | undefined {
    const values = selectorValues(p.metadata.namespace!, labels);
    for (let i = 0; i < values.length; i++) {
      if (this.services.countByIndex(SERVICE_SELECTOR_INDEX, values[i]) === 0) continue;
      for (const svc of this.services.listByIndex(SERVICE_SELECTOR_INDEX, values[i])) {
        const key = objectKey(svc);
        if (seen?.has(key)) continue;
        (seen ??= new Set()).add(key);
        const s = selectorFromSet(svc.spec?.selector);
        if (s.matches(p.metadata.labels) || (old && s.matches(old.metadata.labels))) queue.add(key);
      }
    }
    return seen;
  }
}

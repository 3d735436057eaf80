// Garbage collector (pkg/controller/garbagecollector): a dependent whose owners are all gone is deleted.
// This first version implements Background propagation; Foreground and Orphan arrive with the workloads issue.
import type { KubeObject } from '../../api/object.ts';
import type { Store } from '../../apiserver/store.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import { Controller } from '../../client/controller.ts';
import type { SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';

interface Ref { kind: string; namespace?: string; name: string }

export class GarbageCollector extends Controller {
  /** uid → the object's identity, for every object the collector has seen. */
  private readonly objects = new Map<string, Ref>();
  /** owner uid → dependent uids. */
  private readonly dependents = new Map<string, Set<string>>();

  constructor(private readonly store: Store, clock: SimClock, private readonly informers: SharedInformerFactory, private readonly kinds: string[]) {
    super('garbage-collector-controller', clock);
  }

  start(): void {
    for (const kind of this.kinds) {
      this.informers.informerFor(kind).addEventHandler({
        add: (o) => this.observe(o),
        update: (_old, o) => this.observe(o),
        delete: (o) => this.forgetObject(o),
      });
    }
  }

  private observe(o: KubeObject): void {
    const uid = o.metadata.uid!;
    this.objects.set(uid, { kind: o.kind, namespace: o.metadata.namespace, name: o.metadata.name! });
    for (const ref of o.metadata.ownerReferences ?? []) {
      let set = this.dependents.get(ref.uid);
      if (!set) this.dependents.set(ref.uid, (set = new Set()));
      set.add(uid);
      // An owner that never existed (or is already gone) makes the dependent a candidate at once.
      if (!this.objects.has(ref.uid)) this.queue.add(uid);
    }
  }

  private forgetObject(o: KubeObject): void {
    const uid = o.metadata.uid!;
    this.objects.delete(uid);
    for (const dep of this.dependents.get(uid) ?? []) this.queue.add(dep);
  }

  /** attemptToDeleteItem: delete the dependent when none of its owners exists any more. */
  protected sync(uid: string): void {
    const ref = this.objects.get(uid);
    if (!ref) return;
    const obj = this.store.tryGet(ref.kind, ref.namespace, ref.name);
    if (!obj || obj.metadata.uid !== uid || obj.metadata.deletionTimestamp) return;
    const owners = obj.metadata.ownerReferences ?? [];
    if (!owners.length) return;
    // Verify against the API server, not the cache: a missed add must never delete a live dependent.
    const alive = owners.some((r) => {
      const info = this.store.kinds.byKindName(r.kind);
      if (!info) return true;
      const owner = this.store.tryGet(r.kind, info.namespaced ? ref.namespace : undefined, r.name);
      return owner !== undefined && owner.metadata.uid === r.uid;
    });
    if (alive) return;
    try {
      this.store.delete(ref.kind, ref.namespace, ref.name);
    } catch (e) {
      if (!isStatusError(e, 'NotFound')) throw e;
    }
  }
}

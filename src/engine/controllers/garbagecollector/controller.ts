// Garbage collector (pkg/controller/garbagecollector): keeps a graph of owners and dependents.
// - Background: a dependent whose owners are all gone is deleted.
// - Orphan: an owner deleted with the "orphan" finalizer first has its dependents' ownerReferences removed.
// - Foreground: an owner with the "foregroundDeletion" finalizer stays until its dependents are gone.
import type { KubeObject } from '../../api/object.ts';
import { FOREGROUND_FINALIZER, ORPHAN_FINALIZER, type Store } from '../../apiserver/store.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import { Controller } from '../../client/controller.ts';
import type { SharedInformerFactory } from '../../client/informer.ts';
import type { SimClock } from '../../sim/clock.ts';

interface Ref { kind: string; namespace?: string; name: string }

const OWNER_KEY = 'owner:';

export class GarbageCollector extends Controller {
  /** uid → the object's identity, for every object the collector has seen. */
  private readonly objects = new Map<string, Ref>();
  /** owner uid → dependent uids. */
  private readonly dependents = new Map<string, Set<string>>();

  constructor(private readonly store: Store, clock: SimClock, private readonly informers: SharedInformerFactory, private readonly kinds: string[]) {
    super('garbage-collector-controller', clock);
  }

  private started = false;

  start(): void {
    this.started = true;
    for (const kind of this.kinds) this.watchKind(kind);
  }

  /**
   * Also collect a kind served later (a CustomResourceDefinition's), as upstream's collector resyncs its monitors
   * with discovery.
   */
  monitor(kind: string): void {
    if (this.kinds.includes(kind)) return;
    this.kinds.push(kind);
    if (!this.started) return;
    this.watchKind(kind);
    this.informers.informerFor(kind).run();
  }

  private watchKind(kind: string): void {
    this.informers.informerFor(kind).addEventHandler({
      add: (o) => this.observe(o),
      update: (old, o) => { if (!this.objects.has(o.metadata.uid!) || !sameGraphFields(old, o)) this.observe(o); },
      delete: (o) => this.forgetObject(o),
    });
  }

  private observe(o: KubeObject): void {
    const uid = o.metadata.uid!;
    this.objects.set(uid, { kind: o.kind, namespace: o.metadata.namespace, name: o.metadata.name! });
    // By index: for-of over the stored (frozen) references allocated per step, on every object added.
    const refs = o.metadata.ownerReferences ?? [];
    for (let i = 0; i < refs.length; i++) {
      const ref = refs[i];
      let set = this.dependents.get(ref.uid);
      if (!set) this.dependents.set(ref.uid, (set = new Set()));
      set.add(uid);
      // An owner that never existed (or is already gone) makes the dependent a candidate at once.
      if (!this.objects.has(ref.uid)) this.queue.add(uid);
    }
    const f = o.metadata.finalizers ?? [];
    if (o.metadata.deletionTimestamp && (f.includes(ORPHAN_FINALIZER) || f.includes(FOREGROUND_FINALIZER))) this.queue.add(OWNER_KEY + uid);
  }

  private forgetObject(o: KubeObject): void {
    const uid = o.metadata.uid!;
    this.objects.delete(uid);
    for (const dep of this.dependents.get(uid) ?? []) this.queue.add(dep);
    this.dependents.delete(uid);
    // An owner waiting in the foreground for this dependent may now finish.
    for (const ref of o.metadata.ownerReferences ?? []) {
      this.dependents.get(ref.uid)?.delete(uid);
      if (this.objects.has(ref.uid)) this.queue.add(OWNER_KEY + ref.uid);
    }
  }

  protected sync(key: string): void {
    if (key.startsWith(OWNER_KEY)) this.processDeletingOwner(key.slice(OWNER_KEY.length));
    else this.attemptToDelete(key);
  }

  /** attemptToDeleteItem: delete the dependent when none of its owners exists any more. */
  private attemptToDelete(uid: string): void {
    const obj = this.live(uid);
    if (!obj || obj.metadata.deletionTimestamp) return;
    const owners = obj.metadata.ownerReferences ?? [];
    if (!owners.length) return;
    // Verify against the API server, not the cache: a missed add must never delete a live dependent.
    const live = owners.map((r) => ({ r, owner: this.ownerOf(obj, r) }));
    if (live.some(({ owner }) => owner && !owner.metadata.deletionTimestamp)) return;
    // Owners being deleted in the foreground take their blocking dependents with them, also in the foreground.
    const foreground = live.some(({ owner }) => owner?.metadata.finalizers?.includes(FOREGROUND_FINALIZER));
    if (live.some(({ owner }) => owner) && !foreground) return;
    this.deleteObject(obj, foreground ? 'Foreground' : 'Background');
  }

  private processDeletingOwner(uid: string): void {
    const owner = this.live(uid);
    if (!owner || !owner.metadata.deletionTimestamp) return;
    const finalizers = owner.metadata.finalizers ?? [];
    const deps = [...(this.dependents.get(uid) ?? [])].map((d) => this.live(d)).filter((d): d is KubeObject => !!d && !!d.metadata.ownerReferences?.some((r) => r.uid === uid));
    if (finalizers.includes(ORPHAN_FINALIZER)) {
      for (const d of deps) {
        const refs = (d.metadata.ownerReferences ?? []).filter((r) => r.uid !== uid);
        this.store.update({ ...d, metadata: { ...d.metadata, ownerReferences: refs.length ? refs : undefined } });
      }
      this.removeFinalizer(owner, ORPHAN_FINALIZER);
      return;
    }
    if (finalizers.includes(FOREGROUND_FINALIZER)) {
      const blocking = deps.filter((d) => d.metadata.ownerReferences?.some((r) => r.uid === uid && r.blockOwnerDeletion));
      if (!blocking.length) {
        this.removeFinalizer(owner, FOREGROUND_FINALIZER);
        return;
      }
      for (const d of deps) if (!d.metadata.deletionTimestamp) this.queue.add(d.metadata.uid!);
    }
  }

  private live(uid: string): KubeObject | undefined {
    const ref = this.objects.get(uid);
    if (!ref) return undefined;
    const obj = this.store.tryGet(ref.kind, ref.namespace, ref.name);
    return obj && obj.metadata.uid === uid ? obj : undefined;
  }

  private ownerOf(dependent: KubeObject, r: { kind: string; name: string; uid: string }): KubeObject | undefined {
    const info = this.store.kinds.byKindName(r.kind);
    if (!info) return { metadata: {} } as KubeObject; // an unknown kind is never collected
    const owner = this.store.tryGet(r.kind, info.namespaced ? dependent.metadata.namespace : undefined, r.name);
    return owner && owner.metadata.uid === r.uid ? owner : undefined;
  }

  private deleteObject(obj: KubeObject, propagationPolicy: 'Background' | 'Foreground'): void {
    try {
      this.store.delete(obj.kind, obj.metadata.namespace, obj.metadata.name!, { propagationPolicy });
    } catch (e) {
      if (!isStatusError(e, 'NotFound')) throw e;
    }
  }

  private removeFinalizer(obj: KubeObject, finalizer: string): void {
    const rest = (obj.metadata.finalizers ?? []).filter((f) => f !== finalizer);
    this.store.update({ ...obj, metadata: { ...obj.metadata, finalizers: rest.length ? rest : undefined } });
  }
}

/**
 * A watch update of a known object that leaves owners, finalizers and deletion state as they were (most are status writes, which
 * share those fields with the stored object) changes nothing in the graph, as upstream's processGraphChanges
 * finds no reference diff. A resync (the same object twice) is observed again: that is how it repairs.
 */
function sameGraphFields(old: KubeObject, o: KubeObject): boolean {
  if (old === o) return false;
  const a = old.metadata, b = o.metadata;
  return a.uid === b.uid && a.name === b.name && a.ownerReferences === b.ownerReferences && a.finalizers === b.finalizers && a.deletionTimestamp === b.deletionTimestamp;
}

// ControllerRefManager (pkg/controller/controller_ref_manager.go): a controller claims the objects it selects:
// it keeps what it owns and still matches, adopts matching orphans and releases owned objects that stopped matching.
import type { KubeObject } from '../api/object.ts';
import { controllerOf } from '../api/pod.ts';
import { isStatusError } from '../apiserver/errors.ts';
import type { Store } from '../apiserver/store.ts';
import { controllerRefTo } from './podcontrol.ts';

/**
 * Whether an update leaves obj controlled by a controller of another kind than `kind` (the same stored owner
 * references before and after): that kind's controller has nothing to wake for it, as resolveControllerRef finds
 * none of its own and an object with a controller is never adopted. Most pod writes are status writes of pods
 * a ReplicaSet owns, delivered to the StatefulSet and DaemonSet controllers too.
 */
export function stillControlledByOtherKind(old: KubeObject, cur: KubeObject, kind: string): boolean {
  if (old.metadata.ownerReferences !== cur.metadata.ownerReferences) return false;
  const ref = controllerOf(cur);
  return !!ref && ref.kind !== kind;
}

/**
 * Whether an update is the informer's resync, which re-delivers its cached object as update(obj, obj): upstream's
 * handlers check for equal resourceVersions, and every stored version of an object is an object of its own with a
 * resourceVersion of its own, so comparing the objects answers alike without reading the two strings.
 */
export function isResync(old: KubeObject, cur: KubeObject): boolean {
  return old === cur;
}

/**
 * ClaimObject over a list. `match` says whether the owner wants the object (its selector, plus any filter).
 * Adoption first re-reads the owner from the API server (RecheckDeletionTimestamp): an owner that is gone or
 * being deleted adopts nothing.
 */
export function claimObjects<T extends KubeObject>(store: Store, owner: KubeObject, objects: T[], match: (o: T) => boolean): T[] {
  const claimed: T[] = [];
  let adoptable: boolean | undefined;
  const canAdopt = (): boolean => {
    if (adoptable === undefined) {
      const fresh = store.tryGet(owner.kind, owner.metadata.namespace, owner.metadata.name!);
      adoptable = !!fresh && fresh.metadata.uid === owner.metadata.uid && !fresh.metadata.deletionTimestamp;
    }
    return adoptable;
  };
  for (const obj of objects) {
    const ref = controllerOf(obj);
    if (ref) {
      if (ref.uid !== owner.metadata.uid) continue;
      if (match(obj)) { claimed.push(obj); continue; }
      if (owner.metadata.deletionTimestamp) continue;
      patchOwners(store, obj, (obj.metadata.ownerReferences ?? []).filter((r) => r.uid !== owner.metadata.uid));
      continue;
    }
    if (owner.metadata.deletionTimestamp || !match(obj) || obj.metadata.deletionTimestamp) continue;
    if (owner.metadata.namespace && owner.metadata.namespace !== obj.metadata.namespace) continue;
    if (!canAdopt()) continue;
    const adopted = patchOwners(store, obj, [...(obj.metadata.ownerReferences ?? []), controllerRefTo(owner)]);
    if (adopted) claimed.push(adopted);
  }
  return claimed;
}

/** The object with new owner references; undefined when it is gone (adopting or releasing it is moot). */
function patchOwners<T extends KubeObject>(store: Store, obj: T, ownerReferences: NonNullable<KubeObject['metadata']['ownerReferences']>): T | undefined {
  try {
    return store.patch<T>(obj.kind, obj.metadata.namespace, obj.metadata.name!, { metadata: { ownerReferences, uid: obj.metadata.uid } });
  } catch (e) {
    if (isStatusError(e, 'NotFound')) return undefined;
    throw e;
  }
}

// history.Interface (realHistory): list, create, renumber, delete and adopt a controller's ControllerRevisions
// through the API server, reading from the shared ControllerRevision informer.
import type { Selector } from '../../api/labels.ts';
import type { KubeObject } from '../../api/object.ts';
import { controllerOf } from '../../api/pod.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { Store } from '../../apiserver/store.ts';
import type { Informer } from '../../client/informer.ts';
import { controllerRefTo } from '../podcontrol.ts';
import { controllerRevisionName, rawData, type Revision } from './revision.ts';
import { hashControllerRevision } from './hash.ts';

/** retry.DefaultRetry/DefaultBackoff allow a handful of attempts on conflicts. */
const CONFLICT_RETRIES = 5;

export class ControllerHistory {
  constructor(private readonly store: Store, private readonly informer: Informer<Revision>) {}

  /** ListControllerRevisions: those in parent's namespace the selector matches, owned by parent or by nobody. */
  list(parent: KubeObject, selector: Selector): Revision[] {
    return this.informer.listByIndex('namespace', parent.metadata.namespace ?? '')
      .filter((r) => selector.matches(r.metadata.labels ?? {}))
      .filter((r) => { const ref = controllerOf(r); return !ref || ref.uid === parent.metadata.uid; });
  }

  /**
   * CreateControllerRevision: on a name collision with different data, bump the collision count (an in-out
   * counter, as upstream's pointer) and retry under the new name; identical data means it already exists.
   */
  create(parent: KubeObject, revision: Revision, collisionCount: { value: number }): Revision {
    const clone = structuredClone(revision) as Revision;
    clone.metadata.namespace = parent.metadata.namespace;
    for (;;) {
      clone.metadata.name = controllerRevisionName(parent.metadata.name!, hashControllerRevision(rawData(revision), collisionCount.value));
      try {
        return this.store.create(clone);
      } catch (e) {
        if (!isStatusError(e, 'AlreadyExists')) throw e;
        const exists = this.store.get<Revision>('ControllerRevision', clone.metadata.namespace, clone.metadata.name!);
        if (rawData(exists) === rawData(clone)) return exists;
        collisionCount.value++;
      }
    }
  }

  /** UpdateControllerRevision: renumber (a rollback to an earlier template makes it the newest revision). */
  update(revision: Revision, newRevision: number): Revision {
    let current = revision;
    for (let attempt = 0; ; attempt++) {
      if (current.revision === newRevision) return current;
      try {
        return this.store.update({ ...current, revision: newRevision });
      } catch (e) {
        if (!isStatusError(e, 'Conflict') || attempt >= CONFLICT_RETRIES) throw e;
        current = this.store.get<Revision>('ControllerRevision', current.metadata.namespace, current.metadata.name!);
      }
    }
  }

  delete(revision: Revision): void {
    try {
      this.store.delete('ControllerRevision', revision.metadata.namespace, revision.metadata.name!);
    } catch (e) {
      if (!isStatusError(e, 'NotFound')) throw e;
    }
  }

  /** AdoptControllerRevision: an orphan gets parent as its controller. */
  adopt(parent: KubeObject, revision: Revision): Revision {
    const owner = controllerOf(revision);
    if (owner) throw new Error(`attempt to adopt revision owned by ${JSON.stringify(owner)}`);
    return this.store.patch<Revision>('ControllerRevision', revision.metadata.namespace, revision.metadata.name!, {
      metadata: { ownerReferences: [...(revision.metadata.ownerReferences ?? []), controllerRefTo(parent)], uid: revision.metadata.uid },
    });
  }
}

// DaemonSet revisions (update.go constructHistory, snapshot, dedupCurHistories, cleanupHistory): the current
// template's ControllerRevision, found by comparing patches, numbered after every older one.
import type { Selector } from '../../api/labels.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { Store } from '../../apiserver/store.ts';
import type { Informer } from '../../client/informer.ts';
import { computeHash } from '../hash.ts';
import { goJson } from '../../api/gojson.ts';
import { rawData, templatePatch, type Revision } from '../history/revision.ts';
import { controllerRefTo } from '../podcontrol.ts';
import { claimObjects } from '../refmanager.ts';
import { HASH_LABEL, type DS, type P } from './util.ts';

/** Match: the revision records exactly this template. */
const matches = (ds: DS, r: Revision): boolean => goJson(templatePatch(ds)) === rawData(r);

export class DaemonSetHistory {
  constructor(private readonly store: Store, private readonly informer: Informer<Revision>) {}

  /** constructHistory: the current revision (created or renumbered as needed) and the old ones. */
  construct(ds: DS, selector: Selector, pods: () => P[]): { cur: Revision; old: Revision[] } {
    const current: Revision[] = [];
    const old: Revision[] = [];
    const candidates = this.informer.listByIndex('namespace', ds.metadata.namespace ?? '');
    for (let h of claimObjects(this.store, ds, candidates, (r) => selector.matches(r.metadata.labels ?? {}))) {
      // Revisions from before the hash label get their name as the label, which never collides.
      if (!h.metadata.labels?.[HASH_LABEL]) h = this.store.update({ ...h, metadata: { ...h.metadata, labels: { ...h.metadata.labels, [HASH_LABEL]: h.metadata.name! } } });
      (matches(ds, h) ? current : old).push(h);
    }
    const nextRevision = Math.max(0, ...old.map((h) => h.revision)) + 1;
    if (current.length === 0) return { cur: this.snapshot(ds, nextRevision), old };
    const cur = this.dedup(current, pods);
    if (cur.revision < nextRevision) this.store.update({ ...cur, revision: nextRevision });
    return { cur, old };
  }

  /**
   * cleanupHistory: delete the oldest revisions beyond revisionHistoryLimit that no pod (terminal ones
   * included) still carries the hash of.
   */
  cleanup(ds: DS, old: Revision[], pods: P[]): void {
    let toKill = old.length - (ds.spec?.revisionHistoryLimit ?? 10);
    if (toKill <= 0) return;
    const liveHashes = new Set(pods.map((p) => p.metadata.labels?.[HASH_LABEL]).filter((h) => h));
    for (const h of [...old].sort((a, b) => a.revision - b.revision)) {
      if (toKill <= 0) break;
      if (liveHashes.has(h.metadata.labels?.[HASH_LABEL])) continue;
      this.store.delete('ControllerRevision', h.metadata.namespace, h.metadata.name!);
      toKill--;
    }
  }

  /**
   * snapshot: a new revision named "<ds>-<ComputeHash(template, collisionCount)>". A name taken by other data
   * bumps status.collisionCount and fails this pass, so the next one hashes differently.
   * Simplification: ComputeHash is the Deployment controller's (canonical JSON, not Go's spew dump), so the
   * names differ from a real cluster's; StatefulSet revisions, hashed from their data bytes, match exactly.
   */
  private snapshot(ds: DS, revision: number): Revision {
    const hash = computeHash(ds.spec!.template!, ds.status?.collisionCount);
    const history: Revision = {
      apiVersion: 'apps/v1', kind: 'ControllerRevision',
      metadata: {
        name: `${ds.metadata.name}-${hash}`, namespace: ds.metadata.namespace,
        labels: { ...(ds.spec?.template?.metadata?.labels ?? {}), [HASH_LABEL]: hash },
        ...(ds.metadata.annotations ? { annotations: { ...ds.metadata.annotations } } : {}),
        ownerReferences: [controllerRefTo(ds)],
      },
      data: templatePatch(ds), revision,
    };
    try {
      return this.store.create(history);
    } catch (e) {
      if (!isStatusError(e, 'AlreadyExists')) throw e;
      const existing = this.store.get<Revision>('ControllerRevision', ds.metadata.namespace, history.metadata.name!);
      if (matches(ds, existing)) return existing;
      const currDS = this.store.get<DS>('DaemonSet', ds.metadata.namespace, ds.metadata.name!);
      if (currDS.status?.collisionCount !== ds.status?.collisionCount) {
        throw new Error(`found a stale collision count (${ds.status?.collisionCount}, expected ${currDS.status?.collisionCount}) of DaemonSet "${ds.metadata.name}" while processing; will retry until it is updated`);
      }
      this.store.update({ ...currDS, status: { ...currDS.status, collisionCount: (currDS.status?.collisionCount ?? 0) + 1 } }, { subresource: 'status' });
      throw e;
    }
  }

  /** dedupCurHistories: keep the highest-numbered copy of the current revision, relabel pods, delete the rest. */
  private dedup(current: Revision[], pods: () => P[]): Revision {
    if (current.length === 1) return current[0];
    const keep = current.reduce((best, h) => (h.revision >= best.revision ? h : best));
    const hash = keep.metadata.labels?.[HASH_LABEL];
    for (const pod of pods()) {
      if (pod.metadata.labels?.[HASH_LABEL] !== hash) this.store.patch('Pod', pod.metadata.namespace, pod.metadata.name!, { metadata: { labels: { [HASH_LABEL]: hash } } });
    }
    for (const h of current) if (h !== keep) this.store.delete('ControllerRevision', h.metadata.namespace, h.metadata.name!);
    return keep;
  }
}

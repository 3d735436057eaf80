// endpointsliceutil.EndpointSliceTracker, shared by the EndpointSlice and mirroring controllers: per owner key, the
// slices a controller wrote (name → resourceVersion, null once deleted). Its own writes coming back through the
// informer need no sync, and a sync on a cache that has not seen them yet would duplicate slices.
import type { EndpointSlice } from 'kubernetes-types/discovery/v1';
import type { KubeObject } from '../../api/object.ts';
import { splitKey } from '../../api/object.ts';
import type { Informer } from '../../client/informer.ts';
import { SERVICE_NAME_LABEL } from './endpoints.ts';

type Slice = EndpointSlice & KubeObject;

export class EndpointSliceTracker {
  private readonly written = new Map<string, Map<string, string | null>>();

  constructor(private readonly slices: Informer<Slice>) {}

  track(key: string, s: Slice, deleted = false): void {
    let m = this.written.get(key);
    if (!m) this.written.set(key, (m = new Map()));
    m.set(s.metadata.name!, deleted ? null : s.metadata.resourceVersion!);
  }

  forget(key: string): void {
    this.written.delete(key);
  }

  /** The slice version written (or the deletion made) by the tracker's controller, keyed by its service-name label. */
  isOwnWrite(s: Slice, deleted = false): boolean {
    const name = s.metadata.labels?.[SERVICE_NAME_LABEL];
    const rv = name ? this.written.get(`${s.metadata.namespace}/${name}`)?.get(s.metadata.name!) : undefined;
    return deleted ? rv === null : rv !== undefined && rv === s.metadata.resourceVersion;
  }

  /** StaleSlices: the informer has not yet seen every write made for key. */
  stale(key: string): boolean {
    const m = this.written.get(key);
    if (!m) return false;
    const ns = splitKey(key).namespace;
    for (const [name, rv] of m) {
      const seen = this.slices.getByName(ns, name);
      if (rv === null ? seen : !seen || Number(seen.metadata.resourceVersion) < Number(rv)) return true;
    }
    this.written.delete(key);
    return false;
  }
}

// helm's release storage through the Secrets driver: one Secret per revision, named sh.helm.release.v1.NAME.vREV,
// of type helm.sh/release.v1, labelled owner=helm, name, status and version, its "release" key holding the
// encoded release. Simplification: the payload is base64 of the release's JSON, without helm's gzip layer.
import type { Secret } from 'kubernetes-types/core/v1';
import { base64Decode, base64Encode } from '../api/base64.ts';
import { selectorFromSet } from '../api/labels.ts';
import { StatusError } from '../apiserver/errors.ts';
import type { Store } from '../apiserver/store.ts';
import type { KubeObject } from '../api/object.ts';
import type { ChartMetadata } from './chart.ts';

export type ReleaseStatus = 'unknown' | 'deployed' | 'uninstalled' | 'superseded' | 'failed' | 'uninstalling' | 'pending-install' | 'pending-upgrade' | 'pending-rollback';

/** release.Release, in its JSON field names. */
export interface Release {
  name: string;
  namespace: string;
  version: number;
  info: {
    first_deployed: string;
    last_deployed: string;
    deleted: string;
    description: string;
    status: ReleaseStatus;
    notes?: string;
  };
  chart: {
    metadata: ChartMetadata;
    /** Templates and values.yaml, base64 as in helm's chart JSON. */
    templates: { name: string; data: string }[];
    values: Record<string, unknown>;
    files?: { name: string; data: string }[];
  };
  /** The user-supplied values (helm get values). */
  config: Record<string, unknown>;
  manifest: string;
  hooks?: Hook[];
}

/** release.HookEvent: when a hook runs. */
export type HookEvent = 'pre-install' | 'post-install' | 'pre-delete' | 'post-delete' | 'pre-upgrade' | 'post-upgrade' | 'pre-rollback' | 'post-rollback' | 'test';
/** release.HookPhase ("" before the hook first ran). */
export type HookPhase = '' | 'Unknown' | 'Running' | 'Succeeded' | 'Failed';

/** release.Hook, in its JSON field names. */
export interface Hook {
  name: string;
  kind: string;
  path: string;
  manifest: string;
  events: HookEvent[];
  /** The last execution: times are "" (helm's zero time) until it ran. */
  last_run: { started_at: string; completed_at: string; phase: HookPhase };
  weight?: number;
  /** helm.sh/hook-delete-policy's values; before-hook-creation is filled in when the hook first runs. */
  delete_policies?: string[];
}

export const SECRET_TYPE = 'helm.sh/release.v1';

export function secretName(name: string, version: number): string {
  return `sh.helm.release.v1.${name}.v${version}`;
}

export function encodeRelease(r: Release): string {
  return base64Encode(JSON.stringify(r));
}

export function decodeRelease(data: string): Release {
  return JSON.parse(base64Decode(data)) as Release;
}

/** "release: not found", storage's ErrReleaseNotFound. */
export class ReleaseNotFound extends Error {
  constructor() { super('release: not found'); }
}

export class SecretsDriver {
  constructor(private readonly store: Store) {}

  private secret(r: Release): Secret & KubeObject {
    return {
      apiVersion: 'v1', kind: 'Secret', type: SECRET_TYPE,
      metadata: { name: secretName(r.name, r.version), namespace: r.namespace, labels: { name: r.name, owner: 'helm', status: r.info.status, version: String(r.version) } },
      data: { release: base64Encode(encodeRelease(r)) },
    };
  }

  private decode(s: Secret): Release {
    return decodeRelease(base64Decode(s.data?.release ?? ''));
  }

  create(r: Release): void {
    try {
      this.store.create(this.secret(r));
    } catch (e) {
      throw new Error(`create: failed to create: ${e instanceof StatusError ? e.status.message : (e as Error).message}`);
    }
  }

  update(r: Release): void {
    const live = this.store.get<Secret>('Secret', r.namespace, secretName(r.name, r.version));
    const next = this.secret(r);
    this.store.update({ ...live, metadata: { ...live.metadata, labels: next.metadata.labels }, data: next.data });
  }

  delete(r: Release): void {
    this.store.delete('Secret', r.namespace, secretName(r.name, r.version));
  }

  /** Every revision of releases in a namespace (all namespaces when undefined), by name then revision. */
  list(namespace: string | undefined, name?: string): Release[] {
    const selector = selectorFromSet(name === undefined ? { owner: 'helm' } : { owner: 'helm', name });
    const secrets = this.store.list<Secret>('Secret', { ...(namespace ? { namespace } : {}), labelSelector: selector });
    return secrets.filter((s) => s.type === SECRET_TYPE).map((s) => this.decode(s))
      .sort((a, b) => (a.namespace < b.namespace ? -1 : a.namespace > b.namespace ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : a.version - b.version));
  }

  /** The release's revisions, oldest first (storage.History). */
  history(namespace: string, name: string): Release[] {
    return this.list(namespace, name);
  }

  /** The latest revision (storage.Last), or ReleaseNotFound. */
  last(namespace: string, name: string): Release {
    const h = this.history(namespace, name);
    if (!h.length) throw new ReleaseNotFound();
    return h[h.length - 1];
  }

  get(namespace: string, name: string, version: number): Release {
    const s = this.store.tryGet<Secret>('Secret', namespace, secretName(name, version));
    if (!s || s.type !== SECRET_TYPE) throw new ReleaseNotFound();
    return this.decode(s);
  }

  /** The deployed revision (storage.Deployed), or an error in helm's words. */
  deployed(namespace: string, name: string): Release {
    const d = this.history(namespace, name).filter((r) => r.info.status === 'deployed');
    if (!d.length) throw new Error(`"${name}" has no deployed releases`);
    return d[d.length - 1];
  }
}

// The in-cluster servers admission webhooks call. SIMULATION: no HTTP runs in kubesim; a component that serves a
// webhook (istiod's /inject) registers a function under its Service and path, and the API server calls it when a
// webhook configuration's clientConfig.service names that Service and path and the Service has a ready endpoint.
import type { KindInfo } from '../../../../api/kinds.ts';
import type { KubeObject } from '../../../../api/object.ts';

/** What an AdmissionReview request carries. A mutating server changes `object` in place (its JSON patch applied). */
export interface WebhookRequest {
  operation: 'CREATE' | 'UPDATE';
  kind: KindInfo;
  object: KubeObject;
  oldObject?: KubeObject;
  namespace: string | undefined;
  dryRun: boolean;
}

/** The AdmissionReview response: allowed, or refused with a status message (and code, 400 when under 400). */
export type WebhookResponse = { allowed: true } | { allowed: false; message: string; code?: number };

export type WebhookServer = (req: WebhookRequest) => WebhookResponse;

const keyOf = (namespace: string, name: string, path: string | undefined) => `${namespace}/${name}${path || '/'}`;

export class WebhookServers {
  private readonly servers = new Map<string, WebhookServer>();

  /** Serve `path` behind Service namespace/name; the returned function stops serving it. */
  serve(namespace: string, name: string, path: string, server: WebhookServer): () => void {
    const key = keyOf(namespace, name, path);
    this.servers.set(key, server);
    return () => { if (this.servers.get(key) === server) this.servers.delete(key); };
  }

  get(namespace: string, name: string, path: string | undefined): WebhookServer | undefined {
    return this.servers.get(keyOf(namespace, name, path));
  }
}

// The network path from one machine to the API server. While it is down (the machine was stopped, or the API
// server is) the kubelet's requests never arrive: its writes are lost, so the control plane hears nothing.
// Simplification: reads still answer from the store; a cut-off kubelet would work from its last-known state,
// and its pod watch is stopped, so it does not learn of changes anyway.
import type { Store } from '../apiserver/store.ts';

const WRITES = new Set<PropertyKey>(['create', 'update', 'patch', 'delete']);

export class ApiLink {
  /** False while the machine is stopped. */
  up = true;
  /** The store as this machine's kubelet reaches it. */
  readonly store: Store;

  constructor(target: Store) {
    const methods = new Map<PropertyKey, unknown>();
    this.store = new Proxy(target, {
      get: (t, prop) => {
        const v: unknown = Reflect.get(t, prop, t);
        if (typeof v !== 'function') return v;
        let m = methods.get(prop);
        if (!m) methods.set(prop, (m = WRITES.has(prop) ? this.gated(t, v as (...args: unknown[]) => unknown) : v.bind(t)));
        return m;
      },
    });
  }

  /** A lost write hands back what the caller sent (create, update) or what is stored (delete, patch). */
  private gated(t: Store, write: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
    return (...args) => {
      if (this.up && t.available) return write.apply(t, args);
      return typeof args[0] === 'object' ? args[0] : t.tryGet(String(args[0]), args[1] as string | undefined, String(args[2]));
    };
  }
}

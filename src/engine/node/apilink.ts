// The network path from one machine to the API server. While it is down (the machine was stopped, or the API
// server is) the kubelet's requests never arrive: its writes are lost, so the control plane hears nothing.
// Simplification: reads still answer from the store; a cut-off kubelet would work from its last-known state,
// and its pod watch is stopped, so it does not learn of changes anyway.
import { Store } from '../apiserver/store.ts';

const WRITES = ['create', 'update', 'patch', 'delete'] as const;

/**
 * Per store, what every link reads through: the store's fields and getters, and its methods bound to it (set
 * once, not looked up on every call: the kubelets call them for every pod status).
 */
const reads = new WeakMap<Store, Store>();
function readsOf(target: Store): Store {
  let r = reads.get(target);
  if (r) return r;
  r = Object.create(target) as Store;
  for (const name of Object.getOwnPropertyNames(Store.prototype)) {
    const method: unknown = Object.getOwnPropertyDescriptor(Store.prototype, name)?.value;
    if (name !== 'constructor' && typeof method === 'function') Object.defineProperty(r, name, { value: method.bind(target) });
  }
  reads.set(target, r);
  return r;
}

export class ApiLink {
  /** False while the machine is stopped. */
  up = true;
  /** The store as this machine's kubelet reaches it: its own writes are gated, the rest is the store's. */
  readonly store: Store;

  constructor(target: Store) {
    const store = Object.create(readsOf(target)) as Store;
    for (const name of WRITES) Object.defineProperty(store, name, { value: this.gated(target, target[name] as (...args: unknown[]) => unknown) });
    this.store = store;
  }

  /** A lost write hands back what the caller sent (create, update) or what is stored (delete, patch). */
  private gated(t: Store, write: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
    return (...args) => {
      if (this.up && t.available) return write.apply(t, args);
      return typeof args[0] === 'object' ? args[0] : t.tryGet(String(args[0]), args[1] as string | undefined, String(args[2]));
    };
  }
}

// The shape every stored object shares. Concrete types come from kubernetes-types.
import type { ObjectMeta } from 'kubernetes-types/meta/v1';

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  spec?: unknown;
  status?: unknown;
  [field: string]: unknown;
}

/** Narrow a kubernetes-types object (whose apiVersion/kind/metadata are optional) to what the store holds. */
export type Stored<T> = T & KubeObject;

/** "namespace/name" for namespaced objects, "name" for cluster-scoped ones (client-go's MetaNamespaceKeyFunc). */
export function objectKey(obj: { metadata?: ObjectMeta }): string {
  const ns = obj.metadata?.namespace;
  return ns ? `${ns}/${obj.metadata?.name}` : `${obj.metadata?.name}`;
}

export function splitKey(key: string): { namespace: string | undefined; name: string } {
  const i = key.indexOf('/');
  return i < 0 ? { namespace: undefined, name: key } : { namespace: key.slice(0, i), name: key.slice(i + 1) };
}

/** A deep copy for objects that are JSON (every stored object is). */
export function deepCopy<T>(obj: T): T {
  return structuredClone(obj);
}

/** Freeze an object graph so that a component that writes into a shared cached object fails loudly. */
export function deepFreeze<T>(obj: T): T {
  if (obj && typeof obj === 'object' && !Object.isFrozen(obj)) freezeTree(obj);
  return obj;
}

/**
 * Freeze an object that is not frozen yet, then its parts that are not: arrays by index (for-in would walk
 * them by string keys), and no call for the strings and numbers that most fields hold.
 */
function freezeTree(obj: object): void {
  Object.freeze(obj);
  if (Array.isArray(obj)) {
    for (let i = 0; i < obj.length; i++) {
      const v: unknown = obj[i];
      if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) freezeTree(v);
    }
    return;
  }
  for (const k in obj) {
    const v: unknown = (obj as Record<string, unknown>)[k];
    if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) freezeTree(v);
  }
}

/** kubernetes-types marks server-set metadata readonly; the API server itself writes them. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };
export type MutableMeta = Mutable<ObjectMeta>;

// A request's way through the API server's handler chain for one user: the authorization filter (every read,
// write and subresource call is authorized with the verb kubectl's HTTP request would carry), for RBAC objects the
// policy-based storage's escalation check, and each response's warnings handed back to the client. Members of
// system:masters pass the first two. The store beneath is unchanged.
import type { KubeObject } from '../../api/object.ts';
import type { Store, WriteOptions } from '../store.ts';
import { checkAccess, isPrivileged, type UserInfo } from './authorizer.ts';
import { confirmNoEscalation, isRbacKind } from './escalation.ts';
import type { RequestAttributes } from './rules.ts';

/**
 * The store as the user's requests see it. `warn` gets each write's warnings (the response's Warning headers) as
 * the response comes back, failed or not; the caller's own warnings array, if it passes one, gets them too.
 */
export function storeForUser(store: Store, user: UserInfo, warn: (warning: string) => void = () => {}): Store {
  const privileged = isPrivileged(user);
  const attrs = (verb: string, kind: string, namespace: string | undefined, name?: string, subresource?: string): RequestAttributes => {
    const info = store.info(kind);
    return { verb, apiGroup: info.group, resource: info.plural, subresource, namespace: info.namespaced ? namespace : undefined, name };
  };
  const check = (a: RequestAttributes) => { if (!privileged) checkAccess(store, user, a); };
  const noEscalation = (obj: KubeObject) => { if (!privileged) confirmNoEscalation(store, store.kinds, user, obj); };
  /**
   * A write with the caller's options and the request's user (admission's attributes), its warnings handed to `warn`
   * once it returns or throws.
   */
  const write = <O extends WriteOptions, T>(opts: O | undefined, send: (opts: O & { warnings: string[] }) => T): T => {
    const warnings = opts?.warnings ?? [];
    const seen = warnings.length;
    try {
      return send({ ...(opts as O), warnings, request: { ...opts?.request, user } });
    } finally {
      for (let i = seen; i < warnings.length; i++) warn(warnings[i]);
    }
  };
  const methods: Partial<Record<keyof Store, unknown>> = {
    tryGet: (kind: string, ns: string | undefined, name: string) => { check(attrs('get', kind, ns, name)); return store.tryGet(kind, ns, name); },
    get: (kind: string, ns: string | undefined, name: string) => { check(attrs('get', kind, ns, name)); return store.get(kind, ns, name); },
    list: (kind: string, opts: Parameters<Store['list']>[1] = {}) => { check(attrs('list', kind, opts.namespace)); return store.list(kind, opts); },
    watch: (kind: string, opts: Parameters<Store['watch']>[1], handler: Parameters<Store['watch']>[2]) => { check(attrs('watch', kind, opts.namespace)); return store.watch(kind, opts, handler); },
    create: (obj: KubeObject, opts?: Parameters<Store['create']>[1]) => {
      // A create is a POST to the collection: its request carries no name.
      check(attrs('create', obj.kind, obj.metadata?.namespace));
      noEscalation(obj);
      return write(opts, (o) => store.create(obj, o));
    },
    update: (obj: KubeObject, opts: Parameters<Store['update']>[1] = {}) => {
      check(attrs('update', obj.kind, obj.metadata?.namespace, obj.metadata?.name, opts.subresource ?? opts.request?.subresource));
      if (isRbacKind(obj.kind)) noEscalation(obj);
      return write(opts, (o) => store.update(obj, o));
    },
    patch: (kind: string, ns: string | undefined, name: string, patch: unknown, opts: Parameters<Store['patch']>[4] = {}) => {
      check(attrs('patch', kind, ns, name, opts.subresource ?? opts.request?.subresource));
      // The escalation check sees the patched object, as the storage's update does.
      if (isRbacKind(kind) && !privileged) noEscalation(store.patch(kind, ns, name, patch, { ...opts, dryRun: true, request: { ...opts.request, user } }));
      return write(opts, (o) => store.patch(kind, ns, name, patch, o));
    },
    delete: (kind: string, ns: string | undefined, name: string, opts?: Parameters<Store['delete']>[3]) => { check(attrs('delete', kind, ns, name)); return store.delete(kind, ns, name, opts); },
    evict: (ns: string, name: string, opts?: Parameters<Store['evict']>[2]) => { check(attrs('create', 'Pod', ns, name, 'eviction')); return store.evict(ns, name, opts); },
    createToken: (ns: string, name: string, ...rest: [Parameters<Store['createToken']>[2], number?]) => { check(attrs('create', 'ServiceAccount', ns, name, 'token')); return store.createToken(ns, name, ...rest); },
    bind: (ns: string, pod: string, node: string) => { check(attrs('create', 'Pod', ns, pod, 'binding')); return store.bind(ns, pod, node); },
  };
  return new Proxy(store, {
    get(t, prop) {
      if (Object.hasOwn(methods, prop)) return methods[prop as keyof Store];
      const v: unknown = Reflect.get(t, prop, t);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
    },
    set(t, prop, value) {
      return Reflect.set(t, prop, value, t);
    },
  });
}

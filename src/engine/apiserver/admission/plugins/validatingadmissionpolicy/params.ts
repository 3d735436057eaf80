// A binding's parameters (generic.CollectParams): none without a paramKind or a paramRef; else the object paramRef
// names, or those its selector selects, in paramRef.namespace, the request's namespace for a namespaced paramKind,
// or cluster-wide. None found is a configuration error under parameterNotFoundAction Deny.
import type { ParamKind, ParamRef } from 'kubernetes-types/admissionregistration/v1';
import type { KindInfo } from '../../../../api/kinds.ts';
import { selectorFromLabelSelector } from '../../../../api/labels.ts';
import type { KubeObject } from '../../../../api/object.ts';
import type { AdmissionStore } from '../plugin.ts';

/** The paramKind's served kind; undefined when no such kind is served. */
export function paramKindInfo(store: AdmissionStore, pk: ParamKind): KindInfo | undefined {
  return store.kinds.forManifest(pk.apiVersion ?? '', pk.kind ?? '');
}

/** schema.GroupVersionKind's String(): "rules.example.com/v1, Kind=ReplicaLimit". */
export function gvkString(pk: ParamKind): string {
  const apiVersion = pk.apiVersion ?? '';
  return `${apiVersion.includes('/') ? apiVersion : `/${apiVersion}`}, Kind=${pk.kind ?? ''}`;
}

export type Params = { params: (KubeObject | null)[] } | { error: string };

export function collectParams(store: AdmissionStore, info: KindInfo | undefined, ref: ParamRef | undefined, namespace: string): Params {
  // Without a paramKind, or a binding that sets no paramRef, the policy runs once with params null.
  if (!info || !ref) return { params: [null] };
  let ns: string | undefined;
  if (info.namespaced) {
    ns = ref.namespace || namespace;
    if (!ns) return { error: 'cannot use namespaced paramRef in policy binding that matches cluster-scoped resources' };
  } else if (ref.namespace) return { error: 'paramRef.namespace must not be provided for a cluster-scoped `paramKind`' };
  let params: KubeObject[];
  if (ref.name) {
    const p = store.tryGet(info.kind, ns, ref.name);
    params = p ? [p] : [];
  } else {
    const selector = selectorFromLabelSelector(ref.selector ?? {});
    params = store.list(info.kind, ns ? { namespace: ns } : {}).filter((p) => selector.matches(p.metadata.labels ?? {}));
  }
  if (!params.length && ref.parameterNotFoundAction === 'Deny') return { error: 'no params found for policy binding with `Deny` parameterNotFoundAction' };
  return { params };
}

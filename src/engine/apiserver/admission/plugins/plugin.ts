// The admission plugin interface (k8s.io/apiserver/pkg/admission): the attributes of a request, mutating Admit and
// validating Validate, and NewForbidden's error shape.
import type { KindInfo, KindRegistry } from '../../../api/kinds.ts';
import type { KubeObject } from '../../../api/object.ts';
import type { SimClock } from '../../../sim/clock.ts';
import { forbidden, type StatusError } from '../../errors.ts';
import type { UserInfo } from '../../rbac/authorizer.ts';

export type Operation = 'CREATE' | 'UPDATE';

export interface Attributes {
  operation: Operation;
  kind: KindInfo;
  /** The object being written; mutating plugins change it in place. */
  object: KubeObject;
  /** The stored object on an update. */
  oldObject?: KubeObject;
  namespace: string | undefined;
  dryRun: boolean;
  /** Where a plugin's warnings go (warning.AddWarning), for the client to print; unset when no client listens. */
  warnings?: string[];
  /** Who sends the request (a kubectl command's user); unset for the control plane's own writes. */
  user?: UserInfo;
  /** The subresource written through ("scale" for kubectl scale); unset for the resource itself. */
  subresource?: string;
}

/**
 * What plugins read and write. Simplification: plugins read the store directly where upstream reads informer caches
 * with a live lookup on a miss; the simulated API server is one process, so its reads are never stale.
 */
export interface AdmissionStore {
  readonly kinds: KindRegistry;
  tryGet<T = KubeObject>(kind: string, namespace: string | undefined, name: string): (T & KubeObject) | undefined;
  list<T = KubeObject>(kind: string, opts?: { namespace?: string }): (T & KubeObject)[];
  count(kind: string): number;
  update<T extends KubeObject>(input: T, opts: { subresource: 'status' }): T;
}

export interface AdmissionHost {
  store: AdmissionStore;
  clock: SimClock;
}

export interface AdmissionPlugin {
  readonly name: string;
  /** Mutating admission: may change a.object; throws a StatusError to refuse. */
  admit?(a: Attributes): void;
  /** Validating admission: runs on the final object (after name generation and validation); throws to refuse. */
  validate?(a: Attributes): void;
}

/**
 * admission.NewForbidden: `pods "web-1" is forbidden: <reason>`. Before the name is generated (mutating admission
 * of a generateName create) the generateName stands in for it, as extractResourceName does.
 */
export function forbiddenFor(a: Attributes, reason: string): StatusError {
  const meta = a.object.metadata;
  return forbidden(a.kind, meta.name || meta.generateName || 'Unknown', reason);
}

// What the create generators share: the kinds kubectl's scheme knows even when the API server does not serve
// them (it can still print them with --dry-run=client), and object metadata as Go encodes a new object.
import type { KindInfo } from '../../../api/kinds.ts';
import { StatusError } from '../../../apiserver/errors.ts';
import type { KubectlContext } from '../../context.ts';

const known: KindInfo[] = [
  { kind: 'HorizontalPodAutoscaler', group: 'autoscaling', version: 'v2', plural: 'horizontalpodautoscalers', singular: 'horizontalpodautoscaler', shortNames: ['hpa'], namespaced: true, hasStatus: true },
  { kind: 'Secret', group: '', version: 'v1', plural: 'secrets', singular: 'secret', shortNames: [], namespaced: true, hasStatus: false },
  { kind: 'ServiceAccount', group: '', version: 'v1', plural: 'serviceaccounts', singular: 'serviceaccount', shortNames: ['sa'], namespaced: true, hasStatus: false },
  { kind: 'PriorityClass', group: 'scheduling.k8s.io', version: 'v1', plural: 'priorityclasses', singular: 'priorityclass', shortNames: ['pc'], namespaced: false, hasStatus: false },
  { kind: 'ResourceQuota', group: '', version: 'v1', plural: 'resourcequotas', singular: 'resourcequota', shortNames: ['quota'], namespaced: true, hasStatus: true },
];

/** The kind as the API server serves it, or as kubectl knows it when the server does not (served: false). */
export function servedKind(ctx: KubectlContext, kind: string): { info: KindInfo; served: boolean } {
  const info = ctx.store.kinds.byKindName(kind);
  if (info) return { info, served: true };
  const k = known.find((x) => x.kind === kind);
  if (!k) throw new Error(`no kind "${kind}" is known`);
  return { info: k, served: false };
}

/** The API server's 404 for a resource it does not serve. */
export function notServed(): StatusError {
  return new StatusError({ reason: 'NotFound', code: 404, message: 'the server could not find the requested resource' });
}

/** ObjectMeta of an object built on the client: Go encodes the unset creationTimestamp as null. */
export function newMeta(name: string, namespace?: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, ...(namespace ? { namespace } : {}), ...extra, creationTimestamp: null };
}

// The request as a policy sees it: its group/version/resource and kind, the subresource, and the objects —
// for the scale subresource an autoscaling/v1 Scale built from the object, as the scale REST storage hands to
// admission — and the `request` variable (an admission.k8s.io/v1 AdmissionRequest without object and oldObject).
import type { KindInfo } from '../../../../api/kinds.ts';
import { formatLabelSelector } from '../../../../api/labels.ts';
import type { KubeObject } from '../../../../api/object.ts';
import type { Attributes } from '../plugin.ts';
import type { LabelSelector } from 'kubernetes-types/meta/v1';

export interface GroupVersionResource { group: string; version: string; resource: string }
export interface GroupVersionKind { group: string; version: string; kind: string }

export interface PolicyRequest {
  attrs: Attributes;
  resource: GroupVersionResource;
  subresource: string;
  kind: GroupVersionKind;
  name: string;
  /** The request's namespace; a Namespace's own is its name (upstream's special case), cluster-scoped ones ''. */
  namespace: string;
  object: KubeObject | null;
  oldObject: KubeObject | null;
}

const SCALE_KIND: GroupVersionKind = { group: 'autoscaling', version: 'v1', kind: 'Scale' };

/** The Scale the scale subresource reads and writes (the registry's scaleFromDeployment and its kin). */
function scaleOf(obj: KubeObject): KubeObject {
  const spec = obj.spec as { replicas?: number; selector?: LabelSelector } | undefined;
  const status = obj.status as { replicas?: number } | undefined;
  const { name, namespace, uid, resourceVersion, creationTimestamp } = obj.metadata;
  const selector = spec?.selector ? formatLabelSelector(spec.selector) : '';
  return {
    apiVersion: 'autoscaling/v1', kind: 'Scale',
    metadata: { name, namespace, uid, resourceVersion, creationTimestamp },
    spec: { replicas: spec?.replicas ?? 0 },
    status: { replicas: status?.replicas ?? 0, ...(selector && selector !== '<none>' ? { selector } : {}) },
  };
}

export function policyRequest(a: Attributes): PolicyRequest {
  const info: KindInfo = a.kind;
  const subresource = a.subresource ?? '';
  const scale = subresource === 'scale';
  const view = (o: KubeObject | undefined) => (o ? (scale ? scaleOf(o) : o) : null);
  return {
    attrs: a,
    resource: { group: info.group, version: info.version, resource: info.plural },
    subresource,
    kind: scale ? SCALE_KIND : { group: info.group, version: info.version, kind: info.kind },
    name: a.object.metadata.name ?? '',
    namespace: info.kind === 'Namespace' && !info.group ? a.object.metadata.name ?? '' : a.namespace ?? '',
    object: view(a.object),
    oldObject: view(a.oldObject),
  };
}

/** The CEL `request` variable (cel.CreateAdmissionRequest), for the resource the policy matched. */
export function admissionRequest(r: PolicyRequest, matched: GroupVersionResource, matchedKind: GroupVersionKind): Record<string, unknown> {
  const user = r.attrs.user;
  return {
    kind: matchedKind,
    resource: matched,
    subResource: r.subresource,
    requestKind: r.kind,
    requestResource: r.resource,
    requestSubResource: r.subresource,
    name: r.name,
    namespace: r.attrs.namespace ?? '',
    operation: r.attrs.operation,
    userInfo: { username: user?.name ?? '', uid: user?.uid ?? '', groups: user?.groups ?? [], extra: user?.extra ?? {} },
    dryRun: r.attrs.dryRun,
    options: { apiVersion: 'meta.k8s.io/v1', kind: r.attrs.operation === 'CREATE' ? 'CreateOptions' : 'UpdateOptions' },
  };
}

// resource.k8s.io/v1beta1 (Dynamic Resource Allocation with structured parameters, v1.32): the four kinds' shapes
// (kubernetes-types has no v1beta1), the kinds the API server serves while the DynamicResourceAllocation gate is on,
// and the helpers the controller, the scheduler and the kubelet share (k8s.io/dynamic-resource-allocation).
import type { NodeSelector, Pod } from 'kubernetes-types/core/v1';
import type { ObjectMeta } from 'kubernetes-types/meta/v1';
import type { KindInfo } from './kinds.ts';

export const RESOURCE_GROUP = 'resource.k8s.io';
export const RESOURCE_VERSION = 'v1beta1';
export const RESOURCE_API_VERSION = `${RESOURCE_GROUP}/${RESOURCE_VERSION}`;
export const DRA_FEATURE = 'DynamicResourceAllocation';

export const DRA_KINDS: KindInfo[] = [
  { kind: 'DeviceClass', group: RESOURCE_GROUP, version: RESOURCE_VERSION, plural: 'deviceclasses', singular: 'deviceclass', shortNames: [], namespaced: false, hasStatus: false },
  { kind: 'ResourceClaim', group: RESOURCE_GROUP, version: RESOURCE_VERSION, plural: 'resourceclaims', singular: 'resourceclaim', shortNames: [], namespaced: true, hasStatus: true },
  { kind: 'ResourceClaimTemplate', group: RESOURCE_GROUP, version: RESOURCE_VERSION, plural: 'resourceclaimtemplates', singular: 'resourceclaimtemplate', shortNames: [], namespaced: true, hasStatus: false },
  { kind: 'ResourceSlice', group: RESOURCE_GROUP, version: RESOURCE_VERSION, plural: 'resourceslices', singular: 'resourceslice', shortNames: [], namespaced: false, hasStatus: false },
];

export interface DeviceSelector { cel?: { expression: string } }
export interface DeviceClassConfiguration { opaque?: { driver: string; parameters: unknown } }
export interface DeviceClass {
  apiVersion?: string; kind?: string; metadata: ObjectMeta;
  spec: { selectors?: DeviceSelector[]; config?: DeviceClassConfiguration[] };
}

export type AllocationMode = 'ExactCount' | 'All';
export interface DeviceRequest {
  name: string;
  deviceClassName: string;
  selectors?: DeviceSelector[];
  allocationMode?: AllocationMode;
  count?: number;
  adminAccess?: boolean;
}
export interface DeviceConstraint { requests?: string[]; matchAttribute?: string }
export interface DeviceClaim { requests?: DeviceRequest[]; constraints?: DeviceConstraint[]; config?: ({ requests?: string[] } & DeviceClassConfiguration)[] }
export interface ResourceClaimSpec { devices?: DeviceClaim }

export interface DeviceRequestAllocationResult { request: string; driver: string; pool: string; device: string; adminAccess?: boolean }
export interface AllocationResult { devices?: { results?: DeviceRequestAllocationResult[]; config?: unknown[] }; nodeSelector?: NodeSelector }
export interface ResourceClaimConsumerReference { apiGroup?: string; resource: string; name: string; uid: string }
export interface ResourceClaim {
  apiVersion?: string; kind?: string; metadata: ObjectMeta;
  spec: ResourceClaimSpec;
  status?: { allocation?: AllocationResult; reservedFor?: ResourceClaimConsumerReference[]; devices?: unknown[] };
}
export interface ResourceClaimTemplate {
  apiVersion?: string; kind?: string; metadata: ObjectMeta;
  spec: { metadata?: ObjectMeta; spec: ResourceClaimSpec };
}

/** One of int, bool, string, version. */
export interface DeviceAttribute { int?: number; bool?: boolean; string?: string; version?: string }
export interface Device { name: string; basic?: { attributes?: Record<string, DeviceAttribute>; capacity?: Record<string, { value: string }> } }
export interface ResourceSlice {
  apiVersion?: string; kind?: string; metadata: ObjectMeta;
  spec: {
    driver: string;
    pool: { name: string; generation: number; resourceSliceCount: number };
    nodeName?: string; nodeSelector?: NodeSelector; allNodes?: boolean;
    devices?: Device[];
  };
}

/** ResourceClaimReservedForMaxSize: at most this many consumers share one claim. */
export const RESERVED_FOR_MAX_SIZE = 32;
/** The annotation on a generated claim naming the pod.spec.resourceClaims entry it was made for. */
export const POD_CLAIM_NAME_ANNOTATION = 'resource.kubernetes.io/pod-claim-name';

/** v1.32's PodResourceClaim (kubernetes-types 1.30 still has the older `source`). */
export interface PodResourceClaim { name: string; resourceClaimName?: string; resourceClaimTemplateName?: string }
export interface PodResourceClaimStatus { name: string; resourceClaimName?: string }

export function podResourceClaims(pod: Pod): PodResourceClaim[] {
  return ((pod.spec as { resourceClaims?: PodResourceClaim[] } | undefined)?.resourceClaims) ?? [];
}

export class ClaimNameError extends Error {}

/**
 * resourceclaim.Name: the claim a pod's entry refers to — its resourceClaimName, or (for a template) the name
 * the controller recorded in the pod's status; null when the controller decided no claim is needed.
 */
export function claimNameFor(pod: Pod, pc: PodResourceClaim): { name: string | null; mustCheckOwner: boolean } {
  if (pc.resourceClaimName) return { name: pc.resourceClaimName, mustCheckOwner: false };
  if (pc.resourceClaimTemplateName) {
    const st = ((pod.status as { resourceClaimStatuses?: PodResourceClaimStatus[] } | undefined)?.resourceClaimStatuses ?? []).find((s) => s.name === pc.name);
    if (st) return { name: st.resourceClaimName ?? null, mustCheckOwner: true };
    throw new ClaimNameError(`pod "${pod.metadata?.namespace}/${pod.metadata?.name}": ResourceClaim not created yet`);
  }
  throw new ClaimNameError(`pod "${pod.metadata?.namespace}/${pod.metadata?.name}", spec.resourceClaim ${JSON.stringify(pc.name)}: none of the supported fields are set`);
}

/** resourceclaim.IsForPod: a generated claim must be controlled by the pod. */
export function isForPod(pod: Pod, claim: ResourceClaim): string | undefined {
  const owner = claim.metadata.ownerReferences?.find((r) => r.controller);
  if (owner?.uid === pod.metadata?.uid) return undefined;
  return `ResourceClaim ${claim.metadata.namespace}/${claim.metadata.name} was not created for pod ${pod.metadata?.namespace}/${pod.metadata?.name} (pod is not owner)`;
}

export function isReservedForPod(pod: Pod, claim: ResourceClaim): boolean {
  return (claim.status?.reservedFor ?? []).some((r) => r.resource === 'pods' && r.uid === pod.metadata?.uid);
}

/** resourceclaim.CanBeReserved: room for one more consumer. */
export function canBeReserved(claim: ResourceClaim): boolean {
  return (claim.status?.reservedFor?.length ?? 0) < RESERVED_FOR_MAX_SIZE;
}

/** "driver/pool/device": a device's identity across slices. */
export function deviceId(driver: string, pool: string, device: string): string { return `${driver}/${pool}/${device}`; }

export function podConsumerRef(pod: Pod): ResourceClaimConsumerReference {
  return { resource: 'pods', name: pod.metadata!.name!, uid: pod.metadata!.uid! };
}


// DynamicResources (pkg/scheduler/framework/plugins/dynamicresources), structured parameters only: a pod's
// ResourceClaims must exist (PreEnqueue), be allocatable on the node (Filter: the allocator of
// dynamicresources/allocator.ts over the node's ResourceSlices, devices held by other claims taken), and are
// written at PreBind: status.allocation with the node selector, and the pod in status.reservedFor. An allocated
// claim is shared: a pod may use it where its node selector allows, while reservedFor has room.
// Simplifications: no delete-protection finalizer on an allocated claim; the plugin does nothing while the
// DynamicResourceAllocation gate is off (upstream it is not part of the defaults then either).
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { termMatches } from '../../api/nodeaffinity.ts';
import { canBeReserved, claimNameFor, ClaimNameError, deviceId, isForPod, isReservedForPod, podConsumerRef, podResourceClaims, type AllocationResult, type DeviceClass, type ResourceClaim, type ResourceSlice } from '../../api/resource.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { Store } from '../../apiserver/store.ts';
import type { CycleState, FilterPlugin, NodeToStatus, PostFilterPlugin, PreBindPlugin, PreEnqueuePlugin, PreFilterPlugin, ReservePlugin } from '../framework/interface.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { Status } from '../framework/status.ts';
import { allocate, AllocationError } from './dynamicresources/allocator.ts';

export const ERR_CANNOT_ALLOCATE = 'cannot allocate all claims';
export const ERR_NOT_AVAILABLE = 'resourceclaim not available on the node';
export const ERR_IN_USE = 'resourceclaim in use';

const STATE_KEY = 'DynamicResources';

interface StateData {
  claims: ResourceClaim[];
  /** Indexes into claims of those still to allocate. */
  toAllocate: number[];
  /** Per node, the allocations Filter found for the claims to allocate (toAllocate's order). */
  byNode: Map<string, AllocationResult[]>;
}

export class DynamicResources implements PreEnqueuePlugin, PreFilterPlugin, FilterPlugin, PostFilterPlugin, ReservePlugin, PreBindPlugin {
  readonly name = 'DynamicResources';
  /** Allocations between Reserve and PreBind (the in-flight claims of upstream's assume cache): claim uid → result. */
  private readonly inFlight = new Map<string, AllocationResult>();

  constructor(private readonly store: Store, private readonly enabled: () => boolean) {}

  preEnqueue(pod: Pod): Status {
    if (!this.enabled()) return Status.success();
    try {
      this.podClaims(pod);
      return Status.success();
    } catch (e) {
      if (e instanceof ClaimNameError) return Status.unresolvable(e.message);
      throw e;
    }
  }

  preFilter(state: CycleState, pod: Pod): { status: Status } {
    if (!this.enabled() || !podResourceClaims(pod).length) return { status: Status.skip() };
    let claims: ResourceClaim[];
    try {
      claims = this.podClaims(pod);
    } catch (e) {
      if (e instanceof ClaimNameError) return { status: Status.unresolvable(e.message) };
      throw e;
    }
    if (!claims.length) return { status: Status.skip() };
    const toAllocate: number[] = [];
    for (let i = 0; i < claims.length; i++) {
      const c = claims[i];
      if (this.allocationOf(c)) {
        if (!isReservedForPod(pod, c) && !canBeReserved(c)) return { status: Status.unresolvable(ERR_IN_USE) };
        continue;
      }
      for (const r of c.spec.devices?.requests ?? []) {
        if (!this.store.tryGet<DeviceClass>('DeviceClass', undefined, r.deviceClassName)) return { status: Status.unresolvable(`request ${r.name}: device class ${r.deviceClassName} does not exist`) };
      }
      toAllocate.push(i);
    }
    state.writeForBinding(STATE_KEY, { claims, toAllocate, byNode: new Map() } satisfies StateData);
    return { status: Status.success() };
  }

  filter(state: CycleState, _pod: Pod, nodeInfo: NodeInfo): Status {
    const data = state.read<StateData>(STATE_KEY);
    if (!data) return Status.success();
    const node = nodeInfo.node as Node;
    for (const c of data.claims) {
      const sel = this.allocationOf(c)?.nodeSelector;
      if (sel && !sel.nodeSelectorTerms.some((t) => termMatches(t, node))) return Status.unresolvable(ERR_NOT_AVAILABLE);
    }
    if (!data.toAllocate.length) return Status.success();
    try {
      const result = allocate({
        claims: data.toAllocate.map((i) => data.claims[i]),
        deviceClass: (name) => this.store.tryGet<DeviceClass>('DeviceClass', undefined, name),
        slices: this.store.list<ResourceSlice>('ResourceSlice'),
        allocated: this.allocatedDevices(),
      }, node);
      if (!result) return Status.unresolvable(ERR_CANNOT_ALLOCATE);
      data.byNode.set(node.metadata!.name!, result);
      return Status.success();
    } catch (e) {
      if (e instanceof AllocationError) return Status.error(e.message);
      throw e;
    }
  }

  /** A claim allocated but reserved for no one may be why the pod fits nowhere: deallocate it and try again. */
  postFilter(state: CycleState, _pod: Pod, _filtered: NodeToStatus): { status: Status } {
    const data = state.read<StateData>(STATE_KEY);
    if (!this.enabled() || !data?.claims.length) return { status: Status.unschedulable() };
    for (const c of data.claims) {
      if (c.status?.allocation && !c.status.reservedFor?.length) {
        try {
          this.store.update({ ...c, status: { ...c.status, allocation: undefined, reservedFor: undefined } } as never, { subresource: 'status' });
        } catch (e) {
          if (isStatusError(e)) return { status: Status.error(e.message) };
          throw e;
        }
        return { status: Status.unschedulable('deallocation of ResourceClaim completed') };
      }
    }
    return { status: Status.unschedulable('still not schedulable') };
  }

  reserve(state: CycleState, _pod: Pod, nodeName: string): Status {
    const data = state.read<StateData>(STATE_KEY);
    if (!data?.toAllocate.length) return Status.success();
    const results = data.byNode.get(nodeName);
    if (!results) return Status.error(`internal error: no allocation for node ${nodeName}`);
    data.toAllocate.forEach((ci, k) => this.inFlight.set(data.claims[ci].metadata.uid!, results[k]));
    return Status.success();
  }

  unreserve(state: CycleState, pod: Pod): void {
    const data = state.read<StateData>(STATE_KEY);
    if (!data) return;
    for (const ci of data.toAllocate) this.inFlight.delete(data.claims[ci].metadata.uid!);
    for (const c of data.claims) {
      const cur = this.store.tryGet<ResourceClaim>('ResourceClaim', c.metadata.namespace, c.metadata.name!);
      if (!cur || !isReservedForPod(pod, cur)) continue;
      const reservedFor = cur.status!.reservedFor!.filter((r) => r.uid !== pod.metadata?.uid);
      this.store.update({ ...cur, status: { ...cur.status, reservedFor: reservedFor.length ? reservedFor : undefined } } as never, { subresource: 'status' });
    }
  }

  /** Write each claim's allocation (if new) and reserve it for the pod. */
  preBind(state: CycleState, pod: Pod): Status {
    const data = state.read<StateData>(STATE_KEY);
    if (!data) return Status.success();
    for (const c of data.claims) {
      const uid = c.metadata.uid!;
      const cur = this.store.tryGet<ResourceClaim>('ResourceClaim', c.metadata.namespace, c.metadata.name!);
      if (!cur || cur.metadata.uid !== uid) return Status.error(`resourceclaim "${c.metadata.name}" was deleted or replaced`);
      if (isReservedForPod(pod, cur)) continue;
      const allocation = cur.status?.allocation ?? this.inFlight.get(uid);
      if (!allocation) return Status.error(`resourceclaim "${c.metadata.name}": no allocation`);
      try {
        this.store.update({ ...cur, status: { ...cur.status, allocation, reservedFor: [...(cur.status?.reservedFor ?? []), podConsumerRef(pod)] } } as never, { subresource: 'status' });
      } catch (e) {
        if (isStatusError(e)) return Status.error(`update of ResourceClaim status: ${e.message}`);
        throw e;
      }
      this.inFlight.delete(uid);
    }
    return Status.success();
  }

  /** The pod's claims in its order (a template entry the controller decided needs none is left out). */
  private podClaims(pod: Pod): ResourceClaim[] {
    const out: ResourceClaim[] = [];
    const ns = pod.metadata?.namespace ?? 'default';
    for (const pc of podResourceClaims(pod)) {
      const { name, mustCheckOwner } = claimNameFor(pod, pc);
      if (name === null) continue;
      const claim = this.store.tryGet<ResourceClaim>('ResourceClaim', ns, name);
      if (!claim) throw new ClaimNameError(`resourceclaim.resource.k8s.io "${name}" not found`);
      if (claim.metadata.deletionTimestamp) throw new ClaimNameError(`resourceclaim "${name}" is being deleted`);
      if (mustCheckOwner) {
        const err = isForPod(pod, claim);
        if (err) throw new ClaimNameError(err);
      }
      out.push(claim);
    }
    return out;
  }

  private allocationOf(c: ResourceClaim): AllocationResult | undefined {
    return c.status?.allocation ?? this.inFlight.get(c.metadata.uid!);
  }

  /** Every device allocated to some claim, written or in flight. */
  private allocatedDevices(): Set<string> {
    const out = new Set<string>();
    const add = (a: AllocationResult | undefined) => { for (const r of a?.devices?.results ?? []) out.add(deviceId(r.driver, r.pool, r.device)); };
    for (const c of this.store.list<ResourceClaim>('ResourceClaim')) add(c.status?.allocation);
    for (const a of this.inFlight.values()) add(a);
    return out;
  }
}

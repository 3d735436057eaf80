// The structured parameters allocator (k8s.io/dynamic-resource-allocation/structured): for one node, pick devices
// from the ResourceSlices that reach it for every request of every claim — devices of the request's DeviceClass
// that pass the class's and the request's CEL selectors, not allocated to another claim, and for a matchAttribute
// constraint all with one value of that attribute — searching with backtracking as upstream does.
// Simplification: no admin access, no per-request or class config copied into the result, pools are read as
// published (a pool whose slices disagree on the generation uses the newest ones).
import type { Node, NodeSelector } from 'kubernetes-types/core/v1';
import { termMatches } from '../../../api/nodeaffinity.ts';
import { CelError } from '../../../api/cel/cel.ts';
import { deviceId, type AllocationResult, type Device, type DeviceClass, type DeviceConstraint, type DeviceRequest, type ResourceClaim, type ResourceSlice } from '../../../api/resource.ts';
import { celDevice, selectorMatches } from './celdevice.ts';

/** An allocation cannot even be attempted (a CEL runtime error, a pool being updated): the Filter's Error. */
export class AllocationError extends Error {}

export interface PoolDevice { driver: string; pool: string; device: Device; id: string; nodeLocal: boolean; cel?: Record<string, unknown> }

/** GatherPools: the devices of the slices that reach the node, newest generation per pool, sorted by driver and pool. */
export function gatherDevices(slices: readonly ResourceSlice[], node: Node): { devices: PoolDevice[]; incomplete: Set<string> } {
  const pools = new Map<string, ResourceSlice[]>();
  for (const s of slices) {
    const nodeLocal = s.spec.nodeName === node.metadata?.name;
    const reaches = nodeLocal || s.spec.allNodes === true || (s.spec.nodeSelector?.nodeSelectorTerms ?? []).some((t) => termMatches(t, node));
    if (!reaches) continue;
    const key = `${s.spec.driver}/${s.spec.pool.name}`;
    const list = pools.get(key) ?? [];
    if (list.length && list[0].spec.pool.generation > s.spec.pool.generation) continue;
    if (list.length && list[0].spec.pool.generation < s.spec.pool.generation) list.length = 0;
    list.push(s);
    pools.set(key, list);
  }
  const devices: PoolDevice[] = [];
  const incomplete = new Set<string>();
  for (const key of [...pools.keys()].sort()) {
    const list = pools.get(key)!.sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''));
    if (list.length < list[0].spec.pool.resourceSliceCount) incomplete.add(key);
    for (const s of list) for (const d of s.spec.devices ?? []) {
      devices.push({ driver: s.spec.driver, pool: s.spec.pool.name, device: d, id: deviceId(s.spec.driver, s.spec.pool.name, d.name), nodeLocal: s.spec.nodeName !== undefined && s.spec.nodeName !== '' });
    }
  }
  return { devices, incomplete };
}

export interface AllocateInput {
  /** The claims to allocate, in the pod's order. */
  claims: readonly ResourceClaim[];
  deviceClass(name: string): DeviceClass | undefined;
  slices: readonly ResourceSlice[];
  /** Devices (deviceId) allocated to other claims, or in flight for them. */
  allocated: ReadonlySet<string>;
}

interface Slot { claim: number; request: DeviceRequest; /** The candidate index the previous slot of the same request took (combinations, not orders). */ sameAsPrevious: boolean; candidates: number[] }

/**
 * Allocate every claim on the node: one AllocationResult per claim, or undefined when they do not all fit.
 * Throws an AllocationError when the attempt itself fails (a missing class, a CEL runtime error).
 */
export function allocate(input: AllocateInput, node: Node): AllocationResult[] | undefined {
  const { devices, incomplete } = gatherDevices(input.slices, node);
  const nodeName = node.metadata?.name ?? '';
  const slots: Slot[] = [];
  const pinned: { claim: number; request: string; device: number }[] = [];
  input.claims.forEach((claim, ci) => {
    const claimName = `${claim.metadata.namespace}/${claim.metadata.name}`;
    for (const r of claim.spec.devices?.requests ?? []) {
      const cls = input.deviceClass(r.deviceClassName);
      if (!cls) throw new AllocationError(`claim ${claimName}, request ${r.name}: could not retrieve device class ${r.deviceClassName}: deviceclass.resource.k8s.io "${r.deviceClassName}" not found`);
      const candidates: number[] = [];
      devices.forEach((d, di) => { if (matches(d, cls, r, claimName)) candidates.push(di); });
      if ((r.allocationMode ?? 'ExactCount') === 'All') {
        for (const di of candidates) {
          const d = devices[di];
          if (incomplete.has(`${d.driver}/${d.pool}`)) throw new AllocationError(`claim ${claimName}, request ${r.name}: asks for all devices, but resource pool ${d.driver}/${d.pool} is currently being updated`);
        }
        // All matching devices, or none of the request can be satisfied.
        if (!candidates.length || candidates.some((di) => input.allocated.has(devices[di].id))) { pinned.push({ claim: ci, request: r.name, device: -1 }); continue; }
        for (const di of candidates) pinned.push({ claim: ci, request: r.name, device: di });
        continue;
      }
      const free = candidates.filter((di) => !input.allocated.has(devices[di].id));
      for (let k = 0; k < (r.count ?? 1); k++) slots.push({ claim: ci, request: r, sameAsPrevious: k > 0, candidates: free });
    }
  });
  if (pinned.some((p) => p.device < 0)) return undefined;
  const chosen: { claim: number; request: string; device: number; pos: number }[] = pinned.map((p) => ({ ...p, pos: -1 }));
  const used = new Set(pinned.map((p) => p.device));
  if (new Set(pinned.map((p) => p.device)).size !== pinned.length) return undefined;
  if (!constraintsHold(input.claims, devices, chosen)) return undefined;
  const search = (i: number): boolean => {
    if (i === slots.length) return true;
    const s = slots[i];
    const from = s.sameAsPrevious ? chosen[chosen.length - 1].pos + 1 : 0;
    for (let pos = from; pos < s.candidates.length; pos++) {
      const di = s.candidates[pos];
      if (used.has(di)) continue;
      chosen.push({ claim: s.claim, request: s.request.name, device: di, pos });
      used.add(di);
      if (constraintsHold(input.claims, devices, chosen) && search(i + 1)) return true;
      chosen.pop();
      used.delete(di);
    }
    return false;
  };
  if (!search(0)) return undefined;
  return input.claims.map((_, ci) => {
    const mine = chosen.filter((c) => c.claim === ci);
    const results = mine.map((c) => ({ request: c.request, driver: devices[c.device].driver, pool: devices[c.device].pool, device: devices[c.device].device.name }));
    const nodeLocal = mine.length > 0 && mine.every((c) => devices[c.device].nodeLocal);
    return { devices: { results }, ...(nodeLocal ? { nodeSelector: nodeNameSelector(nodeName) } : {}) };
  });
}

/** The selector an allocation of node-local devices gets: matchFields metadata.name In [node]. */
export function nodeNameSelector(node: string): NodeSelector {
  return { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [node] }] }] };
}

function matches(d: PoolDevice, cls: DeviceClass, r: DeviceRequest, claimName: string): boolean {
  d.cel ??= celDevice(d.driver, d.device);
  const run = (exprs: (string | undefined)[], where: string) => exprs.every((expr, i) => {
    if (expr === undefined) return true;
    try {
      return selectorMatches(expr, d.cel!);
    } catch (e) {
      if (e instanceof CelError) throw new AllocationError(`${where}: selector #${i}: CEL runtime error: ${e.message}`);
      throw e;
    }
  });
  return run((cls.spec?.selectors ?? []).map((s) => s.cel?.expression), `class ${cls.metadata.name}`)
    && run((r.selectors ?? []).map((s) => s.cel?.expression), `claim ${claimName}, request ${r.name}`);
}

/** matchAttribute: the devices of the constraint's requests (all of the claim's when it lists none) agree on it. */
function constraintsHold(claims: readonly ResourceClaim[], devices: PoolDevice[], chosen: { claim: number; request: string; device: number }[]): boolean {
  return claims.every((claim, ci) => (claim.spec.devices?.constraints ?? []).every((c: DeviceConstraint) => {
    if (!c.matchAttribute) return true;
    const picked = chosen.filter((x) => x.claim === ci && (!c.requests?.length || c.requests.includes(x.request)));
    const [domain, id] = c.matchAttribute.split('/');
    const values = picked.map((x) => {
      const d = devices[x.device];
      d.cel ??= celDevice(d.driver, d.device);
      return ((d.cel.attributes as Record<string, Record<string, unknown>>)[domain] ?? {})[id];
    });
    return values.every((v) => v !== undefined && v === values[0]);
  }));
}

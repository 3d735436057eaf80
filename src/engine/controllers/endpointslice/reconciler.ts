// The EndpointSlice reconciler (pkg/controller/endpointslice/reconciler.go), as a pure plan: per port set,
// existing slices keep the endpoints still wanted (updated in place), stale ones leave, new ones fill the
// slices with room first and then new slices of at most maxEndpointsPerSlice. A Service without endpoints
// keeps one placeholder slice with no ports and no endpoints. Creates reuse slices that would be deleted.
// Simplification: no "fewest slices" repacking pass and no topology hints.
import type { Endpoint, EndpointPort, EndpointSlice } from 'kubernetes-types/discovery/v1';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { portsKey } from './endpoints.ts';

/** --max-endpoints-per-slice default. */
export const MAX_ENDPOINTS_PER_SLICE = 100;

export interface DesiredSet { ports: EndpointPort[]; endpoints: Endpoint[] }

export interface SlicePlan {
  /** New slices: endpoints and ports only; the controller adds the metadata. */
  create: { ports: EndpointPort[]; endpoints: Endpoint[] }[];
  /** Existing slices with new endpoints (same name), and new ports when a create took the slice over. */
  update: { slice: EndpointSlice; endpoints: Endpoint[]; ports?: EndpointPort[] }[];
  delete: EndpointSlice[];
}

const epKey = (e: Endpoint): string => e.addresses[0];

export function isPlaceholder(s: EndpointSlice): boolean {
  return !(s.ports ?? []).length && !(s.endpoints ?? []).length;
}

/**
 * `owned`: whether a slice belongs to this Service (its controller reference), so that a create may take it over;
 * slices of an earlier Service of the same name are left to the garbage collector.
 */
export function planSlices(desired: Map<string, DesiredSet>, existing: EndpointSlice[], max = MAX_ENDPOINTS_PER_SLICE, owned: (s: EndpointSlice) => boolean = () => true): SlicePlan {
  const plan: SlicePlan = { create: [], update: [], delete: [] };
  const byKey = new Map<string, EndpointSlice[]>();
  const placeholders: EndpointSlice[] = [];
  for (const s of existing) {
    if (isPlaceholder(s)) { placeholders.push(s); continue; }
    const k = portsKey(s.ports ?? []);
    if (!desired.has(k)) { plan.delete.push(s); continue; }
    const list = byKey.get(k) ?? [];
    list.push(s);
    byKey.set(k, list);
  }
  let total = 0;
  for (const [k, want] of desired) {
    total += want.endpoints.length;
    const pending = new Map(want.endpoints.map((e) => [epKey(e), e]));
    const kept: { slice: EndpointSlice; endpoints: Endpoint[] }[] = [];
    for (const s of byKey.get(k) ?? []) {
      const eps: Endpoint[] = [];
      for (const e of s.endpoints ?? []) {
        const w = pending.get(epKey(e));
        if (!w) continue;
        pending.delete(epKey(e));
        eps.push(w);
      }
      kept.push({ slice: s, endpoints: eps });
    }
    const rest = [...pending.values()];
    // Fill slices that have room, fullest first (fewer writes to more slices later).
    for (const k2 of [...kept].sort((a, b) => b.endpoints.length - a.endpoints.length)) {
      while (rest.length && k2.endpoints.length < max && k2.endpoints.length > 0) k2.endpoints.push(rest.shift()!);
    }
    for (const k2 of kept) {
      while (rest.length && k2.endpoints.length < max) k2.endpoints.push(rest.shift()!);
      if (!k2.endpoints.length) plan.delete.push(k2.slice);
      else if (!jsonEqual(k2.endpoints, k2.slice.endpoints ?? [])) plan.update.push(k2);
    }
    for (let i = 0; i < rest.length; i += max) plan.create.push({ ports: want.ports, endpoints: rest.slice(i, i + max) });
  }
  if (total === 0) {
    // One placeholder stays; surplus ones go.
    if (!placeholders.length) plan.create.push({ ports: [], endpoints: [] });
    plan.delete.push(...placeholders.slice(1));
  } else plan.delete.push(...placeholders);
  reuseDeleted(plan, owned);
  return plan;
}

/**
 * finalize's last step: creates become updates of slices that would otherwise be deleted (the last create takes
 * the first such slice), so a placeholder turns into the Service's first real slice under its own name.
 */
function reuseDeleted(plan: SlicePlan, owned: (s: EndpointSlice) => boolean): void {
  for (let i = 0; i < plan.delete.length && plan.create.length > 0;) {
    const slice = plan.delete[i];
    if (!owned(slice)) { i++; continue; }
    const c = plan.create.pop()!;
    plan.update.push({ slice, endpoints: c.endpoints, ports: c.ports });
    plan.delete.splice(i, 1);
  }
}

// A pod's effective requests and limits as Quantities (component-helpers resource.PodRequests / PodLimits):
// app containers summed, sidecars (restartable init containers) added, each regular init container counted
// with the sidecars started before it, the larger of the two kept, overhead added.
import type { Pod } from 'kubernetes-types/core/v1';
import { Quantity } from '../../../api/quantity.ts';

export type QuantityList = Map<string, Quantity>;

function toList(raw: Record<string, string> | undefined): QuantityList {
  const out: QuantityList = new Map();
  for (const [k, v] of Object.entries(raw ?? {})) out.set(k, Quantity.parse(v));
  return out;
}

function addList(into: QuantityList, add: QuantityList): void {
  for (const [k, q] of add) {
    const cur = into.get(k);
    into.set(k, cur ? cur.add(q) : q);
  }
}

function maxList(into: QuantityList, other: QuantityList): void {
  for (const [k, q] of other) {
    const cur = into.get(k);
    if (!cur || q.cmp(cur) > 0) into.set(k, q);
  }
}

function aggregate(pod: Pod, pick: 'requests' | 'limits'): QuantityList {
  const total: QuantityList = new Map();
  for (const c of pod.spec?.containers ?? []) addList(total, toList(c.resources?.[pick] as Record<string, string> | undefined));
  const sidecars: QuantityList = new Map();
  const inits: QuantityList = new Map();
  for (const c of pod.spec?.initContainers ?? []) {
    const own = toList(c.resources?.[pick] as Record<string, string> | undefined);
    let effective: QuantityList;
    if (c.restartPolicy === 'Always') {
      addList(total, own);
      addList(sidecars, own);
      effective = sidecars;
    } else {
      effective = new Map();
      addList(effective, own);
      addList(effective, sidecars);
    }
    maxList(inits, effective);
  }
  maxList(total, inits);
  return total;
}

export function podRequests(pod: Pod): QuantityList {
  const reqs = aggregate(pod, 'requests');
  addList(reqs, toList(pod.spec?.overhead as Record<string, string> | undefined));
  return reqs;
}

/** Overhead is added only to resources that have a limit. */
export function podLimits(pod: Pod): QuantityList {
  const limits = aggregate(pod, 'limits');
  for (const [k, q] of toList(pod.spec?.overhead as Record<string, string> | undefined)) {
    const cur = limits.get(k);
    if (cur) limits.set(k, cur.add(q));
  }
  return limits;
}

/** A missing resource reads as a zero quantity, printed "0". */
export function quantityOf(list: QuantityList, name: string): Quantity {
  return list.get(name) ?? Quantity.fromValue(0);
}

/** Canonical form of a stored quantity string ("0.5" → "500m"); kept as is if it does not parse. */
export function canonical(q: string | number): string {
  try {
    return Quantity.parse(q).toString();
  } catch {
    return String(q);
  }
}

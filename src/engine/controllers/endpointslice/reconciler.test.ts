import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Endpoint, EndpointPort, EndpointSlice } from 'kubernetes-types/discovery/v1';
import { planSlices, type DesiredSet } from './reconciler.ts';
import { portsKey } from './endpoints.ts';

const ports: EndpointPort[] = [{ name: '', port: 80, protocol: 'TCP' }];
const ep = (i: number): Endpoint => ({ addresses: [`10.244.${Math.floor(i / 250)}.${(i % 250) + 1}`], conditions: { ready: true } });
const desired = (n: number): Map<string, DesiredSet> => new Map([[portsKey(ports), { ports, endpoints: Array.from({ length: n }, (_, i) => ep(i)) }]]);
const slice = (name: string, eps: Endpoint[], p = ports): EndpointSlice => ({ metadata: { name }, addressType: 'IPv4', ports: p, endpoints: eps });

/** The slices after applying a plan to `existing` (new ones named new-N). */
function apply(existing: EndpointSlice[], plan: ReturnType<typeof planSlices>): EndpointSlice[] {
  const gone = new Set(plan.delete.map((s) => s.metadata?.name));
  const updated = new Map(plan.update.map((u) => [u.slice.metadata?.name, u.endpoints]));
  const out = existing.filter((s) => !gone.has(s.metadata?.name)).map((s) => ({ ...s, endpoints: updated.get(s.metadata?.name) ?? s.endpoints }));
  plan.create.forEach((c, i) => out.push(slice(`new-${i}`, c.endpoints, c.ports)));
  return out;
}

describe('EndpointSlice reconciler', () => {
  it('splits 250 endpoints into slices of at most 100', () => {
    const plan = planSlices(desired(250), []);
    expect(plan.create.map((c) => c.endpoints.length)).toEqual([100, 100, 50]);
  });

  it('keeps a single placeholder slice when there is no endpoint', () => {
    expect(planSlices(desired(0), []).create).toEqual([{ ports: [], endpoints: [] }]);
    const placeholder = slice('p', [], []);
    const plan = planSlices(new Map(), [placeholder, slice('q', [], [])]);
    expect(plan.create).toEqual([]);
    expect(plan.delete.map((s) => s.metadata?.name)).toEqual(['q']);
  });

  it('updates in place instead of recreating, and fills a slice with room first', () => {
    const existing = [slice('a', [ep(0), ep(1)])];
    const plan = planSlices(desired(3), existing);
    expect(plan.create).toEqual([]);
    expect(plan.update.map((u) => u.endpoints.length)).toEqual([3]);
  });

  it('property: every wanted endpoint is in exactly one slice, none over the limit, no stale ones', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 350 }), fc.integer({ min: 0, max: 350 }), fc.integer({ min: 1, max: 120 }), (before, after, max) => {
      const first = apply([], planSlices(desired(before), [], max));
      const second = apply(first, planSlices(desired(after), first, max));
      const addrs = second.flatMap((s) => (s.endpoints ?? []).map((e) => e.addresses[0]));
      expect(addrs.sort()).toEqual(desired(after).get(portsKey(ports))!.endpoints.map((e) => e.addresses[0]).sort());
      for (const s of second) expect((s.endpoints ?? []).length).toBeLessThanOrEqual(max);
      if (after === 0) expect(second).toHaveLength(1);
      else expect(second.every((s) => (s.endpoints ?? []).length > 0)).toBe(true);
    }), { numRuns: 200 });
  });
});

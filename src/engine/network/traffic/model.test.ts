import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1';
import fc from 'fast-check';
import { BASE_LATENCY_MS, MAX_QUEUE_MS, podCapacity, podCores, queueLimit, REQUESTS_PER_CORE, servePodLoad } from './model.ts';

const pod = (resources: { requests?: Record<string, string>; limits?: Record<string, string> }[]): Pod => ({ spec: { containers: resources.map((r, i) => ({ name: `c${i}`, resources: r })) } });

describe('request model', () => {
  it.each([
    [[{ requests: { cpu: '250m' } }], 0.25],
    [[{ requests: { cpu: '250m' }, limits: { cpu: '1' } }], 1],
    [[{ requests: { cpu: '100m' } }, { limits: { cpu: '500m' } }], 0.6],
    [[{}], 0.1],
  ])('cores of %j: %d', (res, cores) => {
    expect(podCores(pod(res))).toBeCloseTo(cores);
    expect(podCapacity(pod(res))).toBeCloseTo(cores * REQUESTS_PER_CORE);
  });

  it('latency grows with load and errors start at capacity', () => {
    const light = servePodLoad(10, 1, 100, 0.5);
    const busy = servePodLoad(90, 1, 100, 0.5);
    // Overload with a full queue (100 requests: MAX_QUEUE_MS of service): what exceeds capacity fails.
    const over = servePodLoad(150, 1, 100, 0.5, 100);
    expect(light.failed).toBe(0);
    expect(busy.failed).toBe(0);
    expect(busy.p50Ms).toBeGreaterThan(light.p50Ms);
    expect(busy.p99Ms).toBeGreaterThan(busy.p50Ms);
    expect(over.failed).toBe(50);
    expect(over.p99Ms).toBeLessThanOrEqual(BASE_LATENCY_MS + 2 * MAX_QUEUE_MS);
    expect(light.cpuMilli).toBe(50);
    expect(over.cpuMilli).toBe(500);
  });

  it('queues what exceeds capacity, drains the queue first, and fails only the overflow', () => {
    // 150 arrivals at capacity 100: 50 wait; the next second 100 more arrive, 100 are served, 50 still wait.
    const first = servePodLoad(150, 1, 100, 0.5);
    expect([first.served, first.failed, first.waiting]).toEqual([100, 0, 50]);
    expect(first.p50Ms).toBeGreaterThan(servePodLoad(99, 1, 100, 0.5).p50Ms);
    const second = servePodLoad(100, 1, 100, 0.5, first.waiting);
    expect([second.served, second.failed, second.waiting]).toEqual([100, 0, 50]);
    // An idle second drains it.
    expect(servePodLoad(0, 1, 100, 0.5, 50)).toMatchObject({ served: 50, failed: 0, waiting: 0, queueLength: 0 });
    // Below capacity the gauge is the M/M/1 mean queue ρ²/(1-ρ): 0.81/0.1 at ρ = 0.9.
    expect(servePodLoad(90, 1, 100, 0.5).queueLength).toBeCloseTo(8.1);
  });

  it('property: the queue is never negative nor above its bound, and no request is lost or made up', () => {
    fc.assert(fc.property(fc.array(fc.nat(2000), { minLength: 1, maxLength: 30 }), fc.integer({ min: 10, max: 1000 }), (arrivals, capacity) => {
      let waiting = 0;
      for (const n of arrivals) {
        const r = servePodLoad(n, 1, capacity, 1, waiting);
        expect(r.waiting).toBeGreaterThanOrEqual(0);
        expect(r.waiting).toBeLessThanOrEqual(queueLimit(capacity));
        expect(r.queueLength).toBeGreaterThanOrEqual(r.waiting);
        expect(r.failed).toBeGreaterThanOrEqual(0);
        expect(r.failed).toBeLessThanOrEqual(n);
        expect(waiting + n).toBe(r.served + r.failed + r.waiting);
        waiting = r.waiting;
      }
    }));
  });
});

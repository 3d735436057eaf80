import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1';
import { BASE_LATENCY_MS, MAX_QUEUE_MS, podCapacity, podCores, REQUESTS_PER_CORE, servePodLoad } from './model.ts';

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
    const over = servePodLoad(150, 1, 100, 0.5);
    expect(light.failed).toBe(0);
    expect(busy.failed).toBe(0);
    expect(busy.p50Ms).toBeGreaterThan(light.p50Ms);
    expect(busy.p99Ms).toBeGreaterThan(busy.p50Ms);
    expect(over.failed).toBe(50);
    expect(over.p99Ms).toBeLessThanOrEqual(BASE_LATENCY_MS + MAX_QUEUE_MS);
    expect(light.cpuMilli).toBe(50);
    expect(over.cpuMilli).toBe(500);
  });
});

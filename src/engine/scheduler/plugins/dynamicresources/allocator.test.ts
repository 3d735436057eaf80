import fc from 'fast-check';
import type { Node } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { deviceId, type DeviceClass, type DeviceRequest, type ResourceClaim, type ResourceSlice } from '../../../api/resource.ts';
import { allocate, AllocationError, nodeNameSelector } from './allocator.ts';

// Fixtures in the shape of upstream's structured allocator tests (driver-a, pool-1, class-a, claim-0, req-0 …).
const node = (name: string, labels: Record<string, string> = {}): Node => ({ metadata: { name, labels } });
const cls = (name: string, expr?: string): DeviceClass => ({ metadata: { name }, spec: expr ? { selectors: [{ cel: { expression: expr } }] } : {} });
const dev = (name: string, attrs: Record<string, { int?: number; string?: string }> = {}, memory?: string) => ({ name, basic: { attributes: attrs, ...(memory ? { capacity: { memory: { value: memory } } } : {}) } });
function slice(name: string, pool: string, devices: ReturnType<typeof dev>[], where: Partial<ResourceSlice['spec']> = { nodeName: 'node-1' }, generation = 1, count = 1, driver = 'driver-a'): ResourceSlice {
  return { metadata: { name }, spec: { driver, pool: { name: pool, generation, resourceSliceCount: count }, devices, ...where } };
}
const req = (name: string, r: Partial<DeviceRequest> = {}): DeviceRequest => ({ name, deviceClassName: 'class-a', allocationMode: 'ExactCount', count: 1, ...r });
function claim(name: string, requests: DeviceRequest[], constraints?: { requests?: string[]; matchAttribute: string }[]): ResourceClaim {
  return { metadata: { name, namespace: 'default', uid: name }, spec: { devices: { requests, ...(constraints ? { constraints } : {}) } } };
}
const classes = [cls('class-a', 'device.driver == "driver-a"'), cls('class-b', 'device.driver == "driver-b"')];
const byName = (n: string) => classes.find((c) => c.metadata.name === n);
const run = (claims: ResourceClaim[], slices: ResourceSlice[], allocated: string[] = [], n = node('node-1')) =>
  allocate({ claims, deviceClass: byName, slices, allocated: new Set(allocated) }, n);
const picked = (r: ReturnType<typeof run>) => r?.map((a) => a.devices!.results!.map((x) => `${x.request}:${x.pool}/${x.device}`));

describe('structured allocator (upstream test cases)', () => {
  const pool1 = slice('slice-1', 'pool-1', [dev('device-1'), dev('device-2')]);
  it.each([
    ['simple', [claim('claim-0', [req('req-0')])], [pool1], [], [['req-0:pool-1/device-1']]],
    ['other-node', [claim('claim-0', [req('req-0')])], [slice('slice-2', 'pool-2', [dev('device-1')], { nodeName: 'node-2' })], [], undefined],
    ['small-and-large', [claim('claim-0', [req('req-0'), req('req-1', { count: 2 })])], [slice('s', 'pool-1', [dev('device-1'), dev('device-2'), dev('device-3')])], [], [['req-0:pool-1/device-1', 'req-1:pool-1/device-2', 'req-1:pool-1/device-3']]],
    ['not-enough-suitable-devices', [claim('claim-0', [req('req-0', { count: 3 })])], [pool1], [], undefined],
    ['already-allocated-devices', [claim('claim-0', [req('req-0')])], [pool1], [deviceId('driver-a', 'pool-1', 'device-1')], [['req-0:pool-1/device-2']]],
    ['all-devices-single', [claim('claim-0', [req('req-0', { allocationMode: 'All', count: undefined })])], [pool1], [], [['req-0:pool-1/device-1', 'req-0:pool-1/device-2']]],
    ['all-devices-some-allocated', [claim('claim-0', [req('req-0', { allocationMode: 'All', count: undefined })])], [pool1], [deviceId('driver-a', 'pool-1', 'device-2')], undefined],
    ['devices-split-across-different-slices', [claim('claim-0', [req('req-0', { count: 2 })])],
      [slice('slice-1', 'pool-1', [dev('device-1')], { nodeName: 'node-1' }, 1, 2), slice('slice-2', 'pool-1', [dev('device-2')], { nodeName: 'node-1' }, 1, 2)], [], [['req-0:pool-1/device-1', 'req-0:pool-1/device-2']]],
    ['obsolete-slice', [claim('claim-0', [req('req-0')])],
      [slice('slice-old', 'pool-1', [dev('device-old')], { nodeName: 'node-1' }, 1), slice('slice-new', 'pool-1', [dev('device-new')], { nodeName: 'node-1' }, 2)], [], [['req-0:pool-1/device-new']]],
    ['several-different-drivers', [claim('claim-0', [req('req-0'), req('req-1', { deviceClassName: 'class-b' })])],
      [pool1, slice('slice-b', 'pool-b', [dev('device-1')], { nodeName: 'node-1' }, 1, 1, 'driver-b')], [], [['req-0:pool-1/device-1', 'req-1:pool-b/device-1']]],
    ['two-claims-never-share', [claim('claim-0', [req('req-0')]), claim('claim-1', [req('req-0')])], [pool1], [], [['req-0:pool-1/device-1'], ['req-0:pool-1/device-2']]],
    ['with-constraint', [claim('claim-0', [req('req-0', { count: 2 })], [{ matchAttribute: 'driver-a/numa' }])],
      [slice('s', 'pool-1', [dev('device-1', { numa: { int: 0 } }), dev('device-2', { numa: { int: 1 } }), dev('device-3', { numa: { int: 1 } })])], [], [['req-0:pool-1/device-2', 'req-0:pool-1/device-3']]],
    ['with-constraint-non-existent-attribute', [claim('claim-0', [req('req-0', { count: 2 })], [{ matchAttribute: 'driver-a/nosuch' }])], [pool1], [], undefined],
    ['network-attached-device', [claim('claim-0', [req('req-0')])], [slice('s', 'pool-1', [dev('device-1')], { nodeSelector: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'region', operator: 'In', values: ['west'] }] }] } })], [], undefined],
  ] as const)('%s', (_name, claims, slices, allocated, want) => {
    expect(picked(run(claims as unknown as ResourceClaim[], slices as unknown as ResourceSlice[], allocated as unknown as string[]))).toEqual(want);
  });

  it('gives node-local allocations a node selector, network-attached ones none', () => {
    expect(run([claim('claim-0', [req('req-0')])], [pool1])![0].nodeSelector).toEqual(nodeNameSelector('node-1'));
    const west = node('node-1', { region: 'west' });
    const net = slice('s', 'pool-9', [dev('device-1')], { nodeSelector: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'region', operator: 'In', values: ['west'] }] }] } });
    expect(run([claim('claim-0', [req('req-0')])], [net], [], west)![0].nodeSelector).toBeUndefined();
  });

  it('selects by attribute and quantity capacity', () => {
    const gpus = slice('s', 'pool-1', [dev('gpu-0', { model: { string: 'small' } }, '16Gi'), dev('gpu-1', { model: { string: 'big' } }, '80Gi')]);
    const big = req('req-0', { selectors: [{ cel: { expression: 'device.capacity["driver-a"].memory.compareTo(quantity("40Gi")) >= 0' } }] });
    expect(picked(run([claim('claim-0', [big])], [gpus]))).toEqual([['req-0:pool-1/gpu-1']]);
    const named = req('req-0', { selectors: [{ cel: { expression: 'device.attributes["driver-a"].model == "small"' } }] });
    expect(picked(run([claim('claim-0', [named])], [gpus]))).toEqual([['req-0:pool-1/gpu-0']]);
  });

  it.each([
    ['CEL runtime error', [claim('claim-0', [req('req-0', { selectors: [{ cel: { expression: 'device.attributes["driver-a"].nosuch == 1' } }] })])], [slice('s', 'pool-1', [dev('device-1', { model: { string: 'x' } })])],
      'claim default/claim-0, request req-0: selector #0: CEL runtime error: no such key: nosuch'],
    ['unknown-class', [claim('claim-0', [req('req-0', { deviceClassName: 'no-such-class' })])], [pool1],
      'claim default/claim-0, request req-0: could not retrieve device class no-such-class: deviceclass.resource.k8s.io "no-such-class" not found'],
    ['all-devices-of-the-incomplete-pool', [claim('claim-0', [req('req-0', { allocationMode: 'All', count: undefined })])], [slice('s', 'pool-1', [dev('device-1')], { nodeName: 'node-1' }, 1, 2)],
      'claim default/claim-0, request req-0: asks for all devices, but resource pool driver-a/pool-1 is currently being updated'],
  ])('%s is an error, not a verdict', (_n, claims, slices, msg) => {
    expect(() => run(claims, slices)).toThrow(AllocationError);
    expect(() => run(claims, slices)).toThrow(msg);
  });
});

describe('structured allocator (properties)', () => {
  const scenario = fc.record({
    devices: fc.integer({ min: 0, max: 6 }),
    taken: fc.array(fc.nat(5), { maxLength: 4 }),
    claims: fc.array(fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 3 }),
  });
  it('never hands out a device twice or one that is taken, and fails only when the devices are too few', () => {
    fc.assert(fc.property(scenario, ({ devices, taken, claims }) => {
      const s = slice('s', 'pool-1', Array.from({ length: devices }, (_, i) => dev(`device-${i}`)));
      const allocated = [...new Set(taken.filter((t) => t < devices))].map((t) => deviceId('driver-a', 'pool-1', `device-${t}`));
      const cs = claims.map((counts, i) => claim(`claim-${i}`, counts.map((count, j) => req(`req-${j}`, { count }))));
      const r = run(cs, [s], allocated);
      const wanted = claims.flat().reduce((a, b) => a + b, 0);
      if (!r) return wanted > devices - allocated.length;
      const ids = r.flatMap((a) => a.devices!.results!.map((x) => deviceId(x.driver, x.pool, x.device)));
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(allocated).not.toContain(id);
      r.forEach((a, i) => claims[i].forEach((count, j) => expect(a.devices!.results!.filter((x) => x.request === `req-${j}`)).toHaveLength(count)));
      return wanted <= devices - allocated.length;
    }), { numRuns: 200 });
  });
});

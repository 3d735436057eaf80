import { describe, expect, it } from 'vitest';
import type { Device } from '../api.ts';
import { DeviceManager } from '../manager.ts';
import { gpuConfig, GpuConfigError, migLayout } from './config.ts';
import { GpuHardware, type GpuFault } from './hardware.ts';
import { gfdLabels } from './labels.ts';
import { nvidiaPlugins, registerNvidiaPlugins } from './plugin.ts';
import { bestEffort } from './topology.ts';

const hw = (opts: Parameters<typeof gpuConfig>[0], node = 'g1') => new GpuHardware(node, gpuConfig(opts));

describe('GPU configuration', () => {
  it.each([
    [{ count: 0 }, 'invalid argument "0" for "--gpus": must be a whole number from 1 to 16'],
    [{ count: 2, model: 'V100' }, 'invalid argument "V100" for "--gpu-model": must be one of H100-80GB, A100-80GB, A100-40GB, A30-24GB, L40S, L4, T4'],
    [{ count: 2, model: 'L4', migStrategy: 'single', migProfiles: ['1g.5gb'] }, 'L4 does not support MIG'],
    [{ count: 2, migStrategy: 'mixed' }, '--mig-strategy mixed needs --mig-profile (H100-80GB offers 1g.10gb, 1g.10gb+me, 1g.20gb, 2g.20gb, 3g.40gb, 4g.40gb, 7g.80gb)'],
    [{ count: 2, migStrategy: 'single', migProfiles: ['1g.5gb'] }, 'unknown MIG profile "1g.5gb" for H100-80GB: must be one of 1g.10gb, 1g.10gb+me, 1g.20gb, 2g.20gb, 3g.40gb, 4g.40gb, 7g.80gb'],
    [{ count: 2, migStrategy: 'single', migProfiles: ['1g.10gb', '2g.20gb'] }, '--mig-strategy single takes exactly one --mig-profile: every GPU is split the same way'],
    [{ count: 2, migStrategy: 'mixed', migProfiles: ['4g.40gb', '4g.40gb'] }, 'MIG layout 4g.40gb,4g.40gb does not fit one H100-80GB: it needs 8 of 7 compute slices and 8 of 8 memory slices'],
    [{ count: 2, migStrategy: 'mixed', migProfiles: ['1g.20gb', '1g.20gb', '1g.20gb', '1g.20gb', '1g.10gb'] }, 'MIG layout 1g.20gb,1g.20gb,1g.20gb,1g.20gb,1g.10gb does not fit one H100-80GB: it needs 5 of 7 compute slices and 9 of 8 memory slices'],
    [{ count: 2, replicas: 0 }, 'invalid argument "0" for "--gpu-replicas": must be a whole number from 1 to 64'],
    [{ count: 2, nvlink: 'mesh' }, 'invalid argument "mesh" for "--nvlink": must be all, pairs or none'],
  ])('%j is refused', (opts, message) => {
    expect(() => gpuConfig(opts)).toThrow(new GpuConfigError(message));
  });

  it('splits every GPU into as many instances of the single profile as fit', () => {
    expect(migLayout(gpuConfig({ count: 1, migStrategy: 'single', migProfiles: ['1g.10gb'] })).length).toBe(7);
    expect(migLayout(gpuConfig({ count: 1, migStrategy: 'single', migProfiles: ['3g.40gb'] })).length).toBe(2);
    expect(migLayout(gpuConfig({ count: 1, model: 'A30-24GB', migStrategy: 'single', migProfiles: ['2g.12gb'] })).length).toBe(2);
  });
});

describe('GPU Feature Discovery labels', () => {
  it('labels whole GPUs', () => {
    expect(gfdLabels(gpuConfig({ count: 8, model: 'H100-80GB' }))).toEqual({
      'nvidia.com/gpu.present': 'true', 'nvidia.com/gpu.family': 'hopper', 'nvidia.com/gpu.compute.major': '9', 'nvidia.com/gpu.compute.minor': '0',
      'nvidia.com/gpu.count': '8', 'nvidia.com/gpu.product': 'NVIDIA-H100-80GB-HBM3', 'nvidia.com/gpu.memory': '81559',
      'nvidia.com/gpu.replicas': '1', 'nvidia.com/gpu.sharing-strategy': 'none', 'nvidia.com/mig.capable': 'true',
    });
  });

  it('labels MIG single: the GPU labels describe the MIG devices', () => {
    expect(gfdLabels(gpuConfig({ count: 2, model: 'A100-40GB', migStrategy: 'single', migProfiles: ['1g.5gb'] }))).toMatchObject({
      'nvidia.com/mig.strategy': 'single', 'nvidia.com/gpu.product': 'NVIDIA-A100-SXM4-40GB-MIG-1g.5gb', 'nvidia.com/gpu.count': '14',
      'nvidia.com/gpu.memory': '4864', 'nvidia.com/gpu.multiprocessors': '14', 'nvidia.com/gpu.slices.gi': '1', 'nvidia.com/gpu.slices.ci': '1',
    });
  });

  it('labels MIG mixed per profile and keeps the whole-GPU labels', () => {
    const l = gfdLabels(gpuConfig({ count: 2, model: 'A100-40GB', migStrategy: 'mixed', migProfiles: ['3g.20gb', '2g.10gb', '1g.5gb', '1g.5gb'] }));
    expect(l).toMatchObject({
      'nvidia.com/mig.strategy': 'mixed', 'nvidia.com/gpu.product': 'NVIDIA-A100-SXM4-40GB', 'nvidia.com/gpu.count': '2',
      'nvidia.com/mig-1g.5gb.count': '4', 'nvidia.com/mig-1g.5gb.memory': '4864', 'nvidia.com/mig-2g.10gb.count': '2', 'nvidia.com/mig-2g.10gb.memory': '9984',
      'nvidia.com/mig-2g.10gb.slices.gi': '2', 'nvidia.com/mig-3g.20gb.count': '2',
    });
  });

  it('marks time-sliced GPUs as shared', () => {
    expect(gfdLabels(gpuConfig({ count: 1, model: 'T4', replicas: 4 }))).toMatchObject({
      'nvidia.com/gpu.product': 'Tesla-T4-SHARED', 'nvidia.com/gpu.replicas': '4', 'nvidia.com/gpu.sharing-strategy': 'time-slicing', 'nvidia.com/gpu.count': '1', 'nvidia.com/mig.capable': 'false',
    });
  });
});

describe('the NVIDIA device plugin', () => {
  it('advertises GPU UUIDs with their NUMA node, the same for the same machine', () => {
    const [p] = nvidiaPlugins(hw({ count: 4 }));
    expect(p.resourceName).toBe('nvidia.com/gpu');
    expect(p.devices.map((d) => d.id)).toEqual(nvidiaPlugins(hw({ count: 4 }))[0].devices.map((d) => d.id));
    expect(p.devices.map((d) => d.id).every((id) => /^GPU-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id))).toBe(true);
    expect(p.devices.map((d) => d.numa)).toEqual([0, 0, 1, 1]);
    expect(nvidiaPlugins(hw({ count: 4 }, 'g2'))[0].devices[0].id).not.toBe(p.devices[0].id);
  });

  it('names time-slicing replicas <uuid>::<n> and hands out the GPU itself', () => {
    const [p] = nvidiaPlugins(hw({ count: 2, replicas: 3 }));
    expect(p.devices).toHaveLength(6);
    const uuid = p.devices[0].uuid;
    expect(p.devices.slice(0, 3).map((d) => d.id)).toEqual([`${uuid}::0`, `${uuid}::1`, `${uuid}::2`]);
    const r = p.allocate({ containerRequests: [{ devicesIDs: [`${uuid}::0`, `${uuid}::2`] }] }).containerResponses[0];
    expect(r.envs).toEqual({ NVIDIA_VISIBLE_DEVICES: uuid });
    expect(r.cdiDevices).toEqual([{ name: `nvidia.com/gpu=${uuid}` }]);
  });

  it('spreads time-slicing replicas over the least shared GPUs', () => {
    const [p] = nvidiaPlugins(hw({ count: 2, replicas: 2 }));
    const ids = p.devices.map((d) => d.id);
    const pick = p.getPreferredAllocation({ containerRequests: [{ availableDeviceIDs: ids, mustIncludeDeviceIDs: [], allocationSize: 2 }] }).containerResponses[0].deviceIDs;
    expect(new Set(pick.map((id) => id.split('::')[0])).size).toBe(2);
    // With one replica of GPU 0 taken, the next request gets GPU 1's.
    const next = p.getPreferredAllocation({ containerRequests: [{ availableDeviceIDs: ids.slice(1), mustIncludeDeviceIDs: [], allocationSize: 1 }] }).containerResponses[0].deviceIDs;
    expect(next[0].startsWith(p.devices[2].uuid)).toBe(true);
  });

  it('advertises MIG devices as nvidia.com/gpu (single) or per profile (mixed)', () => {
    const single = nvidiaPlugins(hw({ count: 2, migStrategy: 'single', migProfiles: ['1g.10gb'] }));
    expect(single.map((p) => [p.resourceName, p.devices.length])).toEqual([['nvidia.com/gpu', 14]]);
    expect(single[0].devices[0].id).toMatch(/^MIG-/);
    const mixed = nvidiaPlugins(hw({ count: 2, migStrategy: 'mixed', migProfiles: ['3g.40gb', '2g.20gb', '1g.10gb', '1g.10gb'] }));
    expect(mixed.map((p) => [p.resourceName, p.devices.length])).toEqual([['nvidia.com/mig-1g.10gb', 4], ['nvidia.com/mig-2g.20gb', 2], ['nvidia.com/mig-3g.40gb', 2]]);
    expect(mixed.map((p) => p.endpoint)).toEqual(['nvidia-mig-1g.10gb.sock', 'nvidia-mig-2g.20gb.sock', 'nvidia-mig-3g.40gb.sock']);
  });

  it('refuses to allocate a device it does not have', () => {
    const [p] = nvidiaPlugins(hw({ count: 1 }));
    expect(() => p.allocate({ containerRequests: [{ devicesIDs: ['GPU-nope'] }] })).toThrow("invalid allocation request for 'nvidia.com/gpu': unknown device: GPU-nope");
  });

  it('reports a GPU unhealthy after an XID error, except application XIDs; MIG devices follow their GPU', () => {
    const h = hw({ count: 2, migStrategy: 'mixed', migProfiles: ['3g.40gb', '3g.40gb'] });
    const faults: GpuFault[] = [];
    h.onFault((f) => faults.push(f));
    const [p] = nvidiaPlugins(h);
    let last: Device[] = [];
    p.listAndWatch((r) => { last = r.devices; });
    h.xid(1, 13);
    expect(last.map((d) => d.health)).toEqual(['Healthy', 'Healthy', 'Healthy', 'Healthy']);
    h.xid(1, 48);
    expect(last.map((d) => d.health)).toEqual(['Healthy', 'Healthy', 'Unhealthy', 'Unhealthy']);
    expect(faults.map((f) => f.type === 'xid' && [f.xid, f.persistent, f.cdiNames.length])).toEqual([[13, false, 3], [48, true, 3]]);
    h.heal(1);
    expect(last.every((d) => d.health === 'Healthy')).toBe(true);
    expect(() => h.heal(1)).toThrow('GPU 1 of node "g1" is not failed');
    expect(() => h.xid(2, 79)).toThrow('node "g1" has no GPU 2 (it has 2: 0-1)');
  });
});

describe('GetPreferredAllocation', () => {
  const place = (id: string) => ({ index: Number(id.slice(1)), numa: Number(id.slice(1)) < 4 ? 0 : 1 });
  const ids = (...n: number[]) => n.map((i) => `g${i}`);

  it.each([
    ['NVSwitch: two GPUs on one NUMA node', 'all', ids(0, 4, 5), [], 2, ids(4, 5)],
    ['NVLink bridges: a bridged pair', 'pairs', ids(1, 2, 3, 4), [], 2, ids(2, 3)],
    ['NVLink bridges: the partner of a GPU that must be included', 'pairs', ids(1, 2, 4, 5), ids(5), 2, ids(5, 4)],
    ['PCIe only: the same NUMA node', 'none', ids(3, 4, 6), [], 2, ids(4, 6)],
    ['four of eight over NVSwitch: one NUMA node', 'all', ids(0, 1, 2, 4, 5, 6, 7), [], 4, ids(4, 5, 6, 7)],
  ] as const)('%s', (_name, nvlink, available, must, size, want) => {
    expect(bestEffort([...available], [...must], size, place, nvlink)).toEqual(want);
  });

  it('is what the device manager hands out for a whole-GPU request', () => {
    const h = hw({ count: 8, nvlink: 'pairs' });
    const m = new DeviceManager(() => {});
    registerNvidiaPlugins(h, m);
    const pod = (uid: string, n: number) => ({ metadata: { uid }, spec: { containers: [{ name: 'c', resources: { limits: { 'nvidia.com/gpu': String(n) } } }] } });
    m.admit(pod('a', 1), new Set());
    m.admit(pod('b', 2), new Set(['a']));
    const uuids = (uid: string) => m.runContainerOptions(uid, 'c')!.envs[0].value.split(',');
    expect(uuids('a')).toEqual([h.gpus[0].uuid]);
    // GPU 1 is alone now; a pair goes to the bridged GPUs 2 and 3.
    expect(uuids('b')).toEqual([h.gpus[2].uuid, h.gpus[3].uuid]);
  });
});

import fc from 'fast-check';
import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { VERSION, type AllocateRequest, type Device, type DevicePlugin } from './api.ts';
import { DeviceManager } from './manager.ts';

/** A plugin with devices d0..dN-1 whose health the test sets; it prefers the highest IDs. */
class FakePlugin implements DevicePlugin {
  private send: ((r: { devices: Device[] }) => void) | undefined;
  readonly allocations: AllocateRequest[] = [];
  constructor(public devices: Device[], private readonly preferred = false) {}
  getDevicePluginOptions() { return { preStartRequired: false, getPreferredAllocationAvailable: this.preferred }; }
  listAndWatch(send: (r: { devices: Device[] }) => void) { this.send = send; send({ devices: this.devices }); return () => { this.send = undefined; }; }
  getPreferredAllocation(req: { containerRequests: { availableDeviceIDs: string[]; mustIncludeDeviceIDs: string[]; allocationSize: number }[] }) {
    return { containerResponses: req.containerRequests.map((r) => ({ deviceIDs: [...r.mustIncludeDeviceIDs, ...[...r.availableDeviceIDs].sort().reverse()].slice(0, r.allocationSize) })) };
  }
  allocate(req: AllocateRequest) {
    this.allocations.push(req);
    return { containerResponses: req.containerRequests.map((r) => ({ envs: { FAKE_DEVICES: r.devicesIDs.join(',') }, mounts: [], devices: [], annotations: {}, cdiDevices: r.devicesIDs.map((id) => ({ name: `example.com/dev=${id}` })) })) };
  }
  setHealth(id: string, health: Device['health']) {
    this.devices = this.devices.map((d) => (d.ID === id ? { ...d, health } : d));
    this.send?.({ devices: this.devices });
  }
}

const RES = 'example.com/dev';
const devices = (n: number): Device[] => Array.from({ length: n }, (_, i) => ({ ID: `d${i}`, health: 'Healthy' }));
const register = (m: DeviceManager, p: DevicePlugin) => m.register({ version: VERSION, endpoint: 'fake.sock', resourceName: RES, options: p.getDevicePluginOptions() }, p);

function pod(uid: string, containers: Record<string, number>, init: Record<string, number> = {}): Pod {
  const c = (entries: Record<string, number>) => Object.entries(entries).map(([name, n]) => ({ name, image: 'x', resources: { limits: { [RES]: String(n) } } }));
  return { metadata: { uid, name: uid, namespace: 'default' }, spec: { initContainers: c(init), containers: c(containers) } };
}

describe('DeviceManager', () => {
  it('refuses plugins with another API version or a resource name that is not an extended resource', () => {
    const m = new DeviceManager(() => {});
    const p = new FakePlugin(devices(1));
    expect(() => m.register({ version: 'v1alpha', endpoint: 'x.sock', resourceName: RES, options: p.getDevicePluginOptions() }, p))
      .toThrow('requested API version "v1alpha" is not supported by kubelet. Supported versions are ["v1beta1"]');
    for (const name of ['cpu', 'kubernetes.io/dev', 'requests.example.com/dev']) {
      expect(() => m.register({ version: VERSION, endpoint: 'x.sock', resourceName: name, options: p.getDevicePluginOptions() }, p)).toThrow(`the ResourceName "${name}" is invalid`);
    }
  });

  it('counts every device in capacity and only healthy ones in allocatable', () => {
    let changes = 0;
    const m = new DeviceManager(() => changes++);
    const p = new FakePlugin(devices(4));
    register(m, p);
    expect(m.capacity()).toEqual({ capacity: { [RES]: '4' }, allocatable: { [RES]: '4' } });
    p.setHealth('d2', 'Unhealthy');
    expect(m.capacity()).toEqual({ capacity: { [RES]: '4' }, allocatable: { [RES]: '3' } });
    expect(changes).toBe(2);
  });

  it('allocates distinct devices, takes the plugin preference, and frees them when the pod is no longer active', () => {
    const m = new DeviceManager(() => {});
    const p = new FakePlugin(devices(4), true);
    register(m, p);
    expect(m.holdsDevices()).toBe(false);
    expect(m.admit(pod('a', { main: 2 }), new Set())).toEqual({ admit: true });
    expect(m.holdsDevices()).toBe(true);
    expect(m.runContainerOptions('a', 'main')).toMatchObject({ envs: [{ key: 'FAKE_DEVICES', value: 'd3,d2' }], cdiDevices: [`${RES}=d3`, `${RES}=d2`] });
    expect(m.admit(pod('b', { main: 2 }), new Set(['a']))).toEqual({ admit: true });
    expect(m.runContainerOptions('b', 'main')?.envs).toEqual([{ key: 'FAKE_DEVICES', value: 'd1,d0' }]);
    expect(m.admit(pod('c', { main: 1 }), new Set(['a', 'b']))).toEqual({
      admit: false, reason: 'UnexpectedAdmissionError',
      message: `Allocate failed due to requested number of devices unavailable for ${RES}. Requested: 1, Available: 0, which is unexpected`,
    });
    // a has ended: its devices go to c.
    expect(m.admit(pod('c', { main: 1 }), new Set(['b']))).toEqual({ admit: true });
    expect(m.runContainerOptions('c', 'main')?.envs).toEqual([{ key: 'FAKE_DEVICES', value: 'd3' }]);
    expect(m.runContainerOptions('a', 'main')).toBeUndefined();
  });

  it('gives an init container\'s devices to the app container after it', () => {
    const m = new DeviceManager(() => {});
    const p = new FakePlugin(devices(2));
    register(m, p);
    expect(m.admit(pod('a', { main: 1 }, { setup: 1 }), new Set())).toEqual({ admit: true });
    expect(m.runContainerOptions('a', 'setup')?.envs).toEqual(m.runContainerOptions('a', 'main')?.envs);
    expect(p.allocations).toHaveLength(2);
  });

  it('refuses when the resource has no healthy device, as upstream words it', () => {
    const m = new DeviceManager(() => {});
    const p = new FakePlugin(devices(1));
    register(m, p);
    p.setHealth('d0', 'Unhealthy');
    expect(m.admit(pod('a', { main: 1 }), new Set()).message).toBe(`Allocate failed due to no healthy devices present; cannot allocate unhealthy devices ${RES}, which is unexpected`);
  });

  it('keeps allocations across a restart through its checkpoint; capacity is zero until the plugin registers again', () => {
    const m = new DeviceManager(() => {});
    register(m, new FakePlugin(devices(2)));
    m.admit(pod('a', { main: 1 }), new Set());
    const before = m.runContainerOptions('a', 'main');
    m.stop();
    m.start();
    expect(m.capacity()).toEqual({ capacity: { [RES]: '0' }, allocatable: { [RES]: '0' } });
    expect(m.runContainerOptions('a', 'main')).toEqual(before);
    register(m, new FakePlugin(devices(2)));
    expect(m.admit(pod('b', { main: 1 }), new Set(['a'])).admit).toBe(true);
    expect(m.admit(pod('c', { main: 1 }), new Set(['a', 'b'])).admit).toBe(false);
    // A new manager (a restored cluster) reads the same file.
    const restored = new DeviceManager(() => {}, m.checkpoint());
    restored.start();
    expect(restored.runContainerOptions('a', 'main')).toEqual(before);
    expect(restored.checkpoint()).toEqual(m.checkpoint());
  });

  it('property: no device is held by two containers; allocatable equals the healthy devices', () => {
    type Op = { kind: 'admit'; n: number; init: number } | { kind: 'end'; i: number } | { kind: 'health'; d: number; ok: boolean } | { kind: 'restart' };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('admit' as const), n: fc.integer({ min: 0, max: 3 }), init: fc.integer({ min: 0, max: 2 }) }),
      fc.record({ kind: fc.constant('end' as const), i: fc.integer({ min: 0, max: 20 }) }),
      fc.record({ kind: fc.constant('health' as const), d: fc.integer({ min: 0, max: 5 }), ok: fc.boolean() }),
      fc.record({ kind: fc.constant('restart' as const) }),
    );
    fc.assert(fc.property(fc.array(op, { maxLength: 40 }), fc.boolean(), (ops, preferred) => {
      const m = new DeviceManager(() => {});
      let plugin = new FakePlugin(devices(6), preferred);
      register(m, plugin);
      const active = new Set<string>();
      let next = 0;
      for (const o of ops) {
        if (o.kind === 'admit') {
          const uid = `p${next++}`;
          if (m.admit(pod(uid, { main: o.n, side: 1 }, o.init ? { setup: o.init } : {}), active).admit) active.add(uid);
        } else if (o.kind === 'end') {
          active.delete(`p${o.i}`);
          m.updateAllocatedDevices(active);
        } else if (o.kind === 'health') {
          plugin.setHealth(`d${o.d}`, o.ok ? 'Healthy' : 'Unhealthy');
        } else {
          const health = plugin.devices;
          m.stop();
          m.start();
          plugin = new FakePlugin(health, preferred);
          register(m, plugin);
        }
        // Each device is held by at most one app container (init containers hand theirs on within the pod).
        const owner = new Map<string, string>();
        for (const uid of active) {
          for (const c of ['main', 'side']) {
            const ids = m.runContainerOptions(uid, c)?.envs[0].value.split(',') ?? [];
            for (const id of ids) {
              if (owner.has(id)) return false;
              owner.set(id, `${uid}/${c}`);
            }
          }
        }
        const healthy = plugin.devices.filter((d) => d.health === 'Healthy').length;
        if (m.capacity().allocatable[RES] !== String(healthy) || m.capacity().capacity[RES] !== '6') return false;
      }
      return true;
    }), { numRuns: 200 });
  });

  it('property: a pod admitsAsIs vouches for is admitted with nothing allocated, released or written', () => {
    type Op = { kind: 'admit'; n: number } | { kind: 'end'; i: number } | { kind: 'register' } | { kind: 'stop' } | { kind: 'start' };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('admit' as const), n: fc.integer({ min: -1, max: 2 }) }),
      fc.record({ kind: fc.constant('end' as const), i: fc.integer({ min: 0, max: 10 }) }),
      fc.constantFrom<Op>({ kind: 'register' }, { kind: 'stop' }, { kind: 'start' }),
    );
    /** n < 0: no limits at all; else n devices of RES, and one unit of a resource no plugin serves. */
    const podOf = (uid: string, n: number): Pod => (n < 0
      ? { metadata: { uid, name: uid }, spec: { containers: [{ name: 'main', image: 'x', resources: { limits: { cpu: '1' } } }] } }
      : { metadata: { uid, name: uid }, spec: { containers: [{ name: 'main', image: 'x', resources: { limits: { [RES]: String(n), 'other.example.com/x': '1' } } }] } });
    fc.assert(fc.property(fc.array(op, { maxLength: 30 }), fc.integer({ min: -1, max: 1 }), (ops, candidate) => {
      const m = new DeviceManager(() => {}, { Data: { PodDeviceEntries: [], RegisteredDevices: { [RES]: ['d0'] } } });
      m.start();
      const active = new Set<string>();
      let next = 0;
      for (const o of ops) {
        if (o.kind === 'admit') {
          const uid = `p${next++}`;
          if (m.admit(podOf(uid, o.n), active).admit) active.add(uid);
        } else if (o.kind === 'end') active.delete(`p${o.i}`);
        else if (o.kind === 'register') register(m, new FakePlugin(devices(3)));
        else if (o.kind === 'stop') m.stop();
        else m.start();
        const pod = podOf(`q${next}`, candidate);
        if (!m.admitsAsIs(pod)) continue;
        const before = { checkpoint: m.checkpoint(), holders: m.holders(), devices: m.holdsDevices() };
        expect(m.admit(pod, active)).toEqual({ admit: true });
        expect({ checkpoint: m.checkpoint(), holders: m.holders(), devices: m.holdsDevices() }).toEqual(before);
      }
    }), { numRuns: 300 });
  });
});


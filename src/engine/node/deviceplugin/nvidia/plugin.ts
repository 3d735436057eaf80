// The NVIDIA device plugin (NVIDIA/k8s-device-plugin) for one machine's simulated GPUs: one plugin per resource
// it advertises (nvidia.com/gpu; nvidia.com/mig-<profile> under the mixed MIG strategy), device IDs as the plugin
// makes them (GPU and MIG UUIDs; "<uuid>::<n>" for time-slicing replicas), health from XID errors, and Allocate
// answers with NVIDIA_VISIBLE_DEVICES and CDI device names (deviceListStrategy envvar and cdi-cri).
import { VERSION, type AllocateRequest, type AllocateResponse, type Device, type DevicePlugin, type DevicePluginOptions, type PreferredAllocationRequest, type PreferredAllocationResponse, type Registration } from '../api.ts';
import { cdiName, type GpuHardware } from './hardware.ts';
import { bestEffort, distributed } from './topology.ts';

export const GPU_RESOURCE = 'nvidia.com/gpu';

/** One advertised device: a GPU, a MIG device or a replica of either. */
export interface AdvertisedDevice { id: string; uuid: string; gpu: number; numa: number; mig?: string; replica?: number }

export class NvidiaDevicePlugin implements DevicePlugin {
  private readonly byId: Map<string, AdvertisedDevice>;

  constructor(readonly resourceName: string, private readonly hw: GpuHardware, readonly devices: AdvertisedDevice[]) {
    this.byId = new Map(devices.map((d) => [d.id, d]));
  }

  get endpoint(): string { return `nvidia-${this.resourceName.slice('nvidia.com/'.length)}.sock`; }

  /** Simplification: MIG devices are handed out without a preference (the plugin's aligned policy is for whole GPUs). */
  getDevicePluginOptions(): DevicePluginOptions {
    return { preStartRequired: false, getPreferredAllocationAvailable: this.hw.config.replicas > 1 || !this.devices.some((d) => d.mig) };
  }

  listAndWatch(send: (r: { devices: Device[] }) => void): () => void {
    const report = () => send({ devices: this.devices.map((d) => this.apiDevice(d)) });
    report();
    return this.hw.onHealthChange(report);
  }

  getPreferredAllocation(req: PreferredAllocationRequest): PreferredAllocationResponse {
    return {
      containerResponses: req.containerRequests.map((r) => {
        for (const id of [...r.availableDeviceIDs, ...r.mustIncludeDeviceIDs]) this.known(id);
        const dev = (id: string) => this.byId.get(id)!;
        if (this.hw.config.replicas > 1) {
          // Replicas of each GPU that others hold: all of them but the ones offered.
          const inUse = new Map<number, number>();
          for (const d of this.devices) inUse.set(d.gpu, (inUse.get(d.gpu) ?? 0) + 1);
          for (const id of r.availableDeviceIDs) inUse.set(dev(id).gpu, inUse.get(dev(id).gpu)! - 1);
          return { deviceIDs: distributed(r.availableDeviceIDs, r.mustIncludeDeviceIDs, r.allocationSize, (id) => dev(id).gpu, inUse) };
        }
        return { deviceIDs: bestEffort(r.availableDeviceIDs, r.mustIncludeDeviceIDs, r.allocationSize, (id) => ({ index: dev(id).gpu, numa: dev(id).numa }), this.hw.config.nvlink) };
      }),
    };
  }

  allocate(req: AllocateRequest): AllocateResponse {
    return {
      containerResponses: req.containerRequests.map((r) => {
        const uuids = [...new Set(r.devicesIDs.map((id) => this.known(id).uuid))];
        return {
          envs: { NVIDIA_VISIBLE_DEVICES: uuids.join(',') },
          mounts: [], devices: [], annotations: {},
          cdiDevices: uuids.map((u) => ({ name: cdiName(u) })),
        };
      }),
    };
  }

  private known(id: string): AdvertisedDevice {
    const d = this.byId.get(id);
    if (!d) throw new Error(`invalid allocation request for '${this.resourceName}': unknown device: ${id}`);
    return d;
  }

  private apiDevice(d: AdvertisedDevice): Device {
    return { ID: d.id, health: this.hw.gpus[d.gpu].brokenBy === undefined ? 'Healthy' : 'Unhealthy', topology: { nodes: [{ ID: d.numa }] } };
  }
}

/** The plugins the NVIDIA device plugin starts for this hardware (one per resource that has devices). */
export function nvidiaPlugins(hw: GpuHardware): NvidiaDevicePlugin[] {
  const { migStrategy, replicas } = hw.config;
  const whole = hw.gpus.map((g) => ({ id: g.uuid, uuid: g.uuid, gpu: g.index, numa: g.numa }));
  const mig = hw.migDevices.map((m) => ({ id: m.uuid, uuid: m.uuid, gpu: m.gpu, numa: hw.gpus[m.gpu].numa, mig: m.profile.name }));
  const byResource = new Map<string, AdvertisedDevice[]>();
  if (migStrategy === 'none') byResource.set(GPU_RESOURCE, whole);
  else if (migStrategy === 'single') byResource.set(GPU_RESOURCE, mig);
  else for (const d of mig) byResource.set(`nvidia.com/mig-${d.mig}`, [...(byResource.get(`nvidia.com/mig-${d.mig}`) ?? []), d]);
  const replicated = (ds: AdvertisedDevice[]) => (replicas > 1 ? ds.flatMap((d) => Array.from({ length: replicas }, (_, n) => ({ ...d, id: `${d.uuid}::${n}`, replica: n }))) : ds);
  return [...byResource].filter(([, ds]) => ds.length).sort(([a], [b]) => a.localeCompare(b)).map(([res, ds]) => new NvidiaDevicePlugin(res, hw, replicated(ds)));
}

/** Start the plugins: each registers with the kubelet's device manager. */
export function registerNvidiaPlugins(hw: GpuHardware, kubelet: Registration): void {
  for (const p of nvidiaPlugins(hw)) kubelet.register({ version: VERSION, endpoint: p.endpoint, resourceName: p.resourceName, options: p.getDevicePluginOptions() }, p);
}

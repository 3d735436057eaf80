// Which devices each container of each pod holds, with the plugin's Allocate answer for it
// (pkg/kubelet/cm/devicemanager/pod_devices.go), and its checkpoint form (checkpoint.PodDevicesEntry).
import type { ContainerAllocateResponse, Device } from './api.ts';

export interface ContainerDevices { ids: string[]; response: ContainerAllocateResponse }

/** One row of the device manager's checkpoint file (kubelet_internal_checkpoint). */
export interface PodDevicesEntry {
  PodUID: string;
  ContainerName: string;
  ResourceName: string;
  /** Device IDs by NUMA node ("-1": no topology). */
  DeviceIDs: Record<string, string[]>;
  AllocResp: ContainerAllocateResponse;
}

export interface DeviceManagerCheckpoint {
  Data: { PodDeviceEntries: PodDevicesEntry[]; RegisteredDevices: Record<string, string[]> };
}

export class PodDevices {
  /** podUID → container → resource → devices. */
  private readonly pods = new Map<string, Map<string, Map<string, ContainerDevices>>>();

  insert(podUID: string, container: string, resource: string, entry: ContainerDevices): void {
    let containers = this.pods.get(podUID);
    if (!containers) this.pods.set(podUID, (containers = new Map()));
    let resources = containers.get(container);
    if (!resources) containers.set(container, (resources = new Map()));
    resources.set(resource, entry);
  }

  containerDevices(podUID: string, container: string, resource: string): string[] | undefined {
    return this.pods.get(podUID)?.get(container)?.get(resource)?.ids;
  }

  /** Every resource's devices of one container, in resource name order. */
  container(podUID: string, container: string): [string, ContainerDevices][] {
    const resources = this.pods.get(podUID)?.get(container);
    return resources ? [...resources].sort(([a], [b]) => a.localeCompare(b)) : [];
  }

  podUIDs(): string[] { return [...this.pods.keys()]; }
  get size(): number { return this.pods.size; }

  delete(podUIDs: Iterable<string>): void {
    for (const uid of podUIDs) this.pods.delete(uid);
  }

  /** Device IDs in use, per resource. */
  devices(): Map<string, Set<string>> {
    const out = new Map<string, Set<string>>();
    for (const [, resource, d] of this.entries()) {
      let set = out.get(resource);
      if (!set) out.set(resource, (set = new Set()));
      for (const id of d.ids) set.add(id);
    }
    return out;
  }

  /** [podUID, resource, devices, container] for every allocation. */
  *entries(): Generator<[string, string, ContainerDevices, string]> {
    for (const [uid, containers] of this.pods) for (const [name, resources] of containers) for (const [res, d] of resources) yield [uid, res, d, name];
  }

  toCheckpoint(all: ReadonlyMap<string, ReadonlyMap<string, Device>>): PodDevicesEntry[] {
    return [...this.entries()].map(([uid, res, d, name]) => {
      const byNuma: Record<string, string[]> = {};
      for (const id of d.ids) {
        const numa = all.get(res)?.get(id)?.topology?.nodes.map((n) => String(n.ID)) ?? [];
        for (const key of numa.length ? numa : ['-1']) (byNuma[key] ??= []).push(id);
      }
      return { PodUID: uid, ContainerName: name, ResourceName: res, DeviceIDs: byNuma, AllocResp: structuredClone(d.response) };
    });
  }

  fromCheckpoint(entries: PodDevicesEntry[]): void {
    for (const e of entries) {
      const ids = [...new Set(Object.values(e.DeviceIDs).flat())].sort();
      this.insert(e.PodUID, e.ContainerName, e.ResourceName, { ids, response: structuredClone(e.AllocResp) });
    }
  }
}

// The kubelet's device manager (pkg/kubelet/cm/devicemanager/manager.go): the Registration service plugins call,
// the healthy and unhealthy devices each plugin reports (the node's capacity and allocatable), the devices it
// hands to containers at pod admission (each device to one container at a time), and the checkpoint that lets
// a restarted kubelet keep what running containers hold.
//
// Simplifications: there is no topology manager (policy none), so no NUMA alignment is asked for; a plugin
// that goes away is forgotten at once (upstream keeps its resource for a grace period); device sets are walked
// in ID order where upstream walks Go maps in any order.
import type { Container, Pod } from 'kubernetes-types/core/v1';
import { isExtendedResourceName } from '../../apiserver/admission/validation/resources.ts';
import { resourceAmount } from '../../api/pod.ts';
import { VERSION, type Device, type DevicePlugin, type RegisterRequest, type Registration } from './api.ts';
import { PodDevices, type DeviceManagerCheckpoint } from './poddevices.ts';

export interface AdmitResult { admit: boolean; reason?: string; message?: string }

/** What the kubelet adds to a container's CRI config from the devices it holds (GetDeviceRunContainerOptions). */
export interface RunContainerOptions {
  envs: { key: string; value: string }[];
  devices: { containerPath: string; hostPath: string; permissions: string }[];
  mounts: { containerPath: string; hostPath: string; readOnly: boolean }[];
  annotations: Record<string, string>;
  cdiDevices: string[];
}

interface Endpoint { plugin: DevicePlugin; close: () => void }

export class DeviceManager implements Registration {
  private readonly endpoints = new Map<string, Endpoint>();
  /** Every device each resource's plugin reported last, by ID. */
  private readonly allDevices = new Map<string, Map<string, Device>>();
  private readonly healthy = new Map<string, Set<string>>();
  private readonly unhealthy = new Map<string, Set<string>>();
  private podDevices = new PodDevices();
  /** The checkpoint file, written at every change (it outlives stop(), as the file outlives the process). */
  private file: DeviceManagerCheckpoint | undefined;
  /** Whether the file is what writeCheckpoint would write now: nothing it is made from changed since. */
  private fileCurrent = false;

  /** capacityChanged: the node status should be posted again (the kubelet's node status loop). */
  constructor(private readonly capacityChanged: () => void, checkpoint?: DeviceManagerCheckpoint) {
    this.file = checkpoint && structuredClone(checkpoint);
  }

  // ---- lifecycle ----

  /** Start (or restart): read the checkpoint; its resources show zero devices until their plugins register again. */
  start(): void {
    this.fileCurrent = false;
    this.podDevices = new PodDevices();
    if (!this.file) return;
    this.podDevices.fromCheckpoint(this.file.Data.PodDeviceEntries);
    for (const res of Object.keys(this.file.Data.RegisteredDevices)) {
      if (this.endpoints.has(res)) continue;
      this.healthy.set(res, new Set());
      this.unhealthy.set(res, new Set());
    }
  }

  /** The kubelet stops: plugin connections close; the checkpoint stays. */
  stop(): void {
    this.fileCurrent = false;
    for (const e of this.endpoints.values()) e.close();
    this.endpoints.clear();
    this.allDevices.clear();
    this.healthy.clear();
    this.unhealthy.clear();
  }

  // ---- Registration service ----

  register(req: RegisterRequest, plugin: DevicePlugin): void {
    if (req.version !== VERSION) throw new Error(`requested API version "${req.version}" is not supported by kubelet. Supported versions are ["${VERSION}"]`);
    if (!isExtendedResourceName(req.resourceName)) throw new Error(`the ResourceName "${req.resourceName}" is invalid`);
    this.endpoints.get(req.resourceName)?.close();
    const endpoint: Endpoint = { plugin, close: () => {} };
    this.endpoints.set(req.resourceName, endpoint);
    endpoint.close = plugin.listAndWatch((r) => {
      if (this.endpoints.get(req.resourceName) === endpoint) this.devicesUpdated(req.resourceName, r.devices);
    });
  }

  private devicesUpdated(resource: string, devices: Device[]): void {
    this.allDevices.set(resource, new Map(devices.map((d) => [d.ID, structuredClone(d)])));
    this.healthy.set(resource, new Set(devices.filter((d) => d.health === 'Healthy').map((d) => d.ID)));
    this.unhealthy.set(resource, new Set(devices.filter((d) => d.health !== 'Healthy').map((d) => d.ID)));
    this.writeCheckpoint();
    this.capacityChanged();
  }

  // ---- node status ----

  /** GetCapacity: capacity counts every device, allocatable only the healthy ones. */
  capacity(): { capacity: Record<string, string>; allocatable: Record<string, string> } {
    const capacity: Record<string, string> = {};
    const allocatable: Record<string, string> = {};
    for (const [res, ids] of this.healthy) {
      allocatable[res] = String(ids.size);
      capacity[res] = String(ids.size + (this.unhealthy.get(res)?.size ?? 0));
    }
    return { capacity, allocatable };
  }

  // ---- admission and containers ----

  /**
   * The resource allocator's Admit: devices for every container, init containers first; devices an init
   * container held may be given to a later container of the same pod. A failure rejects the pod.
   */
  admit(pod: Pod, activePodUIDs: ReadonlySet<string>): AdmitResult {
    this.updateAllocatedDevices(activePodUIDs);
    const uid = pod.metadata!.uid!;
    const reusable = new Map<string, Set<string>>();
    const containers = [...(pod.spec?.initContainers ?? []).map((c) => ({ c, init: true })), ...(pod.spec?.containers ?? []).map((c) => ({ c, init: false }))];
    try {
      for (const { c, init } of containers) {
        for (const [res, ids] of this.allocateContainer(uid, c, reusable)) {
          const set = reusable.get(res) ?? new Set<string>();
          for (const id of ids) if (init) set.add(id); else set.delete(id);
          reusable.set(res, set);
        }
      }
    } catch (e) {
      this.podDevices.delete([uid]);
      this.writeCheckpoint();
      return { admit: false, reason: 'UnexpectedAdmissionError', message: `Allocate failed due to ${(e as Error).message}, which is unexpected` };
    }
    this.writeCheckpoint();
    return { admit: true };
  }

  /**
   * Whether admit would change nothing for this pod: no pod holds a device (none to release), no container's
   * limits name a resource a plugin serves (none to allocate), and the checkpoint is already as admit writes it.
   */
  admitsAsIs(pod: Pod): boolean {
    if (this.podDevices.size > 0 || !this.fileCurrent) return false;
    if (this.healthy.size === 0) return true;
    for (const list of [pod.spec?.initContainers, pod.spec?.containers]) {
      for (const c of list ?? []) for (const res in c.resources?.limits ?? {}) if (this.healthy.has(res)) return false;
    }
    return true;
  }

  /** Allocate for one container: the device IDs it got per resource. Throws as the device manager errors. */
  private allocateContainer(podUID: string, c: Container, reusable: Map<string, Set<string>>): [string, string[]][] {
    const out: [string, string[]][] = [];
    const limits = (c.resources?.limits ?? {}) as Record<string, string | number>;
    for (const res of Object.keys(limits).sort()) {
      if (!this.isDevicePluginResource(res)) continue;
      const needed = resourceAmount(res, limits[res]);
      const ids = this.devicesToAllocate(podUID, c.name, res, needed, reusable.get(res) ?? new Set());
      if (!ids) continue;
      const endpoint = this.endpoints.get(res);
      if (!endpoint) throw new Error(`unknown Device Plugin ${res}`);
      const resp = endpoint.plugin.allocate({ containerRequests: [{ devicesIDs: ids }] });
      const response = resp.containerResponses[0];
      if (!response) throw new Error(`no containers return in allocation response ${JSON.stringify(resp)}`);
      this.podDevices.insert(podUID, c.name, res, { ids, response: structuredClone(response) });
      out.push([res, ids]);
    }
    return out;
  }

  /** A resource a plugin serves now, or one containers still hold devices of. */
  isDevicePluginResource(res: string): boolean {
    return this.healthy.has(res) || this.podDevices.devices().has(res);
  }

  /** devicesToAllocate: reusable ones first, then the plugin's preference, then any free healthy device. */
  private devicesToAllocate(podUID: string, container: string, res: string, required: number, reusable: Set<string>): string[] | undefined {
    const held = this.podDevices.containerDevices(podUID, container, res);
    if (held) {
      if (held.length !== required) throw new Error(`pod "${podUID}" container "${container}" changed request for resource "${res}" from ${held.length} to ${required}`);
      return undefined;
    }
    const healthy = this.healthy.get(res);
    if (!healthy) throw new Error(`cannot allocate unregistered device ${res}`);
    if (healthy.size === 0) throw new Error(`no healthy devices present; cannot allocate unhealthy devices ${res}`);
    if (required === 0) return undefined;
    const allocated: string[] = [];
    const take = (ids: Iterable<string>) => {
      for (const id of ids) {
        if (allocated.length === required) break;
        if (!allocated.includes(id)) allocated.push(id);
      }
      return allocated.length === required;
    };
    if (take([...reusable].sort())) return allocated;
    const inUse = this.podDevices.devices().get(res) ?? new Set<string>();
    const available = [...healthy].filter((id) => !inUse.has(id)).sort();
    const needed = required - allocated.length;
    if (available.length < needed) throw new Error(`requested number of devices unavailable for ${res}. Requested: ${needed}, Available: ${available.length}`);
    const endpoint = this.endpoints.get(res);
    if (endpoint?.plugin.getDevicePluginOptions().getPreferredAllocationAvailable) {
      const preferred = endpoint.plugin.getPreferredAllocation({ containerRequests: [{ availableDeviceIDs: [...available, ...allocated].sort(), mustIncludeDeviceIDs: [...allocated], allocationSize: required }] });
      if (take((preferred.containerResponses[0]?.deviceIDs ?? []).filter((id) => available.includes(id)))) return allocated;
    }
    take(available);
    return allocated;
  }

  /** GetDeviceRunContainerOptions: the plugins' answers for the container, merged. */
  runContainerOptions(podUID: string, container: string): RunContainerOptions | undefined {
    const held = this.podDevices.container(podUID, container);
    if (!held.length) return undefined;
    const opts: RunContainerOptions = { envs: [], devices: [], mounts: [], annotations: {}, cdiDevices: [] };
    for (const [, { response: r }] of held) {
      for (const [key, value] of Object.entries(r.envs)) opts.envs.push({ key, value });
      opts.devices.push(...r.devices);
      opts.mounts.push(...r.mounts);
      Object.assign(opts.annotations, r.annotations);
      opts.cdiDevices.push(...r.cdiDevices.map((d) => d.name));
    }
    return opts;
  }

  /** UpdateAllocatedDevices: devices of pods that are no longer active are free again. */
  /** Whether any pod holds devices (else there is nothing updateAllocatedDevices could release). */
  holdsDevices(): boolean { return this.podDevices.size > 0; }

  updateAllocatedDevices(activePodUIDs: ReadonlySet<string>): void {
    const gone = this.podDevices.podUIDs().filter((uid) => !activePodUIDs.has(uid));
    if (!gone.length) return;
    this.podDevices.delete(gone);
    this.writeCheckpoint();
  }

  // ---- reads ----

  /** Who holds each device: `resource + "\u0000" + ID` → pod UID and container. */
  holders(): Map<string, { podUID: string; container: string }> {
    const out = new Map<string, { podUID: string; container: string }>();
    for (const [uid, res, d, name] of this.podDevices.entries()) for (const id of d.ids) out.set(`${res}\u0000${id}`, { podUID: uid, container: name });
    return out;
  }

  /** The checkpoint as written last (what a restarted kubelet, or a restored cluster, reads). */
  checkpoint(): DeviceManagerCheckpoint | undefined { return this.file && structuredClone(this.file); }

  private writeCheckpoint(): void {
    const registered: Record<string, string[]> = {};
    for (const [res, ids] of this.healthy) registered[res] = [...ids].sort();
    this.file = { Data: { PodDeviceEntries: this.podDevices.toCheckpoint(this.allDevices), RegisteredDevices: registered } };
    this.fileCurrent = true;
  }
}


// A machine's devices as its kubelet sees them: the device manager, and (on a GPU machine) the simulated GPUs with
// the NVIDIA device plugin, which registers whenever the kubelet starts. The kubelet calls in at a few points:
// start/stop, node registration (GFD labels) and status (capacity), pod admission, container creation
// (NVIDIA_VISIBLE_DEVICES, CDI devices) and pod termination.
import type { Container, NodeStatus, Pod, PodStatus } from 'kubernetes-types/core/v1';
import { podQOSClass, podRequests, resourceAmount } from '../../api/pod.ts';
import { isExtendedResourceName } from '../../apiserver/admission/validation/resources.ts';
import { DeviceManager, type AdmitResult } from './manager.ts';
import type { DeviceManagerCheckpoint } from './poddevices.ts';
import type { GpuConfig } from './nvidia/config.ts';
import { GpuHardware, type GpuFault } from './nvidia/hardware.ts';
import { gfdLabels } from './nvidia/labels.ts';
import { nvidiaPlugins, registerNvidiaPlugins } from './nvidia/plugin.ts';
import type { GpuDeviceView, NodeGpuView } from './view.ts';

/** What a machine keeps across a cluster snapshot: its GPUs, their faults, and the device manager's checkpoint. */
export interface NodeDeviceState {
  gpus?: GpuConfig;
  broken?: Record<string, number>;
  checkpoint?: DeviceManagerCheckpoint;
}

/** The runtime side of a GPU fault: the processes using the GPU (SimRuntime implements it). */
export interface DeviceRuntime {
  deviceFault(cdiNames: string[], message: string, brokenStartMessage?: string): void;
  deviceRepaired(cdiNames: string[]): void;
}

/** SIMULATION: what a CUDA program prints when its GPU fails under it, and when it starts on a broken GPU. */
const CUDA_FAULT_MESSAGE = 'RuntimeError: CUDA error: unspecified launch failure';
const CUDA_NO_DEVICE_MESSAGE = 'RuntimeError: CUDA error: no CUDA-capable device is detected';

export interface NodeDevicesHooks {
  /** The device manager's capacity changed: post the node status. */
  capacityChanged(): void;
  runtime: DeviceRuntime;
}

/** The answer for most pods (shared, frozen). */
const ADMITTED: Readonly<AdmitResult> = Object.freeze({ admit: true });

export class NodeDevices {
  readonly manager: DeviceManager;
  readonly gpus: GpuHardware | undefined;

  constructor(nodeName: string, gpus: GpuConfig | undefined, state: NodeDeviceState | undefined, hooks: NodeDevicesHooks) {
    this.manager = new DeviceManager(() => hooks.capacityChanged(), state?.checkpoint);
    this.gpus = gpus && new GpuHardware(nodeName, gpus, state?.broken);
    const fault = (f: GpuFault) => {
      if (f.type === 'reset') hooks.runtime.deviceRepaired(f.cdiNames);
      else hooks.runtime.deviceFault(f.cdiNames, CUDA_FAULT_MESSAGE, f.persistent ? CUDA_NO_DEVICE_MESSAGE : undefined);
    };
    this.gpus?.onFault(fault);
    // A restored machine's broken GPUs are broken for the runtime too.
    for (const f of this.gpus?.brokenFaults() ?? []) fault(f);
  }

  start(): void {
    this.manager.start();
    // A machine whose GPUs the DRA driver offers has no device plugin for them (node/dra publishes them).
    if (this.gpus && this.gpus.config.driver !== 'dra') registerNvidiaPlugins(this.gpus, this.manager);
  }

  stop(): void { this.manager.stop(); }

  /** The labels GPU Feature Discovery puts on the node. */
  labels(): Record<string, string> { return this.gpus ? gfdLabels(this.gpus.config) : {}; }

  /**
   * The resource allocator, then the predicate's check of the extended resources no plugin serves. Most pods ask
   * for neither devices nor extended resources: when the allocator would change nothing, they are admitted
   * without listing the active pods.
   */
  admit(pod: Pod, activePods: () => Pod[], allocatable: () => Record<string, string>): Readonly<AdmitResult> {
    if (this.manager.admitsAsIs(pod) && !requestsExtendedResources(pod)) return ADMITTED;
    const active = activePods();
    const r = this.manager.admit(pod, new Set(active.map((p) => p.metadata!.uid!)));
    if (!r.admit) return r;
    return extendedResourceFit(pod, allocatable(), active.filter((p) => p.metadata?.uid !== pod.metadata?.uid), (res) => this.manager.isDevicePluginResource(res));
  }

  /**
   * The kubelet's pods changed: devices of pods no longer active are released. The active pods are only listed
   * when some pod holds devices (a node without GPUs has none, and its pods change on every container start).
   */
  podsChanged(activePodUIDs: () => ReadonlySet<string> | undefined): void {
    if (!this.manager.holdsDevices()) return;
    const active = activePodUIDs();
    if (active) this.manager.updateAllocatedDevices(active);
  }

  /** The CRI config fields the devices add to a container (none when it holds no device). */
  containerConfig(podUID: string, container: string): { envs?: { key: string; value: string }[]; cdiDevices?: { name: string }[] } {
    const opts = this.manager.runContainerOptions(podUID, container);
    if (!opts) return {};
    return { envs: opts.envs, cdiDevices: opts.cdiDevices.map((name) => ({ name })) };
  }

  /** The node status with the device plugin resources' capacity and allocatable, or undefined when unchanged. */
  nodeStatus(status: NodeStatus | undefined): NodeStatus | undefined {
    const { capacity, allocatable } = this.manager.capacity();
    const cap = { ...(status?.capacity ?? {}), ...capacity } as Record<string, string>;
    const alloc = { ...(status?.allocatable ?? {}), ...allocatable } as Record<string, string>;
    if (JSON.stringify(cap) === JSON.stringify(status?.capacity ?? {}) && JSON.stringify(alloc) === JSON.stringify(status?.allocatable ?? {})) return undefined;
    return { ...status, capacity: cap, allocatable: alloc };
  }

  state(): NodeDeviceState {
    const checkpoint = this.manager.checkpoint();
    return {
      ...(this.gpus ? { gpus: structuredClone(this.gpus.config), broken: this.gpus.broken() } : {}),
      ...(checkpoint ? { checkpoint } : {}),
    };
  }

  /** The GPUs' devices with health and holders; podOf names a pod by UID. */
  view(nodeName: string, podOf: (uid: string) => Pod | undefined): NodeGpuView | undefined {
    const hw = this.gpus;
    if (!hw) return undefined;
    const holders = this.manager.holders();
    const devices: GpuDeviceView[] = [];
    for (const p of nvidiaPlugins(hw)) {
      for (const d of p.devices) {
        const gpu = hw.gpus[d.gpu];
        const profile = d.mig ? hw.model.mig.find((m) => m.name === d.mig) : undefined;
        const holder = holders.get(`${p.resourceName}\u0000${d.id}`);
        const pod = holder && podOf(holder.podUID);
        devices.push({
          id: d.id, resource: p.resourceName, index: d.gpu, model: hw.config.model, memoryMiB: profile?.memoryMiB ?? hw.model.memoryMiB,
          ...(d.mig ? { mig: d.mig } : {}), ...(d.replica !== undefined ? { replica: d.replica } : {}),
          health: gpu.brokenBy === undefined ? 'Healthy' : 'Unhealthy', ...(gpu.brokenBy !== undefined ? { xid: gpu.brokenBy } : {}),
          ...(pod ? { pod: `${pod.metadata?.namespace ?? 'default'}/${pod.metadata?.name}`, container: holder.container } : {}),
        });
      }
    }
    devices.sort((a, b) => a.index - b.index || a.id.localeCompare(b.id));
    return { node: nodeName, model: hw.config.model, product: hw.model.product, count: hw.config.count, migStrategy: hw.config.migStrategy, replicas: hw.config.replicas, devices };
  }
}

/**
 * The admit predicate's resource check (lifecycle.NewPredicateAdmitHandler), for the extended resources no device
 * plugin serves on this node: a pod bound here by name still cannot have what the node does not offer.
 * Simplification: cpu, memory and the other native resources are not checked here.
 */
export function extendedResourceFit(pod: Pod, allocatable: Record<string, string>, others: Pod[], served: (resource: string) => boolean): AdmitResult {
  const used = (res: string) => others.reduce((sum, p) => sum + (podRequests(p)[res] ?? 0), 0);
  for (const [res, want] of Object.entries(podRequests(pod)).sort(([a], [b]) => a.localeCompare(b))) {
    if (want === 0 || !isExtendedResourceName(res) || served(res)) continue;
    const capacity = allocatable[res] === undefined ? 0 : resourceAmount(res, allocatable[res]);
    if (want > capacity - used(res)) {
      return { admit: false, reason: `OutOf${res}`, message: `Node didn't have enough resource: ${res}, requested: ${want}, used: ${used(res)}, capacity: ${capacity}` };
    }
  }
  return { admit: true };
}

/**
 * Whether the pod requests some extended resource (what extendedResourceFit checks). The requests are summed only
 * when some container or the overhead names one: most pods name cpu and memory alone, and the sum of a bound
 * pod's spec would be made (and kept with the spec) for the kubelet only.
 */
export function requestsExtendedResources(pod: Pod): boolean {
  const spec = pod.spec;
  if (!namesExtendedResource(spec?.containers) && !namesExtendedResource(spec?.initContainers) && !isExtendedIn(spec?.overhead)) return false;
  const requests = podRequests(pod);
  for (const res in requests) if (requests[res] !== 0 && isExtendedResourceName(res)) return true;
  return false;
}

/** Whether a container of the list requests a resource of an extended name (the sum's names are theirs). */
function namesExtendedResource(containers: readonly Container[] | undefined): boolean {
  if (containers) for (let i = 0; i < containers.length; i++) if (isExtendedIn(containers[i].resources?.requests)) return true;
  return false;
}

function isExtendedIn(list: Record<string, unknown> | undefined): boolean {
  if (list) for (const res in list) if (isExtendedResourceName(res)) return true;
  return false;
}

/** rejectPod: the status the kubelet writes for a pod its admission refused (the scheduler's conditions stay). */
export function rejectedPodStatus(pod: Pod, reason: string, message: string, now: string): PodStatus {
  return {
    ...(pod.status?.conditions?.length ? { conditions: pod.status.conditions.filter((c) => c.type === 'PodScheduled') } : {}),
    phase: 'Failed', reason, message: `Pod was rejected: ${message}`, qosClass: podQOSClass(pod), startTime: pod.status?.startTime ?? now,
  };
}

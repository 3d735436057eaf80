// SIMULATION: a DRA kubelet plugin for the machine's GPUs, named and shaped after NVIDIA's DRA driver: driver
// gpu.nvidia.com, one pool per node, devices gpu-0 … gpu-N-1 with attributes index, minor, uuid, productName,
// brand, architecture and cudaComputeCapability and a memory capacity. The kubelet publishes the pool as one
// ResourceSlice; NodePrepareResources hands a container of an allocated claim the GPUs as NVIDIA_VISIBLE_DEVICES
// and CDI devices (the device plugin's CDI names, so that GPU faults reach DRA users too).
// Simplifications: no MIG or time-slicing devices through DRA, no opaque driver config, no driverVersion attribute.
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { claimNameFor, podResourceClaims, RESOURCE_API_VERSION, type Device, type ResourceClaim, type ResourceSlice } from '../../api/resource.ts';
import type { GpuHardware } from '../deviceplugin/nvidia/hardware.ts';
import { cdiName } from '../deviceplugin/nvidia/hardware.ts';

export const NVIDIA_DRA_DRIVER = 'gpu.nvidia.com';

/** The node's pool of GPUs as one ResourceSlice (named by the API server: <node>-gpu.nvidia.com-<suffix>). */
export function gpuResourceSlice(node: Node, hw: GpuHardware): ResourceSlice {
  const name = node.metadata!.name!;
  const arch = hw.model.family[0].toUpperCase() + hw.model.family.slice(1);
  const devices: Device[] = hw.gpus.map((g) => ({
    name: `gpu-${g.index}`,
    basic: {
      attributes: {
        index: { int: g.index }, minor: { int: g.index }, uuid: { string: g.uuid }, productName: { string: hw.model.name },
        brand: { string: 'Nvidia' }, architecture: { string: arch }, cudaComputeCapability: { version: `${hw.model.computeMajor}.${hw.model.computeMinor}.0` },
      },
      capacity: { memory: { value: `${hw.model.memoryMiB}Mi` } },
    },
  }));
  return {
    apiVersion: RESOURCE_API_VERSION, kind: 'ResourceSlice',
    metadata: { generateName: `${name}-${NVIDIA_DRA_DRIVER}-`, ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name, uid: node.metadata!.uid!, controller: true }] },
    spec: { driver: NVIDIA_DRA_DRIVER, pool: { name, generation: 1, resourceSliceCount: 1 }, nodeName: name, devices },
  };
}

/**
 * NodePrepareResources for one container: the GPUs allocated to the claims it names in resources.claims (only a
 * named request's, when it gives one). Undefined when it uses none.
 */
export function preparedGpus(pod: Pod, container: string, hw: GpuHardware, claimOf: (name: string) => ResourceClaim | undefined): { envs: { key: string; value: string }[]; cdiDevices: { name: string }[] } | undefined {
  const spec = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])].find((c) => c.name === container);
  const uses = (spec?.resources as { claims?: { name: string; request?: string }[] } | undefined)?.claims ?? [];
  const uuids: string[] = [];
  for (const use of uses) {
    const pc = podResourceClaims(pod).find((c) => c.name === use.name);
    if (!pc) continue;
    let name: string | null;
    try { name = claimNameFor(pod, pc).name; } catch { continue; }
    const claim = name === null ? undefined : claimOf(name);
    for (const r of claim?.status?.allocation?.devices?.results ?? []) {
      if (r.driver !== NVIDIA_DRA_DRIVER || r.pool !== hw.nodeName || (use.request && r.request !== use.request)) continue;
      const g = hw.gpus[Number(r.device.replace(/^gpu-/, ''))];
      if (g && !uuids.includes(g.uuid)) uuids.push(g.uuid);
    }
  }
  if (!uuids.length) return undefined;
  return { envs: [{ key: 'NVIDIA_VISIBLE_DEVICES', value: uuids.join(',') }], cdiDevices: uuids.map((u) => ({ name: cdiName(u) })) };
}

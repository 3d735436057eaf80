// GPU occupancy arithmetic shared by the node cards' slot strips and the cluster panel.
import type { GpuDeviceView, NodeGpuView } from '../../worker/dataplane.ts';

export interface Occupancy {
  total: number;
  held: number;
  unhealthy: number;
}

export function occupancy(devices: readonly GpuDeviceView[]): Occupancy {
  let held = 0;
  let unhealthy = 0;
  for (const d of devices) {
    if (d.pod) held++;
    if (d.health !== 'Healthy') unhealthy++;
  }
  return { total: devices.length, held, unhealthy };
}

export function clusterOccupancy(nodes: readonly NodeGpuView[]): Occupancy {
  return occupancy(nodes.flatMap((n) => n.devices));
}

/** What a slot shows: held by a pod, free, or unusable. */
export function slotState(d: GpuDeviceView): 'held' | 'free' | 'unhealthy' {
  if (d.health !== 'Healthy') return 'unhealthy';
  return d.pod ? 'held' : 'free';
}

/** A device's short label: its GPU index, with the MIG profile or time-slicing replica. */
export function slotLabel(d: GpuDeviceView): string {
  if (d.mig) return `${d.index}:${d.mig}`;
  if (d.replica !== undefined) return `${d.index}#${d.replica}`;
  return String(d.index);
}

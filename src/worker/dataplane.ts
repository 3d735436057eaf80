// The data plane and GPUs as the page shows them: one compact view read from the cluster's read models. The page
// asks for it a few times a second (not per frame), and only the recent end of each metric series travels.
import type { KubesimCluster } from '../engine/index.ts';
import type { NodeGpuView } from '../engine/node/deviceplugin/view.ts';
import type { ServiceEndpointsView, TrafficSample, TrafficSeries } from '../engine/network/types.ts';
import type { SourceStatus } from '../engine/network/traffic/simulator.ts';
import type { CniNodeStatus, PodCIDRUsage } from '../engine/simctl/cni.ts';

export type { NodeGpuView, ServiceEndpointsView, SourceStatus, TrafficSample, TrafficSeries, CniNodeStatus, PodCIDRUsage };
export type { GpuDeviceView } from '../engine/node/deviceplugin/view.ts';
export type { TraceResult } from '../engine/network/network.ts';
export type { Hop } from '../engine/network/traffic/path.ts';

/** Samples per Service series the traffic panel charts. */
export const SERVICE_SAMPLES = 120;

export interface DataPlaneView {
  gpus: NodeGpuView[];
  cni: { installed: string[]; nodes: CniNodeStatus[]; podCIDRs: PodCIDRUsage };
  services: ServiceEndpointsView[];
  sources: SourceStatus[];
  /** Per Service: the last SERVICE_SAMPLES samples. */
  serviceTraffic: TrafficSeries[];
  /** Per pod (namespace/name): its latest sample, for the map's edges. */
  podTraffic: Record<string, TrafficSample>;
}

export function dataPlaneView(c: KubesimCluster): DataPlaneView {
  const podTraffic: Record<string, TrafficSample> = {};
  for (const s of c.trafficMetrics('pod')) {
    const last = s.samples.at(-1);
    if (last) podTraffic[s.key] = last;
  }
  return {
    gpus: c.gpuDevices(),
    cni: { installed: c.cni.installed(), nodes: c.cni.status(), podCIDRs: c.cni.podCIDRs() },
    services: c.serviceEndpoints(),
    sources: c.trafficSources(),
    serviceTraffic: c.trafficMetrics('service').map((s) => ({ ...s, samples: s.samples.slice(-SERVICE_SAMPLES) })),
    podTraffic,
  };
}

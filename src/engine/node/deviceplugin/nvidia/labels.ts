// The node labels GPU Feature Discovery writes for a machine's GPUs (nvidia.com/gpu.*, nvidia.com/mig.*, and
// nvidia.com/mig-<profile>.* under the mixed strategy).
// Simplification: GFD runs as a DaemonSet and labels the node through NFD; here the kubelet registers the node
// with these labels, and driver/CUDA version labels are left out.
import type { GpuConfig } from './config.ts';
import { migLayout } from './config.ts';
import { GPU_MODELS, type MigProfile } from './models.ts';

export const GFD_PREFIXES = ['nvidia.com/gpu.', 'nvidia.com/mig.', 'nvidia.com/mig-'];

export function gfdLabels(cfg: GpuConfig): Record<string, string> {
  const model = GPU_MODELS[cfg.model];
  const shared = cfg.replicas > 1;
  const layout = migLayout(cfg);
  const labels: Record<string, string> = {
    'nvidia.com/gpu.present': 'true',
    'nvidia.com/gpu.family': model.family,
    'nvidia.com/gpu.compute.major': String(model.computeMajor),
    'nvidia.com/gpu.compute.minor': String(model.computeMinor),
    'nvidia.com/gpu.count': String(cfg.count),
    'nvidia.com/gpu.product': model.product,
    'nvidia.com/gpu.memory': String(model.memoryMiB),
    'nvidia.com/gpu.replicas': String(cfg.replicas),
    'nvidia.com/gpu.sharing-strategy': shared ? 'time-slicing' : 'none',
    'nvidia.com/mig.capable': String(model.mig.length > 0),
  };
  if (cfg.migStrategy !== 'none') labels['nvidia.com/mig.strategy'] = cfg.migStrategy;
  if (cfg.migStrategy === 'single') {
    const p = layout[0];
    Object.assign(labels, profileLabels('nvidia.com/gpu', p, layout.length * cfg.count));
    labels['nvidia.com/gpu.product'] = `${model.product}-MIG-${p.name}`;
  }
  if (cfg.migStrategy === 'mixed') {
    for (const p of new Set(layout)) Object.assign(labels, profileLabels(`nvidia.com/mig-${p.name}`, p, layout.filter((q) => q === p).length * cfg.count));
  }
  if (shared) labels['nvidia.com/gpu.product'] += '-SHARED';
  return labels;
}

function profileLabels(prefix: string, p: MigProfile, count: number): Record<string, string> {
  return {
    [`${prefix}.count`]: String(count),
    [`${prefix}.memory`]: String(p.memoryMiB),
    [`${prefix}.multiprocessors`]: String(p.multiprocessors),
    [`${prefix}.slices.gi`]: String(p.computeSlices),
    [`${prefix}.slices.ci`]: String(p.computeSlices),
  };
}

/** Whether a label is one GFD writes (a restored node's own labels are told apart from these). */
export function isGfdLabel(key: string): boolean {
  return GFD_PREFIXES.some((p) => key.startsWith(p));
}

// A machine's GPUs as `sim node add --gpus …` describes them, and the checks that keep a description possible
// (a known model, MIG only where the model has it, a MIG layout that fits one GPU).
import { DEFAULT_GPU_MODEL, GPU_MODELS, sliceLimits, type GpuModel, type MigProfile, type NvlinkTopology } from './models.ts';

/** The NVIDIA device plugin's migStrategy: none (MIG ignored), single (every GPU the same), mixed (per profile). */
export type MigStrategy = 'none' | 'single' | 'mixed';

export interface GpuConfig {
  count: number;
  /** A key of GPU_MODELS. */
  model: string;
  migStrategy: MigStrategy;
  /** single: the one profile every GPU is split into (as many as fit); mixed: the instances on each GPU. */
  migProfiles: string[];
  /** Time-slicing: each device is advertised this many times (1: no sharing). */
  replicas: number;
  nvlink: NvlinkTopology;
  /**
   * Who offers the GPUs to pods: the NVIDIA device plugin (nvidia.com/gpu extended resources, the default) or the
   * DRA driver (a ResourceSlice of driver gpu.nvidia.com while DynamicResourceAllocation is on). Never both: one
   * GPU handed out twice would be two pods' GPU.
   */
  driver?: GpuDriver;
}

export type GpuDriver = 'device-plugin' | 'dra';

export const MAX_GPUS_PER_NODE = 16;
export const MAX_REPLICAS = 64;

export class GpuConfigError extends Error {}

/** A complete configuration from what the flags gave, or a GpuConfigError that says what is wrong. */
export function gpuConfig(opts: { count: number; model?: string; migStrategy?: string; migProfiles?: string[]; replicas?: number; nvlink?: string; driver?: string }): GpuConfig {
  const { count } = opts;
  if (!Number.isInteger(count) || count < 1 || count > MAX_GPUS_PER_NODE) throw new GpuConfigError(`invalid argument "${count}" for "--gpus": must be a whole number from 1 to ${MAX_GPUS_PER_NODE}`);
  const modelName = opts.model ?? DEFAULT_GPU_MODEL;
  const model = GPU_MODELS[modelName];
  if (!model) throw new GpuConfigError(`invalid argument "${modelName}" for "--gpu-model": must be one of ${Object.keys(GPU_MODELS).join(', ')}`);
  const migStrategy = (opts.migStrategy ?? (opts.migProfiles?.length ? 'single' : 'none')) as MigStrategy;
  if (!['none', 'single', 'mixed'].includes(migStrategy)) throw new GpuConfigError(`invalid argument "${migStrategy}" for "--mig-strategy": must be none, single or mixed`);
  const migProfiles = migStrategy === 'none' ? [] : opts.migProfiles ?? [];
  if (migStrategy !== 'none') validateMigLayout(model, modelName, migStrategy, migProfiles);
  const replicas = opts.replicas ?? 1;
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > MAX_REPLICAS) throw new GpuConfigError(`invalid argument "${replicas}" for "--gpu-replicas": must be a whole number from 1 to ${MAX_REPLICAS}`);
  const nvlink = (opts.nvlink ?? model.nvlink) as NvlinkTopology;
  if (!['all', 'pairs', 'none'].includes(nvlink)) throw new GpuConfigError(`invalid argument "${nvlink}" for "--nvlink": must be all, pairs or none`);
  const driver = (opts.driver ?? 'device-plugin') as GpuDriver;
  if (!['device-plugin', 'dra'].includes(driver)) throw new GpuConfigError(`invalid argument "${driver}" for "--gpu-driver": must be device-plugin or dra`);
  if (driver === 'dra' && (migStrategy !== 'none' || replicas !== 1)) throw new GpuConfigError('--gpu-driver dra offers whole GPUs only: no --mig-strategy or --gpu-replicas');
  return { count, model: modelName, migStrategy, migProfiles, replicas, nvlink, ...(driver === 'dra' ? { driver } : {}) };
}

function validateMigLayout(model: GpuModel, modelName: string, strategy: MigStrategy, names: string[]): void {
  if (!model.mig.length) throw new GpuConfigError(`${modelName} does not support MIG`);
  if (!names.length) throw new GpuConfigError(`--mig-strategy ${strategy} needs --mig-profile (${modelName} offers ${model.mig.map((p) => p.name).join(', ')})`);
  const profiles = names.map((n) => {
    const p = model.mig.find((m) => m.name === n);
    if (!p) throw new GpuConfigError(`unknown MIG profile "${n}" for ${modelName}: must be one of ${model.mig.map((m) => m.name).join(', ')}`);
    return p;
  });
  if (strategy === 'single' && profiles.length !== 1) throw new GpuConfigError('--mig-strategy single takes exactly one --mig-profile: every GPU is split the same way');
  if (strategy === 'mixed') {
    const limits = sliceLimits(model);
    const compute = profiles.reduce((s, p) => s + p.computeSlices, 0);
    const memory = profiles.reduce((s, p) => s + p.memorySlices, 0);
    if (compute > limits.compute || memory > limits.memory) {
      throw new GpuConfigError(`MIG layout ${names.join(',')} does not fit one ${modelName}: it needs ${compute} of ${limits.compute} compute slices and ${memory} of ${limits.memory} memory slices`);
    }
    for (const p of new Set(profiles)) {
      const n = profiles.filter((q) => q === p).length;
      if (n > p.maxInstances) throw new GpuConfigError(`MIG layout ${names.join(',')} does not fit one ${modelName}: at most ${p.maxInstances} ${p.name} instances per GPU`);
    }
  }
}

/**
 * The MIG instances on each GPU: single fills every GPU with its profile; mixed repeats the layout on every GPU.
 * Simplification: a layout is checked against the slice totals, not against NVIDIA's placement table.
 */
export function migLayout(cfg: GpuConfig): MigProfile[] {
  if (cfg.migStrategy === 'none') return [];
  const model = GPU_MODELS[cfg.model];
  const profiles = cfg.migProfiles.map((n) => model.mig.find((m) => m.name === n)!);
  if (cfg.migStrategy === 'mixed') return profiles;
  const p = profiles[0];
  const limits = sliceLimits(model);
  const fit = Math.min(p.maxInstances, Math.floor(limits.compute / p.computeSlices), Math.floor(limits.memory / p.memorySlices));
  return Array.from({ length: fit }, () => p);
}

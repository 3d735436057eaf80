// The simulated GPU models: what GPU Feature Discovery reports for each (product name, memory in MiB, family,
// compute capability), the default NVLink wiring of the boards they come on, and their MIG profiles as the NVIDIA
// MIG user guide lists them (instances per GPU, compute and memory slices, multiprocessors).
// SIMULATION: MIG memory values are what nvidia-smi shows for the profile on that model, rounded to the MiB.

export interface MigProfile {
  /** e.g. "1g.10gb" (a "+me" profile adds the media extensions). */
  name: string;
  /** Compute (GPC) slices: the "Ng" part; a GPU has 7. */
  computeSlices: number;
  /** Memory slices, of 8. */
  memorySlices: number;
  memoryMiB: number;
  multiprocessors: number;
  /** How many of this profile fit on one GPU. */
  maxInstances: number;
}

/** How the GPUs of one machine are linked: NVSwitch (every pair), NVLink bridges (0-1, 2-3, …), or PCIe only. */
export type NvlinkTopology = 'all' | 'pairs' | 'none';

export interface GpuModel {
  /** nvidia.com/gpu.product (spaces become dashes, as GFD writes it). */
  product: string;
  /** The device's name as NVML (and nvidia-smi) gives it, which NVIDIA's DRA driver publishes as productName. */
  name: string;
  memoryMiB: number;
  family: string;
  computeMajor: number;
  computeMinor: number;
  nvlink: NvlinkTopology;
  mig: MigProfile[];
}

const mig = (name: string, computeSlices: number, memorySlices: number, memoryMiB: number, multiprocessors: number, maxInstances: number): MigProfile =>
  ({ name, computeSlices, memorySlices, memoryMiB, multiprocessors, maxInstances });

/** Keyed by what `sim node add --gpu-model` accepts. */
export const GPU_MODELS: Record<string, GpuModel> = {
  'H100-80GB': {
    product: 'NVIDIA-H100-80GB-HBM3', name: 'NVIDIA H100 80GB HBM3', memoryMiB: 81559, family: 'hopper', computeMajor: 9, computeMinor: 0, nvlink: 'all',
    mig: [mig('1g.10gb', 1, 1, 9984, 16, 7), mig('1g.10gb+me', 1, 1, 9984, 16, 1), mig('1g.20gb', 1, 2, 20096, 26, 4),
      mig('2g.20gb', 2, 2, 20096, 32, 3), mig('3g.40gb', 3, 4, 40320, 60, 2), mig('4g.40gb', 4, 4, 40320, 64, 1), mig('7g.80gb', 7, 8, 80768, 132, 1)],
  },
  'A100-80GB': {
    product: 'NVIDIA-A100-SXM4-80GB', name: 'NVIDIA A100-SXM4-80GB', memoryMiB: 81920, family: 'ampere', computeMajor: 8, computeMinor: 0, nvlink: 'all',
    mig: [mig('1g.10gb', 1, 1, 9728, 14, 7), mig('1g.10gb+me', 1, 1, 9728, 14, 1), mig('1g.20gb', 1, 2, 19968, 14, 4),
      mig('2g.20gb', 2, 2, 19968, 28, 3), mig('3g.40gb', 3, 4, 40448, 42, 2), mig('4g.40gb', 4, 4, 40448, 56, 1), mig('7g.80gb', 7, 8, 80896, 98, 1)],
  },
  'A100-40GB': {
    product: 'NVIDIA-A100-SXM4-40GB', name: 'NVIDIA A100-SXM4-40GB', memoryMiB: 40537, family: 'ampere', computeMajor: 8, computeMinor: 0, nvlink: 'all',
    mig: [mig('1g.5gb', 1, 1, 4864, 14, 7), mig('1g.5gb+me', 1, 1, 4864, 14, 1), mig('1g.10gb', 1, 2, 9984, 14, 4),
      mig('2g.10gb', 2, 2, 9984, 28, 3), mig('3g.20gb', 3, 4, 19968, 42, 2), mig('4g.20gb', 4, 4, 19968, 56, 1), mig('7g.40gb', 7, 8, 40192, 98, 1)],
  },
  'A30-24GB': {
    product: 'NVIDIA-A30', name: 'NVIDIA A30', memoryMiB: 24576, family: 'ampere', computeMajor: 8, computeMinor: 0, nvlink: 'pairs',
    mig: [mig('1g.6gb', 1, 1, 5836, 14, 4), mig('1g.6gb+me', 1, 1, 5836, 14, 1), mig('2g.12gb', 2, 2, 11968, 28, 2),
      mig('2g.12gb+me', 2, 2, 11968, 28, 1), mig('4g.24gb', 4, 4, 24064, 56, 1)],
  },
  'L40S': { product: 'NVIDIA-L40S', name: 'NVIDIA L40S', memoryMiB: 46068, family: 'ada-lovelace', computeMajor: 8, computeMinor: 9, nvlink: 'none', mig: [] },
  L4: { product: 'NVIDIA-L4', name: 'NVIDIA L4', memoryMiB: 23034, family: 'ada-lovelace', computeMajor: 8, computeMinor: 9, nvlink: 'none', mig: [] },
  T4: { product: 'Tesla-T4', name: 'Tesla T4', memoryMiB: 15360, family: 'turing', computeMajor: 7, computeMinor: 5, nvlink: 'none', mig: [] },
};

export const DEFAULT_GPU_MODEL = 'H100-80GB';

/** A100 and H100 class GPUs have 7 compute slices and 8 memory slices; A30 has 4 of each. */
export function sliceLimits(model: GpuModel): { compute: number; memory: number } {
  return model.mig.some((p) => p.computeSlices === 7) ? { compute: 7, memory: 8 } : { compute: 4, memory: 4 };
}

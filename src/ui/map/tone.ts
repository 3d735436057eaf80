// The colour family of a pod tile, from what kubectl would print for it.
import type { PodView } from '../../worker/protocol.ts';

export type PodTone = 'pending' | 'running' | 'succeeded' | 'failed' | 'terminating' | 'unknown';

/** Every tone a tile can take; the legend and the state filter leave out "unknown" (a pod its node lost touch with). */
export const ALL_TONES: readonly PodTone[] = ['pending', 'running', 'succeeded', 'failed', 'terminating', 'unknown'];
export const TONES: readonly PodTone[] = ALL_TONES.filter((t) => t !== 'unknown');

const FAILED_REASONS = new Set([
  'Error', 'CrashLoopBackOff', 'ImagePullBackOff', 'ErrImagePull', 'InvalidImageName', 'OOMKilled',
  'CreateContainerConfigError', 'CreateContainerError', 'RunContainerError', 'ContainerCannotRun',
  'Evicted', 'NodeAffinity', 'OutOfcpu', 'OutOfmemory', 'OutOfpods', 'DeadlineExceeded', 'Preempting',
]);

/** Views are replaced, never changed, when a pod changes: a tone is worked out once per view. */
const toneOf = new WeakMap<object, PodTone>();

export function podTone(p: Pick<PodView, 'phase' | 'status' | 'terminating'>): PodTone {
  let tone = toneOf.get(p);
  if (tone === undefined) toneOf.set(p, (tone = toneFor(p)));
  return tone;
}

function toneFor(p: Pick<PodView, 'phase' | 'status' | 'terminating'>): PodTone {
  if (p.status === 'Terminating' || (p.terminating && p.phase !== 'Succeeded' && p.phase !== 'Failed')) return 'terminating';
  if (p.phase === 'Succeeded' || p.status === 'Completed') return 'succeeded';
  if (p.phase === 'Failed') return 'failed';
  const bare = p.status.startsWith('Init:') ? p.status.slice(5) : p.status;
  if (FAILED_REASONS.has(bare) || bare.startsWith('ExitCode:') || bare.startsWith('Signal:')) return 'failed';
  if (p.phase === 'Unknown' || p.status === 'Unknown') return 'unknown';
  if (p.phase === 'Running' && (p.status === 'Running' || p.status === 'NotReady')) return 'running';
  return 'pending';
}

export type PodMotion = 'pulse' | 'flash' | 'fade' | '';

/** How a tile moves: Pending pulses, a container in CrashLoopBackOff flashes, Terminating fades (CSS, off under reduced motion). */
export function podMotion(p: Pick<PodView, 'phase' | 'status' | 'terminating'>): PodMotion {
  const tone = podTone(p);
  if (tone === 'terminating') return 'fade';
  if (p.status === 'CrashLoopBackOff' || p.status === 'Init:CrashLoopBackOff') return 'flash';
  if (tone === 'pending') return 'pulse';
  return '';
}

/** A card's tiles split by motion, each with its place in the card's grid (holes skipped): one canvas per motion. */
export function tilesByMotion<P extends Pick<PodView, 'phase' | 'status' | 'terminating'>>(pods: readonly (P | null)[]): Map<PodMotion, { pod: P; index: number }[]> {
  const layers = new Map<PodMotion, { pod: P; index: number }[]>();
  pods.forEach((pod, index) => {
    if (!pod) return;
    const motion = podMotion(pod);
    let layer = layers.get(motion);
    if (!layer) layers.set(motion, (layer = []));
    layer.push({ pod, index });
  });
  return layers;
}

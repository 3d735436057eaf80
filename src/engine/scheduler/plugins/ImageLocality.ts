// ImageLocality: prefer nodes that already have the pod's images, weighted by how widely each image is spread.
// sumScores = Σ size × (nodes with the image / all nodes); score = 100 × (clamp(sum) − min) / (max − min),
// with min 23 MB and max 1000 MB per container (thresholds scale with the number of containers).
import type { Pod } from 'kubernetes-types/core/v1';
import { MAX_NODE_SCORE, type CycleState, type Handle, type PreScorePlugin, type ScorePlugin } from '../framework/interface.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { Status } from '../framework/status.ts';

const MB = 1024 * 1024;
const MIN_THRESHOLD = 23 * MB;
const MAX_CONTAINER_THRESHOLD = 1000 * MB;
const KEY = 'PreScoreImageLocality';

/** Image names as the kubelet reports them in node.status.images (a bare name gains :latest). */
export function normalizedImageName(image: string): string {
  const slash = image.lastIndexOf('/');
  return image.includes('@') || image.lastIndexOf(':') > slash ? image : `${image}:latest`;
}

export class ImageLocality implements PreScorePlugin, ScorePlugin {
  readonly name = 'ImageLocality';
  constructor(private readonly handle: Handle) {}

  /** How many nodes hold each image, once per cycle. */
  preScore(state: CycleState): Status {
    const spread = new Map<string, number>();
    for (const n of this.handle.nodeInfos()) for (const img of n.node.status?.images ?? []) for (const name of img.names ?? []) spread.set(name, (spread.get(name) ?? 0) + 1);
    state.write(KEY, spread);
    return Status.success();
  }

  score(state: CycleState, pod: Pod, node: NodeInfo): number {
    const spread = state.read<Map<string, number>>(KEY) ?? new Map<string, number>();
    const total = this.handle.nodeInfos().length || 1;
    const sizes = new Map<string, number>();
    for (const img of node.node.status?.images ?? []) for (const name of img.names ?? []) sizes.set(name, img.sizeBytes ?? 0);
    const containers = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])];
    let sum = 0;
    for (const c of containers) {
      const name = normalizedImageName(c.image ?? '');
      const size = sizes.get(name);
      if (size !== undefined) sum += Math.floor(size * ((spread.get(name) ?? 0) / total));
    }
    const max = MAX_CONTAINER_THRESHOLD * Math.max(1, containers.length);
    const clamped = Math.min(Math.max(sum, MIN_THRESHOLD), max);
    return Math.floor((MAX_NODE_SCORE * (clamped - MIN_THRESHOLD)) / (max - MIN_THRESHOLD));
  }
}

// ImageLocality: prefer nodes that already have the pod's images, weighted by how widely each image is spread.
// sumScores = Σ size × (nodes with the image / all nodes); score = 100 × (clamp(sum) − min) / (max − min),
// with min 23 MB and max 1000 MB per container (thresholds scale with the number of containers).
import type { Container, Pod } from 'kubernetes-types/core/v1';
import { MAX_NODE_SCORE, type CycleState, type Handle, type PreScorePlugin, type ScorePlugin } from '../framework/interface.ts';
import type { NodeInfo } from '../framework/nodeinfo.ts';
import { Status } from '../framework/status.ts';

const MB = 1024 * 1024;
const MIN_THRESHOLD = 23 * MB;
const MAX_CONTAINER_THRESHOLD = 1000 * MB;
const KEY = 'PreScoreImageLocality';

/** The pod's images that some node has (the others add nothing to any node), and how many images it has in all. */
interface PreScoreState { images: string[]; spread: number[]; count: number }

/** Image names as the kubelet reports them in node.status.images (a bare name gains :latest). */
export function normalizedImageName(image: string): string {
  const slash = image.lastIndexOf('/');
  return image.includes('@') || image.lastIndexOf(':') > slash ? image : `${image}:latest`;
}

const NO_IMAGES: PreScoreState = { images: [], spread: [], count: 0 };

export class ImageLocality implements PreScorePlugin, ScorePlugin {
  readonly name = 'ImageLocality';
  constructor(private readonly handle: Handle) {}

  /**
   * The pod's images and how many nodes hold each, once per cycle. When no node holds any, nothing is written:
   * every node's sum is 0 and scores 0, whatever the count of images.
   */
  preScore(state: CycleState, pod: Pod): Status {
    const nodes = this.handle.nodeInfos();
    const cycle: PreScoreState = { images: [], spread: [], count: 0 };
    for (const c of pod.spec?.initContainers ?? []) this.addImage(cycle, c, nodes);
    for (const c of pod.spec?.containers ?? []) this.addImage(cycle, c, nodes);
    if (cycle.images.length) state.write(KEY, cycle);
    return Status.success();
  }

  /** Counts the container's image, and keeps it with its spread when some node has it. */
  private addImage(cycle: PreScoreState, c: Container, nodes: readonly NodeInfo[]): void {
    const img = normalizedImageName(c.image ?? '');
    cycle.count++;
    const spread = (this.handle.imageNodeCount?.(img) ?? nodes.reduce((n, info) => n + (info.imageSizes.has(img) ? 1 : 0), 0)) / (nodes.length || 1);
    if (spread <= 0) return;
    cycle.images.push(img);
    cycle.spread.push(spread);
  }

  score(state: CycleState, pod: Pod, node: NodeInfo): number {
    return this.scoreWith(state.read<PreScoreState>(KEY) ?? NO_IMAGES, pod, node);
  }

  scoreNodes(state: CycleState, pod: Pod, nodes: NodeInfo[], out: Float64Array): number | void {
    const cycle = state.read<PreScoreState>(KEY) ?? NO_IMAGES;
    // No node has any of the pod's images: every sum is 0, below the minimum threshold, so every score is 0.
    if (!cycle.images.length) return 0;
    for (let i = 0; i < nodes.length; i++) out[i] = this.scoreWith(cycle, pod, nodes[i]);
  }

  private scoreWith(cycle: PreScoreState, pod: Pod, node: NodeInfo): number {
    let sum = 0;
    for (let i = 0; i < cycle.images.length; i++) {
      const size = node.imageSizes.get(cycle.images[i]);
      if (size !== undefined) sum += Math.floor(size * cycle.spread[i]);
    }
    const max = MAX_CONTAINER_THRESHOLD * Math.max(1, cycle.count || (pod.spec?.containers?.length ?? 1));
    const clamped = Math.min(Math.max(sum, MIN_THRESHOLD), max);
    return Math.floor((MAX_NODE_SCORE * (clamped - MIN_THRESHOLD)) / (max - MIN_THRESHOLD));
  }
}

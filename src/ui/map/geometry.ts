// Where things are on the map in flow coordinates: pod tiles and node cards as absolute rectangles, and the grid's
// bounds. The traffic overlays (edges, a traced request's path) draw on top of the flow with these.
import type { Node as FlowNode } from '@xyflow/react';
import { nodeId, TILE, type TileCentres } from './layout.ts';

export interface Point { x: number; y: number }
export interface Rect { x: number; y: number; width: number; height: number }

export interface MapGeometry {
  /** A pod tile (namespace/name), when it is drawn. */
  pod(key: string): Rect | undefined;
  /** A Kubernetes Node's card. */
  node(name: string): Rect | undefined;
  /** The node grid's bounds (zero-sized at the origin on an empty map). */
  grid: Rect;
}

export function center(r: Rect): Point {
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

/** `podAt` is where the layout drew each pod's tile (its centre): pods are drawn inside node cards, not as flow nodes. */
export function mapGeometry(nodes: readonly FlowNode[], podAt: TileCentres): MapGeometry {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const rect = (id: string): Rect | undefined => {
    const n = byId.get(id);
    if (!n) return undefined;
    const parent = n.parentId ? byId.get(n.parentId) : undefined;
    return {
      x: (parent?.position.x ?? 0) + n.position.x, y: (parent?.position.y ?? 0) + n.position.y,
      width: n.width ?? n.measured?.width ?? 0, height: n.height ?? n.measured?.height ?? 0,
    };
  };
  const cards = nodes.filter((n) => n.type === 'kubeNode').map((n) => rect(n.id)!);
  const left = Math.min(...cards.map((r) => r.x));
  const top = Math.min(...cards.map((r) => r.y));
  const right = Math.max(...cards.map((r) => r.x + r.width));
  const bottom = Math.max(...cards.map((r) => r.y + r.height));
  const grid = cards.length ? { x: left, y: top, width: right - left, height: bottom - top } : { x: 0, y: 0, width: 0, height: 0 };
  const pod = (key: string): Rect | undefined => {
    const c = podAt.get(key);
    return c && { x: c.x - TILE / 2, y: c.y - TILE / 2, width: TILE, height: TILE };
  };
  return { pod, node: (name) => rect(nodeId(name)), grid };
}

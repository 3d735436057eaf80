// Where everything goes on the cluster map: Kubernetes Nodes as group nodes in a grid, an "Unscheduled"
// lane across the bottom, Pods as small tiles inside their group. Pure: the same views give the same positions.
import type { Node as FlowNode } from '@xyflow/react';
import type { NodeView, PodView } from '../../worker/protocol.ts';
import { podTone, type PodTone } from './tone.ts';

export const NODE_WIDTH = 264;
export const PADDING = 12;
export const HEADER_HEIGHT = 112;
export const LANE_HEADER_HEIGHT = 40;
const HEADER_HEIGHT_FOR = { node: HEADER_HEIGHT, lane: LANE_HEADER_HEIGHT };
export const TILE = 18;
export const TILE_GAP = 5;
export const GRID_GAP = 28;
export const MIN_TILE_ROWS = 2;
export const TILES_PER_ROW = Math.floor((NODE_WIDTH - 2 * PADDING + TILE_GAP) / (TILE + TILE_GAP));
export const LANE_ID = 'lane:unscheduled';

export type KubeNodeData = { view: NodeView; podCount: number };
export type LaneData = { podCount: number };
export type PodTileData = { pod: PodView; tone: PodTone };

export type KubeNodeFlowNode = FlowNode<KubeNodeData, 'kubeNode'>;
export type LaneFlowNode = FlowNode<LaneData, 'lane'>;
export type PodFlowNode = FlowNode<PodTileData, 'pod'>;
export type MapNode = KubeNodeFlowNode | LaneFlowNode | PodFlowNode;

const byName = new Intl.Collator('en', { numeric: true });

export function nodeId(name: string): string {
  return `node:${name}`;
}

export function podId(key: string): string {
  return `pod:${key}`;
}

function groupHeight(pods: number, perRow: number): number {
  const rows = Math.max(MIN_TILE_ROWS, Math.ceil(pods / perRow));
  return HEADER_HEIGHT + rows * (TILE + TILE_GAP) - TILE_GAP + PADDING;
}

function columnsFor(nodes: number): number {
  return Math.max(1, Math.min(nodes, Math.max(4, Math.ceil(Math.sqrt(nodes * 2)))));
}

/** The flow nodes for a cluster: parents before children, as xyflow requires. */
export function layoutCluster(nodes: Iterable<NodeView>, pods: Iterable<PodView>): MapNode[] {
  const sortedNodes = [...nodes].sort((a, b) => byName.compare(a.name, b.name));
  const known = new Set(sortedNodes.map((n) => n.name));
  const podsByGroup = new Map<string, PodView[]>();
  for (const p of pods) {
    const group = p.nodeName && known.has(p.nodeName) ? p.nodeName : '';
    let list = podsByGroup.get(group);
    if (!list) podsByGroup.set(group, (list = []));
    list.push(p);
  }
  for (const list of podsByGroup.values()) {
    list.sort((a, b) => a.createdMs - b.createdMs || byName.compare(a.name, b.name) || a.namespace.localeCompare(b.namespace));
  }

  // Nodes by name in a grid (rows share the tallest height); the lane spans the grid's width below it.
  const cols = columnsFor(sortedNodes.length);
  const rowHeights: number[] = [];
  sortedNodes.forEach((view, i) => {
    const row = Math.floor(i / cols);
    rowHeights[row] = Math.max(rowHeights[row] ?? 0, groupHeight(podsByGroup.get(view.name)?.length ?? 0, TILES_PER_ROW));
  });

  const out: MapNode[] = [];
  const addPods = (parentId: string, list: PodView[], perRow: number) => {
    list.forEach((pod, j) => {
      out.push({
        id: podId(pod.key), type: 'pod', parentId, extent: 'parent',
        position: {
          x: PADDING + (j % perRow) * (TILE + TILE_GAP),
          y: HEADER_HEIGHT_FOR[parentId === LANE_ID ? 'lane' : 'node'] + Math.floor(j / perRow) * (TILE + TILE_GAP),
        },
        width: TILE, height: TILE,
        data: { pod, tone: podTone(pod) },
        draggable: false, selectable: false,
      });
    });
  };

  let y = 0;
  sortedNodes.forEach((view, i) => {
    const row = Math.floor(i / cols);
    const col = i % cols;
    if (col === 0 && row > 0) y += rowHeights[row - 1] + GRID_GAP;
    const id = nodeId(view.name);
    const list = podsByGroup.get(view.name) ?? [];
    out.push({
      id, type: 'kubeNode', position: { x: col * (NODE_WIDTH + GRID_GAP), y }, width: NODE_WIDTH, height: rowHeights[row],
      data: { view, podCount: list.length },
      draggable: false, selectable: false, focusable: false,
    });
    addPods(id, list, TILES_PER_ROW);
  });
  if (rowHeights.length) y += rowHeights[rowHeights.length - 1] + GRID_GAP;

  const pending = podsByGroup.get('') ?? [];
  const laneWidth = Math.max(1, cols) * (NODE_WIDTH + GRID_GAP) - GRID_GAP;
  const lanePerRow = Math.floor((laneWidth - 2 * PADDING + TILE_GAP) / (TILE + TILE_GAP));
  const laneRows = Math.max(1, Math.ceil(pending.length / lanePerRow));
  out.push({
    id: LANE_ID, type: 'lane', position: { x: 0, y }, width: laneWidth,
    height: LANE_HEADER_HEIGHT + laneRows * (TILE + TILE_GAP) - TILE_GAP + PADDING,
    data: { podCount: pending.length },
    draggable: false, selectable: false, focusable: false,
  });
  addPods(LANE_ID, pending, lanePerRow);
  return out;
}

function sameNode(a: MapNode, b: MapNode): boolean {
  if (a.type !== b.type || a.parentId !== b.parentId) return false;
  if (a.position.x !== b.position.x || a.position.y !== b.position.y || a.width !== b.width || a.height !== b.height) return false;
  const da = a.data as Record<string, unknown>;
  const db = b.data as Record<string, unknown>;
  const keys = Object.keys(da);
  return keys.length === Object.keys(db).length && keys.every((k) => da[k] === db[k]);
}

/**
 * Keep the previous object for every flow node that did not change (xyflow then skips it), and carry over
 * what xyflow measured for the others so nothing flashes invisible.
 */
export function mergeNodes(prev: readonly MapNode[], next: MapNode[]): MapNode[] {
  const old = new Map(prev.map((n) => [n.id, n]));
  let changed = prev.length !== next.length;
  const merged = next.map((n, i) => {
    const p = old.get(n.id);
    if (p && sameNode(p, n)) {
      if (prev[i] !== p) changed = true;
      return p;
    }
    changed = true;
    return p?.measured ? ({ ...n, measured: p.measured } as MapNode) : n;
  });
  return changed ? merged : (prev as MapNode[]);
}

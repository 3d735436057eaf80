// Where everything goes on the cluster map. Pure: the same views give the same positions.
// - Detail: Kubernetes Nodes as cards in a grid (one band per group when the nodes are grouped), each card
//   drawing its Pods as tiles; an "Unscheduled" lane across the bottom.
// - Groups: when there are more nodes or pods than a card grid can carry, one aggregated tile per group (or per
//   slice of a large group); focusing a tile (click, or zoom into it) shows the next level.
// Pods are drawn by their card, not as flow nodes of their own: xyflow then tracks a few hundred nodes, not
// a hundred thousand, and a pod's change re-renders only its card.
import type { Node as FlowNode } from '@xyflow/react';
import type { NodeView, PodView } from '../../worker/protocol.ts';
import { groupKey, resolveGroupBy, summarize, type GroupBy, type GroupSummary } from './grouping.ts';
import { naturalCompare } from './naturalOrder.ts';
import { TileSlots, type SlotGrid } from './tileSlots.ts';

export const NODE_WIDTH = 264;
export const PADDING = 12;
export const HEADER_HEIGHT = 112;
export const LANE_HEADER_HEIGHT = 40;
export const TILE = 18;
export const TILE_GAP = 5;
export const GRID_GAP = 28;
export const MIN_TILE_ROWS = 2;
export const TILES_PER_ROW = Math.floor((NODE_WIDTH - 2 * PADDING + TILE_GAP) / (TILE + TILE_GAP));
export const LANE_ID = 'lane:unscheduled';
/** A group's band in detail: its title bar above its cards. */
export const BAND_HEADER = 40;
export const BAND_GAP = 36;
export const AGG_WIDTH = 300;
export const AGG_HEIGHT = 200;
/** At most this many nodes and pods are drawn as cards and tiles at once; past it, aggregated tiles. */
export const DETAIL_NODES = 60;
export const DETAIL_PODS = 4000;
/** The lane draws this many pending pods one by one and counts the rest. */
export const LANE_TILES = 400;
/** Focus path key of the nodes that have no value for the grouping label. */
export const UNLABELED = '~';

/**
 * xyflow gives nodes pointer-events: none when the flow has no node click handler; the cards handle their own
 * clicks (pod tiles, the node menu, aggregated tiles), so they take the pointer.
 */
const TAKES_POINTER = { pointerEvents: 'all' } as const;

/** `tiles`: the card's pods in their places (tileSlots.ts), null where a pod has gone. */
export type KubeNodeData = { view: NodeView; tiles: SlotGrid; podCount: number };
export type LaneData = { pods: SlotGrid; podCount: number; perRow: number };
export type BandData = { summary: GroupSummary; groupBy: GroupBy };
export type AggregateData = { summary: GroupSummary; groupBy: GroupBy };

export type KubeNodeFlowNode = FlowNode<KubeNodeData, 'kubeNode'>;
export type LaneFlowNode = FlowNode<LaneData, 'lane'>;
export type BandFlowNode = FlowNode<BandData, 'band'>;
export type AggregateFlowNode = FlowNode<AggregateData, 'aggregate'>;
export type MapNode = KubeNodeFlowNode | LaneFlowNode | BandFlowNode | AggregateFlowNode;

export interface Point {
  x: number;
  y: number;
}

/** Where the tiles' centres are, by pod key. */
export interface TileCentres {
  get(key: string): Point | undefined;
}

/** A drawn grid of tiles: its first tile's corner (flow coordinates) and its row length. */
interface DrawnGrid {
  tiles: SlotGrid;
  perRow: number;
  x: number;
  y: number;
}

/**
 * The centres are worked out when first asked for: only the traffic overlay and a trace path ask, and building
 * a point per pod on every layout was a tenth of the map's work per frame.
 */
function tileCentres(grids: readonly DrawnGrid[]): TileCentres {
  let centres: Map<string, Point> | undefined;
  const build = () => {
    centres = new Map();
    for (const g of grids) {
      g.tiles.forEach((p, j) => {
        if (!p) return;
        const at = tilePosition(j, g.perRow, 0);
        centres!.set(p.key, { x: g.x + at.x + TILE / 2, y: g.y + at.y + TILE / 2 });
      });
    }
    return centres;
  };
  return { get: (key) => (centres ?? build()).get(key) };
}

export interface Crumb {
  /** The focus path that shows this level ('' for the whole cluster). */
  focus: string;
  summary?: GroupSummary;
}

export interface MapLayout {
  nodes: MapNode[];
  /** Centre of each drawn pod tile in flow coordinates (traffic edges start and end there). */
  podAt: TileCentres;
  level: 'detail' | 'groups';
  groupBy: Exclude<GroupBy, 'auto'>;
  /** From the whole cluster down to what is shown. */
  crumbs: Crumb[];
}

/** Group keys are label values (any case): the collator. Object names go through naturalCompare. */
const byLabel = new Intl.Collator('en', { numeric: true });

export function nodeId(name: string): string {
  return `node:${name}`;
}

export function aggregateId(key: string): string {
  return `group:${key}`;
}

export function tilePosition(index: number, perRow: number, header: number): Point {
  return { x: PADDING + (index % perRow) * (TILE + TILE_GAP), y: header + Math.floor(index / perRow) * (TILE + TILE_GAP) };
}

function cardHeight(pods: number): number {
  const rows = Math.max(MIN_TILE_ROWS, Math.ceil(pods / TILES_PER_ROW));
  return HEADER_HEIGHT + rows * (TILE + TILE_GAP) - TILE_GAP + PADDING;
}

function columnsFor(count: number): number {
  return Math.max(1, Math.min(count, Math.max(4, Math.ceil(Math.sqrt(count * 2)))));
}

export interface LayoutInput {
  nodes: Iterable<NodeView>;
  /** The pods to draw by node name, '' for none (shownPods.ts; groupByNode for a plain list). */
  podsByNode: ReadonlyMap<string, readonly PodView[]>;
  groupBy?: GroupBy;
  /** '' (everything), a group key, or `group#slice`. */
  focus?: string;
  /** Where each card's tiles were last time (the map keeps one); without it pods are placed in creation order. */
  slots?: TileSlots;
}

interface Scope {
  nodes: NodeView[];
  pods: number;
}

/** The flow nodes for a cluster: bands and cards, or aggregated tiles, and the lane. */
export function layoutCluster(input: LayoutInput): MapLayout {
  const sortedNodes = [...input.nodes].sort((a, b) => naturalCompare(a.name, b.name));
  const known = new Set(sortedNodes.map((n) => n.name));
  const podsByNode = input.podsByNode;
  // The lane: pods with no node, or with one the map does not know (yet).
  const lanes = [...podsByNode].filter(([node]) => !node || !known.has(node)).map(([, pods]) => pods);
  const pending: readonly PodView[] = lanes.length === 1 ? lanes[0] : lanes.flat();

  const by = resolveGroupBy(sortedNodes, input.groupBy ?? 'auto');
  const groups = new Map<string, NodeView[]>();
  for (const n of sortedNodes) {
    const key = by === 'none' ? '' : groupKey(n, by) || UNLABELED;
    let list = groups.get(key);
    if (!list) groups.set(key, (list = []));
    list.push(n);
  }
  const groupKeys = [...groups.keys()].sort((a, b) => (a === UNLABELED ? 1 : b === UNLABELED ? -1 : byLabel.compare(a, b)));
  const scopeOf = (nodes: NodeView[]): Scope => ({ nodes, pods: nodes.reduce((s, n) => s + (podsByNode.get(n.name)?.length ?? 0), 0) });
  const fits = (s: Scope) => s.nodes.length <= DETAIL_NODES && s.pods <= DETAIL_PODS;
  const label = (key: string) => (key === UNLABELED ? '' : key);
  const sliceSize = (s: Scope) => {
    const perNode = s.pods / Math.max(1, s.nodes.length);
    return Math.max(1, Math.min(DETAIL_NODES, Math.floor(DETAIL_PODS / Math.max(1, perNode))));
  };
  const slices = (key: string, s: Scope): GroupSummary[] => {
    const size = sliceSize(s);
    const out: GroupSummary[] = [];
    for (let i = 0; i * size < s.nodes.length; i++) out.push(summarize(`${key}#${i}`, label(key), s.nodes.slice(i * size, (i + 1) * size), podsByNode));
    return out;
  };

  // Walk the focus path down as far as it is valid: cluster → group → slice.
  const crumbs: Crumb[] = [{ focus: '' }];
  const [focusGroup, focusSlice] = (input.focus ?? '').split('#');
  const all = scopeOf(sortedNodes);
  let tiles: GroupSummary[] | undefined;
  let detail: { key: string; nodes: NodeView[] }[] | undefined;
  const groupKeyFor = (k: string) => (by === 'none' ? '' : k);
  if (focusGroup !== undefined && focusGroup !== '' && groups.has(groupKeyFor(focusGroup === '*' ? '' : focusGroup))) {
    const key = groupKeyFor(focusGroup === '*' ? '' : focusGroup);
    const scope = scopeOf(groups.get(key)!);
    const pathKey = key === '' ? '*' : key;
    crumbs.push({ focus: pathKey, summary: summarize(pathKey, label(key), scope.nodes, podsByNode) });
    if (fits(scope)) detail = [{ key, nodes: scope.nodes }];
    else {
      const parts = slices(pathKey, scope);
      const chosen = focusSlice !== undefined ? parts[Number(focusSlice)] : undefined;
      if (chosen) {
        crumbs.push({ focus: chosen.key, summary: chosen });
        const size = sliceSize(scope);
        const i = Number(focusSlice);
        detail = [{ key, nodes: scope.nodes.slice(i * size, (i + 1) * size) }];
      } else tiles = parts;
    }
  } else if (fits(all)) {
    detail = groupKeys.map((key) => ({ key, nodes: groups.get(key)! }));
  } else if (groupKeys.length > 1) {
    tiles = groupKeys.map((key) => summarize(key, label(key), groups.get(key)!, podsByNode));
  } else {
    tiles = slices(groupKeys[0] === '' || groupKeys[0] === undefined ? '*' : groupKeys[0], all);
  }

  const out: MapNode[] = [];
  const drawn: DrawnGrid[] = [];
  const slots = input.slots ?? new TileSlots();
  const placed = new Map<string, SlotGrid>();
  const tilesOf = (node: string): SlotGrid => {
    let grid = placed.get(node);
    if (!grid) placed.set(node, (grid = slots.place(node, podsByNode.get(node) ?? [])));
    return grid;
  };
  let y = 0;
  let width = NODE_WIDTH;
  if (tiles) {
    const cols = columnsFor(tiles.length);
    tiles.forEach((summary, i) => {
      const col = i % cols;
      const row = Math.floor(i / cols);
      out.push({
        id: aggregateId(summary.key), type: 'aggregate',
        position: { x: col * (AGG_WIDTH + GRID_GAP), y: row * (AGG_HEIGHT + GRID_GAP) },
        width: AGG_WIDTH, height: AGG_HEIGHT, data: { summary, groupBy: by },
        draggable: false, selectable: false, style: TAKES_POINTER,
      });
    });
    const rows = Math.ceil(tiles.length / cols);
    y = rows * (AGG_HEIGHT + GRID_GAP);
    width = Math.max(1, Math.min(cols, tiles.length)) * (AGG_WIDTH + GRID_GAP) - GRID_GAP;
  } else if (detail) {
    const banded = by !== 'none' && crumbs.length === 1;
    const cols = columnsFor(Math.max(...detail.map((d) => d.nodes.length), 1));
    width = Math.max(1, Math.min(cols, Math.max(...detail.map((d) => d.nodes.length), 1))) * (NODE_WIDTH + GRID_GAP) - GRID_GAP;
    for (const band of detail) {
      const top = y;
      if (banded) y += BAND_HEADER;
      const rowHeights: number[] = [];
      band.nodes.forEach((view, i) => {
        const row = Math.floor(i / cols);
        rowHeights[row] = Math.max(rowHeights[row] ?? 0, cardHeight(tilesOf(view.name).length));
      });
      const cards: KubeNodeFlowNode[] = [];
      let rowY = y;
      band.nodes.forEach((view, i) => {
        const row = Math.floor(i / cols);
        const col = i % cols;
        if (col === 0 && row > 0) rowY += rowHeights[row - 1] + GRID_GAP;
        const tiles = tilesOf(view.name);
        const position = { x: col * (NODE_WIDTH + GRID_GAP), y: rowY };
        cards.push({
          id: nodeId(view.name), type: 'kubeNode', position, width: NODE_WIDTH, height: rowHeights[row],
          data: { view, tiles, podCount: podsByNode.get(view.name)?.length ?? 0 }, draggable: false, selectable: false, style: TAKES_POINTER, focusable: false,
        });
        drawn.push({ tiles, perRow: TILES_PER_ROW, x: position.x, y: position.y + HEADER_HEIGHT });
      });
      if (rowHeights.length) rowY += rowHeights[rowHeights.length - 1];
      if (banded) {
        const key = band.key === '' ? '*' : band.key;
        out.push({
          id: `band:${key}`, type: 'band', position: { x: -PADDING, y: top }, width: width + 2 * PADDING, height: rowY - top + PADDING,
          data: { summary: summarize(key, label(band.key), band.nodes, podsByNode), groupBy: by },
          draggable: false, selectable: false, style: TAKES_POINTER, focusable: false, zIndex: -1,
        });
      }
      out.push(...cards);
      y = rowY + (banded ? BAND_GAP : GRID_GAP);
    }
  }

  const perRow = Math.floor((width - 2 * PADDING + TILE_GAP) / (TILE + TILE_GAP));
  // The lane keeps its tiles in place as the cards do (tileSlots.ts), and draws the first LANE_TILES places.
  const shown = slots.place(LANE_ID, pending).slice(0, LANE_TILES);
  const laneRows = Math.max(1, Math.ceil(shown.length / perRow));
  const lane: LaneFlowNode = {
    id: LANE_ID, type: 'lane', position: { x: 0, y }, width,
    height: LANE_HEADER_HEIGHT + laneRows * (TILE + TILE_GAP) - TILE_GAP + PADDING,
    data: { pods: shown, podCount: pending.length, perRow },
    draggable: false, selectable: false, style: TAKES_POINTER, focusable: false,
  };
  out.push(lane);
  drawn.push({ tiles: shown, perRow, x: 0, y: y + LANE_HEADER_HEIGHT });
  slots.keepOnly();
  return { nodes: out, podAt: tileCentres(drawn), level: tiles ? 'groups' : 'detail', groupBy: by, crumbs };
}

/** Equal for the map's purposes: the same values, arrays of the same elements, summaries of the same figures. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  if (a && b && typeof a === 'object' && typeof b === 'object' && 'key' in a && 'nodes' in a) return JSON.stringify(a) === JSON.stringify(b);
  return false;
}

function sameNode(a: MapNode, b: MapNode): boolean {
  if (a.type !== b.type || a.parentId !== b.parentId) return false;
  if (a.position.x !== b.position.x || a.position.y !== b.position.y || a.width !== b.width || a.height !== b.height) return false;
  const da = a.data as Record<string, unknown>;
  const db = b.data as Record<string, unknown>;
  const keys = Object.keys(da);
  return keys.length === Object.keys(db).length && keys.every((k) => sameValue(da[k], db[k]));
}

/**
 * Keep the previous object for every flow node that did not change (xyflow then skips it, and its card does
 * not re-render), and carry over what xyflow measured for the others so nothing flashes invisible.
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

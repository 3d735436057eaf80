// Where each hop of a traced request sits on the map: a pod's tile (or its node's card when the tile is hidden, as
// system pods are by default), a node's card for its kube-proxy, and a row above the grid for what has no place on
// the map (an external client, DNS outside the cluster, the ingress controller, the Service's virtual IP). Pure.
import { center, type MapGeometry, type Point, type Rect } from '../map/geometry.ts';
import type { Hop, TraceResult } from './trace.ts';

/** How far above the node grid the row of off-map stops sits (above the traffic badges). */
export const ROW_LIFT = 90;
/** Slots in that row for the off-map stops, from the grid's left edge. */
const OFF_MAP_SLOT = { client: 40, dns: 150, ingress: 260 } as const;

export interface TraceStop {
  hop: Hop;
  /** 1-based step number, as `sim trace request` numbers its lines. */
  step: number;
  at: Point;
  /** The map object the hop happened at, outlined while the step is current. */
  box?: Rect;
  /** What the stop sits on: a pod's tile, a node's card (kube-proxy, or a pod the map hides), or the row above. */
  on: 'pod' | 'node' | 'row';
  /** The last hop of a failed request: where it failed. */
  failed: boolean;
}

/** `servicePods` lists the pods behind a Service (its endpoints), to put the Service above them. */
export function traceStops(trace: TraceResult, map: MapGeometry, servicePods: (service: string) => string[]): TraceStop[] {
  const row = map.grid.y - ROW_LIFT;
  const offMap = (slot: keyof typeof OFF_MAP_SLOT): Point => ({ x: map.grid.x + OFF_MAP_SLOT[slot], y: row });
  const stops: TraceStop[] = [];
  trace.hops.forEach((hop, i) => {
    const failed = !trace.ok && i === trace.hops.length - 1;
    const prev = stops.at(-1);
    const place = placeHop(hop, map, servicePods, row, offMap) ?? { at: prev?.at ?? offMap('client'), on: prev?.on ?? 'row' };
    stops.push({ hop, step: i + 1, failed, ...place });
  });
  return stops;
}

function placeHop(
  hop: Hop, map: MapGeometry, servicePods: (service: string) => string[], row: number, offMap: (slot: keyof typeof OFF_MAP_SLOT) => Point,
): Pick<TraceStop, 'at' | 'box' | 'on'> | undefined {
  const tile = hop.pod ? map.pod(hop.pod) : undefined;
  if (tile) return { at: center(tile), box: tile, on: 'pod' };
  if (hop.kind === 'service' && hop.service) return { at: { x: serviceX(hop.service, map, servicePods), y: row }, on: 'row' };
  const card = hop.node ? map.node(hop.node) : undefined;
  // On a node's card's top edge: kube-proxy right of the middle, a hidden pod (CoreDNS, say) on the left.
  if (card) return { at: { x: card.x + card.width * (hop.kind === 'proxy' ? 0.625 : 0.25), y: card.y }, box: card, on: 'node' };
  if (hop.kind === 'client' || hop.kind === 'dns' || hop.kind === 'ingress') return { at: offMap(hop.kind), on: 'row' };
  return undefined;
}

/** Above the middle of the Service's pods on the map, else above the grid's middle. */
function serviceX(service: string, map: MapGeometry, servicePods: (service: string) => string[]): number {
  const xs = servicePods(service).map((p) => map.pod(p)).filter((r): r is Rect => !!r).map((r) => center(r).x);
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : map.grid.x + map.grid.width / 2;
}

/** The smallest rectangle around the stops and their boxes, for framing the path. */
export function stopsBounds(stops: readonly TraceStop[]): Rect {
  const rects = stops.flatMap((s) => [s.box ?? { ...s.at, width: 0, height: 0 }, { ...s.at, width: 0, height: 0 }]);
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  return { x, y, width: Math.max(...rects.map((r) => r.x + r.width)) - x, height: Math.max(...rects.map((r) => r.y + r.height)) - y };
}

/** Framing margin on each side, a share of the bounds (what fitBounds' padding 0.15 gave). */
const FRAME_PADDING = 0.15;

/**
 * The viewport that shows `bounds` in a width × height canvas whose top `coveredTop` pixels the floating toolbar
 * hides: centred in the rest, with FRAME_PADDING around, never zoomed past 1.25 (as the map's fitView).
 */
export function frameBelow(bounds: Rect, width: number, height: number, coveredTop: number): { x: number; y: number; zoom: number } {
  const free = Math.max(1, height - coveredTop);
  const pad = 1 + 2 * FRAME_PADDING;
  const zoom = Math.min(1.25, width / Math.max(1, bounds.width * pad), free / Math.max(1, bounds.height * pad));
  return { zoom, x: width / 2 - (bounds.x + bounds.width / 2) * zoom, y: coveredTop + free / 2 - (bounds.y + bounds.height / 2) * zoom };
}

// Where the map's traffic edges go: each Service with traffic gets a badge above the node grid, with one edge to
// every endpoint pod on the map, labelled with the pod's requests/s and coloured by its error rate. Pure.
// The labels of one badge sit in a row below it, in the order of their pods and at least LABEL_SPACING apart, and each
// edge passes through its label, so labels of pods side by side (whose edges run close) never cover each other.
// Simplification: no edges from traffic sources to Services; a source's rate shows in the traffic panel.
import type { ServiceEndpointsView, TrafficSample, TrafficSeries } from '../../worker/dataplane.ts';

export interface Point { x: number; y: number }

export interface TrafficEdge {
  pod: string;
  from: Point;
  /** Where the edge's requests/s label sits (the edge passes through it). */
  label: Point;
  to: Point;
  rps: number;
  errorRate: number;
  tone: 'ok' | 'warn' | 'bad';
}

export interface ServiceBadge {
  service: string;
  at: Point;
  /** Wide enough for "namespace/name · 1000/s" in the badge's 11px monospace font. */
  width: number;
  rps: number;
  errorRate: number;
  edges: TrafficEdge[];
}

/** Badges keep at least this far apart horizontally; they sit this far above the top row of nodes (inside the fitted view). */
export const BADGE_SPACING = 170;
/** The narrowest badge, and the room a character of its 11px monospace label takes. */
export const BADGE_MIN_WIDTH = 140;
const BADGE_CHAR_PX = 7;
/** Room for " · 1000/s" after the Service's name, and the badge's inner margins. */
const BADGE_RATE_CHARS = 10;
const BADGE_MARGIN = 16;
/** The empty space kept between two badges side by side. */
const BADGE_GAP = 30;

export function badgeWidth(service: string): number {
  return Math.max(BADGE_MIN_WIDTH, (service.length + BADGE_RATE_CHARS) * BADGE_CHAR_PX + BADGE_MARGIN);
}
export const BADGE_LIFT = 40;
/** A badge's height (TrafficEdges draws it this tall, above its anchor). */
export const BADGE_HEIGHT = 26;
/** Label centres of one badge keep at least this far apart: room for "1000/s" at the map's label size. */
export const LABEL_SPACING = 44;
/** How far down from the badge towards the pods the label row sits (a share of the way). */
const LABEL_ROW = 0.2;

export function edgeTone(errorRate: number): TrafficEdge['tone'] {
  return errorRate >= 0.1 ? 'bad' : errorRate > 0 ? 'warn' : 'ok';
}

/** `podCenter` gives a pod's centre on the map (undefined when it is not drawn); `top` is the grid's top edge. */
export function trafficBadges(
  services: readonly ServiceEndpointsView[],
  serviceTraffic: readonly TrafficSeries[],
  podTraffic: Readonly<Record<string, TrafficSample>>,
  podCenter: (pod: string) => Point | undefined,
  top: number,
): ServiceBadge[] {
  const rates = new Map(serviceTraffic.map((s) => [s.key, s.samples.at(-1)]));
  const badges: ServiceBadge[] = [];
  for (const svc of services) {
    const last = rates.get(svc.key);
    if (!last || last.rps <= 0) continue;
    const pods = [...new Set(svc.endpoints.map((e) => e.pod).filter((p): p is string => !!p))];
    const targets = pods.map((pod) => ({ pod, at: podCenter(pod) })).filter((p): p is { pod: string; at: Point } => !!p.at);
    if (targets.length === 0) continue;
    const x = targets.reduce((sum, p) => sum + p.at.x, 0) / targets.length;
    badges.push({
      service: svc.key, at: { x, y: top - BADGE_LIFT }, width: badgeWidth(svc.key), rps: last.rps, errorRate: last.errorRate,
      edges: targets.map(({ pod, at }) => {
        const s = podTraffic[pod];
        const errorRate = s?.errorRate ?? 0;
        return { pod, from: { x, y: top - BADGE_LIFT }, label: at, to: at, rps: s?.rps ?? 0, errorRate, tone: edgeTone(errorRate) };
      }),
    });
  }
  // Left to right by where their pods are, pushed apart (by their widths) so badges do not overlap.
  badges.sort((a, b) => a.at.x - b.at.x || a.service.localeCompare(b.service));
  for (let i = 1; i < badges.length; i++) {
    const min = badges[i - 1].at.x + Math.max(BADGE_SPACING, (badges[i - 1].width + badges[i].width) / 2 + BADGE_GAP);
    if (badges[i].at.x < min) {
      badges[i].at = { ...badges[i].at, x: min };
      for (const e of badges[i].edges) e.from = badges[i].at;
    }
  }
  for (const b of badges) placeLabels(b);
  return badges;
}

/**
 * One row of labels below the badge: each wants the point of its edge LABEL_ROW of the way down; left to right they
 * are pushed LABEL_SPACING apart, and the row is shifted back so that it stays centred on what they wanted.
 */
function placeLabels(b: ServiceBadge): void {
  const edges = [...b.edges].sort((p, q) => p.to.x - q.to.x || p.pod.localeCompare(q.pod));
  const y = Math.min(...edges.map((e) => b.at.y + (e.to.y - b.at.y) * LABEL_ROW));
  const want = edges.map((e) => b.at.x + (e.to.x - b.at.x) * LABEL_ROW);
  const xs = [...want];
  for (let i = 1; i < xs.length; i++) xs[i] = Math.max(xs[i], xs[i - 1] + LABEL_SPACING);
  const shift = (want.reduce((a, v) => a + v, 0) - xs.reduce((a, v) => a + v, 0)) / xs.length;
  edges.forEach((e, i) => { e.label = { x: xs[i] + shift, y }; });
}

/** A vertical-ish cubic curve from the badge down to the pod, and its midpoint for the label. */
export function edgePath(from: Point, to: Point): { d: string; mid: Point } {
  const dy = (to.y - from.y) / 2;
  const d = `M ${from.x} ${from.y} C ${from.x} ${from.y + dy}, ${to.x} ${to.y - dy}, ${to.x} ${to.y}`;
  return { d, mid: { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 } };
}

/** Two such curves joined at `via` (an edge through its label). */
export function edgePathVia(from: Point, via: Point, to: Point): string {
  return `${edgePath(from, via).d} ${edgePath(via, to).d.replace(/^M \S+ \S+ /, '')}`;
}

// Where the map's traffic edges go: each Service with traffic gets a badge above the node grid, with one edge to
// every endpoint pod on the map, labelled with the pod's requests/s and coloured by its error rate. Pure.
// Simplification: no edges from traffic sources to Services; a source's rate shows in the traffic panel.
import type { ServiceEndpointsView, TrafficSample, TrafficSeries } from '../../worker/dataplane.ts';

export interface Point { x: number; y: number }

export interface TrafficEdge {
  pod: string;
  from: Point;
  to: Point;
  rps: number;
  errorRate: number;
  tone: 'ok' | 'warn' | 'bad';
}

export interface ServiceBadge {
  service: string;
  at: Point;
  rps: number;
  errorRate: number;
  edges: TrafficEdge[];
}

/** Badges keep at least this far apart horizontally; they sit this far above the top row of nodes (inside the fitted view). */
export const BADGE_SPACING = 170;
export const BADGE_LIFT = 40;

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
      service: svc.key, at: { x, y: top - BADGE_LIFT }, rps: last.rps, errorRate: last.errorRate,
      edges: targets.map(({ pod, at }) => {
        const s = podTraffic[pod];
        const errorRate = s?.errorRate ?? 0;
        return { pod, from: { x, y: top - BADGE_LIFT }, to: at, rps: s?.rps ?? 0, errorRate, tone: edgeTone(errorRate) };
      }),
    });
  }
  // Left to right by where their pods are, pushed apart so badges do not overlap.
  badges.sort((a, b) => a.at.x - b.at.x || a.service.localeCompare(b.service));
  for (let i = 1; i < badges.length; i++) {
    const min = badges[i - 1].at.x + BADGE_SPACING;
    if (badges[i].at.x < min) {
      badges[i].at = { ...badges[i].at, x: min };
      for (const e of badges[i].edges) e.from = badges[i].at;
    }
  }
  return badges;
}

/** A vertical-ish cubic curve from the badge down to the pod, and its midpoint for the label. */
export function edgePath(from: Point, to: Point): { d: string; mid: Point } {
  const dy = (to.y - from.y) / 2;
  const d = `M ${from.x} ${from.y} C ${from.x} ${from.y + dy}, ${to.x} ${to.y - dy}, ${to.x} ${to.y}`;
  return { d, mid: { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 } };
}

// The traffic overlay on the cluster map: Service badges with animated edges to their endpoint pods, each edge
// labelled with requests/s and coloured by error rate (edges.ts computes where they go).
import { useMemo } from 'react';
import { ViewportPortal } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { useDataPlane } from '../network/dataPlane.ts';
import { usePodPositions } from '../map/mapContext.ts';
import { BADGE_HEIGHT, edgePathVia, trafficBadges } from './edges.ts';

/** Dash animation period: faster for busier edges. */
function dashSeconds(rps: number): number {
  return Math.max(0.3, 2 / Math.log2(2 + rps));
}

export function TrafficEdges() {
  const { t } = useTranslation();
  const { services, serviceTraffic, podTraffic } = useDataPlane();
  const { podAt, top } = usePodPositions();
  const badges = useMemo(
    () => trafficBadges(services, serviceTraffic, podTraffic, (pod) => podAt.get(pod), top),
    [podAt, top, services, serviceTraffic, podTraffic],
  );
  if (badges.length === 0) return null;
  return (
    <ViewportPortal>
      <svg className="traffic-edges" data-testid="traffic-edges" style={{ position: 'absolute', left: 0, top: 0, overflow: 'visible', pointerEvents: 'none' }} width={1} height={1}>
        {badges.map((b) => (
          <g key={b.service} data-testid="traffic-badge" data-service={b.service} data-rps={b.rps}>
            {b.edges.map((e) => {
              const d = edgePathVia(e.from, e.label, e.to);
              return (
                <g key={e.pod} data-testid="traffic-edge" data-pod={e.pod} data-rps={e.rps} data-tone={e.tone}>
                  <path d={d} className={`traffic-edge traffic-${e.tone}`} style={{ animationDuration: `${dashSeconds(e.rps)}s`, strokeWidth: 1 + Math.log2(1 + e.rps) / 2 }} />
                  <text x={e.label.x} y={e.label.y} className="traffic-rate">{t('dataPlane.traffic.edgeRate', { rps: e.rps })}</text>
                </g>
              );
            })}
            <rect x={b.at.x - b.width / 2} y={b.at.y - BADGE_HEIGHT} width={b.width} height={BADGE_HEIGHT} rx={6} className={`traffic-badge traffic-${b.errorRate >= 0.1 ? 'bad' : 'ok'}`} />
            <text x={b.at.x} y={b.at.y - 9} className="traffic-badge-text">{`${b.service} · ${t('dataPlane.traffic.edgeRate', { rps: b.rps })}`}</text>
          </g>
        ))}
      </svg>
    </ViewportPortal>
  );
}

// The data-plane dock over the map: it keeps the page's data-plane view fresh and opens the GPU occupancy and
// traffic panels as a floating sheet on the map's right.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EngineClient } from '../../worker/client.ts';
import { GpuPanel } from '../gpu/GpuPanel.tsx';
import { clusterOccupancy } from '../gpu/occupancy.ts';
import { TrafficPanel } from '../traffic/TrafficPanel.tsx';
import { useDataPlane, useDataPlanePolling } from './dataPlane.ts';
import './dataPlane.css';

type Sheet = 'gpus' | 'traffic';

export function DataPlaneDock({ engine }: { engine: EngineClient }) {
  const { t } = useTranslation();
  useDataPlanePolling(engine);
  const { gpus, sources } = useDataPlane();
  const [sheet, setSheet] = useState<Sheet | undefined>();
  const exec = useCallback((line: string) => engine.exec(line), [engine]);
  const occ = clusterOccupancy(gpus);
  const toggle = (s: Sheet) => setSheet((cur) => (cur === s ? undefined : s));
  return (
    <div className="dp-dock">
      <div className="dp-dock-buttons">
        <button type="button" className={`btn btn-small ${sheet === 'gpus' ? 'active' : ''}`} aria-pressed={sheet === 'gpus'} data-testid="dock-gpus" onClick={() => toggle('gpus')}>
          {occ.total ? t('dataPlane.dock.gpusCount', { held: occ.held, total: occ.total }) : t('dataPlane.dock.gpus')}
        </button>
        <button type="button" className={`btn btn-small ${sheet === 'traffic' ? 'active' : ''}`} aria-pressed={sheet === 'traffic'} data-testid="dock-traffic" onClick={() => toggle('traffic')}>
          {t('dataPlane.dock.traffic', { count: sources.length })}
        </button>
      </div>
      {sheet && (
        <div className="dp-sheet" role="dialog" aria-label={t(`dataPlane.dock.${sheet}Title`)} data-testid={`sheet-${sheet}`}>
          <div className="dp-sheet-head">
            <strong>{t(`dataPlane.dock.${sheet}Title`)}</strong>
            <button type="button" className="btn btn-ghost btn-small" aria-label={t('dataPlane.dock.close')} onClick={() => setSheet(undefined)}>✕</button>
          </div>
          {sheet === 'gpus' ? <GpuPanel /> : <TrafficPanel exec={exec} />}
        </div>
      )}
    </div>
  );
}

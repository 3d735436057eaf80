// The cluster's GPU occupancy: totals, then per node its model and every device with the pod holding it.
import { useTranslation } from 'react-i18next';
import { useDataPlane } from '../network/dataPlane.ts';
import { clusterOccupancy, occupancy, slotLabel, slotState } from './occupancy.ts';

export function GpuPanel() {
  const { t } = useTranslation();
  const gpus = useDataPlane().gpus;
  const total = clusterOccupancy(gpus);
  if (gpus.length === 0) return <p className="dp-empty" data-testid="gpu-panel-empty">{t('dataPlane.gpu.none')}</p>;
  const pct = total.total ? Math.round((total.held / total.total) * 100) : 0;
  return (
    <div className="gpu-panel" data-testid="gpu-panel" data-held={total.held} data-total={total.total}>
      <div className="dp-summary">
        <strong>{t('dataPlane.gpu.occupancy', { held: total.held, total: total.total, pct })}</strong>
        {total.unhealthy > 0 && <span className="chip chip-bad">{t('dataPlane.gpu.unhealthy', { count: total.unhealthy })}</span>}
      </div>
      <span className="bar-track gpu-bar"><span className="bar-fill bar-mid" style={{ width: `${pct}%` }} /></span>
      {gpus.map((n) => {
        const occ = occupancy(n.devices);
        return (
          <section key={n.node} className="gpu-node" data-testid="gpu-node" data-node={n.node}>
            <h4>
              {n.node} <span className="dp-muted">{n.product || n.model} · {t('dataPlane.gpu.strip', { held: occ.held, total: occ.total })}</span>
            </h4>
            <table className="dp-table">
              <thead>
                <tr><th>{t('dataPlane.gpu.device')}</th><th>{t('dataPlane.gpu.resource')}</th><th>{t('dataPlane.gpu.health')}</th><th>{t('dataPlane.gpu.pod')}</th></tr>
              </thead>
              <tbody>
                {n.devices.map((d) => (
                  <tr key={d.id} data-state={slotState(d)}>
                    <td title={d.id}><span className={`gpu-slot gpu-slot-${slotState(d)}`}>{slotLabel(d)}</span></td>
                    <td>{d.resource}</td>
                    <td className={d.health === 'Healthy' ? '' : 'dp-bad'}>{d.health}{d.xid ? ` (XID ${d.xid})` : ''}</td>
                    <td>{d.pod ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </div>
  );
}

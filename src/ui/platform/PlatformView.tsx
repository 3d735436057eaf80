// The ML platform view: GPU flavors (capacity, pods' use, quota reserved), ClusterQueues and LocalQueues with their
// pending and admitted workloads, and every Workload with its state, wait time and why it waits.
import { useTranslation } from 'react-i18next';
import type { EngineClient } from '../../worker/client.ts';
import type { ClusterQueueView, FlavorView, WorkloadView } from '../../worker/platform.ts';
import { formatAge } from '../format.ts';
import { usePlatform } from './usePlatform.ts';
import './platform.css';

function Bar({ value, max, over = false }: { value: number; max: number; over?: boolean }) {
  const pct = max ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return <span className="bar-track pf-bar"><span className={`bar-fill ${over ? 'bar-high' : 'bar-low'}`} style={{ width: `${pct}%` }} /></span>;
}

function Flavors({ flavors }: { flavors: FlavorView[] }) {
  const { t } = useTranslation();
  return (
    <table className="dp-table pf-table" data-testid="platform-flavors">
      <thead><tr><th>{t('platform.flavor')}</th><th>{t('platform.product')}</th><th>{t('platform.nodes')}</th><th>{t('platform.occupancy')}</th><th>{t('platform.quota')}</th></tr></thead>
      <tbody>
        {flavors.map((f) => (
          <tr key={f.name} data-testid="platform-flavor" data-flavor={f.name} data-in-use={f.gpusInUse} data-gpus={f.gpus}>
            <td>{f.name}</td><td className="dp-muted">{f.product}</td><td>{f.nodes}</td>
            <td><Bar value={f.gpusInUse} max={f.gpus} /> {f.gpusInUse}/{f.gpus}</td>
            <td><Bar value={f.reserved} max={f.quota} /> {f.reserved}/{f.quota}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ClusterQueues({ queues }: { queues: ClusterQueueView[] }) {
  const { t } = useTranslation();
  return (
    <table className="dp-table pf-table" data-testid="platform-clusterqueues">
      <thead><tr><th>{t('platform.name')}</th><th>{t('platform.cohort')}</th><th>{t('platform.strategy')}</th><th>{t('platform.pending')}</th><th>{t('platform.admitted')}</th><th>{t('platform.gpuQuota')}</th></tr></thead>
      <tbody>
        {queues.map((q) => (
          <tr key={q.name} data-testid="platform-cq" data-cq={q.name} data-pending={q.pending} data-admitted={q.admitted}>
            <td>{q.name}</td><td>{q.cohort}</td><td className="dp-muted">{q.strategy}</td>
            <td>{q.pending > 0 ? <span className="chip chip-warn">{q.pending}</span> : 0}</td><td>{q.admitted}</td>
            <td>
              {q.gpus.map((g) => (
                <div key={g.flavor} className="pf-quota">
                  <span className="pf-flavor">{g.flavor}</span> <Bar value={g.used} max={g.nominal} over={g.borrowed > 0} /> {g.used}/{g.nominal}
                  {g.borrowed > 0 && <span className="chip chip-warn">{t('platform.borrowed', { count: g.borrowed })}</span>}
                </div>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const stateChip: Record<WorkloadView['state'], string> = { pending: 'chip-warn', admitted: 'chip-ok', evicted: 'chip-bad', finished: '' };

function Workloads({ workloads }: { workloads: WorkloadView[] }) {
  const { t } = useTranslation();
  return (
    <table className="dp-table pf-table" data-testid="platform-workloads">
      <thead><tr><th>{t('platform.namespace')}</th><th>{t('platform.owner')}</th><th>{t('platform.queue')}</th><th>{t('platform.state')}</th><th>{t('platform.priority')}</th><th>{t('platform.gpus')}</th><th>{t('platform.wait')}</th><th>{t('platform.reason')}</th></tr></thead>
      <tbody>
        {workloads.map((w) => (
          <tr key={`${w.namespace}/${w.name}`} data-testid="platform-workload" data-owner={w.owner} data-state={w.state}>
            <td>{w.namespace}</td><td title={w.name}>{w.owner}</td><td>{w.queue}{w.clusterQueue && <span className="dp-muted"> → {w.clusterQueue}</span>}</td>
            <td><span className={`chip ${stateChip[w.state]}`}>{t(`platform.states.${w.state}`)}</span>{w.flavor && <span className="dp-muted"> {w.flavor}</span>}</td>
            <td>{w.priority}</td><td>{w.gpus}</td><td>{formatAge(w.waitSeconds * 1000)}</td><td className="pf-reason">{w.message}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PlatformView({ engine, run }: { engine: EngineClient; run: (line: string) => void }) {
  const { t } = useTranslation();
  const view = usePlatform(engine);
  if (!view) return null;
  if (!view.installed) {
    return (
      <div className="pf-view" data-testid="platform-view">
        <p className="dp-empty">{t('platform.notInstalled')}</p>
        <button type="button" className="btn" data-testid="platform-install" onClick={() => run('sim operator install kueue')}>{t('platform.install')}</button>
      </div>
    );
  }
  const count = (s: WorkloadView['state']) => view.workloads.filter((w) => w.state === s).length;
  return (
    <div className="pf-view" data-testid="platform-view">
      <h3>{t('platform.title')} <span className="dp-muted">{t('platform.summary', { pending: count('pending'), admitted: count('admitted'), finished: count('finished') })}</span></h3>
      {view.clusterQueues.length === 0 && <p className="dp-empty">{t('platform.empty')}</p>}
      {view.flavors.length > 0 && <><h4>{t('platform.flavors')}</h4><Flavors flavors={view.flavors} /></>}
      {view.clusterQueues.length > 0 && <><h4>{t('platform.clusterQueues')}</h4><ClusterQueues queues={view.clusterQueues} /></>}
      {view.localQueues.length > 0 && (
        <>
          <h4>{t('platform.localQueues')}</h4>
          <table className="dp-table pf-table" data-testid="platform-localqueues">
            <thead><tr><th>{t('platform.namespace')}</th><th>{t('platform.name')}</th><th>{t('platform.clusterQueue')}</th><th>{t('platform.pending')}</th><th>{t('platform.admitted')}</th></tr></thead>
            <tbody>
              {view.localQueues.map((q) => (
                <tr key={`${q.namespace}/${q.name}`} data-testid="platform-lq"><td>{q.namespace}</td><td>{q.name}</td><td>{q.clusterQueue}</td><td>{q.pending}</td><td>{q.admitted}</td></tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {view.workloads.length > 0 && <><h4>{t('platform.workloads')}</h4><Workloads workloads={view.workloads} /></>}
    </div>
  );
}

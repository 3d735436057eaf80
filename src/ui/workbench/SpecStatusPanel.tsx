// The drawer's "Spec vs status" tab: desired fields beside observed ones, differences highlighted, and the
// components whose loops close the gap.
import { useTranslation } from 'react-i18next';
import type { EngineClient } from '../../worker/client.ts';
import type { ObjectRef } from '../../worker/protocol.ts';
import type { ClusterViewStore } from '../state/clusterStore.ts';
import { useRefreshed } from './useRefreshed.ts';

export interface SpecStatusPanelProps {
  engine: Pick<EngineClient, 'specStatus'>;
  store: ClusterViewStore;
  target: ObjectRef;
}

export function SpecStatusPanel({ engine, store, target }: SpecStatusPanelProps) {
  const { t } = useTranslation();
  const loaded = useRefreshed(store, () => engine.specStatus(target), [engine, target.kind, target.namespace, target.name]);
  if (!loaded) return <div className="drawer-empty">{t('drawer.loading')}</div>;
  if (!loaded.ok) return <pre className="drawer-text err">{loaded.error}</pre>;
  const { reconcilers, rows } = loaded.value;
  return (
    <div className="specstatus" data-testid="specstatus">
      <p className="specstatus-owner" data-testid="specstatus-reconcilers">
        {reconcilers.length ? (
          <>
            {t('workbench.drawer.reconcilers')}{' '}
            {reconcilers.map((r) => <code key={r} className="chip">{r}</code>)}
          </>
        ) : t('workbench.drawer.noReconciler')}
      </p>
      {rows.length === 0 ? (
        <div className="drawer-empty">{t('workbench.drawer.noRows')}</div>
      ) : (
        <table className="specstatus-table">
          <thead>
            <tr>
              <th colSpan={2}>{t('workbench.drawer.desiredField')}</th>
              <th colSpan={2}>{t('workbench.drawer.observedField')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.desiredPath}|${r.observedPath}`} className={r.differs ? 'differs' : ''} data-testid="specstatus-row" data-differs={r.differs} data-observed-path={r.observedPath}>
                <td className="mono path">{r.desiredPath}</td>
                <td className="mono value">{r.desired}</td>
                <td className="mono path">{r.observedPath}</td>
                <td className="mono value">
                  {r.observed}
                  {r.differs && <span className="specstatus-flag">{t('workbench.drawer.differs')}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

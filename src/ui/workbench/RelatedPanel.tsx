// The drawer's "Related" tab: the owner chain, owned objects, Services, volumes and the node, each one a link
// that opens it in the drawer; and the diff of the object's last change.
import { useTranslation } from 'react-i18next';
import type { EngineClient } from '../../worker/client.ts';
import type { ObjectRef, RelatedRef } from '../../worker/protocol.ts';
import { formatElapsed } from '../format.ts';
import { useClusterView, type ClusterViewStore } from '../state/clusterStore.ts';
import { DiffText } from './DiffText.tsx';
import { useRefreshed } from './useRefreshed.ts';

export interface RelatedPanelProps {
  engine: Pick<EngineClient, 'related' | 'lastChange'>;
  store: ClusterViewStore;
  target: ObjectRef;
  onOpen(ref: ObjectRef): void;
}

const ORDER: RelatedRef['relation'][] = ['owner', 'owned', 'selectedBy', 'selects', 'claim', 'volume', 'node', 'pod'];

export function RelatedPanel({ engine, store, target, onOpen }: RelatedPanelProps) {
  const { t } = useTranslation();
  const deps = [engine, target.kind, target.namespace, target.name];
  const related = useRefreshed(store, () => engine.related(target), deps);
  const change = useRefreshed(store, () => engine.lastChange(target), deps);
  const startMs = useClusterView(store, (s) => s.clock.startMs);
  return (
    <div className="related" data-testid="related">
      {!related ? (
        <div className="drawer-empty">{t('drawer.loading')}</div>
      ) : !related.ok ? (
        <pre className="drawer-text err">{related.error}</pre>
      ) : related.value.length === 0 ? (
        <div className="drawer-empty">{t('workbench.drawer.noRelated')}</div>
      ) : (
        ORDER.filter((rel) => related.value.some((r) => r.relation === rel)).map((rel) => (
          <section key={rel} className="related-group" data-testid={`related-${rel}`}>
            <h3>{t(`workbench.drawer.relation.${rel}`)}</h3>
            <ul>
              {related.value.filter((r) => r.relation === rel).map((r) => (
                <li key={`${r.kind}/${r.namespace}/${r.name}`} style={r.depth ? { paddingLeft: `${(r.depth - 1) * 12}px` } : undefined}>
                  <button type="button" className="link mono" data-testid="related-link" data-kind={r.kind} data-name={r.name} onClick={() => onOpen({ kind: r.kind, namespace: r.namespace, name: r.name })}>
                    {r.kind}/{r.name}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      <section className="related-group" data-testid="last-change">
        <h3>{t('workbench.drawer.lastChange')}</h3>
        {change?.ok && change.value ? (
          <>
            <div className="muted">{t('workbench.drawer.lastChangeAt', { type: change.value.type, at: formatElapsed(change.value.at - startMs) })}</div>
            {change.value.diff ? <DiffText text={change.value.diff} testId="last-change-diff" /> : <div className="muted">{t('workbench.drawer.sameYaml')}</div>}
          </>
        ) : change?.ok === false ? (
          <pre className="drawer-text err">{change.error}</pre>
        ) : (
          <div className="muted">{t('workbench.drawer.noChange')}</div>
        )}
      </section>
    </div>
  );
}

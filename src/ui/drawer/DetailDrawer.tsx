// The detail drawer: one object's YAML, describe, events and logs (the output of the kubectl commands the
// worker runs for it), and for Pods the scheduler's explanation. It refreshes as the cluster changes, at
// most a couple of times a second, and reports the explanation's per-node verdicts for the map.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EngineClient } from '../../worker/client.ts';
import type { DetailTab, ExecResult, ObjectRef, SchedulingExplanation } from '../../worker/protocol.ts';
import type { NodeVerdict } from '../map/mapContext.ts';
import { useClusterView, useClusterViewEvery, type ClusterViewStore } from '../state/clusterStore.ts';
import { SchedulingView } from './SchedulingView.tsx';
import { RelatedPanel } from '../workbench/RelatedPanel.tsx';
import { SpecStatusPanel } from '../workbench/SpecStatusPanel.tsx';
import { nodeVerdicts } from './verdicts.ts';

export type DrawerTab = DetailTab | 'scheduling' | 'specstatus' | 'related';

export interface DetailDrawerProps {
  engine: Pick<EngineClient, 'detail' | 'explain' | 'specStatus' | 'related' | 'lastChange'>;
  store: ClusterViewStore;
  target: ObjectRef;
  onClose(): void;
  onVerdicts(verdicts: ReadonlyMap<string, NodeVerdict>): void;
  /** Run a command in the terminal (pod actions). */
  runCommand(line: string): void;
  /** Open another object (the Related tab's links). */
  onOpen(ref: ObjectRef): void;
}

const REFRESH_MS = 500;

export function tabsFor(kind: string): DrawerTab[] {
  return kind === 'Pod' ? ['scheduling', 'describe', 'specstatus', 'related', 'yaml', 'events', 'logs'] : ['describe', 'specstatus', 'related', 'yaml', 'events'];
}

export function DetailDrawer({ engine, store, target, onClose, onVerdicts, runCommand, onOpen }: DetailDrawerProps) {
  const { t } = useTranslation();
  const isPod = target.kind === 'Pod';
  const podKey = `${target.namespace}/${target.name}`;
  const podPhase = useClusterView(store, (s) => (isPod ? s.pods.get(podKey)?.phase : undefined));
  const [tab, setTab] = useState<DrawerTab>(() => (isPod && podPhase === 'Pending' ? 'scheduling' : 'describe'));
  const tabs = tabsFor(target.kind);
  const activeTab = tabs.includes(tab) ? tab : tabs[0];
  const seq = useClusterViewEvery(store, (s) => s.seq, REFRESH_MS);
  const nodes = useClusterView(store, (s) => s.nodes);
  const nowMs = useClusterView(store, (s) => Math.floor(s.clock.nowMs / 1000) * 1000);
  const [text, setText] = useState<ExecResult | undefined>();
  const [explanation, setExplanation] = useState<SchedulingExplanation | null | undefined>();
  const [error, setError] = useState<string | undefined>();
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => closeRef.current?.focus(), [target.kind, target.namespace, target.name]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && !e.defaultPrevented && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  // New target: forget what the previous one showed.
  useEffect(() => {
    setText(undefined);
    setExplanation(undefined);
    setError(undefined);
  }, [target.kind, target.namespace, target.name]);

  useEffect(() => {
    if (activeTab === 'scheduling' || activeTab === 'specstatus' || activeTab === 'related') return;
    let live = true;
    engine.detail(target, activeTab).then(
      (r) => live && setText(r),
      (e: unknown) => live && setText({ code: 1, stdout: '', stderr: e instanceof Error ? e.message : String(e) }),
    );
    return () => void (live = false);
  }, [engine, target, activeTab, seq]);

  // The explanation drives the map's highlight whichever tab is open.
  useEffect(() => {
    if (!isPod) return;
    let live = true;
    engine.explain(target.namespace, target.name).then(
      (x) => {
        if (!live) return;
        setExplanation(x);
        setError(undefined);
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => void (live = false);
  }, [engine, isPod, target.namespace, target.name, seq]);

  const verdicts = useMemo(() => nodeVerdicts(explanation, nodes.keys()), [explanation, nodes]);
  useEffect(() => onVerdicts(verdicts), [verdicts, onVerdicts]);
  useEffect(() => () => onVerdicts(new Map()), [onVerdicts]);

  const title = target.namespace ? `${target.namespace}/${target.name}` : target.name;
  return (
    <aside className="drawer" role="dialog" aria-modal="false" aria-labelledby="drawer-title" data-testid="detail-drawer" data-kind={target.kind} data-name={target.name}>
      <div className="drawer-head">
        <span className="chip">{target.kind}</span>
        <h2 id="drawer-title" className="drawer-title mono" title={title}>{title}</h2>
        <span className="spacer" />
        {isPod && (
          <>
            <button type="button" className="btn btn-ghost btn-xs" data-testid="pod-action-kill" title={`sim pod kill ${target.name} -n ${target.namespace}`} onClick={() => runCommand(`sim pod kill ${target.name} -n ${target.namespace}`)}>
              {t('drawer.killPod')}
            </button>
            <button type="button" className="btn btn-ghost btn-xs" data-testid="pod-action-delete" title={`kubectl delete pod ${target.name} -n ${target.namespace}`} onClick={() => runCommand(`kubectl delete pod ${target.name} -n ${target.namespace}`)}>
              {t('drawer.deletePod')}
            </button>
          </>
        )}
        <button ref={closeRef} type="button" className="btn btn-ghost btn-xs" onClick={onClose} aria-label={t('drawer.close')} data-testid="drawer-close">
          ✕
        </button>
      </div>
      <div className="drawer-tabs" role="tablist" aria-label={t('drawer.tabs')}>
        {tabs.map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            id={`drawer-tab-${x}`}
            aria-selected={x === activeTab}
            aria-controls="drawer-panel"
            className={`drawer-tab ${x === activeTab ? 'active' : ''}`}
            data-testid={`drawer-tab-${x}`}
            onClick={() => setTab(x)}
          >
            {x === 'specstatus' || x === 'related' ? t(`workbench.drawer.${x}`) : t(`drawer.tab.${x}`)}
          </button>
        ))}
      </div>
      <div className="drawer-body" id="drawer-panel" role="tabpanel" aria-labelledby={`drawer-tab-${activeTab}`} data-testid="drawer-body" data-tab={activeTab}>
        {activeTab === 'specstatus' ? (
          <SpecStatusPanel engine={engine} store={store} target={target} />
        ) : activeTab === 'related' ? (
          <RelatedPanel engine={engine} store={store} target={target} onOpen={onOpen} />
        ) : activeTab === 'scheduling' ? (
          error ? (
            <pre className="drawer-text err">{error}</pre>
          ) : explanation === undefined ? (
            <div className="drawer-empty">{t('drawer.loading')}</div>
          ) : (
            <SchedulingView explanation={explanation} verdicts={verdicts} nowMs={nowMs} />
          )
        ) : text === undefined ? (
          <div className="drawer-empty">{t('drawer.loading')}</div>
        ) : (
          <pre className={`drawer-text ${text.code === 0 ? '' : 'err'}`} data-testid="drawer-text" tabIndex={0}>
            {text.code === 0 ? text.stdout || text.stderr || t('drawer.nothing') : text.stderr || t('terminal.exitCode', { code: text.code })}
          </pre>
        )}
      </div>
    </aside>
  );
}

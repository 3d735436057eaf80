// The page: header with the clock and time controls, the cluster map, the manifests panel, and below the
// map a kubectl terminal and the event list. The engine lives in a worker (EngineClient).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentStore } from '../storage/documents.ts';
import type { EngineClient } from '../worker/client.ts';
import type { PodView, Speed } from '../worker/protocol.ts';
import { EventList } from './events/EventList.tsx';
import { Header } from './header/Header.tsx';
import { ClusterMap } from './map/ClusterMap.tsx';
import { EditorPanel } from './panel/EditorPanel.tsx';
import { useWorkspace } from './panel/useWorkspace.ts';
import { ClusterViewStore, useClusterView } from './state/clusterStore.ts';
import { Terminal, type TerminalHandle } from './terminal/Terminal.tsx';

export interface AppProps {
  engine: EngineClient;
  documents: DocumentStore;
}

export function App({ engine, documents }: AppProps) {
  const { t } = useTranslation();
  const store = useMemo(() => new ClusterViewStore(), []);
  const ready = useClusterView(store, (s) => s.ready);
  const [error, setError] = useState<string | undefined>();
  const workspace = useWorkspace(documents);
  const terminal = useRef<TerminalHandle>(null);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let live = true;
    void (async () => {
      try {
        const off = await engine.subscribe(store.apply);
        if (!live) return off();
        unsubscribe = off;
        await engine.init();
      } catch (e) {
        if (live) setError(e instanceof Error ? e.message : String(e));
      }
    })();
    return () => {
      live = false;
      unsubscribe?.();
    };
  }, [engine, store]);

  // Save the cluster when the page is hidden or goes away (the worker also saves every couple of seconds).
  useEffect(() => {
    const save = () => void engine.save();
    const onVisibility = () => document.visibilityState === 'hidden' && save();
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [engine]);

  const onPlay = useCallback((speed: Speed) => void engine.play(speed), [engine]);
  const onPause = useCallback(() => void engine.pause(), [engine]);
  const onStep = useCallback(() => void engine.step(), [engine]);
  const onReset = useCallback(() => void engine.reset().catch((e: unknown) => setError(String(e))), [engine]);
  // The terminal's kubectl reads editor documents by name (`kubectl apply -f web-deployment.yaml`).
  const documentsRef = useRef(workspace.documents);
  documentsRef.current = workspace.documents;
  const exec = useCallback(
    (line: string) => engine.exec(line, undefined, Object.fromEntries(documentsRef.current.map((d) => [d.name, d.text]))),
    [engine],
  );
  const apply = useCallback((text: string) => engine.apply(text), [engine]);
  const onPodClick = useCallback((p: PodView) => terminal.current?.run(`kubectl describe pod ${p.name} -n ${p.namespace}`), []);

  return (
    <div className="app" data-testid="app" data-ready={ready}>
      <Header store={store} onPlay={onPlay} onPause={onPause} onStep={onStep} onReset={onReset} />
      {error && (
        <div className="banner banner-error" role="alert" data-testid="engine-error">
          {t('app.engineFailed', { message: error })}
        </div>
      )}
      <main className="app-main">
        <div className="app-left">
          <div className="map-area">
            <ClusterMap store={store} onPodClick={onPodClick} />
            {!ready && !error && <div className="map-overlay">{t('app.starting')}</div>}
          </div>
          <div className="bottom-area">
            <Terminal ref={terminal} exec={exec} />
            <EventList store={store} />
          </div>
        </div>
        <EditorPanel workspace={workspace} apply={apply} />
      </main>
    </div>
  );
}

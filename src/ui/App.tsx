// The page: header with the clock and time controls, the cluster map (or the resource browser), the
// manifests and scheduler panel, below the map a kubectl terminal and the event list, and a detail drawer
// for one object. The engine lives in a worker (EngineClient).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentStore } from '../storage/documents.ts';
import type { WorkspaceStore } from '../storage/workspaces.ts';
import type { EngineClient } from '../worker/client.ts';
import type { ApplyOptions, ClusterSettings, EditResult, ObjectRef, PodView, ResourceKindView, Speed, WatchListener } from '../worker/protocol.ts';
import type { DocumentRecord } from '../storage/db.ts';
import { DetailDrawer } from './drawer/DetailDrawer.tsx';
import { EventList } from './events/EventList.tsx';
import { Header } from './header/Header.tsx';
import { Classroom } from './scenarios/Classroom.tsx';
import { ClusterMap } from './map/ClusterMap.tsx';
import { DataPlaneDock } from './network/DataPlaneDock.tsx';
import { MapOverlayContext, type MapOverlay, type NodeVerdict } from './map/mapContext.ts';
import { NodeMenu, nodeActionCommand, type NodeAction } from './map/NodeMenu.tsx';
import { openEditorGate } from './panel/editorGate.ts';
import { EditorPanel } from './panel/EditorPanel.tsx';
import { SchedulerPanel } from './panel/SchedulerPanel.tsx';
import { useWorkspace } from './panel/useWorkspace.ts';
import { setLanguage } from './i18n/index.ts';
import { CommandPalette } from './palette/CommandPalette.tsx';
import { usePaletteCommands } from './palette/commands.ts';
import { ResourceBrowser } from './resources/ResourceBrowser.tsx';
import { LoopsView } from './loops/LoopsView.tsx';
import { PlatformView } from './platform/PlatformView.tsx';
import { OperatorPanel } from './operators/OperatorPanel.tsx';
import { applyTheme, loadTheme, type ThemeChoice } from './theme.ts';
import { ClusterViewStore, useClusterView } from './state/clusterStore.ts';
import type { CompletionSource } from './terminal/completion.ts';
import { Terminal, type TerminalHandle } from './terminal/Terminal.tsx';
import { useEditCommand } from './terminal/useEditCommand.ts';
import { useTraceCommand } from './terminal/useTraceCommand.ts';
import { TimelineBar } from './workbench/TimelineBar.tsx';

export interface AppProps {
  engine: EngineClient;
  documents: DocumentStore;
  /** Named sets of documents (absent: one set). */
  workspaces?: WorkspaceStore;
}

declare global {
  interface Window {
    /** The engine client, for benchmarks and tests: set with `?test` in the URL. */
    __kubesimEngine?: EngineClient;
  }
}

export function App({ engine, documents, workspaces }: AppProps) {
  const { t, i18n } = useTranslation();
  const store = useMemo(() => new ClusterViewStore(), []);
  const ready = useClusterView(store, (s) => s.ready);
  useEffect(() => {
    if (ready) openEditorGate();
  }, [ready]);
  const [error, setError] = useState<string | undefined>();
  const workspace = useWorkspace(documents, workspaces);
  const terminal = useRef<TerminalHandle>(null);

  useEffect(() => {
    if (new URLSearchParams(location.search).has('test')) window.__kubesimEngine = engine;
  }, [engine]);

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
  const onResetWith = useCallback((settings: ClusterSettings) => engine.reset(settings), [engine]);
  // The terminal's kubectl reads editor documents by name (`kubectl apply -f web-deployment.yaml`).
  const documentsRef = useRef(workspace.documents);
  documentsRef.current = workspace.documents;
  const execKubectl = useCallback(async (line: string) => {
    const r = await engine.exec(line, undefined, Object.fromEntries(documentsRef.current.map((d) => [d.name, d.text])));
    // kubectl cp from a pod writes local files: each becomes (or overwrites) an editor document.
    for (const f of r.files ?? []) await workspace.open(f.name, f.text);
    if (r.files?.length) setSide('manifests');
    return r;
  }, [engine, workspace]);
  // A scenario's documents (an Argo CD repository folder …) open in the editor.
  const openScenarioDocuments = useCallback(async (docs: { name: string; text: string }[]) => {
    for (const d of docs) await workspace.open(d.name, d.text);
    setSide('manifests');
  }, [workspace]);
  const watchKubectl = useCallback(
    (line: string, onText: WatchListener) => engine.watch(line, Object.fromEntries(documentsRef.current.map((d) => [d.name, d.text])), onText),
    [engine],
  );
  const editOpen = useCallback(
    (line: string) => engine.editOpen(line, Object.fromEntries(documentsRef.current.map((d) => [d.name, d.text]))),
    [engine],
  );
  const showEdit = useCallback(async (r: EditResult) => {
    await workspace.openEdit(r.session!);
    setSide('manifests');
  }, [workspace]);
  const exec = useTraceCommand(useEditCommand(execKubectl, editOpen, showEdit));
  // A pending kubectl edit's document saved or cancelled: kubectl's output goes to the terminal, and the document
  // reopens with the failures, goes (done), or stays as the copy kubectl keeps after an error.
  const onEditEnd = useCallback(async (doc: DocumentRecord, how: 'save' | 'cancel') => {
    const session = doc.edit!;
    const r = await engine.editSave(session, how === 'save' ? doc.text : session.document);
    terminal.current?.print('out', r.stdout);
    terminal.current?.print('err', r.stderr);
    if (r.session) await workspace.openEdit(r.session, doc.id);
    else await workspace.endEdit(doc.id, r.code !== 0);
  }, [engine, workspace]);
  const apply = useCallback((text: string, opts?: ApplyOptions) => engine.apply(text, opts), [engine]);
  const execStdin = useCallback((line: string, stdin?: string) => engine.exec(line, stdin), [engine]);
  const runCommand = useCallback((line: string) => terminal.current?.run(line), []);

  // The object open in the detail drawer, and what its scheduling explanation says about each node.
  const [selected, setSelected] = useState<ObjectRef | undefined>();
  const [verdicts, setVerdicts] = useState<ReadonlyMap<string, NodeVerdict>>(new Map());
  const onPodClick = useCallback((p: PodView) => setSelected({ kind: 'Pod', namespace: p.namespace, name: p.name }), []);
  const closeDrawer = useCallback(() => setSelected(undefined), []);

  const [nodeMenu, setNodeMenu] = useState<{ node: string; anchor: DOMRect } | undefined>();
  const openNodeMenu = useCallback((node: string, anchor: DOMRect) => setNodeMenu({ node, anchor }), []);
  const onNodeAction = useCallback(
    (node: string, action: NodeAction) => {
      if (action === 'details') setSelected({ kind: 'Node', namespace: '', name: node });
      else runCommand(nodeActionCommand(action, node));
    },
    [runCommand],
  );
  const overlay = useMemo<MapOverlay>(
    () => ({
      verdicts,
      selectedPod: selected?.kind === 'Pod' ? `${selected.namespace}/${selected.name}` : undefined,
      selectedNode: selected?.kind === 'Node' ? selected.name : undefined,
      openNodeMenu,
    }),
    [verdicts, selected, openNodeMenu],
  );

  // The kubeconfig context's namespace (Tab completion's default and the terminal's prompt), asked as a user would.
  const contextNamespace = useCallback(async () => {
    const r = await engine.exec("kubectl config view --minify -o 'jsonpath={..namespace}'");
    return (r.code === 0 && r.stdout.trim()) || 'default';
  }, [engine]);
  // Tab completion: kinds from the worker, pod and node names from the views, others from kubectl's tables.
  const [kinds, setKinds] = useState<ResourceKindView[]>([]);
  useEffect(() => void engine.kinds().then(setKinds, () => undefined), [engine]);
  const completion = useMemo<CompletionSource>(
    () => ({
      kinds,
      names: async (kind, namespace) => {
        const s = store.getState();
        if (kind === 'Pod') return [...s.pods.values()].filter((p) => p.namespace === namespace).map((p) => p.name);
        if (kind === 'Node') return [...s.nodes.keys()];
        const tb = await engine.table(kind);
        return tb.rows.filter((r) => !r.namespace || r.namespace === namespace).map((r) => r.name);
      },
      // The kubeconfig is the terminal kubectl's own: ask it as a user would.
      contexts: async () => {
        const r = await engine.exec('kubectl config get-contexts -o name');
        return r.code === 0 ? r.stdout.split('\n').filter(Boolean) : [];
      },
      namespace: contextNamespace,
      documents: () => documentsRef.current.map((d) => d.name),
      createFlags: (words) => engine.createFlags([...words]),
    }),
    [kinds, store, engine, contextNamespace],
  );

  const [view, setView] = useState<'map' | 'resources' | 'loops' | 'platform'>('map');
  const [side, setSide] = useState<'manifests' | 'scheduler' | 'operators'>('manifests');
  const [theme, setTheme] = useState<ThemeChoice>(loadTheme);
  useEffect(() => applyTheme(theme), [theme]);
  const [palette, setPalette] = useState(false);
  const togglePlay = useCallback(() => {
    const c = store.getState().clock;
    if (c.playing) onPause();
    else onPlay(c.speed);
  }, [store, onPause, onPlay]);

  const commands = usePaletteCommands({
    store, onPlay, onPause, onStep, runCommand, setView, setSide, setTheme, togglePlay,
    focusTerminal: () => terminal.current?.focus(),
    setLanguage: (lng) => void setLanguage(i18n, lng),
    openNode: (name) => setSelected({ kind: 'Node', namespace: '', name }),
  });

  // Global shortcuts (also listed in the palette).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setPalette((v) => !v);
      } else if (e.altKey && !e.ctrlKey && !e.metaKey) {
        const action = { Digit1: () => setView('map'), Digit2: () => setView('resources'), KeyT: () => terminal.current?.focus(), KeyP: togglePlay }[e.code];
        if (!action) return;
        e.preventDefault();
        action();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [togglePlay]);

  return (
    <div className="app" data-testid="app" data-ready={ready}>
      <Header
        store={store}
        onPlay={onPlay}
        onPause={onPause}
        onStep={onStep}
        onReset={onReset}
        onResetWith={onResetWith}
        run={runCommand}
        onPalette={() => setPalette(true)}
        theme={theme}
        onTheme={setTheme}
      />
      <TimelineBar engine={engine} store={store} />
      <Classroom engine={engine} store={store} documents={documents} openDocuments={openScenarioDocuments} />
      {error && (
        <div className="banner banner-error" role="alert" data-testid="engine-error">
          {t('app.engineFailed', { message: error })}
        </div>
      )}
      <main className="app-main">
        <div className="app-left">
          <div className="view-tabs" role="tablist" aria-label={t('views.label')}>
            {(['map', 'resources', 'loops', 'platform'] as const).map((v) => (
              <button key={v} type="button" role="tab" aria-selected={view === v} className={`view-tab ${view === v ? 'active' : ''}`} data-testid={`view-${v}`} onClick={() => setView(v)}>
                {t(`views.${v}`)}
              </button>
            ))}
          </div>
          <div className="map-area">
            {view === 'map' ? (
              <MapOverlayContext.Provider value={overlay}>
                <ClusterMap store={store} engine={engine} onPodClick={onPodClick} onOpen={setSelected} colorMode={theme} />
              </MapOverlayContext.Provider>
            ) : view === 'loops' ? (
              <LoopsView engine={engine} store={store} />
            ) : view === 'platform' ? (
              <PlatformView engine={engine} run={runCommand} />
            ) : (
              <ResourceBrowser engine={engine} store={store} selected={selected} onOpen={setSelected} />
            )}
            <DataPlaneDock engine={engine} />
            {!ready && !error && <div className="map-overlay">{t('app.starting')}</div>}
          </div>
          <div className="bottom-area">
            <Terminal ref={terminal} exec={exec} watch={watchKubectl} completion={completion} contextNamespace={contextNamespace} />
            <EventList store={store} />
          </div>
        </div>
        <div className="side-panel">
          <div className="view-tabs" role="tablist" aria-label={t('views.sideLabel')}>
            {(['manifests', 'scheduler', 'operators'] as const).map((v) => (
              <button key={v} type="button" role="tab" aria-selected={side === v} className={`view-tab ${side === v ? 'active' : ''}`} data-testid={`side-${v}`} onClick={() => setSide(v)}>
                {v === 'operators' ? t('userOperators.tab') : t(`views.${v}`)}
              </button>
            ))}
          </div>
          {side === 'manifests' ? <EditorPanel workspace={workspace} apply={apply} exec={execStdin} run={execKubectl} onEditEnd={onEditEnd} />
            : side === 'operators' ? <OperatorPanel engine={engine} openManifest={(name, text) => { void workspace.open(name, text); setSide('manifests'); }} />
            : <SchedulerPanel exec={execStdin} />}
        </div>
        {selected && (
          <DetailDrawer
            key={`${selected.kind}/${selected.namespace}/${selected.name}`}
            engine={engine}
            store={store}
            target={selected}
            onClose={closeDrawer}
            onVerdicts={setVerdicts}
            runCommand={runCommand}
            onOpen={setSelected}
          />
        )}
      </main>
      {palette && <CommandPalette commands={commands} onClose={() => setPalette(false)} />}
      {nodeMenu && (
        <NodeMenu node={nodeMenu.node} anchor={nodeMenu.anchor} onAction={(a) => onNodeAction(nodeMenu.node, a)} onClose={() => setNodeMenu(undefined)} />
      )}
    </div>
  );
}

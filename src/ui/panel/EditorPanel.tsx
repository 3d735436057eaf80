// The right-hand panel: documents (new, rename, close, reorder), the YAML editor with markers from a server dry
// run while typing, and Apply with per-document results.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplyOptions, ApplyResult, ExecResult } from '../../worker/protocol.ts';
import type { DocumentRecord } from '../../storage/db.ts';
import { EditBar } from './EditBar.tsx';
import { DiffPreview } from '../workbench/DiffPreview.tsx';
import { TemplateMenu } from '../workbench/TemplateMenu.tsx';
import { WorkspaceBar } from '../workbench/WorkspaceBar.tsx';
import { DocumentTabs } from './DocumentTabs.tsx';
import { EditorHost } from './EditorHost.tsx';
import type { EditorMarker } from './editorTypes.ts';
import { onFieldLines } from './fieldMarkers.ts';
import { markersFor } from './markers.ts';
import { useDryRunMarkers } from './useDryRunMarkers.ts';
import { chartRelease, helmChartDir, isChartTemplate, kustomizationDir } from './documentPath.ts';
import type { WorkspaceApi } from './useWorkspace.ts';

export interface EditorPanelProps {
  workspace: WorkspaceApi;
  /** Apply, or with `{ dryRun: 'server' }` check only (the markers while typing). */
  apply(yamlText: string, opts?: ApplyOptions): Promise<ApplyResult>;
  /** Runs `kubectl diff -f -` for the preview. */
  exec?(line: string, stdin?: string): Promise<ExecResult>;
  /** Runs kubectl with the documents as its files: a kustomization document applies and diffs its folder with -k. */
  run?(line: string): Promise<ExecResult>;
  /** A pending `kubectl edit`'s document: save it (the text) or cancel (close the editor without saving). */
  onEditEnd?(doc: DocumentRecord, saved: 'save' | 'cancel'): Promise<void>;
}

const NO_MARKERS: EditorMarker[] = [];

export function EditorPanel({ workspace, apply, exec, run, onEditEnd }: EditorPanelProps) {
  const { t } = useTranslation();
  const { documents, active } = workspace;
  const [renaming, setRenaming] = useState<string | undefined>();
  const [applying, setApplying] = useState(false);
  // Apply's result per document, with the text it applied: its markers show until the text changes.
  const [results, setResults] = useState<Record<string, { result: ApplyResult; text: string }>>({});
  // The diff preview: open with undefined while the dry run runs.
  const [preview, setPreview] = useState<{ result: ExecResult | undefined } | undefined>();

  const applied = active ? results[active.id] : undefined;
  const result = applied?.result;
  const dryRun = useCallback((text: string) => apply(text, { dryRun: 'server' }), [apply]);
  // A kustomization is no object to dry-run: Apply and Diff run kubectl with -k on its folder.
  const kustomize = active && run ? kustomizationDir(active.name) : undefined;
  // A chart's file is a template, not an object: Apply installs or upgrades the chart's folder with helm.
  const chart = active && run ? helmChartDir(active.name, documents.map((d) => d.name)) : undefined;
  const folderCommand = kustomize !== undefined ? { apply: `kubectl apply -k ${kustomize}`, diff: `kubectl diff -k ${kustomize}` }
    : chart !== undefined ? { apply: `helm upgrade --install ${chartRelease(chart)} ${chart}`, diff: `helm upgrade --install ${chartRelease(chart)} ${chart} --dry-run` } : undefined;
  const dryRunMarkers = useDryRunMarkers(active?.id, folderCommand === undefined ? active?.text : undefined, dryRun);
  const checked = folderCommand === undefined ? dryRunMarkers : NO_MARKERS;
  const appliedCurrent = applied !== undefined && applied.text === active?.text;
  const appliedMarkers = useMemo(() => (applied ? onFieldLines(markersFor(applied.result), applied.text) : []), [applied]);
  const markers = useMemo(() => mergeMarkers(appliedCurrent ? appliedMarkers : [], checked), [appliedCurrent, appliedMarkers, checked]);

  const doApply = useCallback(async () => {
    if (!active || applying) return;
    setApplying(true);
    const { id, text } = active;
    try {
      void workspace.flush();
      const r = folderCommand !== undefined ? { ...(await run!(folderCommand.apply)), documents: [] } : await apply(text);
      setResults((prev) => ({ ...prev, [id]: { result: r, text } }));
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      setResults((prev) => ({ ...prev, [id]: { result: { code: 1, stdout: '', stderr: message, documents: [] }, text } }));
    } finally {
      setApplying(false);
    }
  }, [active, applying, apply, workspace, folderCommand, run]);

  const doPreview = useCallback(async () => {
    if (!active || !exec) return;
    setPreview({ result: undefined });
    void workspace.flush();
    try {
      const r = folderCommand !== undefined ? await run!(folderCommand.diff) : await exec('kubectl diff -f -', active.text);
      setPreview((p) => p && { result: r });
    } catch (e) {
      setPreview((p) => p && { result: { code: 2, stdout: '', stderr: e instanceof Error ? e.message : String(e) } });
    }
  }, [active, exec, workspace, folderCommand, run]);
  const closePreview = useCallback(() => setPreview(undefined), []);
  const editing = active?.edit && onEditEnd ? active : undefined;
  const [ending, setEnding] = useState(false);
  const endEdit = useCallback(async (how: 'save' | 'cancel') => {
    if (!editing || ending) return;
    setEnding(true);
    try {
      await workspace.flush();
      await onEditEnd!(editing, how);
    } finally {
      setEnding(false);
    }
  }, [editing, ending, onEditEnd, workspace]);
  useEffect(() => setPreview(undefined), [active?.id]);

  return (
    <aside className="editor-panel" data-testid="editor-panel">
      <div className="pane-head">
        <span className="pane-title">{t('editor.title')}</span>
        <span className="spacer" />
        <TemplateMenu onPick={(tpl) => void workspace.createFrom(tpl.file, tpl.text)} />
        <button type="button" className="btn btn-ghost btn-xs" data-testid="doc-new" onClick={() => void workspace.create()} title={t('editor.newDocument')}>
          + {t('editor.newDocument')}
        </button>
      </div>
      <WorkspaceBar workspace={workspace} />
      <DocumentTabs
        documents={documents}
        activeId={active?.id}
        renaming={renaming}
        onSelect={workspace.select}
        onStartRename={setRenaming}
        onRename={(id, name) => {
          setRenaming(undefined);
          void workspace.rename(id, name);
        }}
        onCancelRename={() => setRenaming(undefined)}
        onClose={(id) => void workspace.close(id)}
        onMove={(id, index) => void workspace.moveTo(id, index)}
      />
      <div className="doc-toolbar">
        <span className="doc-toolbar-name" data-testid="doc-active-name">{active?.name ?? ''}</span>
        <span className="spacer" />
        {workspace.lastClosed && (
          <button type="button" className="btn btn-ghost btn-xs" data-testid="doc-reopen" onClick={() => void workspace.reopenClosed()} title={t('documentTabs.reopenTitle')}>
            ↶ {t('documentTabs.reopen', { name: workspace.lastClosed.name })}
          </button>
        )}
        <button type="button" className="btn btn-ghost btn-xs" data-testid="doc-move-left" disabled={!active || documents[0]?.id === active.id} onClick={() => active && void workspace.move(active.id, -1)} title={t('workbench.editor.moveLeft')} aria-label={t('workbench.editor.moveLeft')}>
          ◀
        </button>
        <button type="button" className="btn btn-ghost btn-xs" data-testid="doc-move-right" disabled={!active || documents[documents.length - 1]?.id === active.id} onClick={() => active && void workspace.move(active.id, 1)} title={t('workbench.editor.moveRight')} aria-label={t('workbench.editor.moveRight')}>
          ▶
        </button>
        <button type="button" className="btn btn-ghost btn-xs" data-testid="doc-rename" disabled={!active} onClick={() => active && setRenaming(active.id)} title={t('editor.renameTitle')}>
          {t('editor.rename')}
        </button>
      </div>
      {editing && <EditBar file={editing.edit!.file} busy={ending} onSave={() => void endEdit('save')} onCancel={() => void endEdit('cancel')} />}
      <div className="editor-body">
        {active && workspace.loaded && (
          <EditorHost key={`${active.id}:${folderCommand !== undefined}`} schema={folderCommand === undefined} language={chart !== undefined && isChartTemplate(active.name, chart) ? 'plaintext' : undefined} value={active.text} onChange={workspace.setText} markers={markers} onApplyShortcut={() => void doApply()} onSaveShortcut={editing ? () => void endEdit('save') : undefined} />
        )}
        {preview && (
          <DiffPreview
            result={preview.result}
            onCancel={closePreview}
            onApply={() => {
              setPreview(undefined);
              void doApply();
            }}
          />
        )}
      </div>
      <div className="apply-bar">
        <div className="apply-results" data-testid="apply-results" aria-live="polite">
          {!result && <div className="apply-hint" data-testid="apply-hint">{kustomize !== undefined ? t('editor.resultsEmptyKustomization', { dir: kustomize }) : chart !== undefined ? t('editor.resultsEmptyChart', { command: folderCommand!.apply }) : t('editor.resultsEmpty')}</div>}
          {result?.documents.map((d) => (
            <div
              key={d.index}
              className={`apply-result ${d.ok ? 'ok' : 'err'}`}
              data-testid="apply-result"
              data-ok={d.ok}
              data-start-line={d.startLine}
              data-end-line={d.endLine}
            >
              <span className="apply-icon">{d.ok ? '✓' : '✕'}</span>
              <span className="apply-lines">
                {d.startLine === d.endLine ? t('editor.line', { start: d.startLine }) : t('editor.lines', { start: d.startLine, end: d.endLine })}
              </span>
              <span className="apply-message">{d.message}</span>
              {d.warnings?.map((w) => (
                // kubectl's own output, English as in the terminal.
                <span key={w} className="apply-warning" data-testid="apply-warning">Warning: {w}</span>
              ))}
            </div>
          ))}
          {result && result.documents.length === 0 && (result.stderr || result.stdout) && (
            <div className={`apply-result ${result.code === 0 ? 'ok' : 'err'}`} data-testid="apply-result" data-ok={result.code === 0}>
              <span className="apply-icon">{result.code === 0 ? '✓' : '✕'}</span>
              <span className="apply-message">{(result.stderr || result.stdout).trim()}</span>
            </div>
          )}
        </div>
        {exec && (
          <button type="button" className="btn" data-testid="diff" disabled={!active || applying || !!preview} onClick={() => void doPreview()} title={t('workbench.editor.previewTitle')}>
            {t('workbench.editor.preview')}
          </button>
        )}
        <button type="button" className="btn btn-primary" data-testid="apply" disabled={!active || applying} onClick={() => void doApply()} title={t('editor.applyTitle')}>
          {applying ? t('editor.applying') : t('editor.apply')}
          <kbd>Ctrl ↵</kbd>
        </button>
      </div>
    </aside>
  );
}

/** Apply's markers and the dry run's, once each (after a failed Apply both report the same error). */
function mergeMarkers(a: EditorMarker[], b: EditorMarker[]): EditorMarker[] {
  if (a.length === 0) return b;
  const seen = new Set(a.map((m) => `${m.startLine}:${m.endLine}:${m.message}`));
  return [...a, ...b.filter((m) => !seen.has(`${m.startLine}:${m.endLine}:${m.message}`))];
}

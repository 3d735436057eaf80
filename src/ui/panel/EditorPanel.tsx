// The right-hand panel: documents (new, rename, delete), the YAML editor, and Apply with per-document results.
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplyResult, ExecResult } from '../../worker/protocol.ts';
import { DiffPreview } from '../workbench/DiffPreview.tsx';
import { TemplateMenu } from '../workbench/TemplateMenu.tsx';
import { WorkspaceBar } from '../workbench/WorkspaceBar.tsx';
import { EditorHost } from './EditorHost.tsx';
import { markersFor } from './markers.ts';
import type { WorkspaceApi } from './useWorkspace.ts';

export interface EditorPanelProps {
  workspace: WorkspaceApi;
  apply(yamlText: string): Promise<ApplyResult>;
  /** Runs `kubectl diff -f -` for the preview. */
  exec?(line: string, stdin?: string): Promise<ExecResult>;
}

function DocumentTab(props: {
  name: string;
  active: boolean;
  renaming: boolean;
  onSelect(): void;
  onStartRename(): void;
  onRename(name: string): void;
  onCancelRename(): void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(props.name);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (props.renaming) {
      setDraft(props.name);
      requestAnimationFrame(() => input.current?.select());
    }
  }, [props.renaming, props.name]);
  if (props.renaming) {
    const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'Enter') props.onRename(draft);
      else if (e.key === 'Escape') props.onCancelRename();
    };
    return (
      <input
        ref={input}
        className="doc-tab doc-rename"
        data-testid="doc-rename-input"
        aria-label={t('editor.nameLabel')}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKey}
        onBlur={() => props.onRename(draft)}
      />
    );
  }
  return (
    <button
      type="button"
      role="tab"
      aria-selected={props.active}
      className={`doc-tab ${props.active ? 'active' : ''}`}
      data-testid="doc-tab"
      data-name={props.name}
      data-active={props.active}
      onClick={props.onSelect}
      onDoubleClick={props.onStartRename}
      title={props.name}
    >
      <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true"><path d="M4 1.5h5.5L13 5v9.5H4z" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinejoin="round" /><path d="M9.5 1.5V5H13" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinejoin="round" /></svg>
      <span className="doc-tab-name">{props.name}</span>
    </button>
  );
}

export function EditorPanel({ workspace, apply, exec }: EditorPanelProps) {
  const { t } = useTranslation();
  const { documents, active } = workspace;
  const [renaming, setRenaming] = useState<string | undefined>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [applying, setApplying] = useState(false);
  const [results, setResults] = useState<Record<string, ApplyResult>>({});
  // The diff preview: open with undefined while the dry run runs.
  const [preview, setPreview] = useState<{ result: ExecResult | undefined } | undefined>();

  useEffect(() => {
    if (!confirmDelete) return;
    const id = setTimeout(() => setConfirmDelete(false), 3000);
    return () => clearTimeout(id);
  }, [confirmDelete]);

  const result = active ? results[active.id] : undefined;
  const markers = useMemo(() => markersFor(result), [result]);

  const doApply = useCallback(async () => {
    if (!active || applying) return;
    setApplying(true);
    const id = active.id;
    try {
      void workspace.flush();
      const r = await apply(active.text);
      setResults((prev) => ({ ...prev, [id]: r }));
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      setResults((prev) => ({ ...prev, [id]: { code: 1, stdout: '', stderr: message, documents: [] } }));
    } finally {
      setApplying(false);
    }
  }, [active, applying, apply, workspace]);

  const doPreview = useCallback(async () => {
    if (!active || !exec) return;
    setPreview({ result: undefined });
    void workspace.flush();
    try {
      const r = await exec('kubectl diff -f -', active.text);
      setPreview((p) => p && { result: r });
    } catch (e) {
      setPreview((p) => p && { result: { code: 2, stdout: '', stderr: e instanceof Error ? e.message : String(e) } });
    }
  }, [active, exec, workspace]);
  const closePreview = useCallback(() => setPreview(undefined), []);
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
      <div className="doc-tabs" role="tablist" aria-label={t('editor.documents')} data-testid="doc-list">
        {documents.map((d) => (
          <DocumentTab
            key={d.id}
            name={d.name}
            active={d.id === active?.id}
            renaming={renaming === d.id}
            onSelect={() => workspace.select(d.id)}
            onStartRename={() => setRenaming(d.id)}
            onRename={(name) => {
              setRenaming(undefined);
              void workspace.rename(d.id, name);
            }}
            onCancelRename={() => setRenaming(undefined)}
          />
        ))}
      </div>
      <div className="doc-toolbar">
        <span className="doc-toolbar-name" data-testid="doc-active-name">{active?.name ?? ''}</span>
        <span className="spacer" />
        <button type="button" className="btn btn-ghost btn-xs" data-testid="doc-move-left" disabled={!active || documents[0]?.id === active.id} onClick={() => active && void workspace.move(active.id, -1)} title={t('workbench.editor.moveLeft')} aria-label={t('workbench.editor.moveLeft')}>
          ◀
        </button>
        <button type="button" className="btn btn-ghost btn-xs" data-testid="doc-move-right" disabled={!active || documents[documents.length - 1]?.id === active.id} onClick={() => active && void workspace.move(active.id, 1)} title={t('workbench.editor.moveRight')} aria-label={t('workbench.editor.moveRight')}>
          ▶
        </button>
        <button type="button" className="btn btn-ghost btn-xs" data-testid="doc-rename" disabled={!active} onClick={() => active && setRenaming(active.id)} title={t('editor.renameTitle')}>
          {t('editor.rename')}
        </button>
        <button
          type="button"
          className={`btn btn-ghost btn-xs ${confirmDelete ? 'btn-danger' : ''}`}
          data-testid="doc-delete"
          disabled={!active}
          title={t('editor.deleteTitle')}
          onClick={() => {
            if (!active) return;
            if (!confirmDelete) return setConfirmDelete(true);
            setConfirmDelete(false);
            void workspace.remove(active.id);
          }}
        >
          {confirmDelete ? t('editor.confirmDelete') : t('editor.delete')}
        </button>
      </div>
      <div className="editor-body">
        {active && workspace.loaded && (
          <EditorHost key={active.id} value={active.text} onChange={workspace.setText} markers={markers} onApplyShortcut={() => void doApply()} />
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
          {!result && <div className="apply-hint">{t('editor.resultsEmpty')}</div>}
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

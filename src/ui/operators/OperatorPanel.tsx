// The operator panel: write a reconcile function (JavaScript or TypeScript) in Monaco, choose the kind it
// reconciles and the kinds it owns, install it (the engine worker runs it in its own sandbox worker), and watch
// each installed operator's state, reconcile count and last error. The draft survives tab switches and reloads.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EngineClient } from '../../worker/client.ts';
import type { OperatorLanguage, UserOperatorSource, UserOperatorView } from '../../worker/protocol.ts';
import { EditorHost } from '../panel/EditorHost.tsx';
import { STARTER_CRD, STARTER_CRD_NAME, STARTER_OPERATOR, STARTER_SAMPLE, STARTER_SAMPLE_NAME } from './template.ts';
import './operators.css';

const DRAFT_KEY = 'kubesim.operatorDraft';
const POLL_MS = 1000;

interface Props {
  engine: Pick<EngineClient, 'installOperator' | 'removeOperator' | 'userOperators'>;
  /** Show a manifest in the manifest editor (the starter CRD and sample). */
  openManifest(name: string, text: string): void;
}

function loadDraft(): UserOperatorSource {
  try {
    const d = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null') as UserOperatorSource | null;
    if (d && typeof d.code === 'string' && typeof d.name === 'string') return { ...STARTER_OPERATOR, ...d };
  } catch { /* a damaged draft: start from the template */ }
  return STARTER_OPERATOR;
}

export function OperatorPanel({ engine, openManifest }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<UserOperatorSource>(loadDraft);
  const [owns, setOwns] = useState(() => draft.owns.join(', '));
  const [operators, setOperators] = useState<UserOperatorView[]>([]);
  const [result, setResult] = useState<{ ok: boolean; message: string } | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => localStorage.setItem(DRAFT_KEY, JSON.stringify(draft)), [draft]);
  useEffect(() => {
    let live = true;
    const poll = () => void engine.userOperators().then((v) => live && setOperators(v), () => undefined);
    poll();
    const id = setInterval(poll, POLL_MS);
    return () => { live = false; clearInterval(id); };
  }, [engine]);

  const edit = (patch: Partial<UserOperatorSource>) => setDraft((d) => ({ ...d, ...patch }));
  const install = useCallback(async () => {
    if (busy) return;
    setBusy(true);
    const source = { ...draft, owns: owns.split(',').map((k) => k.trim()).filter(Boolean) };
    try {
      setOperators(await engine.installOperator(source));
      setResult({ ok: true, message: t('userOperators.installed', { name: source.name }) });
    } catch (e) {
      setResult({ ok: false, message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  }, [busy, draft, owns, engine, t]);
  const remove = async (name: string) => setOperators(await engine.removeOperator(name));
  const editInstalled = (o: UserOperatorView) => {
    setDraft({ name: o.name, kind: o.kind, owns: o.owns, language: o.language, code: o.code });
    setOwns(o.owns.join(', '));
  };

  return (
    <div className="pane operator-panel" data-testid="operator-panel">
      <div className="operator-fields">
        <label>
          <span>{t('userOperators.name')}</span>
          <input value={draft.name} onChange={(e) => edit({ name: e.target.value })} data-testid="operator-name" spellCheck={false} />
        </label>
        <label>
          <span>{t('userOperators.kind')}</span>
          <input value={draft.kind} onChange={(e) => edit({ kind: e.target.value })} data-testid="operator-kind" spellCheck={false} />
        </label>
        <label>
          <span>{t('userOperators.owns')}</span>
          <input value={owns} onChange={(e) => setOwns(e.target.value)} placeholder={t('userOperators.ownsHint')} data-testid="operator-owns" spellCheck={false} />
        </label>
        <label>
          <span>{t('userOperators.language')}</span>
          <select value={draft.language} onChange={(e) => edit({ language: e.target.value as OperatorLanguage })} data-testid="operator-language">
            <option value="typescript">TypeScript</option>
            <option value="javascript">JavaScript</option>
          </select>
        </label>
      </div>
      <div className="doc-toolbar">
        <button type="button" className="btn btn-ghost btn-xs" title={t('userOperators.starterTitle')} data-testid="operator-starter-manifests" onClick={() => {
          openManifest(STARTER_SAMPLE_NAME, STARTER_SAMPLE);
          openManifest(STARTER_CRD_NAME, STARTER_CRD);
        }}>{t('userOperators.starter')}</button>
        <button type="button" className="btn btn-ghost btn-xs" title={t('userOperators.resetTitle')} data-testid="operator-starter-code" onClick={() => { setDraft(STARTER_OPERATOR); setOwns(STARTER_OPERATOR.owns.join(', ')); }}>
          {t('userOperators.reset')}
        </button>
        <span className="spacer" />
        <span className="operator-note">{t('userOperators.sandboxNote')}</span>
      </div>
      <div className="editor-body" data-testid="operator-editor">
        <EditorHost key={draft.language} value={draft.code} onChange={(code) => edit({ code })} markers={[]} onApplyShortcut={() => void install()} label={t('userOperators.editorLabel')} language={draft.language} />
      </div>
      <ul className="operator-list" data-testid="operator-list" aria-live="polite">
        {operators.length === 0 && <li className="operator-empty">{t('userOperators.none')}</li>}
        {operators.map((o) => (
          <li key={o.name} className={`operator-row ${o.state}`} data-testid={`operator-${o.name}`} data-state={o.state}>
            <div className="operator-row-head">
              <strong>{o.name}</strong>
              <span className={`operator-state ${o.state}`} data-testid="operator-state">{t(`userOperators.${o.state}`)}</span>
              <span className="operator-meta">{o.kind}{o.owns.length ? ` → ${o.owns.join(', ')}` : ''}</span>
              <span className="operator-meta" data-testid="operator-reconciles" data-count={o.reconciles}>{t('userOperators.reconciles', { count: o.reconciles })}</span>
              <span className="operator-meta">{t('userOperators.errors', { count: o.errors })}</span>
              <span className="spacer" />
              <button type="button" className="btn btn-ghost btn-xs" onClick={() => editInstalled(o)}>{t('userOperators.edit')}</button>
              <button type="button" className="btn btn-ghost btn-xs" onClick={() => void remove(o.name)} data-testid="operator-remove">{t('userOperators.remove')}</button>
            </div>
            {(o.stoppedReason ?? o.lastError) && (
              <div className="operator-error" role="status" data-testid="operator-error">
                {t('userOperators.lastError')}: {o.stoppedReason ?? `${o.lastError!.key ? `${o.lastError!.key}: ` : ''}${o.lastError!.message}`}
              </div>
            )}
          </li>
        ))}
      </ul>
      <div className="apply-bar">
        <div className="apply-results" aria-live="polite">
          {!result && <div className="apply-hint">{t('userOperators.hint')}</div>}
          {result && (
            <div className={`apply-result ${result.ok ? 'ok' : 'err'}`} data-testid="operator-result" data-ok={result.ok}>
              <span className="apply-icon">{result.ok ? '✓' : '✕'}</span>
              <span className="apply-message">{result.message}</span>
            </div>
          )}
        </div>
        <button type="button" className="btn btn-primary" data-testid="operator-install" disabled={busy} onClick={() => void install()} title={t('userOperators.installTitle')}>
          {busy ? t('userOperators.installing') : t('userOperators.install')}
          <kbd>Ctrl ↵</kbd>
        </button>
      </div>
    </div>
  );
}

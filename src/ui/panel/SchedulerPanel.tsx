// The scheduler's KubeSchedulerConfiguration: shown as the running scheduler reports it, edited, and
// applied with `sim scheduler config -f -`. A bad configuration is refused with the engine's message and
// the running one stays.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExecResult } from '../../worker/protocol.ts';
import TextareaEditor from './TextareaEditor.tsx';

export interface SchedulerPanelProps {
  exec(line: string, stdin?: string): Promise<ExecResult>;
}

export const SHOW_CONFIG = 'sim scheduler config';
export const LOAD_CONFIG = 'sim scheduler config -f -';

export function SchedulerPanel({ exec }: SchedulerPanelProps) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | undefined>();
  const [result, setResult] = useState<ExecResult | undefined>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const r = await exec(SHOW_CONFIG);
    if (r.code === 0) setText(r.stdout.endsWith('\n') ? r.stdout : `${r.stdout}\n`);
    else setResult(r);
  }, [exec]);

  useEffect(() => {
    void load();
  }, [load]);

  const apply = useCallback(async () => {
    if (text === undefined || busy) return;
    setBusy(true);
    try {
      const r = await exec(LOAD_CONFIG, text);
      setResult(r);
    } catch (e) {
      setResult({ code: 1, stdout: '', stderr: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  }, [exec, text, busy]);

  return (
    <div className="scheduler-panel" data-testid="scheduler-panel">
      <div className="doc-toolbar">
        <span className="doc-toolbar-name">KubeSchedulerConfiguration</span>
        <span className="spacer" />
        <button type="button" className="btn btn-ghost btn-xs" data-testid="scheduler-reload" title={t('scheduler.reloadTitle')} onClick={() => {
          setResult(undefined);
          void load();
        }}>
          {t('scheduler.reload')}
        </button>
      </div>
      <div className="editor-body" data-testid="scheduler-editor">
        {text === undefined ? (
          <div className="drawer-empty">{t('drawer.loading')}</div>
        ) : (
          <TextareaEditor value={text} onChange={setText} markers={[]} onApplyShortcut={() => void apply()} label={t('scheduler.ariaLabel')} />
        )}
      </div>
      <div className="apply-bar">
        <div className="apply-results" aria-live="polite">
          {!result && <div className="apply-hint">{t('scheduler.hint')}</div>}
          {result && (
            <div className={`apply-result ${result.code === 0 ? 'ok' : 'err'}`} data-testid="scheduler-result" data-ok={result.code === 0}>
              <span className="apply-icon">{result.code === 0 ? '✓' : '✕'}</span>
              <span className="apply-message">{(result.code === 0 ? result.stdout : result.stderr || result.stdout).trim()}</span>
            </div>
          )}
        </div>
        <button type="button" className="btn btn-primary" data-testid="scheduler-apply" disabled={text === undefined || busy} onClick={() => void apply()} title={t('scheduler.applyTitle')}>
          {busy ? t('editor.applying') : t('editor.apply')}
          <kbd>Ctrl ↵</kbd>
        </button>
      </div>
    </div>
  );
}

// The editor's preview before Apply: `kubectl diff -f -` (a server-side dry run of the document against the
// live objects) as a unified diff, then Apply or Cancel.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExecResult } from '../../worker/protocol.ts';
import { DiffText } from './DiffText.tsx';

export interface DiffPreviewProps {
  /** undefined while the dry run runs. kubectl diff exits 0 (no change), 1 (changes) or more (it failed). */
  result: ExecResult | undefined;
  onApply(): void;
  onCancel(): void;
}

export function DiffPreview({ result, onApply, onCancel }: DiffPreviewProps) {
  const { t } = useTranslation();
  const applyRef = useRef<HTMLButtonElement>(null);
  const failed = !!result && result.code > 1;
  useEffect(() => {
    if (result && !failed) applyRef.current?.focus();
  }, [result, failed]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);
  return (
    <div className="diff-preview" role="dialog" aria-label={t('workbench.editor.previewHeading')} data-testid="diff-preview" data-code={result?.code}>
      <div className="diff-preview-head">
        <span className="mono">{t('workbench.editor.previewHeading')}</span>
        <span className="spacer" />
        <button type="button" className="btn btn-ghost btn-xs" data-testid="diff-cancel" onClick={onCancel}>
          {t('workbench.editor.cancel')}
        </button>
        <button ref={applyRef} type="button" className="btn btn-primary btn-xs" data-testid="diff-apply" disabled={!result || failed} onClick={onApply}>
          {t('workbench.editor.applyNow')}
        </button>
      </div>
      <div className="diff-preview-body">
        {!result ? (
          <div className="drawer-empty">{t('workbench.editor.previewLoading')}</div>
        ) : failed ? (
          <>
            <div className="apply-result err">{t('workbench.editor.previewFailed')}</div>
            <pre className="drawer-text err" data-testid="diff-error">{result.stderr.trim()}</pre>
          </>
        ) : result.code === 0 ? (
          <div className="drawer-empty" data-testid="diff-nochange">{t('workbench.editor.previewNoChange')}</div>
        ) : (
          <DiffText text={result.stdout} testId="diff-text" />
        )}
      </div>
    </div>
  );
}

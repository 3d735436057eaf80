// Before a shared scenario replaces the cluster: what it holds (validated by the worker's scenario parser), or,
// for a tampered, oversized or malformed link or file, the reason it is refused.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SharePayload } from '../../share/codec.ts';
import type { EngineClient } from '../../worker/client.ts';
import type { ScenarioSummary } from '../../worker/protocol.ts';
import { Dialog } from './Dialog.tsx';
import { STUDENT_KEY } from './GalleryDialog.tsx';
import { useShareRefusal } from './shareRefusal.ts';
import { pick } from './text.ts';

/** A share to preview, or why it was refused (a ShareError, worded here in the reader's language). */
export type Incoming = { from: 'link' | 'file' } & ({ payload: SharePayload } | { refused: unknown });

export function SharePreview({ engine, incoming, onLoad, onClose }: {
  engine: EngineClient;
  incoming: Incoming;
  onLoad: (payload: SharePayload, student: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [summary, setSummary] = useState<ScenarioSummary | undefined>();
  const refusal = useShareRefusal();
  const [failure, setError] = useState<string | undefined>();
  const error = 'refused' in incoming ? refusal(incoming.refused) : failure;
  const [student, setStudent] = useState(() => localStorage.getItem(STUDENT_KEY) ?? '');
  const [busy, setBusy] = useState(false);
  const payload = 'payload' in incoming ? incoming.payload : undefined;

  useEffect(() => {
    if (!payload) return;
    engine.inspectScenario(payload.scenario).then(setSummary, (e: unknown) => setError(t('classroom.preview.invalid', { message: e instanceof Error ? e.message : String(e) })));
  }, [engine, payload, t]);

  if (error !== undefined || !payload) {
    return (
      <Dialog title={incoming.from === 'link' ? t('classroom.preview.refused') : t('classroom.preview.fileRefused')} onClose={onClose} testId="share-refused">
        <p className="exercise-error" role="alert" data-testid="share-refused-message">{error}</p>
        <button type="button" className="btn btn-xs" onClick={onClose}>{t('classroom.close')}</button>
      </Dialog>
    );
  }
  const load = async () => {
    setBusy(true);
    try {
      localStorage.setItem(STUDENT_KEY, student.trim());
      await onLoad(payload, student.trim());
      onClose();
    } catch (e) {
      setError(t('classroom.preview.loadFailed', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  };
  const yesNo = (b: boolean) => (b ? t('classroom.preview.yes') : t('classroom.preview.no'));
  return (
    <Dialog title={incoming.from === 'link' ? t('classroom.preview.title') : t('classroom.preview.fileTitle')} onClose={onClose} testId="share-preview">
      {summary && (
        <>
          <h3 data-testid="share-preview-title" data-id={summary.id}>{pick(summary.title, i18n.language)}</h3>
          <p>{pick(summary.description, i18n.language)}</p>
          <dl className="share-facts">
            <dt>{t('classroom.preview.nodes')}</dt><dd data-testid="share-preview-nodes">{summary.nodes}</dd>
            <dt>{t('classroom.preview.manifests')}</dt><dd>{summary.manifests}</dd>
            <dt>{t('classroom.preview.steps')}</dt><dd>{summary.steps}</dd>
            <dt>{t('classroom.preview.documents')}</dt><dd>{payload.documents?.length ?? 0}</dd>
            <dt>{t('classroom.preview.snapshot')}</dt><dd data-testid="share-preview-snapshot">{yesNo(payload.snapshot !== undefined)}</dd>
          </dl>
          <label className="classroom-field">
            <span>{t('classroom.gallery.student')}</span>
            <input value={student} onChange={(e) => setStudent(e.target.value)} maxLength={80} data-testid="share-student-name" />
          </label>
          <p className="exercise-meta" data-testid="share-preview-warning">{payload.operators?.length ? t('userOperators.previewWarning', { count: payload.operators.length }) : t('classroom.preview.warning')}</p>
          <div className="exercise-buttons">
            <button type="button" className="btn btn-primary btn-xs" disabled={busy} onClick={() => void load()} data-testid="share-load">{t('classroom.preview.load')}</button>
            <button type="button" className="btn btn-xs" onClick={onClose}>{t('classroom.cancel')}</button>
          </div>
        </>
      )}
    </Dialog>
  );
}

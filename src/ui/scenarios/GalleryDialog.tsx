// The bundled scenarios, titles and descriptions in the page's language; the student's name picks a variant.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EngineClient } from '../../worker/client.ts';
import type { GalleryItem } from '../../worker/protocol.ts';
import { Dialog } from './Dialog.tsx';
import { pick } from './text.ts';

export const STUDENT_KEY = 'kubesim.student';

export function GalleryDialog({ engine, onOpen, onImport, onClose }: {
  engine: EngineClient;
  onOpen: (yaml: string, student: string) => Promise<void>;
  onImport: (file: File) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [items, setItems] = useState<GalleryItem[]>([]);
  const [student, setStudent] = useState(() => localStorage.getItem(STUDENT_KEY) ?? '');
  const [busy, setBusy] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => void engine.gallery().then(setItems, (e: unknown) => setError(String(e))), [engine]);

  const open = async (item: GalleryItem) => {
    setBusy(item.id);
    localStorage.setItem(STUDENT_KEY, student.trim());
    try {
      await onOpen(item.source, student.trim());
      onClose();
    } catch (e) {
      setError(t('classroom.preview.loadFailed', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Dialog title={t('classroom.gallery.title')} onClose={onClose} testId="gallery-dialog" wide>
      <label className="classroom-field">
        <span>{t('classroom.gallery.student')}</span>
        <input value={student} onChange={(e) => setStudent(e.target.value)} maxLength={80} data-testid="student-name" />
        <small>{t('classroom.gallery.studentHint')}</small>
      </label>
      <label className="btn btn-xs classroom-import">
        {t('classroom.gallery.importFile')}
        <input type="file" accept=".json,.yaml,.yml" hidden data-testid="import-file" onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) onImport(f);
          e.target.value = '';
        }} />
      </label>
      {error && <p className="exercise-error" role="alert">{error}</p>}
      <ul className="gallery-list">
        {items.map((item) => (
          <li key={item.id} className="gallery-item" data-testid="gallery-item" data-id={item.id}>
            <div className="gallery-text">
              <strong>{pick(item.title, i18n.language)}</strong>
              <span className="exercise-meta">
                {t('classroom.gallery.nodes', { count: item.nodes })} · {item.steps ? t('classroom.gallery.steps', { count: item.steps }) : t('classroom.gallery.watch')}
              </span>
              <p>{pick(item.description, i18n.language)}</p>
            </div>
            <button type="button" className="btn btn-primary btn-xs" disabled={busy !== undefined} onClick={() => void open(item)} data-testid="gallery-open">
              {t('classroom.gallery.open')}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

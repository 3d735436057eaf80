// The classroom in the page: buttons for the scenario gallery, sharing and teacher mode, the open exercise,
// and the preview of a shared link (#share=…) or an imported file. Mounted once by App.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decodeShareFile, decodeShareHash, MAX_FILE_BYTES, type SharePayload } from '../../share/codec.ts';
import { openDb } from '../../storage/db.ts';
import type { DocumentStore } from '../../storage/documents.ts';
import { progressStore } from '../../storage/progress.ts';
import type { EngineClient } from '../../worker/client.ts';
import type { ClusterViewStore } from '../state/clusterStore.ts';
import { TeacherDialog } from '../teacher/TeacherDialog.tsx';
import { readFile } from './download.ts';
import { ExercisePanel } from './ExercisePanel.tsx';
import { GalleryDialog } from './GalleryDialog.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import { SharePreview, type Incoming } from './SharePreview.tsx';
import { useClassroom } from './useClassroom.ts';
import { OperatorConsent } from '../operators/OperatorConsent.tsx';
import type { UserOperatorSource } from '../../worker/protocol.ts';
import './classroom.css';

/** The share in the address bar, if any (a broken one becomes a refusal to show). */
function incomingFromHash(): Incoming | undefined {
  try {
    const payload = decodeShareHash(location.hash);
    return payload && { from: 'link', payload };
  } catch (e) {
    return { from: 'link', refused: e };
  }
}

export function Classroom({ engine, store, documents, openDocuments }: { engine: EngineClient; store: ClusterViewStore; documents: DocumentStore; openDocuments?: (docs: { name: string; text: string }[]) => Promise<void> }) {
  const { t } = useTranslation();
  const progress = useMemo(() => progressStore(openDb()), []);
  const classroom = useClassroom(engine, store, progress, openDocuments);
  const [dialog, setDialog] = useState<'gallery' | 'share' | 'teacher' | undefined>();
  const [incoming, setIncoming] = useState<Incoming | undefined>(incomingFromHash);
  // Shared operators wait here for the receiver's answer.
  const [consent, setConsent] = useState<{ operators: UserOperatorSource[]; answer(run: boolean): void }>();

  useEffect(() => {
    const onHash = () => {
      const next = incomingFromHash();
      if (next) setIncoming(next);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const closeIncoming = useCallback(() => {
    setIncoming(undefined);
    if (location.hash) history.replaceState(null, '', `${location.pathname}${location.search}`); // a reload must not ask again
  }, []);

  const loadShared = useCallback(async (payload: SharePayload, student: string) => {
    await classroom.open(payload.scenario, student, payload.snapshot);
    const operators = payload.operators ?? [];
    if (operators.length && await new Promise<boolean>((answer) => setConsent({ operators, answer }))) {
      for (const o of operators) await engine.installOperator(o);
    }
    if (payload.documents?.length) {
      const have = new Set((await documents.list()).map((d) => d.name));
      for (const d of payload.documents) await documents.create(have.has(d.name) ? `shared-${d.name}` : d.name, d.text);
      closeIncoming();
      location.reload(); // Simplification: the editor picks up new documents by reloading the workspace.
    }
  }, [classroom, documents, closeIncoming, engine]);

  const importFile = useCallback((file: File) => {
    setDialog(undefined);
    readFile(file, MAX_FILE_BYTES, t('classroom.preview.fileTooLarge', { mib: MAX_FILE_BYTES / 1024 / 1024 }))
      .then((text) => setIncoming({ from: 'file', payload: decodeShareFile(text) }))
      .catch((e: unknown) => setIncoming({ from: 'file', refused: e }));
  }, [t]);

  return (
    <div className="classroom" data-testid="classroom">
      <div className="classroom-bar">
        <button type="button" className="btn btn-xs" title={t('classroom.scenariosTitle')} onClick={() => setDialog('gallery')} data-testid="open-gallery">{t('classroom.scenarios')}</button>
        <button type="button" className="btn btn-xs" title={t('classroom.shareTitle')} onClick={() => setDialog('share')} data-testid="open-share">{t('classroom.share')}</button>
        <button type="button" className="btn btn-xs" title={t('classroom.teacherTitle')} onClick={() => setDialog('teacher')} data-testid="open-teacher">{t('classroom.teacher')}</button>
      </div>
      <ExercisePanel classroom={classroom} progress={progress} />
      {dialog === 'gallery' && <GalleryDialog engine={engine} onOpen={classroom.open} onImport={importFile} onClose={() => setDialog(undefined)} />}
      {dialog === 'share' && <ShareDialog engine={engine} store={store} documents={documents} exercise={classroom.exercise} onClose={() => setDialog(undefined)} />}
      {dialog === 'teacher' && <TeacherDialog engine={engine} store={store} onPreview={(yaml) => classroom.open(yaml, '')} onClose={() => setDialog(undefined)} />}
      {incoming && <SharePreview engine={engine} incoming={incoming} onLoad={loadShared} onClose={closeIncoming} />}
      {consent && <OperatorConsent operators={consent.operators} onAnswer={(run) => { setConsent(undefined); consent.answer(run); }} />}
    </div>
  );
}

// "Share": the open scenario (or, without one, the current nodes as a scenario), optionally with the editor
// documents and a snapshot of the cluster, as a link (#share=…) or a file.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { encodeShareFile, encodeShareHash, type SharePayload } from '../../share/codec.ts';
import { clusterStore } from '../../storage/cluster.ts';
import { openDb } from '../../storage/db.ts';
import type { DocumentStore } from '../../storage/documents.ts';
import type { EngineClient } from '../../worker/client.ts';
import type { UserOperatorSource } from '../../worker/protocol.ts';
import type { ClusterViewStore } from '../state/clusterStore.ts';
import { buildScenarioYaml } from '../teacher/buildScenario.ts';
import { Dialog } from './Dialog.tsx';
import { downloadText } from './download.ts';
import type { Exercise } from './useClassroom.ts';
import { pick } from './text.ts';
import { useShareRefusal } from './shareRefusal.ts';

/** The page's address with a share hash. */
export const shareUrl = (hash: string) => `${location.origin}${location.pathname}${location.search}#${hash}`;

export function ShareDialog({ engine, store, documents, exercise, onClose }: {
  engine: EngineClient;
  store: ClusterViewStore;
  documents: DocumentStore;
  exercise: Exercise | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const refusal = useShareRefusal();
  const [withDocuments, setWithDocuments] = useState(false);
  const [withSnapshot, setWithSnapshot] = useState(exercise === undefined);
  const [operators, setOperators] = useState<UserOperatorSource[]>([]);
  const [withOperators, setWithOperators] = useState(false);
  useEffect(() => void engine.userOperators().then((v) => setOperators(v.map(({ name, kind, owns, language, code }) => ({ name, kind, owns, language, code }))), () => undefined), [engine]);
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [copied, setCopied] = useState(false);

  const payload = async (): Promise<SharePayload> => {
    const both = (key: string) => ({ en: i18n.getFixedT('en')(key), zh: i18n.getFixedT('zh-CN')(key) });
    const scenario = exercise?.record.source ?? buildScenarioYaml(
      { name: 'shared-cluster', title: both('classroom.shareDialog.defaultTitle'), description: both('classroom.shareDialog.defaultDescription'), steps: [] },
      [...store.getState().nodes.values()], [],
    );
    const out: SharePayload = { scenario };
    if (withOperators && operators.length) out.operators = operators;
    if (withDocuments) out.documents = (await documents.list()).map((d) => ({ name: d.name, text: d.text }));
    if (withSnapshot) {
      await engine.save();
      const saved = await clusterStore(openDb()).load();
      if (saved) out.snapshot = saved.snapshot;
    }
    return out;
  };

  const makeLink = async () => {
    setError(undefined);
    setCopied(false);
    try {
      setLink(shareUrl(encodeShareHash(await payload())));
    } catch (e) {
      setLink('');
      setError(t('classroom.shareDialog.tooLarge', { message: refusal(e) }));
    }
  };
  const exportFile = async () => {
    const name = exercise?.view.summary.id ?? 'shared-cluster';
    downloadText(`${name}.kubesim.json`, encodeShareFile(await payload()), 'application/json');
  };

  return (
    <Dialog title={t('classroom.shareDialog.title')} onClose={onClose} testId="share-dialog">
      <p>{t('classroom.shareDialog.scenario', { title: exercise ? pick(exercise.view.summary.title, i18n.language) : t('classroom.shareDialog.current') })}</p>
      <label className="classroom-check">
        <input type="checkbox" checked={withDocuments} onChange={(e) => setWithDocuments(e.target.checked)} data-testid="share-documents" />
        {t('classroom.shareDialog.documents')}
      </label>
      <label className="classroom-check">
        <input type="checkbox" checked={withSnapshot} onChange={(e) => setWithSnapshot(e.target.checked)} data-testid="share-snapshot" />
        {t('classroom.shareDialog.snapshot')}
      </label>
      {operators.length > 0 && (
        <label className="classroom-check">
          <input type="checkbox" checked={withOperators} onChange={(e) => setWithOperators(e.target.checked)} data-testid="share-operators" />
          {t('userOperators.share', { count: operators.length })}
        </label>
      )}
      <div className="exercise-buttons">
        <button type="button" className="btn btn-primary btn-xs" onClick={() => void makeLink()} data-testid="share-make-link">{t('classroom.shareDialog.makeLink')}</button>
        <button type="button" className="btn btn-xs" onClick={() => void exportFile()} data-testid="share-export-file">{t('classroom.shareDialog.exportFile')}</button>
      </div>
      {error && <p className="exercise-error" role="alert" data-testid="share-error">{error}</p>}
      {link && (
        <label className="classroom-field">
          <span>{t('classroom.shareDialog.link')}</span>
          <input readOnly value={link} onFocus={(e) => e.target.select()} data-testid="share-link" />
          <button type="button" className="btn btn-xs" onClick={() => void navigator.clipboard.writeText(link).then(() => setCopied(true))} data-testid="share-copy">
            {copied ? t('classroom.shareDialog.copied') : t('classroom.shareDialog.copy')}
          </button>
        </label>
      )}
    </Dialog>
  );
}

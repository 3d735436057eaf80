// Teacher mode: an exercise built from the current cluster. The teacher picks objects (their manifests go into
// the scenario), writes a title, and steps with goals, two hints, checks (from a form of check kinds) and a
// solution; then previews it as a student (the cluster is replaced by the scenario) or makes a link.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { encodeShareHash } from '../../share/codec.ts';
import type { EngineClient } from '../../worker/client.ts';
import type { ResourceKindView } from '../../worker/protocol.ts';
import { Dialog } from '../scenarios/Dialog.tsx';
import { shareUrl } from '../scenarios/ShareDialog.tsx';
import { useShareRefusal } from '../scenarios/shareRefusal.ts';
import type { ClusterViewStore } from '../state/clusterStore.ts';
import { buildScenarioYaml, CHECK_TEMPLATES, type CheckKind, type Draft, type DraftStep, type DraftText } from './buildScenario.ts';

/** Kinds a teacher picks from: what a student's cluster is built of (not what controllers make from it). */
const PICKABLE = new Set(['Namespace', 'Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob', 'Service', 'ConfigMap', 'Secret', 'PersistentVolumeClaim', 'Ingress', 'NetworkPolicy', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'PriorityClass', 'ResourceQuota', 'LimitRange', 'StorageClass']);
const SYSTEM_NAMESPACE = /^kube-/;

interface Pickable { kind: ResourceKindView; namespace: string; name: string }
const pickKey = (p: Pickable) => `${p.kind.kind}/${p.namespace}/${p.name}`;

const emptyText = (): DraftText => ({ en: '', zh: '' });
const newStep = (): DraftStep => ({ id: '', goal: emptyText(), nudge: emptyText(), stronger: emptyText(), checks: [{ kind: 'podsReady', body: CHECK_TEMPLATES.podsReady }], solution: '' });

function TextPair({ label, labelZh, value, onChange, area }: { label: string; labelZh: string; value: DraftText; onChange: (v: DraftText) => void; area?: boolean }) {
  const Input = area ? 'textarea' : 'input';
  return (
    <div className="teacher-pair">
      <label className="classroom-field"><span>{label}</span><Input value={value.en} onChange={(e) => onChange({ ...value, en: e.target.value })} /></label>
      <label className="classroom-field"><span>{labelZh}</span><Input value={value.zh} onChange={(e) => onChange({ ...value, zh: e.target.value })} /></label>
    </div>
  );
}

export function TeacherDialog({ engine, store, onPreview, onClose }: {
  engine: EngineClient;
  store: ClusterViewStore;
  onPreview: (yaml: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const refusal = useShareRefusal();
  const [draft, setDraft] = useState<Draft>({ name: 'my-exercise', title: emptyText(), description: emptyText(), steps: [newStep()] });
  const [objects, setObjects] = useState<Pickable[]>([]);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | undefined>();
  const [link, setLink] = useState('');
  const nodes = useMemo(() => [...store.getState().nodes.values()], [store]);
  const workers = nodes.filter((n) => !n.roles.includes('control-plane')).length;

  useEffect(() => {
    let live = true;
    void (async () => {
      const kinds = (await engine.kinds()).filter((k) => PICKABLE.has(k.kind));
      const found: Pickable[] = [];
      for (const kind of kinds) {
        for (const row of (await engine.table(kind.kind)).rows) {
          if (!SYSTEM_NAMESPACE.test(row.namespace) && !(kind.kind === 'Namespace' && (SYSTEM_NAMESPACE.test(row.name) || row.name === 'default'))) found.push({ kind, namespace: row.namespace, name: row.name });
        }
      }
      if (live) setObjects(found);
    })();
    return () => {
      live = false;
    };
  }, [engine]);

  const setStep = (i: number, s: Partial<DraftStep>) => setDraft((d) => ({ ...d, steps: d.steps.map((x, j) => (j === i ? { ...x, ...s } : x)) }));

  /** The scenario text, validated by the worker; undefined (with the reason shown) when it is not valid yet. */
  const build = async (): Promise<string | undefined> => {
    setError(undefined);
    try {
      const manifests: Record<string, unknown>[] = [];
      for (const o of objects.filter((x) => picked.has(pickKey(x)))) {
        const r = await engine.exec(`kubectl get ${o.kind.resource} ${o.name}${o.kind.namespaced ? ` -n ${o.namespace}` : ''} -o json`);
        if (r.code !== 0) throw new Error(r.stderr.trim());
        manifests.push(JSON.parse(r.stdout) as Record<string, unknown>);
      }
      const yaml = buildScenarioYaml(draft, nodes, manifests);
      await engine.inspectScenario(yaml);
      return yaml;
    } catch (e) {
      setError(t('classroom.teacherDialog.invalid', { message: e instanceof Error ? e.message : String(e) }));
      return undefined;
    }
  };

  return (
    <Dialog title={t('classroom.teacherDialog.title')} onClose={onClose} testId="teacher-dialog" wide>
      <h3>{t('classroom.teacherDialog.meta')}</h3>
      <label className="classroom-field"><span>{t('classroom.teacherDialog.name')}</span><input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} data-testid="teacher-name" /></label>
      <TextPair label={t('classroom.teacherDialog.titleEn')} labelZh={t('classroom.teacherDialog.titleZh')} value={draft.title} onChange={(title) => setDraft({ ...draft, title })} />
      <TextPair label={t('classroom.teacherDialog.descriptionEn')} labelZh={t('classroom.teacherDialog.descriptionZh')} value={draft.description} onChange={(description) => setDraft({ ...draft, description })} area />
      <h3>{t('classroom.teacherDialog.objects')}</h3>
      <p className="exercise-meta">{t('classroom.teacherDialog.nodesNote', { count: workers })}</p>
      {objects.length === 0 && <p className="exercise-meta">{t('classroom.teacherDialog.noObjects')}</p>}
      <ul className="teacher-objects">
        {objects.map((o) => (
          <li key={pickKey(o)}>
            <label className="classroom-check">
              <input type="checkbox" checked={picked.has(pickKey(o))} data-testid="teacher-object" data-key={pickKey(o)} onChange={(e) => {
                const next = new Set(picked);
                if (e.target.checked) next.add(pickKey(o));
                else next.delete(pickKey(o));
                setPicked(next);
              }} />
              {o.kind.kind} {o.namespace ? `${o.namespace}/` : ''}{o.name}
            </label>
          </li>
        ))}
      </ul>
      <h3>{t('classroom.teacherDialog.steps')}</h3>
      {draft.steps.map((s, i) => (
        <fieldset key={i} className="teacher-step" data-testid="teacher-step">
          <legend>{t('classroom.exercise.step', { n: i + 1, total: draft.steps.length })}</legend>
          <TextPair label={t('classroom.teacherDialog.goalEn')} labelZh={t('classroom.teacherDialog.goalZh')} value={s.goal} onChange={(goal) => setStep(i, { goal })} area />
          <TextPair label={t('classroom.teacherDialog.nudge')} labelZh={t('classroom.teacherDialog.goalZh')} value={s.nudge} onChange={(nudge) => setStep(i, { nudge })} />
          <TextPair label={t('classroom.teacherDialog.stronger')} labelZh={t('classroom.teacherDialog.goalZh')} value={s.stronger} onChange={(stronger) => setStep(i, { stronger })} />
          <span className="teacher-label">{t('classroom.teacherDialog.checks')}</span>
          {s.checks.map((c, j) => (
            <div key={j} className="teacher-check">
              <select aria-label={t('classroom.teacherDialog.checkKind')} value={c.kind} onChange={(e) => {
                const kind = e.target.value as CheckKind;
                setStep(i, { checks: s.checks.map((x, k) => (k === j ? { kind, body: CHECK_TEMPLATES[kind] } : x)) });
              }}>
                {(Object.keys(CHECK_TEMPLATES) as CheckKind[]).map((k) => <option key={k} value={k}>{k}</option>)}
              </select>
              <input className="teacher-check-body" value={c.body} data-testid="teacher-check-body" onChange={(e) => setStep(i, { checks: s.checks.map((x, k) => (k === j ? { ...x, body: e.target.value } : x)) })} />
              <button type="button" className="btn btn-xs btn-ghost" onClick={() => setStep(i, { checks: s.checks.filter((_, k) => k !== j) })}>{t('classroom.teacherDialog.removeCheck')}</button>
            </div>
          ))}
          <button type="button" className="btn btn-xs" onClick={() => setStep(i, { checks: [...s.checks, { kind: 'podsReady', body: CHECK_TEMPLATES.podsReady }] })}>{t('classroom.teacherDialog.addCheck')}</button>
          <label className="classroom-field"><span>{t('classroom.teacherDialog.solution')}</span><textarea value={s.solution} onChange={(e) => setStep(i, { solution: e.target.value })} data-testid="teacher-solution" /></label>
          {draft.steps.length > 1 && <button type="button" className="btn btn-xs btn-ghost" onClick={() => setDraft({ ...draft, steps: draft.steps.filter((_, k) => k !== i) })}>{t('classroom.teacherDialog.removeStep')}</button>}
        </fieldset>
      ))}
      <button type="button" className="btn btn-xs" onClick={() => setDraft({ ...draft, steps: [...draft.steps, newStep()] })}>{t('classroom.teacherDialog.addStep')}</button>
      {error && <p className="exercise-error" role="alert" data-testid="teacher-error">{error}</p>}
      <div className="exercise-buttons">
        <button type="button" className="btn btn-primary btn-xs" data-testid="teacher-preview" onClick={() => void build().then(async (yaml) => {
          if (!yaml) return;
          await onPreview(yaml);
          onClose();
        })}>{t('classroom.teacherDialog.preview')}</button>
        <button type="button" className="btn btn-xs" data-testid="teacher-link" onClick={() => void build().then((yaml) => {
          if (!yaml) return;
          try {
            setLink(shareUrl(encodeShareHash({ scenario: yaml })));
          } catch (e) {
            setError(t('classroom.shareDialog.tooLarge', { message: refusal(e) }));
          }
        })}>{t('classroom.teacherDialog.makeLink')}</button>
      </div>
      {link && <input readOnly className="teacher-link" value={link} onFocus={(e) => e.target.select()} data-testid="teacher-link-text" />}
    </Dialog>
  );
}

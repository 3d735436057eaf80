// The open exercise: its steps with the student's progress, the current goal, the hint ladder (nudge, stronger
// hint, solution), a Check button, and each check's result in green or red with its reason.
import { useTranslation } from 'react-i18next';
import { progressCsv, progressJson, type ProgressStore } from '../../storage/progress.ts';
import { downloadText } from './download.ts';
import { pick } from './text.ts';
import type { Classroom } from './useClassroom.ts';

export function ExercisePanel({ classroom, progress }: { classroom: Classroom; progress: ProgressStore }) {
  const { t, i18n } = useTranslation();
  const ex = classroom.exercise;
  if (!ex) return null;
  const lng = i18n.language;
  const { record, view } = ex;
  const steps = view.steps;
  const allDone = steps.length > 0 && record.current >= steps.length;
  const variant = Object.entries(view.variant).map(([k, v]) => `${k}=${v}`).join(', ');
  const exportAs = async (kind: 'csv' | 'json') => {
    const all = await progress.all();
    if (kind === 'csv') downloadText('kubesim-progress.csv', progressCsv(all), 'text/csv');
    else downloadText('kubesim-progress.json', progressJson(all), 'application/json');
  };

  return (
    <section className="exercise" aria-label={t('classroom.exercise.label')} data-testid="exercise-panel" data-scenario={view.summary.id}>
      <header className="exercise-head">
        <h2 className="exercise-title" data-testid="exercise-title">{pick(view.summary.title, lng)}</h2>
        {record.student && <span className="exercise-meta">{t('classroom.exercise.student', { name: record.student })}</span>}
        {variant && <span className="exercise-meta" data-testid="exercise-variant">{t('classroom.exercise.variant', { values: variant })}</span>}
        <span className="exercise-actions">
          <button type="button" className="btn btn-xs" onClick={() => void exportAs('csv')} data-testid="progress-csv">{t('classroom.exercise.exportCsv')}</button>
          <button type="button" className="btn btn-xs" onClick={() => void exportAs('json')} data-testid="progress-json">{t('classroom.exercise.exportJson')}</button>
          <button type="button" className="btn btn-xs" onClick={() => window.confirm(t('classroom.exercise.resetConfirm')) && void classroom.resetProgress()} data-testid="progress-reset">{t('classroom.exercise.reset')}</button>
          <button type="button" className="btn btn-xs" title={t('classroom.exercise.restartTitle')} onClick={() => void classroom.restart()} data-testid="exercise-restart">{t('classroom.exercise.restart')}</button>
          <button type="button" className="btn btn-xs btn-ghost" onClick={() => void classroom.leave()} data-testid="exercise-leave">{t('classroom.exercise.leave')}</button>
        </span>
      </header>
      {ex.error && <p className="exercise-error" role="alert" data-testid="exercise-error">{t('classroom.exercise.checkFailed', { message: ex.error })}</p>}
      {steps.length === 0 && <p className="exercise-note">{pick(view.summary.description, lng)} {t('classroom.exercise.noSteps')}</p>}
      {allDone && <p className="exercise-done" data-testid="exercise-done">{t('classroom.exercise.done')}</p>}
      <ol className="exercise-steps">
        {steps.map((step, i) => {
          const sp = record.steps[step.id];
          const current = i === record.current;
          const result = ex.results[i];
          const state = sp?.done ? 'done' : current ? 'current' : 'todo';
          if (state === 'todo') return null; // later goals stay hidden until the student gets there
          const rungs = step.ladder.slice(0, sp?.hintsUsed ?? 0);
          const nextRung = sp?.hintsUsed ?? 0;
          return (
            <li key={step.id} className={`exercise-step exercise-step-${state}`} data-testid="exercise-step" data-step={step.id} data-state={state}>
              <div className="exercise-step-head">
                <span className="exercise-step-n">{t('classroom.exercise.step', { n: i + 1, total: steps.length })}</span>
                <span className={`exercise-badge ${sp?.done ? 'ok' : ''}`}>{sp?.done ? t('classroom.exercise.passed') : result ? t('classroom.exercise.failed') : ''}</span>
                {sp && <span className="exercise-meta">{t('classroom.exercise.attempts', { n: sp.attempts })} · {t('classroom.exercise.hints', { n: sp.hintsUsed })}</span>}
              </div>
              <p className="exercise-goal" data-testid="exercise-goal">{pick(step.goal, lng)}</p>
              {rungs.map((r, j) => (
                <pre key={j} className="exercise-hint" data-testid="exercise-hint">{pick(r, lng)}</pre>
              ))}
              {current && (
                <div className="exercise-buttons">
                  <button type="button" className="btn btn-primary btn-xs" onClick={() => void classroom.check()} data-testid="exercise-check">{t('classroom.exercise.check')}</button>
                  {nextRung < step.ladder.length && (
                    <button type="button" className="btn btn-xs" onClick={() => void classroom.hint()} data-testid="exercise-hint-button">
                      {nextRung === step.ladder.length - 1 ? t('classroom.exercise.solution') : nextRung === 0 ? t('classroom.exercise.hint') : t('classroom.exercise.moreHint')}
                    </button>
                  )}
                </div>
              )}
              {result && (
                <ul className="exercise-results">
                  {result.checks.map((c, j) => (
                    <li key={j} className={c.pass ? 'check-pass' : 'check-fail'} data-testid="exercise-check-result" data-pass={c.pass}>
                      <span aria-hidden="true">{c.pass ? '✓' : '✗'}</span> {pick(c.reason, lng)}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

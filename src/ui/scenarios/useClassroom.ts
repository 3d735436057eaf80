// The open exercise: which scenario and student, the worker's view of its steps, the student's progress (kept
// in IndexedDB, so a reload resumes it) and the latest check results. Checks run when the student presses
// "Check" (an attempt) and by themselves shortly after the cluster changes (commands, time passing).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClusterSnapshot } from '../../engine/index.ts';
import { emptyStep, progressId, type ProgressRecord, type ProgressStore } from '../../storage/progress.ts';
import type { EngineClient } from '../../worker/client.ts';
import type { ExerciseView, StepResultView } from '../../worker/protocol.ts';
import type { ClusterViewStore } from '../state/clusterStore.ts';

export interface Exercise {
  record: ProgressRecord;
  view: ExerciseView;
  /** Results by step index (the last check of each). */
  results: Record<number, StepResultView>;
  error?: string;
}

/** The automatic check runs this long after a change (and not more often). */
const AUTO_CHECK_MS = 400;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** `openDocuments`: the page opens a scenario's editor documents (its repository folders, charts …). */
export function useClassroom(engine: EngineClient, store: ClusterViewStore, progress: ProgressStore, openDocuments?: (docs: { name: string; text: string }[]) => Promise<void>) {
  const [exercise, setExercise] = useState<Exercise | undefined>();
  const ref = useRef(exercise);
  ref.current = exercise;

  const save = useCallback(async (ex: Exercise) => {
    ref.current = ex;
    setExercise(ex);
    await progress.put({ ...ex.record, updatedAt: Date.now() });
  }, [progress]);

  /** Start a scenario for a student: the cluster is replaced; earlier progress of the same student is kept. */
  const open = useCallback(async (yaml: string, student: string, snapshot?: ClusterSnapshot) => {
    const view = await engine.loadScenario({ yaml }, student || undefined, snapshot);
    if (view.documents?.length && !snapshot) await openDocuments?.(view.documents);
    const id = progressId(view.summary.id, student);
    const now = Date.now();
    const record: ProgressRecord = (await progress.get(id)) ?? { id, scenarioId: view.summary.id, student, source: yaml, current: 0, steps: {}, updatedAt: now };
    record.source = yaml;
    const first = view.steps[record.current];
    if (first && !record.steps[first.id]) record.steps[first.id] = emptyStep(now);
    await progress.setActive(id);
    await save({ record, view, results: {}, ...(view.problems.length ? { error: view.problems.join('; ') } : {}) });
  }, [engine, progress, save, openDocuments]);

  // After a reload: the cluster comes back from its snapshot, the exercise from its progress record.
  useEffect(() => {
    let live = true;
    void (async () => {
      const id = await progress.active();
      const record = id === undefined ? undefined : await progress.get(id);
      if (!record || !live) return;
      try {
        const view = await engine.exercise({ yaml: record.source }, record.student || undefined);
        if (live && !ref.current) {
          ref.current = { record, view, results: {} };
          setExercise(ref.current);
        }
      } catch {
        await progress.setActive(undefined);
      }
    })();
    return () => {
      live = false;
    };
  }, [engine, progress]);

  const runCheck = useCallback(async (attempt: boolean) => {
    const ex = ref.current;
    if (!ex) return;
    const index = ex.record.current;
    const step = ex.view.steps[index];
    if (!step) return;
    try {
      const result = await engine.checkStep({ yaml: ex.record.source }, ex.record.student || undefined, index);
      const cur = ref.current;
      if (!cur || cur.record.id !== ex.record.id || cur.record.current !== index) return;
      const record = structuredClone(cur.record);
      const sp = (record.steps[step.id] ??= emptyStep(Date.now()));
      if (attempt) sp.attempts++;
      if (result.pass && !sp.done) {
        sp.done = true;
        sp.doneAt = Date.now();
        record.current = index + 1;
        const next = ex.view.steps[index + 1];
        if (next && !record.steps[next.id]) record.steps[next.id] = emptyStep(Date.now());
      }
      const changed = attempt || result.pass;
      const nextEx = { ...cur, record, results: { ...cur.results, [index]: result }, error: undefined };
      if (changed) await save(nextEx);
      else {
        ref.current = nextEx;
        setExercise(nextEx);
      }
    } catch (e) {
      if (ref.current) setExercise({ ...ref.current, error: message(e) });
    }
  }, [engine, save]);

  // One check at a time: an automatic check is skipped while one runs, a pressed "Check" waits its turn.
  const queue = useRef<{ tail: Promise<void>; pending: number }>({ tail: Promise.resolve(), pending: 0 });
  const check = useCallback((attempt: boolean): Promise<void> => {
    const q = queue.current;
    if (!attempt && q.pending > 0) return q.tail;
    q.pending++;
    q.tail = q.tail.then(() => runCheck(attempt)).finally(() => {
      q.pending--;
    });
    return q.tail;
  }, [runCheck]);

  // The automatic check: after the cluster's clock or pods change, once things are quiet for a moment. The
  // store is listened to directly, so a frame of the running simulation does not re-render the classroom.
  const active = exercise !== undefined && exercise.record.current < exercise.view.steps.length;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!active) return;
    const arm = () => {
      if (timer.current) return; // at most one check per AUTO_CHECK_MS, also while time runs
      timer.current = setTimeout(() => {
        timer.current = undefined;
        void check(false);
      }, AUTO_CHECK_MS);
    };
    let last = store.getState();
    arm();
    return store.subscribe(() => {
      const s = store.getState();
      if (s.clock.nowMs !== last.clock.nowMs || s.pods !== last.pods) arm();
      last = s;
    });
  }, [active, store, check]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const hint = useCallback(async () => {
    const ex = ref.current;
    const step = ex?.view.steps[ex.record.current];
    if (!ex || !step) return;
    const record = structuredClone(ex.record);
    const sp = (record.steps[step.id] ??= emptyStep(Date.now()));
    sp.hintsUsed = Math.min(sp.hintsUsed + 1, step.ladder.length);
    await save({ ...ex, record });
  }, [save]);

  const restart = useCallback(async () => {
    const ex = ref.current;
    if (ex) await open(ex.record.source, ex.record.student);
  }, [open]);

  const leave = useCallback(async () => {
    await progress.setActive(undefined);
    ref.current = undefined;
    setExercise(undefined);
  }, [progress]);

  const resetProgress = useCallback(async () => {
    await progress.reset();
    ref.current = undefined;
    setExercise(undefined);
  }, [progress]);

  return { exercise, open, check: () => check(true), hint, restart, leave, resetProgress };
}

export type Classroom = ReturnType<typeof useClassroom>;

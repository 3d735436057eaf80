// Exercise progress per student and scenario (steps done, attempts, hints used, time), kept in IndexedDB, plus
// which exercise is open (it survives a reload with the cluster snapshot). Exported as CSV or JSON for a teacher.
import type { KubesimDB } from './db.ts';

export interface StepProgress {
  done: boolean;
  /** Presses of "Check" (automatic checks after commands are not attempts). */
  attempts: number;
  /** Rungs of the hint ladder opened (the last rung is the solution). */
  hintsUsed: number;
  /** Wall ms the step was first shown, and when it was solved. */
  startedAt: number;
  doneAt?: number;
}

export interface ProgressRecord {
  /** `${scenarioId}\u0000${student}` */
  id: string;
  scenarioId: string;
  student: string;
  /** The scenario file's text (a link's scenario may not be in the gallery). */
  source: string;
  /** Which step the student is on. */
  current: number;
  steps: Record<string, StepProgress>;
  updatedAt: number;
}

/** The exercise open in the page: a setting, so the page reopens it after a reload. */
export const ACTIVE_EXERCISE = 'exercise.active';

export const progressId = (scenarioId: string, student: string) => `${scenarioId}\u0000${student}`;

export function emptyStep(now: number): StepProgress {
  return { done: false, attempts: 0, hintsUsed: 0, startedAt: now };
}

export interface ProgressStore {
  get(id: string): Promise<ProgressRecord | undefined>;
  put(record: ProgressRecord): Promise<void>;
  all(): Promise<ProgressRecord[]>;
  /** Forget every record (and the open exercise). */
  reset(): Promise<void>;
  active(): Promise<string | undefined>;
  setActive(id: string | undefined): Promise<void>;
}

export function progressStore(db: KubesimDB): ProgressStore {
  return {
    get: (id) => db.progress.get(id),
    put: async (r) => {
      await db.progress.put(r);
    },
    all: () => db.progress.orderBy('updatedAt').toArray(),
    reset: async () => {
      await db.transaction('rw', db.progress, db.settings, async () => {
        await db.progress.clear();
        await db.settings.delete(ACTIVE_EXERCISE);
      });
    },
    active: async () => {
      const v = (await db.settings.get(ACTIVE_EXERCISE))?.value;
      return typeof v === 'string' ? v : undefined;
    },
    setActive: async (id) => {
      if (id === undefined) await db.settings.delete(ACTIVE_EXERCISE);
      else await db.settings.put({ key: ACTIVE_EXERCISE, value: id });
    },
  };
}

const seconds = (s: StepProgress) => (s.doneAt === undefined ? '' : String(Math.round((s.doneAt - s.startedAt) / 1000)));

function csvCell(v: string | number | boolean): string {
  const s = String(v);
  return /[",\n\r]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One row per student, scenario and step; a cell a spreadsheet would run as a formula is quoted. */
export function progressCsv(records: readonly ProgressRecord[]): string {
  const rows = [['student', 'scenario', 'step', 'done', 'attempts', 'hints_used', 'seconds']];
  for (const r of records) {
    for (const [step, s] of Object.entries(r.steps)) rows.push([r.student, r.scenarioId, step, String(s.done), String(s.attempts), String(s.hintsUsed), seconds(s)]);
  }
  return rows.map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}

/** The records without the scenario text (a teacher wants the numbers). */
export function progressJson(records: readonly ProgressRecord[]): string {
  return JSON.stringify(records.map(({ source: _source, id: _id, ...r }) => r), null, 2) + '\n';
}

import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { KubesimDB } from './db.ts';
import { emptyStep, progressCsv, progressId, progressJson, progressStore, type ProgressRecord } from './progress.ts';

let n = 0;
const names: string[] = [];
const fresh = () => {
  const name = `progress-${++n}`;
  names.push(name);
  return name;
};
afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name);
});

const record = (student: string, over: Partial<ProgressRecord> = {}): ProgressRecord => ({
  id: progressId('desired-state', student), scenarioId: 'desired-state', student, source: 'kind: Scenario', current: 1,
  steps: { declare: { done: true, attempts: 2, hintsUsed: 1, startedAt: 1000, doneAt: 61_000 }, 'self-heal': emptyStep(61_000) },
  updatedAt: 5, ...over,
});

describe('exercise progress', () => {
  it('keeps the data of version 1 when the database gains the progress table', async () => {
    const name = fresh();
    const v1 = new Dexie(name);
    v1.version(1).stores({ documents: 'id, updatedAt', clusters: 'id', settings: 'key' });
    await v1.table('documents').put({ id: 'd1', name: 'a.yaml', text: 'x', updatedAt: 1 });
    v1.close();
    const db = new KubesimDB(name);
    expect(await db.documents.get('d1')).toMatchObject({ name: 'a.yaml' });
    await progressStore(db).put(record('ann'));
    expect((await progressStore(db).get(progressId('desired-state', 'ann')))?.steps.declare.attempts).toBe(2);
    db.close();
  });

  it('lists records by update time, remembers the open exercise, and resets both', async () => {
    const db = new KubesimDB(fresh());
    const store = progressStore(db);
    await store.put(record('bob', { updatedAt: 9 }));
    await store.put(record('ann', { updatedAt: 3 }));
    await store.setActive(progressId('desired-state', 'bob'));
    expect((await store.all()).map((r) => r.student)).toEqual(['ann', 'bob']);
    expect(await store.active()).toBe(progressId('desired-state', 'bob'));
    await store.reset();
    expect(await store.all()).toEqual([]);
    expect(await store.active()).toBeUndefined();
    db.close();
  });

  it('exports CSV rows per step, with time only for solved steps and formulas neutralized', () => {
    const csv = progressCsv([record('ann'), record('=cmd|x, "y"')]);
    expect(csv.split('\n')).toEqual([
      'student,scenario,step,done,attempts,hints_used,seconds',
      'ann,desired-state,declare,true,2,1,60',
      'ann,desired-state,self-heal,false,0,0,',
      '"=cmd|x, ""y""",desired-state,declare,true,2,1,60',
      '"=cmd|x, ""y""",desired-state,self-heal,false,0,0,',
      '',
    ]);
  });

  it('exports JSON without the scenario text', () => {
    const out = JSON.parse(progressJson([record('ann')])) as Record<string, unknown>[];
    expect(out[0]).not.toHaveProperty('source');
    expect(out[0]).toMatchObject({ student: 'ann', scenarioId: 'desired-state', current: 1 });
  });
});

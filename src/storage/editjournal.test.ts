import { describe, expect, it } from 'vitest';
import { localStorageJournal } from './editjournal.ts';

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() { return m.size; },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

describe('the edit journal', () => {
  it('gives the next page the edits an earlier one kept, once', () => {
    const storage = memoryStorage();
    localStorageJournal(() => storage).write(new Map([['doc-1', 'kind: Namespace'], ['doc-2', 'kind: Pod']]));
    const next = localStorageJournal(() => storage);
    expect([...next.take()]).toEqual([['doc-1', 'kind: Namespace'], ['doc-2', 'kind: Pod']]);
    expect(next.take().size).toBe(0);
  });

  it('an empty write clears it; a corrupt entry reads as nothing', () => {
    const storage = memoryStorage();
    const j = localStorageJournal(() => storage);
    j.write(new Map([['doc-1', 'a']]));
    j.write(new Map());
    expect(j.take().size).toBe(0);
    storage.setItem('kubesim.pendingEdits', '{not json');
    expect(j.take().size).toBe(0);
    storage.setItem('kubesim.pendingEdits', JSON.stringify([['doc-1', 'ok'], [2, 'bad'], 'junk']));
    expect([...j.take()]).toEqual([['doc-1', 'ok']]);
  });

  it('without storage it keeps nothing and fails nothing', () => {
    const j = localStorageJournal(() => undefined);
    j.write(new Map([['doc-1', 'a']]));
    expect(j.take().size).toBe(0);
  });
});

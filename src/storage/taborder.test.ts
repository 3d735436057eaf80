// Tab order kept in IndexedDB: a dragged tab lands where it was dropped, and a closed document comes back
// at its old place. The property: any sequence of drags keeps each tab exactly once, in the order a list
// model of the same moves gives, also when read back by a second store (a reload).
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { KubesimDB } from './db.ts';
import { DocumentStore } from './documents.ts';

let n = 0;
const open: KubesimDB[] = [];
function freshDb(): KubesimDB {
  const db = new KubesimDB(`taborder-${++n}`);
  open.push(db);
  return db;
}
afterEach(async () => {
  const dbs = open.splice(0);
  for (const db of dbs) db.close();
  for (const name of new Set(dbs.map((db) => db.name))) await Dexie.delete(name);
});

async function storeWith(names: string[]): Promise<DocumentStore> {
  const store = new DocumentStore(freshDb(), () => 1);
  for (const name of names) await store.create(name);
  return store;
}
const names = async (s: DocumentStore) => (await s.list()).map((d) => d.name);

describe('tab order', () => {
  it('moveTo puts a tab at the drop position, clamped to the ends', async () => {
    const s = await storeWith(['a', 'b', 'c', 'd']);
    const id = async (name: string) => (await s.list()).find((d) => d.name === name)!.id;
    await s.moveTo(await id('d'), 0);
    expect(await names(s)).toEqual(['d', 'a', 'b', 'c']);
    await s.moveTo(await id('a'), 2);
    expect(await names(s)).toEqual(['d', 'b', 'a', 'c']);
    await s.moveTo(await id('d'), 99);
    expect(await names(s)).toEqual(['b', 'a', 'c', 'd']);
    await s.moveTo(await id('c'), -5);
    expect(await names(s)).toEqual(['c', 'b', 'a', 'd']);
  });

  it('a reopened document comes back with its text at its old position', async () => {
    const s = await storeWith(['a', 'b', 'c']);
    const b = (await s.list())[1];
    await s.saveText(b.id, 'kind: Namespace');
    const closed = (await s.get(b.id))!;
    await s.remove(b.id);
    expect(await names(s)).toEqual(['a', 'c']);
    await s.reopen(closed, 1);
    expect(await names(s)).toEqual(['a', 'b', 'c']);
    expect((await s.get(b.id))?.text).toBe('kind: Namespace');
  });

  it('any sequence of drags matches a list model and survives a reload', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.tuple(fc.nat(4), fc.integer({ min: -1, max: 5 })), { maxLength: 8 }), async (drags) => {
      const db = freshDb();
      const s = new DocumentStore(db, () => 1);
      for (const name of ['a', 'b', 'c', 'd', 'e']) await s.create(name);
      const model = ['a', 'b', 'c', 'd', 'e'];
      for (const [from, to] of drags) {
        const name = model[from];
        await s.moveTo((await s.list())[from].id, to);
        model.splice(from, 1);
        model.splice(Math.max(0, Math.min(model.length, to)), 0, name);
      }
      expect(await names(s)).toEqual(model);
      expect(await names(new DocumentStore(db))).toEqual(model);
    }), { numRuns: 25 });
  });
});

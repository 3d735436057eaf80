import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClusterSnapshot } from '../engine/index.ts';
import { Dexie } from 'dexie';
import { KubesimDB } from './db.ts';
import { clusterStore } from './cluster.ts';
import { DocumentStore } from './documents.ts';
import { DEFAULT_DOCUMENT_NAME, DEFAULT_DOCUMENT_TEXT } from './defaults.ts';

let n = 0;
const open: KubesimDB[] = [];
function freshDb(name = `test-${++n}`): KubesimDB {
  const db = new KubesimDB(name);
  open.push(db);
  return db;
}
afterEach(async () => {
  const dbs = open.splice(0);
  for (const db of dbs) db.close();
  for (const name of new Set(dbs.map((db) => db.name))) await Dexie.delete(name);
});

const snapshot: ClusterSnapshot = {
  version: 1,
  seed: 7,
  nowMs: 1_735_689_600_000 + 42_000,
  resourceVersion: 120,
  rngState: [1, 2, 3, 4],
  objects: [{ apiVersion: 'v1', kind: 'Node', metadata: { name: 'w1' }, status: { capacity: { cpu: '4' } } }],
};

describe('DocumentStore', () => {
  it('starts a new workspace with the sample Deployment', async () => {
    const store = new DocumentStore(freshDb(), () => 1000);
    const ws = await store.load();
    expect(ws.documents).toHaveLength(1);
    expect(ws.documents[0]).toMatchObject({ name: DEFAULT_DOCUMENT_NAME, text: DEFAULT_DOCUMENT_TEXT, updatedAt: 1000 });
    expect(ws.activeId).toBe(ws.documents[0].id);
    expect(DEFAULT_DOCUMENT_TEXT).toContain('image: nginx:1.27');
    expect(DEFAULT_DOCUMENT_TEXT).toContain('replicas: 3');
    // Loading again does not add a second sample.
    expect((await store.load()).documents).toHaveLength(1);
  });

  it('creates, edits, renames, activates and deletes documents; all survive a reopen', async () => {
    const name = `docs-${++n}`;
    const db = freshDb(name);
    let clock = 1;
    const store = new DocumentStore(db, () => clock++);
    const ws = await store.load();
    const second = await store.create(await store.uniqueName(), 'kind: Pod\n');
    expect(second.name).toBe('untitled-1.yaml');
    expect(await store.uniqueName()).toBe('untitled-2.yaml');
    await store.saveText(ws.activeId, 'edited: true\n');
    await store.rename(second.id, 'pod.yaml');
    await store.setActive(second.id);
    db.close();

    const reopened = freshDb(name);
    const again = await new DocumentStore(reopened).load();
    expect(again.activeId).toBe(second.id);
    // Tabs keep the order they were opened in (a rename does not move a tab); moving one is DocumentStore.move.
    expect(again.documents.map((d) => d.name)).toEqual([DEFAULT_DOCUMENT_NAME, 'pod.yaml']);
    expect(again.documents.find((d) => d.id === ws.activeId)?.text).toBe('edited: true\n');

    const store2 = new DocumentStore(reopened);
    await store2.remove(second.id);
    const after = await store2.load();
    expect(after.documents).toHaveLength(1);
    expect(after.activeId).toBe(ws.activeId); // the active one was deleted: fall back to the first
  });
});

describe('clusterStore', () => {
  it('saves, loads and clears the cluster snapshot', async () => {
    const name = `cluster-${++n}`;
    const store = clusterStore(freshDb(name));
    expect(await store.load()).toBeUndefined();
    await store.save({ snapshot, startMs: 1_735_689_600_000, playing: true, speed: 10, savedAt: 5 });
    const back = await clusterStore(freshDb(name)).load();
    expect(back).toMatchObject({ id: 'current', startMs: 1_735_689_600_000, playing: true, speed: 10 });
    expect(back?.snapshot).toEqual(snapshot);
    await store.clear();
    expect(await store.load()).toBeUndefined();
  });
});

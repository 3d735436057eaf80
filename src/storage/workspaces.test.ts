import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { KubesimDB } from './db.ts';
import { DEFAULT_DOCUMENT_NAME } from './defaults.ts';
import { DEFAULT_WORKSPACE, DocumentStore } from './documents.ts';
import { WorkspaceStore } from './workspaces.ts';

let n = 0;
const open: KubesimDB[] = [];
function freshDb(): KubesimDB {
  const db = new KubesimDB(`ws-test-${++n}`);
  open.push(db);
  return db;
}
afterEach(async () => {
  for (const db of open.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

describe('workspaces', () => {
  it('keep their own documents, and the active one survives a reopen', async () => {
    const db = freshDb();
    const docs = new DocumentStore(db, () => 1);
    const ws = new WorkspaceStore(db, docs, () => 5);
    expect(await ws.restore()).toBe(DEFAULT_WORKSPACE);
    await docs.load(); // the sample document in the default workspace
    const second = await ws.create(await ws.uniqueName());
    expect(second.name).toBe('workspace-2');
    await ws.switchTo(second.id);
    const loaded = await docs.load();
    expect(loaded.documents.map((d) => d.name)).toEqual([DEFAULT_DOCUMENT_NAME]); // never empty: a fresh sample
    await docs.create('extra.yaml', 'x: 1\n');
    expect((await docs.list()).map((d) => d.name)).toEqual([DEFAULT_DOCUMENT_NAME, 'extra.yaml']);
    db.close();

    const again = new KubesimDB(db.name);
    open.push(again);
    const docs2 = new DocumentStore(again);
    const ws2 = new WorkspaceStore(again, docs2);
    expect(await ws2.restore()).toBe(second.id);
    expect((await docs2.list()).map((d) => d.name)).toEqual([DEFAULT_DOCUMENT_NAME, 'extra.yaml']);
    await ws2.switchTo(DEFAULT_WORKSPACE);
    expect((await docs2.list()).map((d) => d.name)).toEqual([DEFAULT_DOCUMENT_NAME]);
    await ws2.rename(second.id, 'staging');
    expect((await ws2.list()).map((w) => w.name)).toEqual(['default', 'staging']);
  });

  it('deleting a workspace deletes its documents; the last one stays', async () => {
    const db = freshDb();
    const docs = new DocumentStore(db);
    const ws = new WorkspaceStore(db, docs);
    const other = await ws.create('other');
    await ws.switchTo(other.id);
    await docs.create('a.yaml', '');
    expect(await ws.remove(other.id)).toBe(DEFAULT_WORKSPACE);
    expect((await db.documents.toArray()).some((d) => d.name === 'a.yaml')).toBe(false);
    await expect(ws.remove(DEFAULT_WORKSPACE)).rejects.toThrow('the last workspace cannot be deleted');
  });

  it('tabs keep the order they are moved to', async () => {
    const docs = new DocumentStore(freshDb());
    const a = await docs.create('a.yaml');
    const b = await docs.create('b.yaml');
    const c = await docs.create('c.yaml');
    await docs.move(c.id, -2);
    expect((await docs.list()).map((d) => d.id)).toEqual([c.id, a.id, b.id]);
    await docs.move(c.id, 5);
    expect((await docs.list()).map((d) => d.id)).toEqual([a.id, b.id, c.id]);
  });
});

// Workspaces: named sets of editor documents. The default workspace holds every document saved before
// workspaces existed; switching points the DocumentStore at another set. The last workspace cannot go.
import type { KubesimDB, WorkspaceRecord } from './db.ts';
import { DEFAULT_WORKSPACE, newDocumentId, type DocumentStore } from './documents.ts';

const ACTIVE_WORKSPACE_KEY = 'activeWorkspace';
export const DEFAULT_WORKSPACE_NAME = 'default';

export class WorkspaceStore {
  private readonly db: KubesimDB;
  private readonly documents: DocumentStore;
  private readonly now: () => number;

  constructor(db: KubesimDB, documents: DocumentStore, now: () => number = Date.now) {
    this.db = db;
    this.documents = documents;
    this.now = now;
  }

  /** Every workspace, oldest first (the default one exists from the start). */
  async list(): Promise<WorkspaceRecord[]> {
    const all = await this.db.workspaces.toArray();
    if (!all.some((w) => w.id === DEFAULT_WORKSPACE)) {
      const first = { id: DEFAULT_WORKSPACE, name: DEFAULT_WORKSPACE_NAME, createdAt: 0 };
      await this.db.workspaces.put(first);
      all.push(first);
    }
    return all.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  }

  /** Point the document store at the workspace saved as active (at page load). */
  async restore(): Promise<string> {
    const saved = (await this.db.settings.get(ACTIVE_WORKSPACE_KEY))?.value;
    const ids = (await this.list()).map((w) => w.id);
    this.documents.workspaceId = typeof saved === 'string' && ids.includes(saved) ? saved : DEFAULT_WORKSPACE;
    return this.documents.workspaceId;
  }

  async switchTo(id: string): Promise<void> {
    if (!(await this.db.workspaces.get(id))) throw new Error(`workspace "${id}" not found`);
    this.documents.workspaceId = id;
    await this.db.settings.put({ key: ACTIVE_WORKSPACE_KEY, value: id });
  }

  async create(name: string): Promise<WorkspaceRecord> {
    const w: WorkspaceRecord = { id: newDocumentId(), name: name.trim() || 'workspace', createdAt: this.now() };
    await this.db.workspaces.add(w);
    return w;
  }

  async rename(id: string, name: string): Promise<void> {
    const clean = name.trim();
    if (clean) await this.db.workspaces.update(id, { name: clean });
  }

  /** Delete a workspace and its documents; returns the workspace to show next. */
  async remove(id: string): Promise<string> {
    const all = await this.list();
    if (all.length <= 1) throw new Error('the last workspace cannot be deleted');
    await this.db.transaction('rw', this.db.workspaces, this.db.documents, async () => {
      await this.db.workspaces.delete(id);
      const docs = await this.db.documents.toArray();
      await this.db.documents.bulkDelete(docs.filter((d) => (d.workspaceId ?? DEFAULT_WORKSPACE) === id).map((d) => d.id));
    });
    const next = all.find((w) => w.id !== id)!.id;
    if (this.documents.workspaceId === id) await this.switchTo(next);
    return this.documents.workspaceId;
  }

  /** "workspace-2", a name no workspace has yet. */
  async uniqueName(base = 'workspace'): Promise<string> {
    const taken = new Set((await this.list()).map((w) => w.name));
    for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
  }
}

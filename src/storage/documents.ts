// Editor documents: a small workspace of YAML files the user edits and applies.
import type { DocumentRecord, KubesimDB } from './db.ts';
import { DEFAULT_DOCUMENT_NAME, DEFAULT_DOCUMENT_TEXT, NEW_DOCUMENT_TEXT } from './defaults.ts';

const ACTIVE_KEY = 'activeDocument';
/** Documents saved before workspaces existed belong to this one. */
export const DEFAULT_WORKSPACE = 'default';

export function newDocumentId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `doc-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`;
}

export interface Workspace {
  documents: DocumentRecord[];
  activeId: string;
}

export class DocumentStore {
  private readonly db: KubesimDB;
  private readonly now: () => number;
  /** The workspace whose documents this store lists and creates (storage/workspaces.ts switches it). */
  workspaceId = DEFAULT_WORKSPACE;

  constructor(db: KubesimDB, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  private mine(d: DocumentRecord): boolean {
    return (d.workspaceId ?? DEFAULT_WORKSPACE) === this.workspaceId;
  }

  /** The workspace's documents in tab order (documents never moved follow, by name). */
  async list(): Promise<DocumentRecord[]> {
    const docs = (await this.db.documents.toArray()).filter((d) => this.mine(d));
    const order = (d: DocumentRecord) => d.order ?? Number.MAX_SAFE_INTEGER;
    return docs.sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name, 'en') || a.id.localeCompare(b.id));
  }

  /** Move a tab `delta` places (−1 left, +1 right). */
  async move(id: string, delta: number): Promise<void> {
    const from = (await this.list()).findIndex((d) => d.id === id);
    if (from >= 0) await this.moveTo(id, from + delta);
  }

  /** Put a tab at position `to` (a dragged tab); every tab gets its position written. */
  async moveTo(id: string, to: number): Promise<void> {
    const docs = await this.list();
    const from = docs.findIndex((d) => d.id === id);
    to = Math.max(0, Math.min(docs.length - 1, Math.trunc(to)));
    if (from < 0 || from === to) return;
    const [doc] = docs.splice(from, 1);
    docs.splice(to, 0, doc);
    await this.db.transaction('rw', this.db.documents, async () => {
      for (const [i, d] of docs.entries()) await this.db.documents.update(d.id, { order: i });
    });
  }

  get(id: string): Promise<DocumentRecord | undefined> {
    return this.db.documents.get(id);
  }

  /** The saved workspace, or a new one holding the sample Deployment. */
  async load(): Promise<Workspace> {
    let documents = await this.list();
    if (documents.length === 0) {
      await this.create(DEFAULT_DOCUMENT_NAME, DEFAULT_DOCUMENT_TEXT);
      documents = await this.list();
    }
    const saved = (await this.db.settings.get(this.activeKey()))?.value;
    const activeId = typeof saved === 'string' && documents.some((d) => d.id === saved) ? saved : documents[0].id;
    return { documents, activeId };
  }

  async create(name: string, text: string = NEW_DOCUMENT_TEXT): Promise<DocumentRecord> {
    const last = (await this.list()).reduce((n, d) => Math.max(n, d.order ?? -1), -1);
    const doc: DocumentRecord = { id: newDocumentId(), name, text, updatedAt: this.now(), workspaceId: this.workspaceId, order: last + 1 };
    await this.db.documents.add(doc);
    return doc;
  }

  /** The document becomes the temp file of a pending `kubectl edit` (name, text and session), or stops being one. */
  async setEdit(id: string, edit: DocumentRecord['edit'], name?: string): Promise<void> {
    await this.db.documents.update(id, edit ? { edit, name: name!, text: edit.document, updatedAt: this.now() } : { edit: undefined });
  }

  async saveText(id: string, text: string): Promise<void> {
    await this.db.documents.update(id, { text, updatedAt: this.now() });
  }

  async rename(id: string, name: string): Promise<void> {
    await this.db.documents.update(id, { name, updatedAt: this.now() });
  }

  async remove(id: string): Promise<void> {
    await this.db.documents.delete(id);
  }

  /** Put a closed document back as it was (undo of a close), at its old tab position. */
  async reopen(doc: DocumentRecord, position: number): Promise<void> {
    await this.db.documents.put(doc);
    await this.moveTo(doc.id, position);
  }

  async setActive(id: string): Promise<void> {
    await this.db.settings.put({ key: this.activeKey(), value: id });
  }

  private activeKey(): string {
    return this.workspaceId === DEFAULT_WORKSPACE ? ACTIVE_KEY : `${ACTIVE_KEY}:${this.workspaceId}`;
  }

  /** A name like "untitled-2.yaml" that no document has yet. */
  async uniqueName(base = 'untitled', ext = '.yaml'): Promise<string> {
    const taken = new Set((await this.list()).map((d) => d.name));
    for (let i = 1; ; i++) {
      const name = `${base}-${i}${ext}`;
      if (!taken.has(name)) return name;
    }
  }
}

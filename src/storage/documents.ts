// Editor documents: a small workspace of YAML files the user edits and applies.
import type { DocumentRecord, KubesimDB } from './db.ts';
import { DEFAULT_DOCUMENT_NAME, DEFAULT_DOCUMENT_TEXT, NEW_DOCUMENT_TEXT } from './defaults.ts';

const ACTIVE_KEY = 'activeDocument';

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

  constructor(db: KubesimDB, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  /** All documents, by name (like a file explorer). */
  async list(): Promise<DocumentRecord[]> {
    const docs = await this.db.documents.toArray();
    return docs.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id.localeCompare(b.id));
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
    const saved = (await this.db.settings.get(ACTIVE_KEY))?.value;
    const activeId = typeof saved === 'string' && documents.some((d) => d.id === saved) ? saved : documents[0].id;
    return { documents, activeId };
  }

  async create(name: string, text: string = NEW_DOCUMENT_TEXT): Promise<DocumentRecord> {
    const doc: DocumentRecord = { id: newDocumentId(), name, text, updatedAt: this.now() };
    await this.db.documents.add(doc);
    return doc;
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

  async setActive(id: string): Promise<void> {
    await this.db.settings.put({ key: ACTIVE_KEY, value: id });
  }

  /** A name like "untitled-2.yaml" that no document has yet. */
  async uniqueName(base = 'untitled', ext = '.yaml'): Promise<string> {
    const taken = new Set((await this.db.documents.toArray()).map((d) => d.name));
    for (let i = 1; ; i++) {
      const name = `${base}-${i}${ext}`;
      if (!taken.has(name)) return name;
    }
  }
}

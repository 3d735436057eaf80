// The editor documents as React state, persisted through storage/DocumentStore (debounced while typing).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DocumentRecord, WorkspaceRecord } from '../../storage/db.ts';
import type { DocumentStore } from '../../storage/documents.ts';
import { localStorageJournal, type EditJournal } from '../../storage/editjournal.ts';
import { NEW_DOCUMENT_TEXT } from '../../storage/defaults.ts';
import { UnsavedEdits } from './unsavedEdits.ts';
import type { WorkspaceStore } from '../../storage/workspaces.ts';
import type { EditSession } from '../../worker/protocol.ts';
import { documentPath } from './documentPath.ts';

const SAVE_DELAY_MS = 300;
/** Closed documents kept for Reopen (the session's memory, not IndexedDB's). */
const MAX_CLOSED = 20;
const defaultJournal = localStorageJournal();

export interface WorkspaceApi {
  loaded: boolean;
  documents: DocumentRecord[];
  active: DocumentRecord | undefined;
  select(id: string): void;
  create(): Promise<void>;
  rename(id: string, name: string): Promise<void>;
  setText(text: string): void;
  /** Show `text` in the document named `name` (created when missing) and make it active. */
  open(name: string, text: string): Promise<void>;
  /**
   * Open a pending `kubectl edit`'s temp file as a document (or, with `id`, put a reopened one in that document):
   * it survives a reload with its session, until endEdit.
   */
  openEdit(session: EditSession, id?: string): Promise<void>;
  /** The edit ended: its document goes, or (a copy kubectl preserved after an error) stays as a plain document. */
  endEdit(id: string, keep: boolean): Promise<void>;
  /** Write pending edits now. */
  flush(): Promise<void>;
  /** A new document from a template: `base` names it (web → web.yaml, web-2.yaml …). */
  createFrom(base: string, text: string): Promise<void>;
  /** Move a tab left (−1) or right (+1). */
  move(id: string, delta: number): Promise<void>;
  /** Put a tab at a position (drag and drop). */
  moveTo(id: string, index: number): Promise<void>;
  /** Close a tab (the document goes; closing the last leaves a fresh empty one). Undone by reopenClosed. */
  close(id: string): Promise<void>;
  /** The document closed last in this workspace during this session, if any. */
  lastClosed: DocumentRecord | undefined;
  /** Bring the last closed document back, with its text, at its old position, and show it. */
  reopenClosed(): Promise<void>;
  workspaces: WorkspaceRecord[];
  workspaceId: string;
  switchWorkspace(id: string): Promise<void>;
  createWorkspace(): Promise<void>;
  renameWorkspace(id: string, name: string): Promise<void>;
  removeWorkspace(id: string): Promise<void>;
}

export function useWorkspace(store: DocumentStore, workspaceStore?: WorkspaceStore, journal: EditJournal = defaultJournal): WorkspaceApi {
  const [documents, setDocuments] = useState<DocumentRecord[]>([]);
  const [workspaces, setWorkspaces] = useState<WorkspaceRecord[]>([]);
  const [workspaceId, setWorkspaceId] = useState(store.workspaceId);
  const [activeId, setActiveId] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [closed, setClosed] = useState<{ doc: DocumentRecord; position: number }[]>([]);
  const unsaved = useRef(new UnsavedEdits());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The restore and journal replay run once per mounted hook. StrictMode (in development) runs the load effect
  // twice: a replay per run let the second run, which found the journal already taken, read the documents before
  // the first run's replay had written them, and the editor showed the text from before the last page's edit.
  const startup = useRef<{ key: unknown[]; done: Promise<void> } | undefined>(undefined);

  useEffect(() => {
    let live = true;
    const key = [store, workspaceStore, journal];
    if (!startup.current || startup.current.key.some((k, i) => k !== key[i])) {
      startup.current = { key, done: (async () => {
        await workspaceStore?.restore();
        // What the last page had not saved yet, before anything is shown.
        for (const [id, text] of journal.take()) await store.saveText(id, text);
      })() };
    }
    const done = startup.current.done;
    void (async () => {
      await done;
      if (!live) return; // a StrictMode rerun took over: one load(), so a first visit gets one sample document
      if (workspaceStore) {
        const all = await workspaceStore.list();
        if (live) setWorkspaces(all);
      }
      const ws = await store.load();
      if (!live) return;
      setWorkspaceId(store.workspaceId);
      setDocuments(ws.documents);
      setActiveId(ws.activeId);
      setLoaded(true);
    })();
    return () => {
      live = false;
    };
  }, [store, workspaceStore, journal]);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    await Promise.all(unsaved.current.startWrites().map(async ([id, text]) => {
      await store.saveText(id, text);
      unsaved.current.written(id, text);
    }));
  }, [store]);

  // Save what is unsaved when the page goes away or is hidden; the journal holds every edit not yet written,
  // waiting or in flight (unsavedEdits.ts: a reload fires two hide events).
  useEffect(() => {
    const onHide = () => {
      journal.write(unsaved.current.all());
      void flush().then(() => journal.write(unsaved.current.all()));
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onHide);
      void flush();
    };
  }, [flush, journal]);

  const reload = useCallback(async (nextActive?: string) => {
    const docs = await store.list();
    setDocuments(docs);
    if (nextActive !== undefined) {
      setActiveId(nextActive);
      await store.setActive(nextActive);
    }
  }, [store]);

  const select = useCallback((id: string) => {
    void flush();
    setActiveId(id);
    void store.setActive(id);
  }, [flush, store]);

  const create = useCallback(async () => {
    await flush();
    const doc = await store.create(await store.uniqueName());
    await reload(doc.id);
  }, [flush, reload, store]);

  const rename = useCallback(async (id: string, name: string) => {
    const clean = documentPath(name);
    if (!clean) return;
    await store.rename(id, clean);
    await reload();
  }, [reload, store]);

  const setText = useCallback((text: string) => {
    const id = activeId;
    setDocuments((docs) => docs.map((d) => (d.id === id ? { ...d, text, updatedAt: Date.now() } : d)));
    unsaved.current.edit(id, text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
  }, [activeId, flush]);

  const open = useCallback(async (name: string, text: string) => {
    await flush();
    const existing = (await store.list()).find((d) => d.name === name);
    const id = existing ? existing.id : (await store.create(name, text)).id;
    if (existing) await store.saveText(id, text);
    await reload(id);
  }, [flush, reload, store]);

  const openEdit = useCallback(async (session: EditSession, id?: string) => {
    await flush();
    const name = session.file.slice(session.file.lastIndexOf('/') + 1);
    const docId = id ?? (await store.create(name, session.document)).id;
    await store.setEdit(docId, session, name);
    await reload(docId);
  }, [flush, reload, store]);

  const createFrom = useCallback(async (base: string, text: string) => {
    await flush();
    const doc = await store.create(await store.uniqueName(base), text);
    await reload(doc.id);
  }, [flush, reload, store]);

  const move = useCallback(async (id: string, delta: number) => {
    await store.move(id, delta);
    await reload();
  }, [reload, store]);

  const moveTo = useCallback(async (id: string, index: number) => {
    await store.moveTo(id, index);
    await reload();
  }, [reload, store]);

  const close = useCallback(async (id: string) => {
    await flush();
    const docs = await store.list();
    const position = docs.findIndex((d) => d.id === id);
    if (position < 0) return;
    await store.remove(id);
    // Closing the last tab leaves a fresh empty document, not the sample (that is for a first visit).
    if (docs.length === 1) await store.create(await store.uniqueName(), NEW_DOCUMENT_TEXT);
    setClosed((c) => [...c, { doc: docs[position], position }].slice(-MAX_CLOSED));
    const rest = await store.list();
    // The active tab's neighbour takes its place, as in editors with tabs: the one to its right, else its left.
    await reload(id === activeId ? rest[Math.min(position, rest.length - 1)].id : undefined);
  }, [activeId, flush, reload, store]);

  const reopenClosed = useCallback(async () => {
    const last = closed.at(-1);
    if (!last) return;
    setClosed((c) => c.slice(0, -1));
    await flush();
    await store.reopen(last.doc, last.position);
    await reload(last.doc.id);
  }, [closed, flush, reload, store]);

  const endEdit = useCallback(async (id: string, keep: boolean) => {
    await flush();
    await store.setEdit(id, undefined);
    if (keep) await reload();
    else await close(id);
  }, [close, flush, reload, store]);

  /** Show the workspace the document store now points at. */
  const showCurrent = useCallback(async () => {
    const ws = await store.load();
    setWorkspaceId(store.workspaceId);
    setDocuments(ws.documents);
    setActiveId(ws.activeId);
    if (workspaceStore) setWorkspaces(await workspaceStore.list());
  }, [store, workspaceStore]);

  const switchWorkspace = useCallback(async (id: string) => {
    if (!workspaceStore) return;
    await flush();
    setClosed([]); // Reopen brings back only what this workspace's tabs lost
    await workspaceStore.switchTo(id);
    await showCurrent();
  }, [flush, showCurrent, workspaceStore]);

  const createWorkspace = useCallback(async () => {
    if (!workspaceStore) return;
    const w = await workspaceStore.create(await workspaceStore.uniqueName());
    await switchWorkspace(w.id);
  }, [switchWorkspace, workspaceStore]);

  const renameWorkspace = useCallback(async (id: string, name: string) => {
    if (!workspaceStore) return;
    await workspaceStore.rename(id, name);
    setWorkspaces(await workspaceStore.list());
  }, [workspaceStore]);

  const removeWorkspace = useCallback(async (id: string) => {
    if (!workspaceStore) return;
    await flush();
    setClosed([]);
    await workspaceStore.remove(id);
    await showCurrent();
  }, [flush, showCurrent, workspaceStore]);

  return {
    createFrom, move, moveTo, close, reopenClosed, lastClosed: closed.at(-1)?.doc, workspaces, workspaceId, switchWorkspace, createWorkspace, renameWorkspace, removeWorkspace,
    loaded, documents, active: documents.find((d) => d.id === activeId), select, create, rename, setText, open, openEdit, endEdit, flush };
}

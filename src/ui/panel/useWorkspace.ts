// The editor documents as React state, persisted through storage/DocumentStore (debounced while typing).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DocumentRecord } from '../../storage/db.ts';
import type { DocumentStore } from '../../storage/documents.ts';

const SAVE_DELAY_MS = 300;

export interface WorkspaceApi {
  loaded: boolean;
  documents: DocumentRecord[];
  active: DocumentRecord | undefined;
  select(id: string): void;
  create(): Promise<void>;
  rename(id: string, name: string): Promise<void>;
  remove(id: string): Promise<void>;
  setText(text: string): void;
  /** Show `text` in the document named `name` (created when missing) and make it active. */
  open(name: string, text: string): Promise<void>;
  /** Write pending edits now. */
  flush(): Promise<void>;
}

export function useWorkspace(store: DocumentStore): WorkspaceApi {
  const [documents, setDocuments] = useState<DocumentRecord[]>([]);
  const [activeId, setActiveId] = useState('');
  const [loaded, setLoaded] = useState(false);
  const pending = useRef(new Map<string, string>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let live = true;
    void store.load().then((ws) => {
      if (!live) return;
      setDocuments(ws.documents);
      setActiveId(ws.activeId);
      setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [store]);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const writes = [...pending.current];
    pending.current.clear();
    await Promise.all(writes.map(([id, text]) => store.saveText(id, text)));
  }, [store]);

  // Save what is pending when the page goes away or is hidden.
  useEffect(() => {
    const onHide = () => void flush();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onHide);
      void flush();
    };
  }, [flush]);

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
    const clean = name.trim();
    if (!clean) return;
    await store.rename(id, clean);
    await reload();
  }, [reload, store]);

  const remove = useCallback(async (id: string) => {
    pending.current.delete(id);
    await store.remove(id);
    // Never leave an empty workspace: load() recreates the sample when the last one goes.
    const ws = await store.load();
    setDocuments(ws.documents);
    const next = ws.documents.some((d) => d.id === activeId) && activeId !== id ? activeId : ws.documents[0].id;
    setActiveId(next);
    await store.setActive(next);
  }, [activeId, store]);

  const setText = useCallback((text: string) => {
    const id = activeId;
    setDocuments((docs) => docs.map((d) => (d.id === id ? { ...d, text, updatedAt: Date.now() } : d)));
    pending.current.set(id, text);
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

  return { loaded, documents, active: documents.find((d) => d.id === activeId), select, create, rename, remove, setText, open, flush };
}

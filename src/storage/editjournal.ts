// Edits not yet in IndexedDB when the page goes away. IndexedDB writes are asynchronous and a page being closed
// or reloaded may never finish them, so the texts still waiting to be saved are also written synchronously to
// localStorage when the page is hidden, and written into their documents at the next load.
const KEY = 'kubesim.pendingEdits';

export interface EditJournal {
  /** Keep these edits (document id → text); an empty map clears the journal. */
  write(edits: ReadonlyMap<string, string>): void;
  /** The edits kept by an earlier page, removed from the journal. */
  take(): Map<string, string>;
}

/** `storage` is looked up at each use: a page without localStorage (or Node) keeps no journal. */
export function localStorageJournal(storageOf: () => Storage | undefined = () => globalThis.localStorage): EditJournal {
  return {
    write(edits) {
      try {
        const storage = storageOf();
        if (edits.size) storage?.setItem(KEY, JSON.stringify([...edits]));
        else storage?.removeItem(KEY);
      } catch { /* storage full or disabled: the asynchronous save still runs */ }
    },
    take() {
      try {
        const storage = storageOf();
        const raw = storage?.getItem(KEY);
        storage?.removeItem(KEY);
        const entries: unknown = raw ? JSON.parse(raw) : [];
        return new Map(Array.isArray(entries) ? entries.filter((e): e is [string, string] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'string') : []);
      } catch {
        return new Map();
      }
    },
  };
}

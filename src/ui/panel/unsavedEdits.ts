// Editor edits not yet in IndexedDB: waiting for the save timer, or handed to a write that has not finished.
// Both count as unsaved when the page hides. A reload fires visibilitychange and then pagehide; when only waiting
// edits counted, the first hide moved them into a write and the second, finding none waiting, cleared the journal,
// so a page that died before that write finished reloaded with the text from before the edit.

export class UnsavedEdits {
  private readonly waiting = new Map<string, string>();
  private readonly writing = new Map<string, string>();

  /** The latest text of a document, to be written at the next flush. */
  edit(id: string, text: string): void {
    this.waiting.set(id, text);
  }

  /** Hand every waiting edit to a write: they stay unsaved until written(). */
  startWrites(): [id: string, text: string][] {
    const writes = [...this.waiting];
    this.waiting.clear();
    for (const [id, text] of writes) this.writing.set(id, text);
    return writes;
  }

  /** A write finished; a newer write of the same document keeps its own text unsaved. */
  written(id: string, text: string): void {
    if (this.writing.get(id) === text) this.writing.delete(id);
  }

  /** Everything not yet written, the newest text of each document. */
  all(): Map<string, string> {
    return new Map([...this.writing, ...this.waiting]);
  }
}

import { describe, expect, it } from 'vitest';
import { UnsavedEdits } from './unsavedEdits.ts';

describe('unsaved edits', () => {
  it('an edit handed to a write stays unsaved until the write finishes (a reload hides the page twice)', () => {
    const edits = new UnsavedEdits();
    edits.edit('a', 'v1');
    // First hide event: journal, then flush hands the edit to IndexedDB.
    expect(edits.all()).toEqual(new Map([['a', 'v1']]));
    expect(edits.startWrites()).toEqual([['a', 'v1']]);
    // Second hide event before the write finished: the edit must still be journaled.
    expect(edits.all()).toEqual(new Map([['a', 'v1']]));
    expect(edits.startWrites()).toEqual([]);
    edits.written('a', 'v1');
    expect(edits.all().size).toBe(0);
  });

  it('a newer edit wins over the one being written, and an older write finishing keeps the newer unsaved', () => {
    const edits = new UnsavedEdits();
    edits.edit('a', 'v1');
    edits.startWrites();
    edits.edit('a', 'v2');
    expect(edits.all().get('a')).toBe('v2');
    edits.startWrites();
    edits.written('a', 'v1'); // the first write lands after the second started
    expect(edits.all().get('a')).toBe('v2');
    edits.written('a', 'v2');
    expect(edits.all().size).toBe(0);
  });
});

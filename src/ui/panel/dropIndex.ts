// Where a dragged tab lands: dropping on the left half of a tab puts it before that tab, on the right half after.
/** The dragged tab's new index in the list without it moved, as DocumentStore.moveTo takes it. */
export function dropIndex(from: number, over: number, after: boolean): number {
  const slot = over + (after ? 1 : 0); // a gap between tabs, 0 … length
  return slot > from ? slot - 1 : slot;
}

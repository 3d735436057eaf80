import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dropIndex } from './dropIndex.ts';

describe('dropIndex', () => {
  it.each([
    // from, over, after → index   (tabs a b c d)
    [3, 0, false, 0], // d onto a's left half: d a b c
    [0, 2, true, 2], //  a onto c's right half: b c a d
    [0, 1, false, 0], // a onto b's left half: nothing moves
    [1, 1, true, 1], //  b onto itself
    [0, 3, true, 3], //  a to the end
  ])('from %i over %i (after: %s) → %i', (from, over, after, to) => {
    expect(dropIndex(from, over, after)).toBe(to);
  });

  it('the tab lands beside the one it was dropped on, on the side it was dropped', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 8 }).chain((n) => fc.tuple(fc.constant(n), fc.nat(n - 1), fc.nat(n - 1), fc.boolean())), ([n, from, over, after]) => {
      fc.pre(from !== over);
      const tabs = Array.from({ length: n }, (_, i) => i);
      const moved = tabs.filter((t) => t !== from);
      moved.splice(dropIndex(from, over, after), 0, from);
      expect(moved.indexOf(from) - moved.indexOf(over)).toBe(after ? 1 : -1);
    }));
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PodView } from '../../worker/protocol.ts';
import { TileSlots, type SlotGrid } from './tileSlots.ts';

function pod(name: string, createdMs = 0): PodView {
  return {
    key: `default/${name}`, namespace: 'default', name, uid: name, nodeName: 'w1', phase: 'Running', status: 'Running', ready: '1/1',
    restarts: 0, ownerKind: 'ReplicaSet', ownerName: 'web-1', cpuMilli: 100, memoryBytes: 1, podIP: '', terminating: false, createdMs,
  };
}

const names = (g: SlotGrid) => g.map((p) => p?.name ?? '·');

describe('tile slots', () => {
  it('places newcomers in creation order, then name order', () => {
    expect(names(new TileSlots().place('w1', [pod('c', 2), pod('b10', 1), pod('b9', 1), pod('a', 3)]))).toEqual(['b9', 'b10', 'c', 'a']);
  });

  it('gives back the very same grid while a card\'s pods are the same objects, and a new one when one changes', () => {
    const s = new TileSlots();
    const pods = [pod('a'), pod('b')];
    const first = s.place('w1', pods);
    expect(s.place('w1', [...pods])).toBe(first);
    const changed = s.place('w1', [pods[0], { ...pods[1], status: 'Terminating' }]);
    expect(changed).not.toBe(first);
    expect(names(changed)).toEqual(['a', 'b']);
  });

  it('keeps a pod in its place, leaves a hole where one went and fills the lowest hole first', () => {
    const s = new TileSlots();
    s.place('w1', [pod('a'), pod('b'), pod('c'), pod('d')]);
    expect(names(s.place('w1', [pod('a'), pod('c'), pod('d')]))).toEqual(['a', '·', 'c', 'd']);
    expect(names(s.place('w1', [pod('a'), pod('c'), pod('d'), pod('e', 5), pod('f', 6)]))).toEqual(['a', 'e', 'c', 'd', 'f']);
    // Trailing holes are dropped.
    expect(names(s.place('w1', [pod('a'), pod('e', 5), pod('c')]))).toEqual(['a', 'e', 'c']);
  });

  it('closes up when the holes are as many as the pods', () => {
    const s = new TileSlots();
    s.place('w1', ['a', 'b', 'c', 'd', 'e'].map((n) => pod(n)));
    expect(names(s.place('w1', [pod('b'), pod('e')]))).toEqual(['b', 'e']);
  });

  it('forgets a node that was not placed in the last layout', () => {
    const s = new TileSlots();
    s.place('w1', [pod('a'), pod('b')]);
    s.keepOnly();
    s.keepOnly(); // a layout without w1
    expect(names(s.place('w1', [pod('b')]))).toEqual(['b']);
  });

  it('every pod once, survivors unmoved unless the grid closed up (then in the same order), holes fewer than pods', () => {
    const universe = Array.from({ length: 30 }, (_, i) => pod(`p${i}`, i % 7));
    fc.assert(
      fc.property(fc.array(fc.subarray(universe), { minLength: 1, maxLength: 12 }), (steps) => {
        const s = new TileSlots();
        let before: SlotGrid = [];
        for (const pods of steps) {
          const grid = s.place('w1', pods);
          const placed = grid.filter((p) => p !== null);
          expect(placed.map((p) => p.key).sort()).toEqual(pods.map((p) => p.key).sort());
          expect(grid.length - pods.length).toBeLessThan(Math.max(1, pods.length));
          if (grid.length > 0) expect(grid[grid.length - 1]).not.toBeNull();
          const survivors = before.filter((p): p is PodView => !!p && pods.includes(p));
          if (survivors.some((p) => grid[before.indexOf(p)] !== p)) {
            // Only closing up moves a survivor: no holes left, survivors in the same order.
            expect(grid.every((p) => p !== null)).toBe(true);
            expect(grid.filter((p) => survivors.includes(p!))).toEqual(survivors);
          }
          before = grid;
        }
      }),
    );
  });
});

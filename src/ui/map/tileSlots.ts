// Where each pod's tile sits in its card, kept from one layout to the next: a pod keeps its place while it
// lives, a newcomer takes the lowest free place (newcomers in creation order), a departed pod leaves a hole.
// During a rollout the tiles that did not change then stay put (nothing shifts along the row), and only the
// newcomers are sorted rather than every card's pods on every frame.
import type { PodView } from '../../worker/protocol.ts';
import { naturalCompare } from './naturalOrder.ts';

/** A card's grid: a pod per place, null for a hole. */
export type SlotGrid = readonly (PodView | null)[];

export function podOrder(a: PodView, b: PodView): number {
  return a.createdMs - b.createdMs || naturalCompare(a.name, b.name) || naturalCompare(a.namespace, b.namespace);
}

interface Placed {
  pods: readonly PodView[];
  grid: SlotGrid;
  slots: Map<string, number>;
}

export class TileSlots {
  private readonly grids = new Map<string, Placed>();
  private seen = new Set<string>();

  /** The grid of `group` (a node name, or the lane) for these pods. */
  place(group: string, pods: readonly PodView[]): SlotGrid {
    this.seen.add(group);
    const before = this.grids.get(group);
    // The same pods as last time: the same grid, so the card's data stays equal and it does not re-render.
    if (before && (before.pods === pods || (before.pods.length === pods.length && before.pods.every((p, i) => p === pods[i])))) return before.grid;
    // The place map is brought up to date rather than rebuilt: most of a card's pods keep their places.
    const slots = before?.slots ?? new Map<string, number>();
    const grid: (PodView | null)[] = new Array<PodView | null>(before?.grid.length ?? 0).fill(null);
    const newcomers: PodView[] = [];
    for (const p of pods) {
      const slot = slots.get(p.key);
      if (slot === undefined) newcomers.push(p);
      else grid[slot] = p;
    }
    // A place still empty held a pod that has gone.
    before?.grid.forEach((p, i) => {
      if (p && grid[i] === null) slots.delete(p.key);
    });
    newcomers.sort(podOrder);
    let free = 0;
    for (const p of newcomers) {
      while (grid[free]) free++;
      grid[free] = p;
      slots.set(p.key, free);
    }
    while (grid.length && grid[grid.length - 1] === null) grid.pop();
    // Holes as many as the pods: close them up (in place order), or a card would only ever grow.
    if (grid.length - pods.length < Math.max(1, pods.length)) {
      this.grids.set(group, { pods, grid, slots });
      return grid;
    }
    const closed = grid.filter((p) => p !== null);
    this.grids.set(group, { pods, grid: closed, slots: new Map(closed.map((p, i) => [p.key, i])) });
    return closed;
  }

  /** Forget the groups not placed since the last call (nodes gone, or out of the drawn level). */
  keepOnly(): void {
    for (const g of this.grids.keys()) if (!this.seen.has(g)) this.grids.delete(g);
    this.seen = new Set();
  }
}

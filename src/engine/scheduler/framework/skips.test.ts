// A cycle's skipped plugins (PreFilter or PreScore returning Skip) as bits: Filter, the PreFilter extensions and
// Score run for exactly the plugins not skipped, cycle after cycle on one framework (whose active sets are kept
// per set of skipped plugins).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod } from 'kubernetes-types/core/v1';
import { CycleState, type AnyPlugin, type FilterPlugin, type PreFilterPlugin, type PreScorePlugin, type WeightedScorePlugin } from './interface.ts';
import type { NodeInfo } from './nodeinfo.ts';
import { Framework } from './runtime.ts';
import { Status } from './status.ts';
import { PrioritySort } from '../plugins/PrioritySort.ts';

/** Plugin j of a cycle: skipped at PreFilter and at PreScore as the cycle says; records what ran. */
function plugins(count: number, cycle: { filter: boolean[]; score: boolean[] }, ran: string[]): AnyPlugin[] {
  return Array.from({ length: count }, (_, j) => ({
    name: `p${j}`,
    preFilter: () => ({ status: cycle.filter[j] ? Status.skip() : Status.success() }),
    addPod: () => { ran.push(`addPod p${j}`); },
    filter: () => { ran.push(`filter p${j}`); return Status.success(); },
    preScore: () => (cycle.score[j] ? Status.skip() : Status.success()),
    score: () => j,
  }));
}

describe('skipped plugins', () => {
  it('property: only the plugins not skipped this cycle filter, extend PreFilter and score', () => {
    const count = 5;
    const cycleArb = fc.record({ filter: fc.array(fc.boolean(), { minLength: count, maxLength: count }), score: fc.array(fc.boolean(), { minLength: count, maxLength: count }) });
    fc.assert(fc.property(fc.array(cycleArb, { minLength: 1, maxLength: 12 }), (cycles) => {
      const cycle = { filter: [] as boolean[], score: [] as boolean[] };
      const ran: string[] = [];
      const all = plugins(count, cycle, ran);
      // Filter and Score in an order of their own, so that the bits are not list positions.
      const fwk = new Framework('test', {
        preEnqueue: [], queueSort: new PrioritySort(), preFilter: all as PreFilterPlugin[], filter: [...all].reverse() as FilterPlugin[], postFilter: [],
        preScore: all as PreScorePlugin[], score: all.slice(1).concat(all[0]).map((plugin) => ({ plugin, weight: 1 }) as WeightedScorePlugin), reserve: [], permit: [], preBind: [], bind: [], postBind: [],
      }, 0, new Map());
      const node = { name: 'n', position: 0 } as unknown as NodeInfo;
      const pod: Pod = {};
      for (const c of cycles) {
        Object.assign(cycle, c);
        const state = new CycleState();
        fwk.runPreFilter(state, pod, [node]);
        ran.length = 0;
        fwk.runFilter(state, pod, node);
        fwk.runPreFilterExtensionAddPod(state.clone(), pod, pod, node);
        const kept = (skip: boolean[]) => all.filter((_, j) => !skip[j]).map((p) => p.name);
        expect(ran.filter((r) => r.startsWith('filter')).map((r) => r.slice(7))).toEqual(kept(c.filter).reverse());
        expect(ran.filter((r) => r.startsWith('addPod')).map((r) => r.slice(7))).toEqual(kept(c.filter));
        fwk.runPreScore(state, pod, [node]);
        const table = fwk.runScore(state, pod, [node], [node], new Float64Array(1));
        expect(table.layout.plugins).toEqual(all.slice(1).concat(all[0]).map((p) => p.name).filter((name) => kept(c.score).includes(name)));
      }
    }), { numRuns: 200 });
  });
});

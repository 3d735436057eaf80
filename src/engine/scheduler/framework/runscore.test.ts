// runScore: a plugin that answers one score for every node gives the table it would give by writing the column.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { SchedulerCache } from '../cache.ts';
import { CycleState, type Handle, type ScorePlugin, type WeightedScorePlugin } from './interface.ts';
import type { NodeInfo } from './nodeinfo.ts';
import { PrioritySort } from '../plugins/PrioritySort.ts';
import { ImageLocality } from '../plugins/ImageLocality.ts';
import { NodeResourcesFit } from '../plugins/NodeResourcesFit.ts';
import { TaintToleration } from '../plugins/TaintToleration.ts';
import { Framework } from './runtime.ts';
import { traceScores, type SchedulingTrace } from '../trace.ts';

/** The plugin with scoreNodes that always writes the column (the uniform answer spelled out). */
function writing(plugin: ScorePlugin): ScorePlugin {
  return {
    name: plugin.name,
    score: (s, p, n) => plugin.score(s, p, n),
    normalizeScore: plugin.normalizeScore && ((s, p, nodes, scores) => plugin.normalizeScore!(s, p, nodes, scores)),
    scoreNodes: (s, p, nodes, out, rows) => {
      const same = plugin.scoreNodes!(s, p, nodes, out, rows);
      if (typeof same === 'number') out.fill(same, 0, nodes.length);
    },
  };
}

const nodeArb = fc.record({ cpu: fc.integer({ min: 1, max: 8 }), prefer: fc.boolean(), image: fc.boolean() });

describe('runScore', () => {
  it('property: uniform scores, and consecutive rows named by the first, give the same table as written columns and rows', () => {
    fc.assert(fc.property(fc.array(nodeArb, { minLength: 2, maxLength: 6 }), fc.boolean(), fc.nat(), fc.nat(), (specs, tolerate, from, count) => {
      const cache = new SchedulerCache();
      specs.forEach(({ cpu, prefer, image }, i) => cache.addOrUpdateNode({
        metadata: { name: `n${i}` },
        spec: { taints: prefer ? [{ key: 'k', value: 'v', effect: 'PreferNoSchedule' }] : [] },
        status: { allocatable: { cpu: String(cpu), memory: '1Gi', pods: '10' }, images: image ? [{ names: ['app:1'], sizeBytes: 500 * 1024 * 1024 }] : [] },
      } as Node));
      const list = cache.nodeList();
      // Scored: 2 or more nodes from a position on, wrapping at the end of the list.
      const first = from % list.length;
      const positions = Int32Array.from({ length: 2 + (count % (list.length - 1)) }, (_, i) => (first + i) % list.length);
      const scored = [...positions].map((r) => list[r]);
      const handle = { nodeInfos: () => list, nodeInfo: () => undefined, now: () => 0, waitingPods: () => [] } as Handle;
      const pod: Pod = { metadata: { name: 'p', uid: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'app:1' }], ...(tolerate && { tolerations: [{ operator: 'Exists' }] }) } };
      const plugins: WeightedScorePlugin[] = [
        { plugin: new TaintToleration(), weight: 3 }, { plugin: new ImageLocality(handle), weight: 1 }, { plugin: new NodeResourcesFit(), weight: 1 },
      ];
      const table = (score: WeightedScorePlugin[], consecutive: boolean) => {
        const fwk = new Framework('test', {
          preEnqueue: [], queueSort: new PrioritySort(), preFilter: [], filter: [], postFilter: [],
          preScore: [plugins[0].plugin as TaintToleration, plugins[1].plugin as ImageLocality], score, reserve: [], permit: [], preBind: [], bind: [], postBind: [],
        }, 0, new Map());
        const state = new CycleState();
        fwk.runPreScore(state, pod, scored);
        const t = fwk.runScore(state, pod, scored, list, new Float64Array(scored.length), { columns: cache.columns(), positions, list, ...(consecutive && { first }) });
        return traceScores({ scoreTable: t } as SchedulingTrace);
      };
      const written = table(plugins.map(({ plugin, weight }) => ({ plugin: plugin.scoreNodes ? writing(plugin) : plugin, weight })), false);
      expect(written.map((s) => s.node)).toEqual(scored.map((n) => n.name));
      expect(table(plugins, false)).toEqual(written);
      expect(table(plugins, true)).toEqual(written);
    }), { numRuns: 300 });
  });
});

/** A Score plugin of given scores by node (repeated; one number: every node the same), halved by NormalizeScore when it normalizes. */
function fixed(name: string, scores: number[] | number, normalizes: boolean): ScorePlugin {
  return {
    name,
    score: () => { throw new Error('scoreNodes only'); },
    scoreNodes: (_s, _p, nodes, out) => {
      if (typeof scores === 'number') return scores;
      nodes.forEach((_, i) => { out[i] = scores[i % scores.length]; });
    },
    ...(normalizes && { normalizeScore: (_s: CycleState, _p: Pod, _n: readonly NodeInfo[], column: Float64Array) => column.forEach((v, i) => { column[i] = v / 2; }) }),
  };
}

describe('runScore totals', () => {
  it('property: equal the sum plugin by plugin in order from 0 (fractions included), and the trace adds them up alike', () => {
    const pluginArb = (n: number) => fc.record({
      scores: fc.oneof(fc.double({ min: 0, max: 100, noNaN: true }), fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: n, maxLength: n })),
      normalizes: fc.boolean(), weight: fc.integer({ min: 0, max: 100 }),
    });
    const caseArb = fc.integer({ min: 1, max: 5 }).chain((n) => fc.record({ n: fc.constant(n), plugins: fc.array(pluginArb(n), { maxLength: 6 }) }));
    // Each framework scores twice, over other numbers of nodes: its score columns are made again for each.
    fc.assert(fc.property(caseArb, fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 2, maxLength: 2 }), ({ n, plugins: specs }, counts) => {
      const score = specs.map(({ scores, normalizes, weight }, j) => ({ plugin: fixed(`p${j}`, scores, normalizes), weight }));
      const fwk = new Framework('test', {
        preEnqueue: [], queueSort: new PrioritySort(), preFilter: [], filter: [], postFilter: [], preScore: [], score, reserve: [], permit: [], preBind: [], bind: [], postBind: [],
      }, 0, new Map());
      for (const count of [...counts, n]) {
        const list = Array.from({ length: count }, (_, i) => ({ name: `n${i}`, position: i })) as unknown as NodeInfo[];
        const totals = new Float64Array(count);
        const table = fwk.runScore(new CycleState(), {}, list, list, totals);
        const expected = list.map((_, i) => specs.reduce((t, { scores, normalizes, weight }) => t + (typeof scores === 'number' ? scores : scores[i % n]) / (normalizes ? 2 : 1) * weight, 0));
        expect([...totals]).toEqual(expected);
        expect(traceScores({ scoreTable: table } as SchedulingTrace).map((s) => s.total)).toEqual(expected);
      }
    }), { numRuns: 500 });
  });
});

describe('runScore checks', () => {
  it('property: a score out of [0, 100] names the first plugin in order that gave one, and its first such score', () => {
    const score = fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: -5, max: 205 }));
    const pluginArb = (n: number) => fc.record({
      scores: fc.oneof(score, fc.array(score, { minLength: n, maxLength: n })), normalizes: fc.boolean(), weight: fc.integer({ min: 0, max: 3 }),
    });
    const caseArb = fc.integer({ min: 1, max: 4 }).chain((n) => fc.record({ n: fc.constant(n), plugins: fc.array(pluginArb(n), { maxLength: 6 }) }));
    fc.assert(fc.property(caseArb, ({ n, plugins: specs }) => {
      const fwk = new Framework('test', {
        preEnqueue: [], queueSort: new PrioritySort(), preFilter: [], filter: [], postFilter: [], preScore: [],
        score: specs.map(({ scores, normalizes, weight }, j) => ({ plugin: fixed(`p${j}`, scores, normalizes), weight })), reserve: [], permit: [], preBind: [], bind: [], postBind: [],
      }, 0, new Map());
      const list = Array.from({ length: n }, (_, i) => ({ name: `n${i}`, position: i })) as unknown as NodeInfo[];
      let expected: string | undefined;
      for (const [j, { scores, normalizes }] of specs.entries()) {
        const bad = (typeof scores === 'number' ? [scores] : scores).map((v) => (normalizes ? v / 2 : v)).find((v) => v > 100 || v < 0);
        if (bad !== undefined) { expected = `plugin "p${j}" returns an invalid score ${bad},`; break; }
      }
      let thrown: string | undefined;
      try {
        fwk.runScore(new CycleState(), {}, list, list, new Float64Array(n));
      } catch (e) {
        thrown = (e as Error).message;
      }
      if (expected === undefined) expect(thrown).toBeUndefined();
      else expect(thrown).toContain(expected);
    }), { numRuns: 500 });
  });
});

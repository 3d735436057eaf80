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
  it('property: uniform scores give the same table as written columns', () => {
    fc.assert(fc.property(fc.array(nodeArb, { minLength: 2, maxLength: 6 }), fc.boolean(), (specs, tolerate) => {
      const cache = new SchedulerCache();
      specs.forEach(({ cpu, prefer, image }, i) => cache.addOrUpdateNode({
        metadata: { name: `n${i}` },
        spec: { taints: prefer ? [{ key: 'k', value: 'v', effect: 'PreferNoSchedule' }] : [] },
        status: { allocatable: { cpu: String(cpu), memory: '1Gi', pods: '10' }, images: image ? [{ names: ['app:1'], sizeBytes: 500 * 1024 * 1024 }] : [] },
      } as Node));
      const list = cache.nodeList();
      const handle = { nodeInfos: () => list, nodeInfo: () => undefined, now: () => 0, waitingPods: () => [] } as Handle;
      const pod: Pod = { metadata: { name: 'p', uid: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'app:1' }], ...(tolerate && { tolerations: [{ operator: 'Exists' }] }) } };
      const plugins: WeightedScorePlugin[] = [
        { plugin: new TaintToleration(), weight: 3 }, { plugin: new ImageLocality(handle), weight: 1 }, { plugin: new NodeResourcesFit(), weight: 1 },
      ];
      const table = (score: WeightedScorePlugin[]) => {
        const fwk = new Framework('test', {
          preEnqueue: [], queueSort: new PrioritySort(), preFilter: [], filter: [], postFilter: [],
          preScore: [plugins[0].plugin as TaintToleration, plugins[1].plugin as ImageLocality], score, reserve: [], permit: [], preBind: [], bind: [], postBind: [],
        }, 0, new Map());
        const state = new CycleState();
        fwk.runPreScore(state, pod, list as NodeInfo[]);
        const t = fwk.runScore(state, pod, list as NodeInfo[], list, { columns: cache.columns(), positions: Int32Array.from(list, (_, i) => i), list });
        return traceScores({ scoreTable: t } as SchedulingTrace);
      };
      expect(table(plugins)).toEqual(table(plugins.map(({ plugin, weight }) => ({ plugin: plugin.scoreNodes ? writing(plugin) : plugin, weight }))));
    }), { numRuns: 300 });
  });
});

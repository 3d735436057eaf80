// A fixed mixed workload whose placements must not change when the scheduler gets faster (the
// placement-equivalence test compares them with a recording made before the optimizations).
import { schedulerHarness } from './harness.ts';

export function placementScenario(): string[] {
  const h = schedulerHarness(7);
  h.addNodes(60, { cpu: '8', memory: '32Gi', zones: 3 });
  h.addNodes(40, { cpu: '4', memory: '16Gi', pods: 20, zones: 4 });
  h.addPods(900, 'plain', { groups: 12, cpu: '250m' });
  h.addPods(240, 'spread', { groups: 4, prefix: 'spread', cpu: '200m' });
  h.addPods(80, 'antiAffinity', { groups: 1, prefix: 'anti' });
  h.addPods(120, 'affinity', { groups: 3, prefix: 'aff' });
  h.addPods(300, 'plain', { groups: 5, prefix: 'big', cpu: '900m', memory: '3Gi' });
  h.run();
  const nodeIndex = (n: string) => Number(n.slice('node-'.length));
  return [...h.placements()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([pod, node]) => `${pod}=${nodeIndex(node)}`);
}

// "Topology Spread Constraints:" lines of pods and pod templates.
import type { TopologySpreadConstraint } from 'kubernetes-types/core/v1';
import { formatSelector } from '../selector.ts';
import { LEVEL_0, type PrefixWriter } from './writer.ts';

export function describeTopologySpreadConstraints(tscs: TopologySpreadConstraint[] | undefined, w: PrefixWriter, space: string): void {
  if (!tscs || tscs.length === 0) return;
  const sorted = [...tscs].sort((a, b) => (a.topologyKey < b.topologyKey ? -1 : a.topologyKey > b.topologyKey ? 1 : 0));
  w.write(LEVEL_0, `${space}Topology Spread Constraints:\t`);
  sorted.forEach((tsc, i) => {
    if (i !== 0) w.write(LEVEL_0, `${space}\t`);
    let s = `${tsc.topologyKey}:${tsc.whenUnsatisfiable} when max skew ${tsc.maxSkew} is exceeded`;
    if (tsc.labelSelector) s += ` for selector ${formatSelector(tsc.labelSelector)}`;
    w.write(LEVEL_0, `${s}\n`);
  });
}

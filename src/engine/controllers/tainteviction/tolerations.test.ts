import type { Taint, Toleration } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { matchingTolerations, minTolerationMs, noExecuteTaints } from './tolerations.ts';

const unreachable: Taint = { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' };
const notReady: Taint = { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' };
const dedicated: Taint = { key: 'dedicated', value: 'db', effect: 'NoExecute' };
/** What the DefaultTolerationSeconds admission plugin gives every pod. */
const defaults: Toleration[] = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
];

describe('NoExecute tolerations (tainteviction)', () => {
  it.each<[string, Taint[], Toleration[], boolean, number]>([
    ['default tolerations, unreachable', [unreachable], defaults, true, 300_000],
    ['default tolerations, not-ready', [notReady], defaults, true, 300_000],
    ['no tolerations', [unreachable], [], false, 0],
    ['an untolerated second taint', [unreachable, dedicated], defaults, false, 0],
    ['tolerating forever', [unreachable], [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' }], true, -1],
    ['Exists without a key tolerates everything forever', [unreachable, dedicated], [{ operator: 'Exists' }], true, -1],
    ['the shortest of the used tolerations', [unreachable, dedicated], [...defaults, { key: 'dedicated', operator: 'Equal', value: 'db', effect: 'NoExecute', tolerationSeconds: 60 }], true, 60_000],
    ['tolerationSeconds 0 evicts at once', [unreachable], [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', tolerationSeconds: 0 }], true, 0],
    ['a negative tolerationSeconds evicts at once', [unreachable], [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', tolerationSeconds: -5 }], true, 0],
    ['a value mismatch does not tolerate', [dedicated], [{ key: 'dedicated', operator: 'Equal', value: 'web', effect: 'NoExecute' }], false, 0],
  ])('%s', (_name, taints, tolerations, allTolerated, minMs) => {
    const m = matchingTolerations(taints, tolerations);
    expect(m.allTolerated).toBe(allTolerated);
    if (allTolerated) expect(minTolerationMs(m.used)).toBe(minMs);
  });

  it('counts only the first toleration that matches each taint', () => {
    const tolerations: Toleration[] = [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists' }, ...defaults];
    expect(minTolerationMs(matchingTolerations([unreachable], tolerations).used)).toBe(-1);
  });

  it('only NoExecute taints matter', () => {
    expect(noExecuteTaints([{ key: 'a', effect: 'NoSchedule' }, unreachable, { key: 'b', effect: 'PreferNoSchedule' }])).toEqual([unreachable]);
  });
});

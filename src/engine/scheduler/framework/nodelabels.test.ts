// NodeLabelMap remembers the last keys asked: whatever the order of reads, it answers as a plain Map does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NodeLabelMap } from './nodelabels.ts';

describe('NodeLabelMap', () => {
  it('property: any sequence of reads gives the same values as a plain Map of the labels', () => {
    const key = fc.constantFrom('topology.kubernetes.io/zone', 'kubernetes.io/hostname', 'pool', 'gpu', 'absent');
    fc.assert(fc.property(fc.dictionary(key, fc.string({ maxLength: 3 })), fc.array(key, { maxLength: 40 }), (labels, reads) => {
      const m = new NodeLabelMap(labels);
      const plain = new Map(Object.entries(labels));
      for (const k of reads) expect(m.get(k)).toBe(plain.get(k));
      expect([...m]).toEqual([...plain]);
    }));
  });

  it('answers for a key built at run time as for the literal', () => {
    const m = new NodeLabelMap({ 'topology.kubernetes.io/zone': 'zone-a' });
    expect(m.get(['topology.kubernetes.io', 'zone'].join('/'))).toBe('zone-a');
    expect(m.get('kubernetes.io/hostname')).toBeUndefined();
    expect(m.get('topology.kubernetes.io/zone')).toBe('zone-a');
  });
});

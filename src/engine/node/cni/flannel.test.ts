import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashString } from '../../sim/rng.ts';
import { macFor } from './flannel.ts';

/** macFor as it was first written (a list of bytes, each padded, joined): the reference the fast one must match. */
function referenceMacFor(seed: string): string {
  const h = hashString(seed);
  const h2 = hashString(`${seed}/2`);
  const bytes = [0x02 | ((h >>> 24) & 0xfc), (h >>> 16) & 255, (h >>> 8) & 255, h & 255, (h2 >>> 8) & 255, h2 & 255];
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join(':');
}

describe('flannel', () => {
  it('property: macFor is a stable locally administered unicast MAC, the same as the byte-by-byte reference', () => {
    fc.assert(fc.property(fc.string(), (seed) => {
      const mac = macFor(seed);
      expect(mac).toBe(referenceMacFor(seed));
      expect(mac).toMatch(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/);
      expect(parseInt(mac.slice(0, 2), 16) & 3).toBe(2);
    }), { numRuns: 2000 });
  });
});

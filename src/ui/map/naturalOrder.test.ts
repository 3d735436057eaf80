import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { naturalCompare } from './naturalOrder.ts';

const collator = new Intl.Collator('en', { numeric: true });
const sign = (n: number) => Math.sign(n);

describe('natural order of names', () => {
  it.each([
    ['web-2', 'web-10', -1],
    ['web-10', 'web-2', 1],
    ['web', 'web-0', -1],
    ['a-b', 'ab', -1],
    ['a-1', 'a.1', -1],
    ['node-9', 'node10', -1],
    ['w1', 'w1', 0],
  ])('%s vs %s', (a, b, want) => expect(sign(naturalCompare(a, b))).toBe(want));

  it('orders Kubernetes names as the numeric collator does', () => {
    // DNS-1123 characters; digit runs without leading zeros (where the collator's tie-break is its own).
    const run = fc.oneof(fc.stringMatching(/^[a-z.-]{1,3}$/), fc.integer({ min: 0, max: 5000 }).map(String));
    const name = fc.array(run, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(''))
      .filter((s) => !/(^|\D)0\d/.test(s));
    fc.assert(fc.property(name, name, (a, b) => sign(naturalCompare(a, b)) === sign(collator.compare(a, b))), { numRuns: 500 });
  });
});

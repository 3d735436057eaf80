import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { PodTemplateSpec } from 'kubernetes-types/core/v1';
import { deepFreeze } from '../../api/object.ts';
import { equalIgnoreHash, POD_TEMPLATE_HASH } from './util.ts';

const template = fc.record({
  metadata: fc.record({ labels: fc.dictionary(fc.constantFrom('app', 'tier', POD_TEMPLATE_HASH), fc.constantFrom('a', 'b')) }, { requiredKeys: [] }),
  spec: fc.record({ containers: fc.array(fc.record({ name: fc.constantFrom('app', 'side'), image: fc.constantFrom('nginx:1.27', 'busybox') }), { maxLength: 2 }) }),
}, { requiredKeys: [] }) as fc.Arbitrary<PodTemplateSpec>;

describe('equalIgnoreHash', () => {
  it('property: stored (frozen, memoised) templates compare as fresh copies do', () => {
    fc.assert(fc.property(template, template, (a, b) => {
      const fresh = equalIgnoreHash(structuredClone(a), structuredClone(b));
      const stored = [deepFreeze(structuredClone(a)), deepFreeze(structuredClone(b))] as const;
      // Twice: the second comparison reads the memo.
      expect(equalIgnoreHash(...stored)).toBe(fresh);
      expect(equalIgnoreHash(...stored)).toBe(fresh);
      expect(equalIgnoreHash(stored[0], structuredClone(a))).toBe(true);
    }), { numRuns: 500 });
  });

  it('ignores only the pod-template-hash label', () => {
    const t = (labels: Record<string, string>): PodTemplateSpec => deepFreeze({ metadata: { labels }, spec: { containers: [{ name: 'app', image: 'nginx' }] } });
    expect(equalIgnoreHash(t({ app: 'a', [POD_TEMPLATE_HASH]: 'x' }), t({ app: 'a' }))).toBe(true);
    expect(equalIgnoreHash(t({ app: 'a' }), t({ app: 'b' }))).toBe(false);
  });
});

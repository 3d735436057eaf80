import type { Toleration } from 'kubernetes-types/core/v1';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSuperset, mergeTolerations } from './taints.ts';

// The named tolerations of upstream's pkg/util/tolerations tests.
const T: Record<string, Toleration> = {
  all: { operator: 'Exists' },
  'all-nosched': { operator: 'Exists', effect: 'NoSchedule' },
  'all-noexec': { operator: 'Exists', effect: 'NoExecute' },
  foo: { key: 'foo', operator: 'Exists' },
  'foo-bar': { key: 'foo', operator: 'Equal', value: 'bar' },
  'foo-nosched': { key: 'foo', operator: 'Exists', effect: 'NoSchedule' },
  'foo-bar-nosched': { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule' },
  'foo-baz-nosched': { key: 'foo', operator: 'Equal', value: 'baz', effect: 'NoSchedule' },
  'faz-nosched': { key: 'faz', operator: 'Exists', effect: 'NoSchedule' },
  'faz-baz-nosched': { key: 'faz', operator: 'Equal', value: 'baz', effect: 'NoSchedule' },
  'foo-prefnosched': { key: 'foo', operator: 'Exists', effect: 'PreferNoSchedule' },
  'foo-noexec': { key: 'foo', operator: 'Exists', effect: 'NoExecute' },
  'foo-bar-noexec': { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoExecute' },
  'foo-noexec-10': { key: 'foo', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 },
  'foo-noexec-0': { key: 'foo', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 0 },
  'foo-bar-noexec-10': { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoExecute', tolerationSeconds: 10 },
};
const named = (names: string[]) => names.map((n) => T[n]);

describe('isSuperset (TestIsSuperset)', () => {
  const supersetOf: [string, string[]][] = [
    ['all', Object.keys(T).filter((n) => n !== 'all')],
    ['all-nosched', ['foo-nosched', 'foo-bar-nosched', 'foo-baz-nosched', 'faz-nosched', 'faz-baz-nosched']],
    ['all-noexec', ['foo-noexec', 'foo-bar-noexec', 'foo-noexec-10', 'foo-noexec-0', 'foo-bar-noexec-10']],
    ['foo', ['foo-bar', 'foo-nosched', 'foo-bar-nosched', 'foo-baz-nosched', 'foo-prefnosched', 'foo-noexec', 'foo-bar-noexec', 'foo-noexec-10', 'foo-noexec-0', 'foo-bar-noexec-10']],
    ['foo-bar', ['foo-bar-nosched', 'foo-bar-noexec', 'foo-bar-noexec-10']],
    ['foo-nosched', ['foo-bar-nosched', 'foo-baz-nosched']],
    ['foo-bar-nosched', []],
    ['faz-nosched', ['faz-baz-nosched']],
    ['faz-baz-nosched', []],
    ['foo-noexec', ['foo-bar-noexec', 'foo-noexec-10', 'foo-noexec-0', 'foo-bar-noexec-10']],
    ['foo-bar-noexec', ['foo-bar-noexec-10']],
    ['foo-noexec-10', ['foo-noexec-0', 'foo-bar-noexec-10']],
    ['foo-noexec-0', []],
    ['foo-bar-noexec-10', []],
  ];
  it.each(supersetOf)('%s', (name, subs) => {
    for (const other of Object.keys(T)) expect(isSuperset(T[name], T[other]), `${name} ⊇ ${other}`).toBe(other === name || subs.includes(other));
  });
});

describe('mergeTolerations (TestMergeTolerations)', () => {
  it.each([
    ['disjoint', ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10'], ['foo-prefnosched', 'foo-baz-nosched'], ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10', 'foo-prefnosched', 'foo-baz-nosched']],
    ['duplicate', ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10'], ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10'], ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10']],
    ['merge redundant', ['foo-bar-nosched', 'foo-baz-nosched'], ['foo-nosched', 'faz-baz-nosched'], ['foo-nosched', 'faz-baz-nosched']],
    ['merge all', ['foo-bar-nosched', 'foo-baz-nosched', 'foo-noexec-10'], ['all'], ['all']],
    ['merge into all', ['all'], ['foo-bar-nosched', 'foo-baz-nosched', 'foo-noexec-10'], ['all']],
  ])('%s', (_, a, b, want) => {
    expect(mergeTolerations(named(a), named(b))).toEqual(named(want));
  });

  // TestFuzzed's MergeTolerations half: whatever either list tolerated, the merge still tolerates.
  it('keeps every toleration of either list covered (property)', () => {
    const effect = fc.constantFrom<Toleration['effect']>(undefined, 'NoExecute', 'NoSchedule', 'PreferNoSchedule');
    const toleration: fc.Arbitrary<Toleration> = fc.oneof(
      { weight: 1, arbitrary: fc.constant<Toleration>({ operator: 'Exists' }) },
      { weight: 30, arbitrary: fc.record({ key: fc.integer({ min: 1, max: 6 }), exists: fc.boolean(), value: fc.integer({ min: 1, max: 6 }), effect, seconds: fc.option(fc.integer({ min: 0, max: 9 }), { nil: undefined }) })
        .map(({ key, exists, value, effect: e, seconds }): Toleration => ({
          key: 'a'.repeat(key), operator: exists ? 'Exists' : 'Equal', ...(exists ? {} : { value: 'b'.repeat(value) }),
          ...(e ? { effect: e } : {}), ...(e === 'NoExecute' && seconds !== undefined ? { tolerationSeconds: seconds } : {}),
        })) },
    );
    fc.assert(fc.property(fc.array(toleration, { maxLength: 9 }), fc.array(toleration, { maxLength: 9 }), (a, b) => {
      const merged = mergeTolerations(a, b);
      return [...a, ...b].every((t) => merged.some((m) => isSuperset(m, t)));
    }));
  });
});

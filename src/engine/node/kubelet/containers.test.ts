import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fieldPath, limitsOf } from './containers.ts';

describe('fieldPath', () => {
  it('fieldPath names init, main and ephemeral containers apart, whatever was asked before', () => {
    const lists = ['initContainers', 'containers', 'ephemeralContainers'] as const;
    fc.assert(fc.property(fc.array(fc.tuple(fc.constantFrom(...lists), fc.constantFrom('a', 'b')), { maxLength: 20 }), (asks) => {
      for (const [list, name] of asks) expect(fieldPath(list, name)).toBe(`spec.${list}{${name}}`);
    }));
  });
});

describe('limitsOf', () => {
  it('has the limits a container sets, cpu then memory, and nothing for one without', () => {
    const keys = (limits?: Record<string, string>) => Object.entries(limitsOf({ name: 'c', ...(limits ? { resources: { limits } } : {}) }));
    expect(keys()).toEqual([]);
    expect(keys({})).toEqual([]);
    expect(keys({ 'example.com/dev': '1' })).toEqual([]);
    expect(keys({ memory: '1Mi', cpu: '1500m' })).toEqual([['cpuLimitMilli', 1500], ['memoryLimitBytes', 1048576]]);
    expect(keys({ memory: '1Ki' })).toEqual([['memoryLimitBytes', 1024]]);
    expect(keys({ cpu: '2' })).toEqual([['cpuLimitMilli', 2000]]);
  });
});

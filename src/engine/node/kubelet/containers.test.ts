import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fieldPath } from './containers.ts';

describe('fieldPath', () => {
  it('fieldPath names init and main containers apart, whatever was asked before', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.boolean(), fc.constantFrom('a', 'b')), { maxLength: 20 }), (asks) => {
      for (const [init, name] of asks) expect(fieldPath(init, name)).toBe(`spec.${init ? 'initContainers' : 'containers'}{${name}}`);
    }));
  });
});

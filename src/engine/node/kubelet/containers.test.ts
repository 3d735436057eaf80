import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fieldPath, lastMade } from './containers.ts';

describe('lastMade', () => {
  it('property: answers what make answers, and makes again only when the key changes', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom('a', 'b', 'app', ''), { maxLength: 20 }), (keys) => {
      let made = 0;
      const f = lastMade((k) => { made++; return `made from ${k}`; });
      let changes = 0;
      keys.forEach((k, i) => {
        if (i === 0 || keys[i - 1] !== k) changes++;
        expect(f(k)).toBe(`made from ${k}`);
      });
      expect(made).toBe(changes);
    }));
  });

  it('fieldPath names init and main containers apart, whatever was asked before', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.boolean(), fc.constantFrom('a', 'b')), { maxLength: 20 }), (asks) => {
      for (const [init, name] of asks) expect(fieldPath(init, name)).toBe(`spec.${init ? 'initContainers' : 'containers'}{${name}}`);
    }));
  });
});

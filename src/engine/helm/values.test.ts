import { describe, expect, it } from 'vitest';
import { coalesce, mergeUserValues, parseSet } from './values.ts';

describe('--set and --set-string (helm strvals)', () => {
  it.each([
    ['a=1', { a: 1n }],
    ['a=007', { a: '007' }],
    ['a=true,b=null,c=x', { a: true, b: null, c: 'x' }],
    ['a.b.c=v', { a: { b: { c: 'v' } } }],
    ['l={x,y,3}', { l: ['x', 'y', 3n] }],
    ['l[1]=x', { l: [undefined, 'x'] }],
    ['a\\.b=1', { 'a.b': 1n }],
    ['s=a\\,b', { s: 'a,b' }],
    ['f=1.5', { f: '1.5' }],
  ])('%s', (line, want) => {
    const v = {};
    parseSet(line, v, false);
    expect(v).toEqual(want);
  });

  it('keeps every value a string with --set-string', () => {
    const v = {};
    parseSet('a=1,b=true', v, true);
    expect(v).toEqual({ a: '1', b: 'true' });
  });

  it('merges -f files in order, then --set, then --set-string', () => {
    const files = new Map([['a.yaml', 'x: 1\nm:\n  a: 1\n  b: 1\n'], ['b.yaml', 'm:\n  b: 2\n']]);
    expect(mergeUserValues(files, { valueFiles: ['a.yaml', 'b.yaml'], set: ['m.c=3'], setString: ['x=s'] })).toEqual({ x: 's', m: { a: 1, b: 2, c: 3n } });
    expect(() => mergeUserValues(files, { valueFiles: ['nope.yaml'], set: [], setString: [] })).toThrow('open nope.yaml: no such file or directory');
  });

  it("puts the user's values over the chart's defaults; null removes a default", () => {
    expect(coalesce({ a: 1, m: { x: 1, y: 2 }, gone: 1 }, { m: { y: 3 }, gone: null })).toEqual({ a: 1, m: { x: 1, y: 3 } });
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ObjectTable, hashKey } from './objecttable.ts';

type Op = { op: 'set' | 'delete' | 'get' | 'has' | 'entry'; key: string };

/** Few distinct keys, so that sets, deletes and lookups meet the same keys often. */
const key = fc.oneof(fc.integer({ min: 0, max: 40 }).map((i) => `default/web-${i}`), fc.string({ maxLength: 6 }), fc.constantFrom('a/b', 'a/b/c', 'a', '/a'));
// Long runs (fast-check's default size keeps arrays to about ten): the table grows and compacts several times.
const ops = fc.array(fc.record({ op: fc.constantFrom<Op['op']>('set', 'set', 'delete', 'get', 'has', 'entry'), key }), { minLength: 20, maxLength: 400, size: 'max' });

/** Run ops on the table and on a Map, checking every answer, the size and the order of the values as they go. */
function sameAsMap(list: Op[], table: ObjectTable<{ v: number }>): void {
  const map = new Map<string, { v: number }>();
  list.forEach(({ op, key: k }, i) => {
    if (op === 'set') {
      const v = { v: i };
      table.set(k, v);
      map.set(k, v);
    } else if (op === 'delete') expect(table.delete(k)).toBe(map.delete(k));
    else if (op === 'get') expect(table.get(k)).toBe(map.get(k));
    else if (op === 'entry') {
      // Looked up as namespace and name: the key's parts before and after its first "/".
      const slash = k.indexOf('/');
      const [ns, name] = slash < 0 ? [undefined, k] : [k.slice(0, slash), k.slice(slash + 1)];
      const whole = ns ? `${ns}/${name}` : name;
      const found = table.entry(ns, name);
      expect(found?.value).toBe(map.get(whole));
      if (found) expect(found.key).toBe(whole);
    }
    else expect(table.has(k)).toBe(map.has(k));
    expect(table.size).toBe(map.size);
  });
  expect([...table.values()]).toEqual([...map.values()]);
  for (const k of map.keys()) expect(table.get(k)).toBe(map.get(k));
}

describe('ObjectTable (a kind\'s stored objects by key)', () => {
  it('answers as a Map does, in the Map\'s insertion order, through growth, deletes and compaction', () => {
    fc.assert(fc.property(ops, (list) => sameAsMap(list, new ObjectTable())));
  });

  it('answers as a Map does when keys share few hashes (the probe runs and their backward shifts on delete)', () => {
    // A table whose keys hash to a few values: lookups walk long probe runs of keys with different home slots.
    class Colliding<V extends object> extends ObjectTable<V> {
      protected override hash(k: string): number { return k.length % 3; }
      protected override hashIn(namespace: string, name: string): number { return (namespace.length + 1 + name.length) % 3; }
    }
    fc.assert(fc.property(ops, (list) => sameAsMap(list, new Colliding())));
  });

  it('keeps a key set again in its place, and one deleted and set again last', () => {
    const t = new ObjectTable<{ n: string }>();
    for (const n of ['a', 'b', 'c']) t.set(n, { n });
    t.set('a', { n: 'a2' });
    t.delete('b');
    t.set('b', { n: 'b2' });
    expect([...t.values()].map((v) => v.n)).toEqual(['a2', 'c', 'b2']);
  });

  it('spreads event keys that differ in their last characters over the slots', () => {
    const homes = new Set<number>();
    for (let i = 0; i < 1024; i++) homes.add(hashKey(`default/web-5d8f9c7b4-x7k2p.18${(0x9a00000 + i).toString(16)}`) & 1023);
    expect(homes.size).toBeGreaterThan(550);
  });
});

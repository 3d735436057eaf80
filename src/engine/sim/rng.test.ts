import { describe, expect, it } from 'vitest';
import { SeededRng, hashString } from './rng.ts';

describe('SeededRng', () => {
  it('is reproducible per seed and differs across seeds', () => {
    const a = new SeededRng(42), b = new SeededRng(42), c = new SeededRng(43);
    const seq = (r: SeededRng) => Array.from({ length: 5 }, () => r.nextUint32());
    const sa = seq(a);
    expect(seq(b)).toEqual(sa);
    expect(seq(c)).not.toEqual(sa);
  });

  it('forks are independent of draws on the parent', () => {
    const a = new SeededRng(1), b = new SeededRng(1);
    b.nextUint32();
    expect(a.fork('x').nextUint32()).not.toBe(b.fork('x').nextUint32());
    expect(new SeededRng(1).fork('x').nextUint32()).toBe(new SeededRng(1).fork('x').nextUint32());
  });

  it('makes UUIDs of version 4 and names from the apimachinery alphabet', () => {
    const r = new SeededRng(7);
    expect(r.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(r.string(5)).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  });

  it('restores its state', () => {
    const r = new SeededRng(3);
    r.next();
    const s = r.getState();
    const x = r.next();
    r.setState(s);
    expect(r.next()).toBe(x);
  });

  it('hashes strings with FNV-1a', () => {
    expect(hashString('')).toBe(0x811c9dc5);
    expect(hashString('a')).toBe(0xe40c292c);
  });
});

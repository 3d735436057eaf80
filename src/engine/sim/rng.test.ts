import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
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

  it('makes hex ids of eight digits per draw, most significant first, zero-padded', () => {
    const a = new SeededRng(7), b = new SeededRng(7);
    for (let i = 0; i < 200; i++) {
      const words = Array.from({ length: 8 }, () => b.nextUint32().toString(16).padStart(8, '0')).join('');
      expect(a.hex(64)).toBe(words);
    }
  });

  it('makes hex ids of any length in any order from the same draws (each length has its own scratch)', () => {
    fc.assert(fc.property(fc.integer(), fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 30 }), (seed, words) => {
      const a = new SeededRng(seed), b = new SeededRng(seed);
      const ids = words.map((w) => a.hex(8 * w));
      expect(ids).toEqual(words.map((w) => Array.from({ length: w }, () => b.nextUint32().toString(16).padStart(8, '0')).join('')));
    }));
  });

  it('makes UUIDs of version 4 and names from the apimachinery alphabet', () => {
    const r = new SeededRng(7);
    expect(r.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(r.string(5)).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  });

  it('draws UUIDs from the stream as four words of hex digits with the version and variant nibbles set', () => {
    const r = new SeededRng(7);
    expect([r.uuid(), r.uuid()]).toEqual(['31f53ce3-5c6c-470f-972e-171ad7da5693', '6399f181-8870-4a9d-acaa-dace0b6802e3']);
    const words = new SeededRng(7);
    const hex = [0, 1, 2, 3].map(() => words.nextUint32().toString(16).padStart(8, '0')).join('');
    expect(hex.slice(0, 12) + hex.slice(13, 16) + hex.slice(17)).toBe('31f53ce35c6c70f72e171ad7da5693');
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

describe('SeededRng.indexOfMax', () => {
  /** selectHost as upstream writes it: one int(ties) draw per node of the best total so far. */
  function reference(rng: SeededRng, values: Float64Array, from: number, n: number): number {
    let best = 0, ties = 1;
    for (let i = 1; i < n; i++) {
      const v = values[from + i], bestValue = values[from + best];
      if (v > bestValue) { best = i; ties = 1; }
      else if (v === bestValue && rng.int(++ties) === 0) best = i;
    }
    return best;
  }

  it('picks as the reference loop does and leaves the stream where it would', () => {
    fc.assert(fc.property(fc.integer(), fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 300 }), fc.nat(5), (seed, scores, from) => {
      const values = new Float64Array(from + scores.length);
      values.set(scores, from);
      const a = new SeededRng(seed), b = new SeededRng(seed);
      expect(a.indexOfMax(values, from, scores.length)).toBe(reference(b, values, from, scores.length));
      expect(a.getState()).toEqual(b.getState());
      expect(a.nextUint32()).toBe(b.nextUint32());
    }), { numRuns: 500 });
  });
});

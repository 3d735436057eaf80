import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/object.ts';
import { naturalLess, sortObjects } from './sortby.ts';

const obj = (name: string, extra: Record<string, unknown> = {}): KubeObject => ({ apiVersion: 'v1', kind: 'X', metadata: { name }, ...extra });
const names = (l: KubeObject[]) => l.map((o) => o.metadata.name);

describe('naturalLess (sortorder.NaturalLess)', () => {
  it.each([
    ['web-9', 'web-10', true], ['web-10', 'web-9', false], ['a', 'b', true], ['a1', 'a01', true],
    ['1', 'a', true], ['a', '1', false], ['abc', 'abcd', true], ['x2y', 'x10y', true],
  ])('%s < %s is %s', (a, b, want) => {
    expect(naturalLess(a, b)).toBe(want);
  });
});

describe('sortObjects (--sort-by)', () => {
  it('orders numbers by value, quantities by amount and strings naturally', () => {
    expect(names(sortObjects([obj('a', { n: 10 }), obj('b', { n: 9 }), obj('c', { n: 100 })], '.n'))).toEqual(['b', 'a', 'c']);
    expect(names(sortObjects([obj('a', { q: '1' }), obj('b', { q: '500m' }), obj('c', { q: '2Gi' })], '{.q}'))).toEqual(['b', 'a', 'c']);
    expect(names(sortObjects([obj('pod-10'), obj('pod-9'), obj('pod-1')], 'metadata.name'))).toEqual(['pod-1', 'pod-9', 'pod-10']);
    expect(names(sortObjects([obj('a', { t: '2026-01-02T00:00:00Z' }), obj('b'), obj('c', { t: '2026-01-01T00:00:00Z' })], '.t'))).toEqual(['b', 'c', 'a']);
  });
});

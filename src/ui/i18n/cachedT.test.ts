import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { cachedT } from './cachedT.ts';

function fakeT(lang: string) {
  const calls: string[] = [];
  const t = ((key: string, values?: Record<string, unknown>) => {
    calls.push(key);
    return `${lang}:${key}:${JSON.stringify(values ?? {})}`;
  }) as unknown as TFunction;
  return { t, calls };
}

describe('cachedT', () => {
  it('translates once per key and values, per language', () => {
    const en = fakeT('en');
    const zh = fakeT('zh');
    expect(cachedT(en.t, 'map.nodeSummary', { count: 3 })).toBe('en:map.nodeSummary:{"count":3}');
    expect(cachedT(en.t, 'map.nodeSummary', { count: 3 })).toBe('en:map.nodeSummary:{"count":3}');
    expect(cachedT(en.t, 'map.nodeSummary', { count: 4 })).toBe('en:map.nodeSummary:{"count":4}');
    expect(cachedT(en.t, 'map.ready')).toBe('en:map.ready:{}');
    expect(en.calls).toEqual(['map.nodeSummary', 'map.nodeSummary', 'map.ready']);
    expect(cachedT(zh.t, 'map.nodeSummary', { count: 3 })).toBe('zh:map.nodeSummary:{"count":3}');
  });

  it('shares one cache between the t() functions of one language (every hook has its own)', () => {
    const first = fakeT('en');
    const second = fakeT('en');
    const zh = fakeT('zh');
    Object.assign(first.t, { lng: 'en', ns: 'translation' });
    Object.assign(second.t, { lng: 'en', ns: 'translation' });
    Object.assign(zh.t, { lng: 'zh-CN', ns: 'translation' });
    expect(cachedT(first.t, 'map.nodeSummary', { count: 7 })).toBe('en:map.nodeSummary:{"count":7}');
    expect(cachedT(second.t, 'map.nodeSummary', { count: 7 })).toBe('en:map.nodeSummary:{"count":7}');
    expect(second.calls).toEqual([]);
    expect(cachedT(zh.t, 'map.nodeSummary', { count: 7 })).toBe('zh:map.nodeSummary:{"count":7}');
    expect(zh.calls).toEqual(['map.nodeSummary']);
  });

  it('stays bounded: past its size it starts over and still answers right', () => {
    const en = fakeT('en');
    for (let i = 0; i < 5000; i++) cachedT(en.t, 'k', { i });
    expect(cachedT(en.t, 'k', { i: 1 })).toBe('en:k:{"i":1}');
    expect(en.calls.length).toBe(5001);
  });
});

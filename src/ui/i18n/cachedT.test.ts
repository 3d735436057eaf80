import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import type { TFunction } from 'i18next';
import { cachedT } from './cachedT.ts';
import { createI18n, LANGUAGES } from './index.ts';

/** A t() that counts its calls around a real i18next instance's. */
function countedT(lng: (typeof LANGUAGES)[number]) {
  const real = createI18n(lng).getFixedT(lng);
  const t = vi.fn((key: string, values?: Record<string, unknown>) => real(key, values as never)) as unknown as TFunction;
  return { t, real, calls: () => (t as unknown as { mock: { calls: unknown[] } }).mock.calls.length };
}

describe('cachedT', () => {
  it.each(LANGUAGES)('gives i18next\'s own text in %s: plain keys, plurals and filled places', (lng) => {
    const { t, real } = countedT(lng);
    const cases: [string, Record<string, string | number>?][] = [
      ['events.title'],
      ['map.podGrid', { count: 1, states: '1 Running' }],
      ['map.podGrid', { count: 5, states: '4 Running, 1 Pending' }],
      ['pagemap.toolbar.shown', { shown: 1234, total: 2000 }],
      ['pagemap.toolbar.selectorError', { message: 'unable to parse requirement: found \'{\'' }],
    ];
    for (const [key, values] of cases) expect(cachedT(t, key, values)).toBe(real(key, values as never));
  });

  it('property: places filled by hand equal i18next filling them, and i18next translates once per key and names', () => {
    const en = countedT('en');
    const zh = countedT('zh-CN');
    const value = fc.oneof(fc.integer(), fc.string().filter((s) => !s.includes('\u241f')));
    fc.assert(fc.property(value, value, (shown, total) => {
      for (const { t, real } of [en, zh]) expect(cachedT(t, 'pagemap.toolbar.shown', { shown, total })).toBe(real('pagemap.toolbar.shown', { shown, total } as never));
    }));
    expect(en.calls()).toBe(1);
    expect(zh.calls()).toBe(1);
  });

  it('translates a plural once per count and a plain key once, per language', () => {
    const en = countedT('en');
    const zh = countedT('zh-CN');
    expect(cachedT(en.t, 'map.nodeSummary', { count: 3 })).toBe('3 pods');
    expect(cachedT(en.t, 'map.nodeSummary', { count: 3 })).toBe('3 pods');
    expect(cachedT(en.t, 'map.nodeSummary', { count: 4 })).toBe('4 pods');
    expect(cachedT(en.t, 'map.ready')).toBe('Ready');
    expect(cachedT(en.t, 'map.ready')).toBe('Ready');
    expect(en.calls()).toBe(3);
    expect(cachedT(zh.t, 'map.nodeSummary', { count: 3 })).toBe(zh.real('map.nodeSummary', { count: 3 } as never));
    expect(zh.calls()).toBe(1);
  });

  it('shares one cache between the t() functions of one language (every hook has its own)', () => {
    const first = countedT('en');
    const second = countedT('en');
    Object.assign(first.t, { lng: 'en', ns: 'translation' });
    Object.assign(second.t, { lng: 'en', ns: 'translation' });
    expect(cachedT(first.t, 'map.podGrid', { count: 7, states: '' })).toBe(first.real('map.podGrid', { count: 7, states: '' } as never));
    expect(cachedT(second.t, 'map.podGrid', { count: 7, states: '' })).toBe(second.real('map.podGrid', { count: 7, states: '' } as never));
    expect(second.calls()).toBe(0);
    const zh = countedT('zh-CN');
    Object.assign(zh.t, { lng: 'zh-CN', ns: 'translation' });
    expect(cachedT(zh.t, 'map.podGrid', { count: 7, states: '' })).toBe(zh.real('map.podGrid', { count: 7, states: '' } as never));
    expect(zh.calls()).toBe(1);
  });

  it('stays bounded: past its size it starts over and still answers right', () => {
    const { t, real, calls } = countedT('en');
    for (let count = 0; count < 5000; count++) cachedT(t, 'map.podGrid', { count, states: '' });
    expect(cachedT(t, 'map.podGrid', { count: 1, states: 'x' })).toBe(real('map.podGrid', { count: 1, states: 'x' } as never));
    expect(calls()).toBe(5001);
  });
});

// Translations a render asks for again and again with the same values (a card's pod count, a pod grid's label):
// i18next's t() with interpolation and plurals is slow enough that, with every card re-rendering during a
// rollout, it was a fifth of the page's script time. Cached per language (each TFunction), bounded.
import type { TFunction } from 'i18next';

const MAX_ENTRIES = 4096;
const caches = new WeakMap<TFunction, Map<string, string>>();

export function cachedT(t: TFunction, key: string, values?: Record<string, string | number>): string {
  let cache = caches.get(t);
  if (!cache) caches.set(t, (cache = new Map()));
  const id = values ? `${key}\u0000${Object.entries(values).map(([k, v]) => `${k}=${v}`).join('\u0000')}` : key;
  let text = cache.get(id);
  if (text === undefined) {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    text = values ? t(key, values) : t(key);
    cache.set(id, text);
  }
  return text;
}

// Translations a render asks for again and again with the same values (a card's pod count, a pod grid's label):
// i18next's t() with interpolation and plurals is slow enough that, with every card re-rendering during a
// rollout, it was a fifth of the page's script time. Cached per language, bounded.
import type { TFunction } from 'i18next';

const MAX_ENTRIES = 4096;
const byFunction = new WeakMap<TFunction, Map<string, string>>();
const byLanguage = new Map<string, Map<string, string>>();

/**
 * Every useTranslation() hook holds a t() of its own (i18next's getFixedT), so a cache per function was one per
 * card, each missing on its own. A t() that names its language, namespace and key prefix shares their cache.
 */
function cacheOf(t: TFunction): Map<string, string> {
  const fixed = t as unknown as { lng?: unknown; ns?: unknown; keyPrefix?: unknown };
  if (typeof fixed.lng !== 'string') {
    let cache = byFunction.get(t);
    if (!cache) byFunction.set(t, (cache = new Map()));
    return cache;
  }
  const id = `${fixed.lng}\u0000${String(fixed.ns)}\u0000${String(fixed.keyPrefix)}`;
  let cache = byLanguage.get(id);
  if (!cache) byLanguage.set(id, (cache = new Map()));
  return cache;
}

export function cachedT(t: TFunction, key: string, values?: Record<string, string | number>): string {
  const cache = cacheOf(t);
  const id = values ? `${key}\u0000${Object.entries(values).map(([k, v]) => `${k}=${v}`).join('\u0000')}` : key;
  let text = cache.get(id);
  if (text === undefined) {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    text = values ? t(key, values) : t(key);
    cache.set(id, text);
  }
  return text;
}

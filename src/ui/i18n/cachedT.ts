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

/** Marks where a value goes in a translated template (a character no translation or value holds). */
const SLOT = '\u241f';
const SLOTS = /\u241f(\w+)\u241f/g;

/**
 * Values that only fill places (no `count` choosing a plural form, no `context` choosing a variant): the text is
 * translated once per key and value names with a marker in each place and filled in per call, so a label whose
 * numbers change with every frame ("1,234 of 2,000 pods") still skips i18next. Interpolation is unescaped and
 * unformatted in this app (i18n/index.ts), so filling in by hand gives i18next's own text.
 */
function fillsPlacesOnly(values: Record<string, string | number>): boolean {
  return !('count' in values) && !('context' in values);
}

export function cachedT(t: TFunction, key: string, values?: Record<string, string | number>): string {
  const cache = cacheOf(t);
  const templated = values !== undefined && fillsPlacesOnly(values);
  const names = values ? Object.keys(values) : [];
  const id = !values ? key : templated ? `${key}\u0000${names.join('\u0000')}` : `${key}\u0000${names.map((k) => `${k}=${values[k]}`).join('\u0000')}`;
  let text = cache.get(id);
  if (text === undefined) {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    text = !values ? t(key) : templated ? t(key, Object.fromEntries(names.map((k) => [k, `${SLOT}${k}${SLOT}`]))) : t(key, values);
    cache.set(id, text);
  }
  return templated ? text.replace(SLOTS, (_, name: string) => String(values![name])) : text;
}

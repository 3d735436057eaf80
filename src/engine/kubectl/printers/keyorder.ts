// The key orders kubectl's encoders produce. kubectl get works on unstructured objects (maps), so
// -o json sorts keys byte-wise (encoding/json) and -o yaml sorts them with go-yaml v2's "natural" order.

/** encoding/json: plain byte order (ASCII keys: UTF-16 order is the same). */
export function jsonKeyLess(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const isLetter = (c: string): boolean => /\p{L}/u.test(c);
const isDigit = (c: string): boolean => c >= '0' && c <= '9';

/**
 * go-yaml v2 keyList.Less: letters compare by code point; a non-letter sorts before a letter; runs of digits
 * compare by numeric value ("a2" < "a10"), then by length; a shorter prefix sorts first.
 */
export function yamlKeyLess(a: string, b: string): number {
  const ar = [...a];
  const br = [...b];
  for (let i = 0; i < ar.length && i < br.length; i++) {
    if (ar[i] === br[i]) continue;
    const al = isLetter(ar[i]);
    const bl = isLetter(br[i]);
    if (al && bl) return ar[i] < br[i] ? -1 : 1;
    if (al || bl) return bl ? -1 : 1;
    let an = 0;
    let bn = 0;
    if (ar[i] === '0' || br[i] === '0') {
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== '0') {
          an = 1;
          bn = 1;
          break;
        }
      }
    }
    let ai = i;
    let bi = i;
    for (; ai < ar.length && isDigit(ar[ai]); ai++) an = an * 10 + Number(ar[ai]);
    for (; bi < br.length && isDigit(br[bi]); bi++) bn = bn * 10 + Number(br[bi]);
    if (an !== bn) return an < bn ? -1 : 1;
    if (ai !== bi) return ai < bi ? -1 : 1;
    return ar[i] < br[i] ? -1 : 1;
  }
  return ar.length === br.length ? 0 : ar.length < br.length ? -1 : 1;
}

/**
 * A deep copy as JSON sees it (undefined members dropped) whose objects have their keys in the given order,
 * or in their own order without one (arrays keep theirs).
 */
export function sortKeysDeep(value: unknown, less?: (a: string, b: string) => number): unknown {
  if (Array.isArray(value)) return value.map((v) => sortKeysDeep(v, less));
  if (value !== null && typeof value === 'object') {
    const src = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    const keys = Object.keys(src);
    for (const k of less ? keys.sort(less) : keys) {
      if (src[k] !== undefined) out[k] = sortKeysDeep(src[k], less);
    }
    return out;
  }
  return value;
}

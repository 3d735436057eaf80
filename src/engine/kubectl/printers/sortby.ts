// kubectl get --sort-by=JSONPATH (k8s.io/kubectl/pkg/cmd/get/sorter.go): numbers by value, quantities
// ("500m" < "1") by amount, other strings in natural order ("web-9" < "web-10"); objects without the field first.
import type { KubeObject } from '../../api/object.ts';
import { parseQuantity, type Quantity } from '../../api/quantity.ts';
import { CommandError } from '../context.ts';
import { JsonPath, JsonPathError, JsonPathParseError, relaxedJsonPathExpression } from './jsonpath/jsonpath.ts';

const isDigit = (c: string) => c >= '0' && c <= '9';

/** sortorder.NaturalLess: digit runs compare by value, digits before other characters. */
export function naturalLess(a: string, b: string): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const da = isDigit(a[i]);
    const db = isDigit(b[j]);
    if (da !== db) return da;
    if (!da) {
      if (a[i] !== b[j]) return a[i] < b[j];
      i++;
      j++;
      continue;
    }
    while (i < a.length && a[i] === '0') i++;
    while (j < b.length && b[j] === '0') j++;
    const si = i;
    const sj = j;
    while (i < a.length && isDigit(a[i])) i++;
    while (j < b.length && isDigit(b[j])) j++;
    if (i - si !== j - sj) return i - si < j - sj;
    const na = a.slice(si, i);
    const nb = b.slice(sj, j);
    if (na !== nb) return na < nb;
    if (si !== sj) return si < sj;
  }
  return a.length < b.length;
}

function quantityOf(s: string): Quantity | undefined {
  try {
    return parseQuantity(s);
  } catch {
    return undefined;
  }
}

/** isLess for decoded JSON values. */
function isLess(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined) return b !== null && b !== undefined;
  if (typeof a === 'number' && typeof b === 'number') return a < b;
  if (typeof a === 'string' && typeof b === 'string') {
    const qa = quantityOf(a);
    const qb = quantityOf(b);
    return qa && qb ? qa.cmp(qb) < 0 : naturalLess(a, b);
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return !a && b;
  throw new CommandError(`Field is an unsortable type: ${typeof a}`);
}

/** SortObjects: a stable sort by the first value the path finds in each object. */
export function sortObjects(items: KubeObject[], sortBy: string): KubeObject[] {
  let field: string;
  let jp: JsonPath;
  try {
    field = relaxedJsonPathExpression(sortBy);
    jp = new JsonPath(field, true);
  } catch (e) {
    if (e instanceof JsonPathError || e instanceof JsonPathParseError) throw new CommandError(e.message);
    throw e;
  }
  if (items.length === 0) return items;
  const keyed = items.map((obj) => {
    const r = jp.findResults(obj);
    return { obj, found: r.length > 0 && r[0].length > 0, value: r[0]?.[0] };
  });
  if (!keyed.some((k) => k.found)) throw new CommandError(`couldn't find any field with path "${field}" in the list of objects`);
  const less = (x: typeof keyed[0], y: typeof keyed[0]) => !x.found || (y.found && isLess(x.value, y.value));
  return keyed.sort((x, y) => (less(x, y) ? (less(y, x) ? 0 : -1) : less(y, x) ? 1 : 0)).map((k) => k.obj);
}

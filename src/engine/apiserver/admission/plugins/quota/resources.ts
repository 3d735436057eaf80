// ResourceList arithmetic of the quota packages (k8s.io/apiserver/pkg/quota/v1 resources.go): sums, masks and
// comparisons of named quantities, and the error texts' formatting.
import { Quantity } from '../../../../api/quantity.ts';

export type ResourceList = Record<string, Quantity>;

export function parseResourceList(list: Readonly<Record<string, string | number>> | null | undefined): ResourceList {
  const out: ResourceList = {};
  for (const [name, v] of Object.entries(list ?? {})) out[name] = Quantity.parse(v);
  return out;
}

/** The JSON form: each quantity's String(). */
export function formatResourceList(list: ResourceList): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(list).sort()) out[name] = list[name].toString();
  return out;
}

export function resourceNames(list: ResourceList): string[] {
  return Object.keys(list);
}

/** quota.Add: the sum of each resource; a resource in only one list is copied. */
export function add(a: ResourceList, b: ResourceList): ResourceList {
  const out: ResourceList = {};
  for (const [name, q] of Object.entries(a)) out[name] = name in b ? q.add(b[name]) : q;
  for (const [name, q] of Object.entries(b)) if (!(name in out)) out[name] = q;
  return out;
}

/** quota.SubtractWithNonNegativeResult. */
export function subtractNonNegative(a: ResourceList, b: ResourceList): ResourceList {
  const zero = Quantity.fromValue(0);
  const out: ResourceList = {};
  for (const [name, q] of Object.entries(a)) {
    const d = name in b ? q.sub(b[name]) : q;
    out[name] = d.sign() < 0 ? zero : d;
  }
  for (const name of Object.keys(b)) if (!(name in out)) out[name] = zero;
  return out;
}

/** quota.Mask: only the named resources. */
export function mask(list: ResourceList, names: Iterable<string>): ResourceList {
  const out: ResourceList = {};
  for (const name of names) if (name in list) out[name] = list[name];
  return out;
}

/** quota.LessThanOrEqual: every resource of a that b limits is within b; the ones that are not. */
export function exceeding(a: ResourceList, b: ResourceList): string[] {
  return Object.keys(b).filter((name) => name in a && a[name].cmp(b[name]) > 0);
}

/** quota.Equals. */
export function equals(a: ResourceList, b: ResourceList): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((name) => name in b && a[name].cmp(b[name]) === 0);
}

export function isZero(list: ResourceList): boolean {
  return Object.values(list).every((q) => q.isZero());
}

/** quota.IsNegative: the resources with a negative quantity. */
export function negatives(list: ResourceList): string[] {
  return Object.keys(list).filter((name) => list[name].sign() < 0);
}

/** prettyPrint: "requests.cpu=500m,requests.memory=1Gi", sorted by name. */
export function prettyPrint(list: ResourceList): string {
  return Object.keys(list).sort().map((name) => `${name}=${list[name].toString()}`).join(',');
}

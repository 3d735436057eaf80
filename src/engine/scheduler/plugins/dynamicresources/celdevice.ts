// A device as DRA's CEL selectors see it (k8s.io/dynamic-resource-allocation/cel): `device.driver`,
// `device.attributes[domain][id]` and `device.capacity[domain][id]`, where an attribute named without a domain
// belongs to the driver's.
// Simplification: a version attribute is a plain string (upstream a semver value with its own methods).
import { CelError, compile, evaluate } from '../../../api/cel/cel.ts';
import { Quantity } from '../../../api/quantity.ts';
import type { Device, DeviceAttribute } from '../../../api/resource.ts';

function split(name: string, driver: string): [string, string] {
  const slash = name.indexOf('/');
  return slash < 0 ? [driver, name] : [name.slice(0, slash), name.slice(slash + 1)];
}

const attrValue = (a: DeviceAttribute): unknown => a.int ?? a.bool ?? a.string ?? a.version;

export function celDevice(driver: string, d: Device): Record<string, unknown> {
  const attributes: Record<string, Record<string, unknown>> = {};
  const capacity: Record<string, Record<string, Quantity>> = {};
  for (const [name, a] of Object.entries(d.basic?.attributes ?? {})) {
    const [domain, id] = split(name, driver);
    (attributes[domain] ??= {})[id] = attrValue(a);
  }
  for (const [name, c] of Object.entries(d.basic?.capacity ?? {})) {
    const [domain, id] = split(name, driver);
    (capacity[domain] ??= {})[id] = Quantity.parse(c.value);
  }
  return { driver, attributes, capacity };
}

/** Whether the device matches the selector expression; a CEL error is thrown as a CelError. */
export function selectorMatches(expression: string, device: Record<string, unknown>): boolean {
  const v = evaluate(compile(expression), new Map([['device', device]]));
  if (typeof v !== 'boolean') throw new CelError(`expression must evaluate to a bool, got ${typeof v}`);
  return v;
}

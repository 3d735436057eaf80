// Go names of the generated table's types, as encoding/json's errors print them: a struct's bare name
// ("DeploymentSpec") for the struct that holds a field, and reflect's type string ("int32", "[]v1.Container",
// "map[string]resource.Quantity") for the type a value could not be stored in.
import { STRUCTS } from './table.ts';

/** "V1DeploymentSpec" / "CoreV1EventSeries" / "V2MetricTarget" -> Go package and bare name. */
const CLASS = /^(?:[A-Z][a-z]+)?(V\d+(?:alpha\d+|beta\d+)?)([A-Z]\w*)$/;

export function isStruct(t: string): boolean {
  return Object.prototype.hasOwnProperty.call(STRUCTS, t);
}

export function structName(cls: string): string {
  return CLASS.exec(cls)?.[2] ?? cls;
}

const SCALARS: Record<string, string> = {
  '[]byte': '[]uint8', Time: 'v1.Time', MicroTime: 'v1.MicroTime', IntOrString: 'intstr.IntOrString',
  Quantity: 'resource.Quantity', any: 'interface {}',
};

export function goTypeName(t: string): string {
  if (t.startsWith('[]') && t !== '[]byte') return `[]${goTypeName(t.slice(2))}`;
  if (t.startsWith('map[string]')) return `map[string]${goTypeName(t.slice(11))}`;
  if (isStruct(t)) {
    const m = CLASS.exec(t);
    return m ? `${m[1].toLowerCase()}.${m[2]}` : t;
  }
  return SCALARS[t] ?? t;
}

// The API server's JSON decoding of a request body into the kind's Go struct (sigs.k8s.io/json's UnmarshalStrict
// as the serializer runs it), walked over the table's types: it finds what Go would refuse and what it would drop.
// - A value of the wrong JSON type is a type error ("json: cannot unmarshal string into Go struct field
//   DeploymentSpec.spec.replicas of type int32"): Go records the first and goes on, so the first one is reported.
// - A custom unmarshaler's error (Time, IntOrString, Quantity) stops decoding at once and wins over a recorded one.
// - An unknown field is a strict error ('unknown field "spec.containers[0].imagee"'), reported only when nothing
//   else failed, each once, at most 100, in the order met. The field is dropped from the object (in place), as Go
//   never stores it.
// Simplifications: duplicate keys never reach here (the YAML reader keeps the last one); a Time string's format is
// not parsed; base64 in []byte fields is not checked.
import { parseQuantity } from '../../api/quantity.ts';
import { goTypeName, isStruct, structName } from './gotypes.ts';
import { STRUCTS } from './table.ts';

export interface DecodeResult {
  /** The error the decoder returns (without the "X in version … cannot be handled" context), if any. */
  error?: string;
  /** Strict errors ('unknown field "spec.foo"'): an error in Strict mode, warnings in Warn mode. */
  strict: string[];
}

class Fatal extends Error {}

const MAX_STRICT = 100;
const QUANTITY_FORMAT = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'boolean') return 'bool';
  return typeof v; // string, number, object
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

class Decoder {
  typeError: string | undefined;
  readonly strict: string[] = [];
  private readonly seen = new Set<string>();

  /** strictPath has indices and map keys ("spec.containers[0]"); fields is Go's field stack (names only). */
  value(v: unknown, t: string, strictPath: string, fields: string[], struct: string): void {
    if (v === null || v === undefined || t === 'any') return; // null leaves a Go value as it is
    const fail = (value: string, type = t) => this.recordType(value, type, fields, struct);
    switch (t) {
      case 'string': case '[]byte': case 'bool': {
        const want = t === 'bool' ? 'boolean' : 'string';
        if (typeof v !== want) fail(jsonKind(v));
        return;
      }
      case 'int32': case 'int64': case 'float64':
        if (typeof v !== 'number') fail(jsonKind(v));
        else if (t !== 'float64' && !fitsInt(v, t)) fail(`number ${v}`);
        return;
      case 'Time': case 'MicroTime':
        // metav1.Time unmarshals a JSON string; anything else fails in that inner unmarshal, fatally.
        if (typeof v !== 'string') this.fatalType(jsonKind(v), 'string', fields, struct);
        return;
      case 'IntOrString':
        if (typeof v === 'string') return;
        if (typeof v !== 'number') this.fatalType(jsonKind(v), 'int32', fields, struct);
        else if (!fitsInt(v, 'int32')) this.fatalType(`number ${v}`, 'int32', fields, struct);
        return;
      case 'Quantity':
        if (typeof v !== 'string' && typeof v !== 'number') throw new Fatal(QUANTITY_FORMAT);
        try { parseQuantity(v); } catch (e) { throw new Fatal((e as Error).message); }
        return;
    }
    if (t.startsWith('[]')) {
      if (!Array.isArray(v)) return fail(jsonKind(v));
      const elem = t.slice(2);
      v.forEach((x, i) => this.value(x, elem, `${strictPath}[${i}]`, fields, struct));
      return;
    }
    if (t.startsWith('map[string]')) {
      if (!isPlainObject(v)) return fail(jsonKind(v));
      const elem = t.slice(11);
      for (const [k, x] of Object.entries(v)) this.value(x, elem, join(strictPath, k), fields, struct);
      return;
    }
    if (!isStruct(t)) return;
    if (!isPlainObject(v)) return fail(jsonKind(v));
    this.struct(v, t, strictPath, fields);
  }

  struct(v: Record<string, unknown>, t: string, strictPath: string, fields: string[]): void {
    const types = STRUCTS[t];
    const name = structName(t);
    for (const k of Object.keys(v)) {
      const ft = Object.prototype.hasOwnProperty.call(types, k) ? types[k] : undefined;
      if (ft === undefined) {
        this.recordStrict(`unknown field "${join(strictPath, k)}"`);
        delete v[k];
        continue;
      }
      this.value(v[k], ft, join(strictPath, k), [...fields, k], name);
    }
  }

  private recordType(value: string, type: string, fields: string[], struct: string): void {
    this.typeError ??= typeErrorText(value, type, fields, struct);
  }

  private fatalType(value: string, type: string, fields: string[], struct: string): never {
    throw new Fatal(typeErrorText(value, type, fields, struct));
  }

  private recordStrict(msg: string): void {
    if (this.strict.length >= MAX_STRICT || this.seen.has(msg)) return;
    this.seen.add(msg);
    this.strict.push(msg);
  }
}

function typeErrorText(value: string, type: string, fields: string[], struct: string): string {
  return `json: cannot unmarshal ${value} into Go struct field ${struct}.${fields.join('.')} of type ${goTypeName(type)}`;
}

function fitsInt(v: number, t: 'int32' | 'int64'): boolean {
  if (!Number.isInteger(v)) return false;
  return t === 'int32' ? v >= -2147483648 && v <= 2147483647 : Math.abs(v) <= 2 ** 63;
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/**
 * Decode obj (a JSON object) as the struct `root`; unknown fields are removed from obj. `at` names obj's field when
 * it is part of a larger body decoded elsewhere (a custom resource's metadata).
 */
export function decodeInto(obj: Record<string, unknown>, root: string, at?: string): DecodeResult {
  const d = new Decoder();
  try {
    d.struct(obj, root, at ?? '', at ? [at] : []);
  } catch (e) {
    if (e instanceof Fatal) return { error: e.message, strict: [] };
    throw e;
  }
  if (d.typeError) return { error: d.typeError, strict: [] };
  return { strict: d.strict };
}

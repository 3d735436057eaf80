// values.schema.json: a chart's (and each subchart's) JSON Schema checked against the values it renders with
// (chartutil.ValidateAgainstSchema), every failure worded as gojsonschema words it ("- FIELD: DESCRIPTION").
// Simplification: the draft-07 keywords charts use — type, properties, required, additionalProperties, items,
// enum, const, minimum/maximum (and exclusive), multipleOf, minLength/maxLength, pattern, minItems/maxItems,
// uniqueItems, minProperties/maxProperties, allOf/anyOf/oneOf/not and local $refs (#/definitions/…, #/$defs/…);
// no formats, no remote $refs, no if/then/else.
import type { Chart } from './chart.ts';
import { isMap } from './template/values.ts';

type Schema = Record<string, unknown> | boolean;

/** The value's JSON type as gojsonschema names it: whole numbers are "integer". */
function jsonType(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'bigint') return 'integer';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'string') return 'string';
  if (Array.isArray(v)) return 'array';
  return 'object';
}

const toJSON = (v: unknown): string => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? Number(x) : x));
const num = (v: unknown) => (typeof v === 'bigint' ? Number(v) : (v as number));
const typeMatches = (want: string, got: string) => want === got || (want === 'number' && got === 'integer');

class Validator {
  readonly errors: string[] = [];
  constructor(private readonly root: Record<string, unknown>) {}

  private resolve(s: Schema): Schema {
    let cur = s;
    for (let i = 0; i < 32 && isMap(cur) && typeof cur.$ref === 'string' && cur.$ref.startsWith('#'); i++) {
      let target: unknown = this.root;
      for (const seg of cur.$ref.slice(1).split('/').filter(Boolean)) target = isMap(target) ? target[seg.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
      cur = (target ?? true) as Schema;
    }
    return cur;
  }

  private fail(field: string, description: string): void {
    this.errors.push(`- ${field || '(root)'}: ${description}`);
  }

  /** Whether the value validates, without recording (anyOf, oneOf, not). */
  private quietly(s: Schema, v: unknown): boolean {
    const sub = new Validator(this.root);
    sub.check(s, v, '');
    return sub.errors.length === 0;
  }

  check(schema: Schema, v: unknown, field: string): void {
    const s = this.resolve(schema);
    if (s === true) return;
    if (s === false) { this.fail(field, 'False always fails validation'); return; }
    const got = jsonType(v);
    const types = s.type === undefined ? [] : Array.isArray(s.type) ? (s.type as string[]) : [String(s.type)];
    if (types.length && !types.some((t) => typeMatches(t, got))) {
      this.fail(field, `Invalid type. Expected: ${types.length > 1 ? `[${types.join(',')}]` : types[0]}, given: ${got}`);
      return;
    }
    const name = field || '(root)';
    if (Array.isArray(s.allOf) && !s.allOf.every((x) => this.quietly(x as Schema, v))) this.fail(field, 'Must validate all the schemas (allOf)');
    if (Array.isArray(s.anyOf) && !s.anyOf.some((x) => this.quietly(x as Schema, v))) this.fail(field, 'Must validate at least one schema (anyOf)');
    if (Array.isArray(s.oneOf) && s.oneOf.filter((x) => this.quietly(x as Schema, v)).length !== 1) this.fail(field, 'Must validate one and only one schema (oneOf)');
    if (s.not !== undefined && this.quietly(s.not as Schema, v)) this.fail(field, 'Must not validate the schema (not)');
    if (Array.isArray(s.enum) && !s.enum.some((e) => toJSON(e) === toJSON(v))) this.fail(field, `${name} must be one of the following: ${s.enum.map(toJSON).join(', ')}`);
    if ('const' in s && toJSON(s.const) !== toJSON(v)) this.fail(field, `${name} does not match: ${toJSON(s.const)}`);
    if (got === 'integer' || got === 'number') this.number(s, num(v), field);
    else if (got === 'string') this.string(s, v as string, field);
    else if (got === 'array') this.array(s, v as unknown[], field);
    else if (got === 'object') this.object(s, v as Record<string, unknown>, field);
  }

  private number(s: Record<string, unknown>, n: number, field: string): void {
    if (typeof s.multipleOf === 'number' && !Number.isInteger(n / s.multipleOf)) this.fail(field, `Must be a multiple of ${s.multipleOf}`);
    if (typeof s.maximum === 'number' && n > s.maximum) this.fail(field, `Must be less than or equal to ${s.maximum}`);
    if (typeof s.exclusiveMaximum === 'number' && n >= s.exclusiveMaximum) this.fail(field, `Must be less than ${s.exclusiveMaximum}`);
    if (typeof s.minimum === 'number' && n < s.minimum) this.fail(field, `Must be greater than or equal to ${s.minimum}`);
    if (typeof s.exclusiveMinimum === 'number' && n <= s.exclusiveMinimum) this.fail(field, `Must be greater than ${s.exclusiveMinimum}`);
  }

  private string(s: Record<string, unknown>, str: string, field: string): void {
    const len = [...str].length;
    if (typeof s.minLength === 'number' && len < s.minLength) this.fail(field, `String length must be greater than or equal to ${s.minLength}`);
    if (typeof s.maxLength === 'number' && len > s.maxLength) this.fail(field, `String length must be less than or equal to ${s.maxLength}`);
    if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(str)) this.fail(field, `Does not match pattern '${s.pattern}'`);
  }

  private array(s: Record<string, unknown>, arr: unknown[], field: string): void {
    if (typeof s.minItems === 'number' && arr.length < s.minItems) this.fail(field, `Array must have at least ${s.minItems} items`);
    if (typeof s.maxItems === 'number' && arr.length > s.maxItems) this.fail(field, `Array must have at most ${s.maxItems} items`);
    if (s.uniqueItems === true) {
      const seen = arr.map(toJSON);
      const j = seen.findIndex((x, k) => seen.indexOf(x) !== k);
      if (j >= 0) this.fail(field, `array items[${seen.indexOf(seen[j])},${j}] must be unique`);
    }
    if (s.items !== undefined && !Array.isArray(s.items)) arr.forEach((x, i) => this.check(s.items as Schema, x, field ? `${field}.${i}` : String(i)));
  }

  private object(s: Record<string, unknown>, obj: Record<string, unknown>, field: string): void {
    const keys = Object.keys(obj);
    if (typeof s.minProperties === 'number' && keys.length < s.minProperties) this.fail(field, `Must have at least ${s.minProperties} properties`);
    if (typeof s.maxProperties === 'number' && keys.length > s.maxProperties) this.fail(field, `Must have at most ${s.maxProperties} properties`);
    for (const r of Array.isArray(s.required) ? s.required : []) if (!(String(r) in obj)) this.fail(field, `${String(r)} is required`);
    const props = isMap(s.properties) ? s.properties : {};
    const child = (k: string) => (field ? `${field}.${k}` : k);
    if (s.additionalProperties !== undefined && s.additionalProperties !== true) {
      for (const k of keys.filter((k) => !(k in props))) {
        if (s.additionalProperties === false) this.fail(field, `Additional property ${k} is not allowed`);
        else this.check(s.additionalProperties as Schema, obj[k], child(k));
      }
    }
    for (const [k, sub] of Object.entries(props)) if (k in obj) this.check(sub as Schema, obj[k], child(k));
  }
}

/** ValidateAgainstSingleSchema: the "- FIELD: DESCRIPTION" lines, "" when the values validate. */
export function validateAgainstSingleSchema(values: Record<string, unknown>, schemaText: string): string {
  let schema: unknown;
  try {
    schema = JSON.parse(schemaText);
  } catch (e) {
    return `${(e as Error).message}\n`;
  }
  if (!isMap(schema) && typeof schema !== 'boolean') return 'schema must be an object or a boolean\n';
  const v = new Validator(isMap(schema) ? schema : {});
  v.check(schema as Schema, values, '');
  return v.errors.map((e) => `${e}\n`).join('');
}

/** ValidateAgainstSchema over the chart and its subcharts (each with its part of the values); "" when all pass. */
export function validateAgainstSchema(chart: Chart, values: Record<string, unknown>): string {
  let out = '';
  if (chart.schema !== undefined) {
    const errs = validateAgainstSingleSchema(values, chart.schema);
    if (errs) out += `${chart.metadata.name}:\n${errs}`;
  }
  for (const sub of chart.subcharts) {
    const sv = values[sub.metadata.name];
    out += validateAgainstSchema(sub, isMap(sv) ? sv : {});
  }
  return out;
}

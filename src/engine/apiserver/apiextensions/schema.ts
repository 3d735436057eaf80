// Structural schemas of custom resources (k8s.io/apiextensions-apiserver pkg/apiserver/schema and the kube-openapi
// validator it runs): pruning of unknown fields, defaulting, and validation with kube-openapi's error texts as the
// API server turns them into field errors (kubeOpenAPIResultToFieldErrors).
import type { JSONSchemaProps } from 'kubernetes-types/apiextensions/v1';
import type { FieldError } from '../errors.ts';
import { invalid, notSupported, required, tooLong, withGoValue } from '../admission/validation/field.ts';
import { evaluateRules } from './cel.ts';

/** A CRD's schema node with the Kubernetes extensions kubernetes-types leaves out. */
export interface Schema extends Omit<JSONSchemaProps, 'properties' | 'items' | 'additionalProperties' | 'allOf'> {
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  allOf?: Schema[];
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-list-type'?: string;
  'x-kubernetes-validations'?: { rule: string; message?: string; messageExpression?: string; fieldPath?: string; reason?: string }[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const childPath = (path: string, name: string) => (path ? `${path}.${name}` : name);

/** The fields every object keeps whatever its schema says (and an embedded resource keeps too). */
const OBJECT_META_FIELDS = ['apiVersion', 'kind', 'metadata'];

/**
 * Pruning (structuralpruning.Prune): fields the schema does not specify are dropped, unless the node preserves
 * unknown fields. The root and embedded resources keep apiVersion, kind and metadata. The dropped fields' paths
 * ("spec.items[0].foo") go to `pruned`, for field validation's unknown-field errors and warnings.
 */
export function prune(value: unknown, schema: Schema | undefined, isResourceRoot = false, pruned?: string[], path = ''): void {
  if (!schema) return;
  if (Array.isArray(value)) {
    if (schema.items) value.forEach((item, i) => prune(item, schema.items, false, pruned, `${path}[${i}]`));
    return;
  }
  if (!isObj(value)) return;
  const keepMeta = isResourceRoot || schema['x-kubernetes-embedded-resource'];
  const additional = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  for (const key of Object.keys(value)) {
    if (keepMeta && OBJECT_META_FIELDS.includes(key)) continue;
    const prop = schema.properties?.[key] ?? additional;
    const at = path ? `${path}.${key}` : key;
    if (prop) prune(value[key], prop, false, pruned, at);
    else if (!schema['x-kubernetes-preserve-unknown-fields'] && schema.additionalProperties !== true) {
      delete value[key];
      pruned?.push(at);
    }
  }
}

/**
 * Defaulting (structuraldefaulting.Default): a missing property with a default gets a copy of it; a null where the
 * schema is not nullable is dropped first, so a default can take its place. Applied top-down, so a defaulted object
 * gets its own properties' defaults too.
 */
export function applyDefaults(value: unknown, schema: Schema | undefined): void {
  if (!schema) return;
  if (Array.isArray(value)) {
    if (schema.items) for (const item of value) applyDefaults(item, schema.items);
    return;
  }
  if (!isObj(value)) return;
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    if (value[key] === null && !prop.nullable && prop.default !== undefined) delete value[key];
    if (value[key] === undefined && prop.default !== undefined) value[key] = structuredClone(prop.default);
    if (value[key] !== undefined) applyDefaults(value[key], prop);
  }
  const additional = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  if (additional) for (const [key, v] of Object.entries(value)) if (!schema.properties?.[key]) applyDefaults(v, additional);
}

/** kube-openapi's name for a JSON value's type in "must be of type" errors. */
function jsonType(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v === 'object' ? 'object' : typeof v;
}

function typeMatches(v: unknown, schema: Schema): boolean {
  if (schema['x-kubernetes-int-or-string']) return typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v));
  switch (schema.type) {
    case undefined: case '': return true;
    case 'object': return isObj(v);
    case 'array': return Array.isArray(v);
    case 'string': return typeof v === 'string';
    case 'integer': return typeof v === 'number' && Number.isInteger(v);
    case 'number': return typeof v === 'number';
    case 'boolean': return typeof v === 'boolean';
    default: return true;
  }
}

/** %v of a bound in kube-openapi's messages (float64 and int64 print the same for whole numbers). */
const bound = (n: number) => String(n);

/**
 * Validate a value against its schema node. `path` is the field path ("spec.workers"); `old` the stored value at
 * the same place on an update (for transition rules). Errors come in kube-openapi's order for a node: type, then
 * the value's own constraints, then required properties, then properties in name order.
 *
 * Simplification: array items are addressed as "spec.items[0]"; allOf is checked, anyOf/oneOf/not and formats are
 * not; list-type set/map uniqueness is not checked.
 */
export function validateValue(value: unknown, schema: Schema, path: string, old?: unknown): FieldError[] {
  if (value === null && schema.nullable) return [];
  if (!typeMatches(value, schema)) {
    const want = schema['x-kubernetes-int-or-string'] ? 'integer,string' : schema.type;
    return [invalid(path, jsonType(value), `${path} in body must be of type ${want}: "${jsonType(value)}"`)];
  }
  const errs: FieldError[] = [];
  if (schema.enum && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) {
    errs.push(notSupported(path, value, schema.enum.map((e) => (typeof e === 'string' ? e : JSON.stringify(e)))));
  }
  if (typeof value === 'number') errs.push(...numberErrors(value, schema, path));
  if (typeof value === 'string') errs.push(...stringErrors(value, schema, path));
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) errs.push(invalid(path, value.length, `${path} in body should have at least ${schema.minItems} items`));
    if (schema.maxItems !== undefined && value.length > schema.maxItems) errs.push(withGoValue('TooMany', path, String(value.length), `must have at most ${schema.maxItems} items`));
    if (schema.uniqueItems && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) errs.push({ type: 'Duplicate', field: path, value });
    const oldItems = Array.isArray(old) ? old : [];
    if (schema.items) value.forEach((item, i) => errs.push(...validateValue(item, schema.items!, `${path}[${i}]`, oldItems[i])));
  }
  if (isObj(value)) errs.push(...objectErrors(value, schema, path, isObj(old) ? old : undefined));
  for (const sub of schema.allOf ?? []) errs.push(...validateValue(value, { ...sub, type: sub.type ?? schema.type }, path, old));
  // CEL rules run only on a value that passed its schema (as the API server's ordering gives).
  if (!errs.length && schema['x-kubernetes-validations']?.length) errs.push(...evaluateRules(schema['x-kubernetes-validations'], value, old, path));
  return errs;
}

function numberErrors(v: number, s: Schema, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (s.minimum !== undefined) {
    if (s.exclusiveMinimum ? v <= s.minimum : v < s.minimum) errs.push(invalid(path, v, `${path} in body should be greater than ${s.exclusiveMinimum ? '' : 'or equal to '}${bound(s.minimum)}`));
  }
  if (s.maximum !== undefined) {
    if (s.exclusiveMaximum ? v >= s.maximum : v > s.maximum) errs.push(invalid(path, v, `${path} in body should be less than ${s.exclusiveMaximum ? '' : 'or equal to '}${bound(s.maximum)}`));
  }
  if (s.multipleOf !== undefined && s.multipleOf > 0 && !Number.isInteger(v / s.multipleOf)) errs.push(invalid(path, v, `${path} in body should be a multiple of ${bound(s.multipleOf)}`));
  return errs;
}

function stringErrors(v: string, s: Schema, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const length = [...v].length;
  if (s.maxLength !== undefined && length > s.maxLength) errs.push(tooLong(path, s.maxLength));
  if (s.minLength !== undefined && length < s.minLength) errs.push(invalid(path, v, `${path} in body should be at least ${s.minLength} chars long`));
  if (s.pattern !== undefined && !patternOf(s.pattern).test(v)) errs.push(invalid(path, v, `${path} in body should match '${s.pattern}'`));
  return errs;
}

const patterns = new Map<string, RegExp>();
function patternOf(p: string): RegExp {
  let re = patterns.get(p);
  if (!re) patterns.set(p, (re = new RegExp(p, 'u')));
  return re;
}

function objectErrors(v: Obj, s: Schema, path: string, old: Obj | undefined): FieldError[] {
  const errs: FieldError[] = [];
  const n = Object.keys(v).length;
  if (s.minProperties !== undefined && n < s.minProperties) errs.push(invalid(path, n, `${path} in body should have at least ${s.minProperties} properties`));
  if (s.maxProperties !== undefined && n > s.maxProperties) errs.push(withGoValue('TooMany', path, String(n), `must have at most ${s.maxProperties} items`));
  for (const name of s.required ?? []) if (v[name] === undefined) errs.push(required(childPath(path, name)));
  const additional = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
  for (const key of Object.keys(v).sort()) {
    if (path === '' && OBJECT_META_FIELDS.includes(key)) continue; // ObjectMeta is validated as for every kind
    const prop = s.properties?.[key] ?? additional;
    if (prop && v[key] !== undefined) errs.push(...validateValue(v[key], prop, childPath(path, key), old?.[key]));
  }
  return errs;
}

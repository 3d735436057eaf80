// Server-side field validation (the fieldValidation query parameter): a user's write is decoded into the kind's Go
// struct before anything else runs, as the API server decodes a request body. Strict fails on unknown fields, Warn
// writes the object without them and returns a warning per field, Ignore drops them silently; a value of the wrong
// type fails in every mode. Only kubectl's writes ask for it: controllers', the scheduler's and kubelets' writes are
// typed and skip it.
// Custom resources: their metadata is decoded as ObjectMeta, and what their structural schema prunes
// (apiextensions) are their unknown fields, as the custom resource handler reports them; wrong types there are the
// schema validation's 422 later, as upstream. Simplification: PodGroup (no OpenAPI definition) is not decoded.
import type { KindInfo } from '../../api/kinds.ts';
import type { KubeObject } from '../../api/object.ts';
import { badRequest, StatusError } from '../errors.ts';
import { decodeInto, type DecodeResult } from './decode.ts';
import { goValue } from './govalue.ts';
import { KINDS } from './table.ts';

export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

export interface FieldValidationOptions {
  /** Decode the object strictly first (kubectl's writes); unknown fields are dropped from the object in place. */
  fieldValidation?: FieldValidation;
  /** Where Warn's warnings go ('unknown field "spec.foo"'), for the caller to print. */
  warnings?: string[];
}

/** What prunes custom resources (apiextensions' CustomResources). */
export interface CustomSchemas {
  unknownFields(info: KindInfo, obj: KubeObject): string[] | undefined;
}

function decodeObject(info: KindInfo, obj: KubeObject, custom: CustomSchemas): DecodeResult | undefined {
  if (info.custom) {
    const meta = obj.metadata && typeof obj.metadata === 'object' ? decodeInto(obj.metadata as Record<string, unknown>, 'V1ObjectMeta', 'metadata') : { strict: [] };
    const pruned = custom.unknownFields(info, obj);
    if (meta.error || !pruned) return meta;
    return { strict: [...meta.strict, ...pruned.map((p) => `unknown field "${p}"`)] };
  }
  const root = KINDS[`${info.group ? `${info.group}/` : ''}${info.version}/${info.kind}`];
  return root ? decodeInto(obj as unknown as Record<string, unknown>, root) : undefined;
}

/** The decoded body's verdict: an error message to fail with, or undefined (warnings added under Warn). */
function verdict(r: DecodeResult | undefined, opts: FieldValidationOptions): string | undefined {
  if (!r) return undefined;
  if (r.error) return r.error;
  if (!r.strict.length || opts.fieldValidation === 'Ignore') return undefined;
  if (opts.fieldValidation === 'Warn') {
    opts.warnings?.push(...r.strict);
    return undefined;
  }
  return `strict decoding error: ${r.strict.join(', ')}`;
}

/** A create's or update's body (POST, PUT): 400 "Pod in version "v1" cannot be handled as a Pod: …". */
export function decodeBody(info: KindInfo, obj: KubeObject, opts: FieldValidationOptions, custom: CustomSchemas): void {
  const msg = verdict(decodeObject(info, obj, custom), opts);
  if (msg === undefined) return;
  const version = String(obj.apiVersion ?? '').split('/').pop();
  throw badRequest(`${obj.kind} in version "${version}" cannot be handled as a ${obj.kind}: ${msg}`);
}

/**
 * A patched object (PATCH): the API server decodes the merged map and answers 422 on the patch itself,
 * ' "" is invalid: patch: Invalid value: "map[spec:map[foo:1]]": strict decoding error: unknown field "spec.foo"'.
 */
export function decodePatched(info: KindInfo, merged: KubeObject, patch: unknown, opts: FieldValidationOptions, custom: CustomSchemas): void {
  const msg = verdict(decodeObject(info, merged, custom), opts);
  if (msg === undefined) return;
  const text = `Invalid value: ${JSON.stringify(goValue(patch))}: ${msg}`;
  throw new StatusError({
    reason: 'Invalid', code: 422, message: ` "" is invalid: patch: ${text}`,
    details: { name: '', group: '', kind: '', causes: [{ reason: 'FieldValueInvalid', message: text, field: 'patch' }] },
  });
}

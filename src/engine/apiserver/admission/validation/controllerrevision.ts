// ControllerRevisions (apps validation ValidateControllerRevision, ValidateControllerRevisionUpdate).
import type { ControllerRevision } from 'kubernetes-types/apps/v1';
import type { FieldError } from '../../errors.ts';
import { nonNegative, required, withGoValue } from './field.ts';
import { FIELD_IMMUTABLE, nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';
import { semanticEqual } from './semantic.ts';

const encoder = new TextEncoder();

/** runtime.RawExtension as %#v prints it: the JSON bytes in hex. */
function goRawExtension(data: unknown): string {
  const bytes = [...encoder.encode(JSON.stringify(data ?? null))].map((b) => `0x${b.toString(16)}`);
  return `runtime.RawExtension{Raw:[]uint8{${bytes.join(', ')}}, Object:runtime.Object(nil)}`;
}

export function validateControllerRevision(r: ControllerRevision): FieldError[] {
  const errs = validateObjectMeta(r.metadata, nameIsDNSSubdomain);
  if (r.data === undefined || r.data === null) errs.push(required('data', 'data is mandatory'));
  errs.push(...nonNegative(r.revision, 'revision'));
  return errs;
}

export function validateControllerRevisionUpdate(r: ControllerRevision, old: ControllerRevision): FieldError[] {
  const errs = [...validateObjectMetaUpdate(r.metadata, old.metadata), ...validateControllerRevision(r)];
  if (!semanticEqual(r.data, old.data)) errs.push(withGoValue('Invalid', 'data', goRawExtension(r.data), FIELD_IMMUTABLE));
  return errs;
}

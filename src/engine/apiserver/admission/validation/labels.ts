// Labels, annotations and label selectors (apimachinery pkg/apis/meta/v1/validation and pkg/api/validation).
import type { LabelSelector } from 'kubernetes-types/meta/v1';
import { isQualifiedName, isValidLabelValue, utf8Length } from '../../../api/validation.ts';
import type { FieldError } from '../../errors.ts';
import { asArray, child, forbidden, index, invalid, isRecord, required, sortedEntries, tooLong } from './field.ts';

/** Total size of all annotation keys and values (TotalAnnotationSizeLimitB). */
export const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

export function validateLabelName(name: string, path: string): FieldError[] {
  return isQualifiedName(name).map((msg) => invalid(path, name, msg));
}

/** ValidateLabels: every error is reported at the map's path, the bad key or value as the value. */
export function validateLabels(labels: unknown, path: string): FieldError[] {
  // Most label maps are valid: sorted (for the order of the errors) only when they are not.
  if (isRecord(labels) && allValidLabels(labels)) return [];
  const errs: FieldError[] = [];
  for (const [k, v] of sortedEntries(isRecord(labels) ? labels : undefined)) {
    errs.push(...validateLabelName(k, path));
    const value = typeof v === 'string' ? v : String(v);
    for (const msg of isValidLabelValue(value)) errs.push(invalid(path, value, msg));
  }
  return errs;
}

function allValidLabels(labels: Record<string, unknown>): boolean {
  for (const k in labels) {
    const v = labels[k];
    if (isQualifiedName(k).length || isValidLabelValue(typeof v === 'string' ? v : String(v)).length) return false;
  }
  return true;
}

/** ValidateAnnotations: keys are qualified names (case-insensitive); keys and values together at most 256 KiB. */
export function validateAnnotations(annotations: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let size = 0;
  for (const [k, v] of sortedEntries(isRecord(annotations) ? annotations : undefined)) {
    for (const msg of isQualifiedName(k.toLowerCase())) errs.push(invalid(path, k, msg));
    size += utf8Length(k) + utf8Length(typeof v === 'string' ? v : String(v));
  }
  if (size > TOTAL_ANNOTATION_SIZE_LIMIT) errs.push(tooLong(path, TOTAL_ANNOTATION_SIZE_LIMIT));
  return errs;
}

/** ValidateLabelSelector with AllowInvalidLabelValueInSelector false, as apps/v1 workloads use it. */
export function validateLabelSelector(sel: LabelSelector | undefined, path: string): FieldError[] {
  if (!isRecord(sel)) return [];
  const errs = validateLabels(sel.matchLabels, child(path, 'matchLabels'));
  asArray<Record<string, unknown>>(sel.matchExpressions).forEach((req, i) => {
    const p = index(child(path, 'matchExpressions'), i);
    const values = asArray<unknown>(req?.values);
    switch (req?.operator) {
      case 'In':
      case 'NotIn':
        if (values.length === 0) errs.push(required(child(p, 'values'), "must be specified when `operator` is 'In' or 'NotIn'"));
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length > 0) errs.push(forbidden(child(p, 'values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
        break;
      default:
        errs.push(invalid(child(p, 'operator'), req?.operator ?? '', 'not a valid selector operator'));
    }
    errs.push(...validateLabelName(typeof req?.key === 'string' ? req.key : '', child(p, 'key')));
    values.forEach((v, j) => {
      const value = typeof v === 'string' ? v : String(v);
      for (const msg of isValidLabelValue(value)) errs.push(invalid(index(child(p, 'values'), j), value, msg));
    });
  });
  return errs;
}

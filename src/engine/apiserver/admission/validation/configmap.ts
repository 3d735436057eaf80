// ConfigMaps (core validation ValidateConfigMap, ValidateConfigMapUpdate).
import type { ConfigMap } from 'kubernetes-types/core/v1';
import { maxLenError, regexError, utf8Length } from '../../../api/validation.ts';
import type { FieldError } from '../../errors.ts';
import { forbidden, invalid, isRecord, key, sortedEntries, tooLong } from './field.ts';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';
import { semanticEqual } from './semantic.ts';

/** core.MaxSecretSize, which also bounds a ConfigMap's data. */
export const MAX_CONFIGMAP_SIZE = 1024 * 1024;

/** IsConfigMapKey. */
export function configMapKeyErrors(k: string): string[] {
  const errs: string[] = [];
  if (utf8Length(k) > 253) errs.push(maxLenError(253));
  if (!/^[-._a-zA-Z0-9]+$/.test(k)) {
    errs.push(regexError("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", '[-._a-zA-Z0-9]+', 'key.name', 'KEY_NAME', 'key-name'));
  }
  if (k === '.') errs.push("must not be '.'");
  else if (k === '..') errs.push("must not be '..'");
  else if (k.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}

function validateConfigMapData(cm: ConfigMap): FieldError[] {
  const errs: FieldError[] = [];
  let size = 0;
  const binary = isRecord(cm.binaryData) ? cm.binaryData : {};
  for (const [k, v] of sortedEntries(isRecord(cm.data) ? cm.data : undefined)) {
    for (const msg of configMapKeyErrors(k)) errs.push(invalid(key('data', k), k, msg));
    if (k in binary) errs.push(invalid(key('data', k), k, 'duplicate of key present in binaryData'));
    size += utf8Length(String(v));
  }
  for (const [k, v] of sortedEntries(binary)) {
    for (const msg of configMapKeyErrors(k)) errs.push(invalid(key('binaryData', k), k, msg));
    // binaryData arrives base64-encoded; its size is the decoded length.
    size += Math.floor((String(v).replace(/=+$/, '').length * 3) / 4);
  }
  // field.NewPath("") prints as "[]".
  if (size > MAX_CONFIGMAP_SIZE) errs.push(tooLong('[]', MAX_CONFIGMAP_SIZE));
  return errs;
}

export function validateConfigMap(cm: ConfigMap): FieldError[] {
  return [...validateObjectMeta(cm.metadata, nameIsDNSSubdomain), ...validateConfigMapData(cm)];
}

export function validateConfigMapUpdate(cm: ConfigMap, old: ConfigMap): FieldError[] {
  const errs = validateObjectMetaUpdate(cm.metadata, old.metadata);
  if (old.immutable === true) {
    const detail = 'field is immutable when `immutable` is set';
    if (cm.immutable !== true) errs.push(forbidden('immutable', detail));
    if (!semanticEqual(cm.data, old.data)) errs.push(forbidden('data', detail));
    if (!semanticEqual(cm.binaryData, old.binaryData)) errs.push(forbidden('binaryData', detail));
  }
  errs.push(...validateConfigMap(cm));
  return errs;
}

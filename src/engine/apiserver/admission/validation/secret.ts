// Secrets (core validation ValidateSecret, ValidateSecretUpdate): valid keys, the size limit, the keys each type
// requires, and the immutability of type and of an immutable secret's data.
import type { Secret } from 'kubernetes-types/core/v1';
import type { FieldError } from '../../errors.ts';
import { configMapKeyErrors, MAX_CONFIGMAP_SIZE } from './configmap.ts';
import { forbidden, invalid, isRecord, key, required, sortedEntries, tooLong } from './field.ts';
import { FIELD_IMMUTABLE, nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';
import { semanticEqual } from './semantic.ts';

/** The keys a typed secret must carry (a present key may be empty unless noted). */
function typeErrors(s: Secret): FieldError[] {
  const data = isRecord(s.data) ? s.data : {};
  const need = (...keys: string[]) => keys.filter((k) => !(k in data)).map((k) => required(key('data', k), ''));
  switch (s.type) {
    case 'kubernetes.io/dockercfg': return need('.dockercfg');
    case 'kubernetes.io/dockerconfigjson': return need('.dockerconfigjson');
    case 'kubernetes.io/basic-auth': return 'username' in data || 'password' in data ? [] : need('username', 'password');
    case 'kubernetes.io/ssh-auth': return data['ssh-privatekey'] ? [] : [required(key('data', 'ssh-privatekey'), '')];
    case 'kubernetes.io/tls': return need('tls.crt', 'tls.key');
    case 'kubernetes.io/service-account-token':
      return s.metadata?.annotations?.['kubernetes.io/service-account.name'] ? [] : [required('metadata.annotations[kubernetes.io/service-account.name]', '')];
    default: return [];
  }
}

export function validateSecret(s: Secret): FieldError[] {
  const errs = validateObjectMeta(s.metadata, nameIsDNSSubdomain);
  let size = 0;
  for (const [k, v] of sortedEntries(isRecord(s.data) ? (s.data as Record<string, string>) : undefined)) {
    for (const msg of configMapKeyErrors(k)) errs.push(invalid(key('data', k), k, msg));
    size += Math.floor((String(v).replace(/=+$/, '').length * 3) / 4); // base64 in JSON: the decoded length
  }
  if (size > MAX_CONFIGMAP_SIZE) errs.push(tooLong('data', MAX_CONFIGMAP_SIZE));
  errs.push(...typeErrors(s));
  return errs;
}

export function validateSecretUpdate(s: Secret, old: Secret): FieldError[] {
  const errs = validateObjectMetaUpdate(s.metadata, old.metadata);
  if ((s.type ?? '') !== (old.type ?? '')) errs.push(invalid('type', s.type ?? '', FIELD_IMMUTABLE));
  if (old.immutable === true) {
    const detail = 'field is immutable when `immutable` is set';
    if (s.immutable !== true) errs.push(forbidden('immutable', detail));
    if (!semanticEqual(s.data, old.data)) errs.push(forbidden('data', detail));
  }
  errs.push(...validateSecret(s));
  return errs;
}

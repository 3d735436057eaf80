// Namespaces (core validation ValidateNamespace, ValidateNamespaceUpdate): names are DNS-1123 labels.
import type { Namespace } from 'kubernetes-types/core/v1';
import { isQualifiedName } from '../../../api/validation.ts';
import type { FieldError } from '../../errors.ts';
import { asArray, invalid } from './field.ts';
import { nameIsDNSLabel, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta.ts';

/** validateFinalizerName for spec.finalizers: qualified, and without a domain only "kubernetes". */
function validateSpecFinalizers(ns: Namespace): FieldError[] {
  const errs: FieldError[] = [];
  for (const f of asArray<string>(ns.spec?.finalizers)) {
    const msgs = isQualifiedName(f);
    for (const msg of msgs) errs.push(invalid('spec.finalizers', f, msg));
    if (msgs.length === 0 && !f.includes('/') && f !== 'kubernetes') {
      errs.push(invalid('spec.finalizers', f, 'name is neither a standard finalizer name nor is it fully qualified'));
    }
  }
  return errs;
}

export function validateNamespace(ns: Namespace): FieldError[] {
  return [...validateObjectMeta(ns.metadata, nameIsDNSLabel), ...validateSpecFinalizers(ns)];
}

export function validateNamespaceUpdate(ns: Namespace, old: Namespace): FieldError[] {
  return [...validateObjectMetaUpdate(ns.metadata, old.metadata), ...validateSpecFinalizers(ns)];
}

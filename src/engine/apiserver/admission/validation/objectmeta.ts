// ObjectMeta on create and update (apimachinery pkg/api/validation/objectmeta.go and the core wrapper that adds
// the finalizer-name rule), and the name rules the kinds choose from (NameIsDNSSubdomain, NameIsDNSLabel …).
import type { ObjectMeta, OwnerReference } from 'kubernetes-types/meta/v1';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName } from '../../../api/validation.ts';
import type { FieldError } from '../../errors.ts';
import { asArray, child, forbidden, index, invalid, isRecord, nonNegative, required, withGoValue } from './field.ts';
import { goQuote } from './gotext.ts';
import { validateAnnotations, validateLabels } from './labels.ts';

/** A ValidateNameFunc: prefix is true for generateName, whose trailing dash is allowed. */
export type NameFn = (name: string, prefix: boolean) => string[];

export const FIELD_IMMUTABLE = 'field is immutable';

/** Upstream's maskTrailingDash, quirk included: "web-" is checked as "wea". */
function maskTrailingDash(name: string): string {
  return name.length > 1 && name.endsWith('-') ? name.slice(0, -2) + 'a' : name;
}

export const nameIsDNSSubdomain: NameFn = (name, prefix) => isDNS1123Subdomain(prefix ? maskTrailingDash(name) : name);
export const nameIsDNSLabel: NameFn = (name, prefix) => isDNS1123Label(prefix ? maskTrailingDash(name) : name);

/** path.ValidatePathSegmentName: what every stored name must satisfy, whatever its kind. */
export const pathSegmentName: NameFn = (name) => {
  if (name === '.' || name === '..') return [`may not be '${name}'`];
  const errs: string[] = [];
  if (name.includes('/')) errs.push("may not contain '/'");
  if (name.includes('%')) errs.push("may not contain '%'");
  return errs;
};

const standardFinalizers = new Set(['kubernetes', 'orphan', 'foregroundDeletion']);

/** ValidateObjectMeta for a create; name generation has already happened. */
export function validateObjectMeta(meta: ObjectMeta | undefined, nameFn: NameFn, path = 'metadata'): FieldError[] {
  const m: ObjectMeta = isRecord(meta) ? meta : {};
  const errs: FieldError[] = [];
  if (m.generateName) {
    for (const msg of nameFn(m.generateName, true)) errs.push(invalid(child(path, 'generateName'), m.generateName, msg));
  }
  if (!m.name) errs.push(required(child(path, 'name'), 'name or generateName is required'));
  else for (const msg of nameFn(m.name, false)) errs.push(invalid(child(path, 'name'), m.name, msg));
  // No path or arrays for an absent generation (nothing to report), on every create.
  if (m.generation !== undefined) errs.push(...nonNegative(m.generation, child(path, 'generation')));
  commonMeta(m, path, errs);
  return errs;
}

/** ValidateObjectMetaUpdate. resourceVersion and generation are the store's business and are not checked here. */
export function validateObjectMetaUpdate(meta: ObjectMeta | undefined, old: ObjectMeta | undefined, path = 'metadata'): FieldError[] {
  const m: ObjectMeta = isRecord(meta) ? meta : {};
  const o: ObjectMeta = isRecord(old) ? old : {};
  const errs: FieldError[] = [];
  if (o.deletionTimestamp) {
    const before = new Set(o.finalizers ?? []);
    const extra = [...new Set(asArray<string>(m.finalizers))].filter((f) => !before.has(f)).sort();
    if (extra.length) {
      errs.push(forbidden(child(path, 'finalizers'), `no new finalizers can be added if the object is being deleted, found new finalizers []string{${extra.map(goQuote).join(', ')}}`));
    }
  }
  if ((m.name ?? '') !== (o.name ?? '')) errs.push(invalid(child(path, 'name'), m.name ?? '', FIELD_IMMUTABLE));
  if ((m.namespace ?? '') !== (o.namespace ?? '')) errs.push(invalid(child(path, 'namespace'), m.namespace ?? '', FIELD_IMMUTABLE));
  // BeforeUpdate fills an empty uid from storage before validation, so only a different one is an error.
  if (m.uid && m.uid !== o.uid) errs.push(invalid(child(path, 'uid'), m.uid, FIELD_IMMUTABLE));
  commonMeta(m, path, errs);
  return errs;
}

/** The checks of create and update, appended to errs (this runs on every write: no arrays spread). */
function commonMeta(m: ObjectMeta, path: string, errs: FieldError[]): void {
  // An absent part has nothing to report (most Events have none of them): no paths are built for it.
  if (m.labels !== undefined) for (const e of validateLabels(m.labels, child(path, 'labels'))) errs.push(e);
  if (m.annotations !== undefined) for (const e of validateAnnotations(m.annotations, child(path, 'annotations'))) errs.push(e);
  if (m.ownerReferences !== undefined) for (const e of validateOwnerReferences(asArray<OwnerReference>(m.ownerReferences), child(path, 'ownerReferences'))) errs.push(e);
  if (m.finalizers !== undefined) for (const e of validateFinalizers(asArray<string>(m.finalizers), child(path, 'finalizers'))) errs.push(e);
}

function validateOwnerReferences(refs: OwnerReference[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  let firstController = '';
  for (const ref of refs) {
    const apiVersion = ref?.apiVersion ?? '';
    const parts = apiVersion.split('/');
    const version = parts.length === 1 ? parts[0] : parts.length === 2 ? parts[1] : '';
    const group = parts.length === 2 ? parts[0] : '';
    if (!version) errs.push(invalid(child(path, 'apiVersion'), apiVersion, 'version must not be empty'));
    if (!ref?.kind) errs.push(invalid(child(path, 'kind'), ref?.kind ?? '', 'must not be empty'));
    if (!ref?.name) errs.push(invalid(child(path, 'name'), ref?.name ?? '', 'must not be empty'));
    if (!ref?.uid) errs.push(invalid(child(path, 'uid'), ref?.uid ?? '', 'must not be empty'));
    if (group === '' && version === 'v1' && ref?.kind === 'Event') {
      errs.push(withGoValue('Invalid', path, goOwnerReference(ref), '/v1, Kind=Event is disallowed from being an owner'));
    }
    if (ref?.controller === true) {
      const current = `${ref.kind}/${ref.name}`;
      if (firstController) {
        errs.push(withGoValue('Invalid', path, `[]v1.OwnerReference{${refs.map(goOwnerReference).join(', ')}}`,
          `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${current}`));
      } else firstController = current;
    }
  }
  return errs;
}

function goOwnerReference(r: OwnerReference): string {
  const ptr = (v: unknown) => (typeof v === 'boolean' ? '(*bool)(0xc000010000)' : '(*bool)(nil)');
  return `v1.OwnerReference{APIVersion:${goQuote(r.apiVersion)}, Kind:${goQuote(r.kind)}, Name:${goQuote(r.name)}, UID:${goQuote(r.uid)}, Controller:${ptr(r.controller)}, BlockOwnerDeletion:${ptr(r.blockOwnerDeletion)}}`;
}

/** apimachinery ValidateFinalizers, then the core rule that a finalizer without "/" must be a standard one. */
function validateFinalizers(finalizers: string[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const f of finalizers) for (const msg of isQualifiedName(f)) errs.push(invalid(path, f, msg));
  if (finalizers.includes('orphan') && finalizers.includes('foregroundDeletion')) {
    errs.push(withGoValue('Invalid', path, `[]string{${finalizers.map(goQuote).join(', ')}}`, 'finalizer orphan and foregroundDeletion cannot be both set'));
  }
  finalizers.forEach((f, i) => {
    if (!f.includes('/') && !standardFinalizers.has(f)) {
      errs.push(invalid(index(path, i), f, 'name is neither a standard finalizer name nor is it fully qualified'));
    }
  });
  return errs;
}

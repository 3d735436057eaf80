// CustomResourceDefinition objects themselves (apiextensions.k8s.io/v1): defaulting (SetDefaults_*), validation
// (pkg/apis/apiextensions/validation) and the REST strategy (status reset on create; deletion held by the
// customresourcecleanup finalizer until every custom resource is gone).
import type { CustomResourceDefinition, CustomResourceDefinitionCondition, CustomResourceDefinitionVersion } from 'kubernetes-types/apiextensions/v1';
import type { KubeObject } from '../../api/object.ts';
import { isDNS1035Label, isDNS1123Label, isDNS1123Subdomain } from '../../api/validation.ts';
import type { FieldError } from '../errors.ts';
import { invalid, notSupported, required } from '../admission/validation/field.ts';
import { validateObjectMeta, validateObjectMetaUpdate, nameIsDNSSubdomain } from '../admission/validation/objectmeta.ts';
import type { Strategy } from '../registry/strategy.ts';
import { compileError } from '../../api/cel/cel.ts';
import type { Schema } from './schema.ts';

export type CRD = CustomResourceDefinition & KubeObject;

export const CLEANUP_FINALIZER = 'customresourcecleanup.apiextensions.k8s.io';

/** The version objects are stored in: the one marked storage. */
export function storageVersion(crd: CustomResourceDefinition): CustomResourceDefinitionVersion | undefined {
  return crd.spec?.versions?.find((v) => v.storage);
}

/** SetDefaults_CustomResourceDefinition(Spec): singular and listKind from the kind, conversion None. */
export function setCRDDefaults(obj: KubeObject): void {
  const crd = obj as CRD;
  const spec = crd.spec;
  if (!spec || typeof spec !== 'object') return;
  const names = spec.names;
  if (names?.kind) {
    names.singular ||= names.kind.toLowerCase();
    names.listKind ||= `${names.kind}List`;
  }
  spec.conversion ??= { strategy: 'None' };
}

/** Set or replace a condition, keeping lastTransitionTime when its status does not change (SetCRDCondition). */
export function setCondition(conditions: CustomResourceDefinitionCondition[] | undefined, c: CustomResourceDefinitionCondition): CustomResourceDefinitionCondition[] {
  const list = [...(conditions ?? [])];
  const i = list.findIndex((x) => x.type === c.type);
  if (i < 0) return [...list, c];
  list[i] = { ...c, lastTransitionTime: list[i].status === c.status ? list[i].lastTransitionTime : c.lastTransitionTime };
  return list;
}

export function conditionOf(crd: CustomResourceDefinition, type: string): CustomResourceDefinitionCondition | undefined {
  return crd.status?.conditions?.find((c) => c.type === type);
}

export function crdStrategy(now: () => string): Strategy {
  return {
    generation: true,
    // PrepareForCreate: status starts empty but for the version objects will be stored in.
    prepareForCreate(obj) {
      const crd = obj as CRD;
      const stored = storageVersion(crd)?.name;
      crd.status = { acceptedNames: { kind: '', plural: '' }, storedVersions: stored ? [stored] : [] };
    },
    // The CRD storage's Delete: the first delete adds the cleanup finalizer and the Terminating condition; the
    // finalizer controller removes the instances, then the finalizer.
    specFinalizers: {
      pending: (obj) => !obj.metadata.deletionTimestamp,
      begin(obj) {
        const crd = obj as CRD;
        crd.metadata.finalizers = [...(crd.metadata.finalizers ?? []).filter((f) => f !== CLEANUP_FINALIZER), CLEANUP_FINALIZER];
        crd.status = { ...crd.status!, conditions: setCondition(crd.status?.conditions, { type: 'Terminating', status: 'True', reason: 'InstanceDeletionPending', message: 'CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon', lastTransitionTime: now() }) };
      },
      conflict: '',
    },
  };
}

const SCOPES = ['Cluster', 'Namespaced'];
const COLUMN_TYPES = ['integer', 'number', 'string', 'boolean', 'date'];

/** ValidateCustomResourceDefinition: the subset of upstream's rules a user meets first, with its texts. */
export function validateCRD(obj: KubeObject): FieldError[] {
  const crd = obj as CRD;
  const errs = validateObjectMeta(crd.metadata, nameIsDNSSubdomain);
  const spec = crd.spec;
  const group = spec?.group ?? '';
  const plural = spec?.names?.plural ?? '';
  if (plural && group && crd.metadata.name !== `${plural}.${group}`) errs.push(invalid('metadata.name', crd.metadata.name, 'must be spec.names.plural+"."+spec.group'));
  if (!group) errs.push(required('spec.group'));
  else {
    errs.push(...isDNS1123Subdomain(group).map((m) => invalid('spec.group', group, m)));
    if (group.split('.').length < 2) errs.push(invalid('spec.group', group, 'should be a domain with at least one dot'));
  }
  if (!spec?.scope) errs.push(required('spec.scope'));
  else if (!SCOPES.includes(spec.scope)) errs.push(notSupported('spec.scope', spec.scope, SCOPES));
  errs.push(...validateNames(spec?.names));
  const versions = spec?.versions ?? [];
  if (!versions.length) errs.push(required('spec.versions', 'must have exactly one version marked as storage version'));
  else if (versions.filter((v) => v.storage).length !== 1) errs.push(invalid('spec.versions', versions.map((v) => v.name), 'must have exactly one version marked as storage version'));
  const seen = new Set<string>();
  versions.forEach((v, i) => {
    const p = `spec.versions[${i}]`;
    if (seen.has(v.name)) errs.push({ type: 'Duplicate', field: `${p}.name`, value: v.name });
    seen.add(v.name);
    if (!v.name) errs.push(required(`${p}.name`));
    else errs.push(...isDNS1035Label(v.name).map((m) => invalid(`${p}.name`, v.name, m)));
    const schema = v.schema?.openAPIV3Schema as Schema | undefined;
    if (!schema) errs.push(required(`${p}.schema.openAPIV3Schema`, 'schemas are required'));
    else errs.push(...validateStructural(schema, `${p}.schema.openAPIV3Schema`, true));
    const scale = v.subresources?.scale;
    if (scale) {
      if (!scale.specReplicasPath) errs.push(required(`${p}.subresources.scale.specReplicasPath`));
      else if (!scale.specReplicasPath.startsWith('.spec.')) errs.push(invalid(`${p}.subresources.scale.specReplicasPath`, scale.specReplicasPath, 'should be a json path under .spec'));
      if (!scale.statusReplicasPath) errs.push(required(`${p}.subresources.scale.statusReplicasPath`));
      else if (!scale.statusReplicasPath.startsWith('.status.')) errs.push(invalid(`${p}.subresources.scale.statusReplicasPath`, scale.statusReplicasPath, 'should be a json path under .status'));
    }
    (v.additionalPrinterColumns ?? []).forEach((c, j) => {
      const cp = `${p}.additionalPrinterColumns[${j}]`;
      if (!c.name) errs.push(required(`${cp}.name`));
      if (!c.type) errs.push(required(`${cp}.type`));
      else if (!COLUMN_TYPES.includes(c.type)) errs.push(notSupported(`${cp}.type`, c.type, COLUMN_TYPES));
      if (!c.jsonPath) errs.push(required(`${cp}.JSONPath`));
    });
  });
  return errs;
}

export function validateCRDUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const crd = obj as CRD, prev = old as CRD;
  const errs = validateObjectMetaUpdate(crd.metadata, prev.metadata);
  if (crd.spec?.group !== prev.spec?.group) errs.push(invalid('spec.group', crd.spec?.group, 'field is immutable'));
  if (crd.spec?.names?.plural !== prev.spec?.names?.plural) errs.push(invalid('spec.names.plural', crd.spec?.names?.plural, 'field is immutable'));
  if (crd.spec?.scope !== prev.spec?.scope) errs.push(invalid('spec.scope', crd.spec?.scope, 'field is immutable'));
  return [...errs, ...validateCRD({ ...obj, metadata: { ...obj.metadata, generateName: undefined } }).filter((e) => !e.field.startsWith('metadata.'))];
}

function validateNames(names: CustomResourceDefinition['spec']['names'] | undefined): FieldError[] {
  const errs: FieldError[] = [];
  const p = 'spec.names';
  const label = (field: string, v: string | undefined, requiredField: boolean) => {
    if (!v) { if (requiredField) errs.push(required(`${p}.${field}`)); return; }
    for (const m of isDNS1035Label(v)) errs.push(invalid(`${p}.${field}`, v, m));
  };
  label('plural', names?.plural, true);
  label('singular', names?.singular, false);
  (names?.shortNames ?? []).forEach((s, i) => { for (const m of isDNS1123Label(s)) errs.push(invalid(`${p}.shortNames[${i}]`, s, m)); });
  if (!names?.kind) errs.push(required(`${p}.kind`));
  else if (!/^[A-Za-z][A-Za-z0-9]*$/.test(names.kind)) errs.push(invalid(`${p}.kind`, names.kind, 'may have mixed case, but should otherwise match: ^[a-z]([-a-z0-9]*[a-z0-9])?$'));
  if (names?.kind && names.kind === names.listKind) errs.push(invalid(`${p}.listKind`, names.listKind, 'kind and listKind may not be the same'));
  return errs;
}

/**
 * Structural schema rules (structural.ValidateStructural): every specified field has a type unless it preserves
 * unknown fields or is int-or-string; the root is an object. Rules that do not compile are reported too.
 */
function validateStructural(s: Schema, path: string, root = false): FieldError[] {
  const errs: FieldError[] = [];
  if (root && s.type !== 'object') errs.push(s.type ? invalid(`${path}.type`, s.type, 'must be object at the root') : required(`${path}.type`, 'must not be empty at the root'));
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    const p = `${path}.properties[${name}]`;
    if (!prop.type && !prop['x-kubernetes-int-or-string'] && !prop['x-kubernetes-preserve-unknown-fields']) errs.push(required(`${p}.type`, 'must not be empty for specified object fields'));
    errs.push(...validateStructural(prop, p));
  }
  if (s.items && typeof s.items === 'object') {
    if (!s.items.type && !s.items['x-kubernetes-int-or-string'] && !s.items['x-kubernetes-preserve-unknown-fields']) errs.push(required(`${path}.items.type`, 'must not be empty for specified array items'));
    errs.push(...validateStructural(s.items, `${path}.items`));
  }
  if (s.type === 'array' && !s.items) errs.push(required(`${path}.items`, 'must be specified'));
  if (typeof s.additionalProperties === 'object') errs.push(...validateStructural(s.additionalProperties, `${path}.additionalProperties`));
  if (s.properties && typeof s.additionalProperties === 'object') errs.push({ type: 'Forbidden', field: `${path}.additionalProperties`, detail: 'additionalProperties and properties are mutual exclusive' });
  (s['x-kubernetes-validations'] ?? []).forEach((r, i) => {
    const err = compileError(r.rule);
    if (err) errs.push(invalid(`${path}.x-kubernetes-validations[${i}].rule`, r.rule, `compilation failed: ERROR: <input>:1:1: ${err}`));
  });
  return errs;
}

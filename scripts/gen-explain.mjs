// Generates src/engine/kubectl/commands/explain/openapi.ts, the documentation `kubectl explain` prints, from the
// same kubernetes-types schema as the editor's (gen-schema.mjs), so every kind the editor knows is explained.
// Run by hand after a kind is added to scripts/k8s-resource.ts (the table is committed: tests run without a build):
//   node scripts/gen-explain.mjs
// Shape: { kinds: { 'apiVersion/Kind': typeKey }, types: { typeKey: { d, f: { field: { t, r?, d, req? } } } } }, where `t` is the
// type as explain prints it ([]Container, map[string]string, IntOrString…) and `r` the type key to descend into.
import { writeFileSync } from 'node:fs';
import process from 'node:process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema } from './gen-schema.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const output = resolve(root, 'src/engine/kubectl/commands/explain/openapi.ts');

/** Go's type names where the TypeScript names differ (k8s-resource.ts renames two to keep definitions apart). */
const GO_NAMES = {
  CoreV1EndpointPort: 'EndpointPort', ResourceV1beta1ResourceClaim: 'ResourceClaim', AdmissionPolicyRule: 'NamedRuleWithOperations',
  AdmissionPolicyMatchResources: 'MatchResources', AdmissionServiceReference: 'ServiceReference', AdmissionWebhookClientConfig: 'WebhookClientConfig',
};
/** Inline object types (declared in k8s-resource.ts without a name) under their Go names. */
const INLINE_NAMES = {
  'Endpoints.subsets': 'EndpointSubset', 'PodGroup.spec': 'PodGroupSpec', 'PodGroup.status': 'PodGroupStatus',
  'ValidatingAdmissionPolicy.spec': 'ValidatingAdmissionPolicySpec', 'ValidatingAdmissionPolicyBinding.spec': 'ValidatingAdmissionPolicyBindingSpec',
};
/** Definitions without fields, as explain shows them (the API's OpenAPI document flattens Time to a string). */
const SCALARS = {
  Time: 'string', MicroTime: 'string', Quantity: 'Quantity', AllocationMode: 'string', FieldsV1: 'Object', RawExtension: 'Object',
  JSON: 'JSON', CustomResourceSubresourceStatus: 'Object', JSONSchemaPropsOrBool: 'JSONSchemaProps',
  JSONSchemaPropsOrArray: 'JSONSchemaProps', JSONSchemaPropsOrStringArray: 'JSONSchemaProps',
};

/** The explain table of the editor's schema. Exported for the test that keeps the committed table current. */
export async function explainTable() {
  const schema = await buildSchema();
  const defs = schema.definitions;
  const types = {};

  const refName = (ref) => decodeURIComponent(ref.replace('#/definitions/', ''));
  const isObject = (s) => !!s.properties;

  /** The printed type of a property and the type key to descend into (for objects, lists and maps of them). */
  function typeOf(s, path) {
    if (s.$ref) {
      const name = refName(s.$ref);
      if (SCALARS[name]) return { t: SCALARS[name] };
      const def = defs[name];
      if (!isObject(def)) throw new Error(`gen:explain: ${name} has no fields; say in SCALARS how explain shows it`);
      add(name, def);
      return { t: GO_NAMES[name] ?? name, r: name };
    }
    const kinds = [s.type].flat();
    if (kinds.includes('number') && kinds.includes('string')) return { t: 'IntOrString' };
    if (s.type === 'array') {
      const item = typeOf(s.items ?? {}, path);
      return { ...item, t: `[]${item.t}` };
    }
    if (isObject(s)) {
      add(path, s);
      return { t: INLINE_NAMES[path] ?? 'Object', r: path };
    }
    if (s.type === 'object' || !s.type) {
      if (typeof s.additionalProperties === 'object') {
        const value = typeOf(s.additionalProperties, path);
        return { ...value, t: `map[string]${value.t}` };
      }
      return { t: 'Object' };
    }
    if (kinds.includes('number')) return { t: 'integer' };
    return { t: kinds.find((k) => k !== 'null') };
  }

  function add(key, def) {
    if (types[key]) return;
    const doc = { d: def.description ?? '', f: {} };
    types[key] = doc;
    const required = new Set(def.required ?? []);
    for (const name of Object.keys(def.properties).sort()) {
      const prop = def.properties[name];
      const field = { ...typeOf(prop, `${key}.${name}`), d: prop.description ?? '' };
      // apiVersion and kind are required only by the root of a manifest, not by the Go types.
      if (required.has(name) && name !== 'apiVersion' && name !== 'kind') field.req = true;
      doc.f[name] = field;
    }
  }

  const kinds = {};
  for (const branch of schema.allOf) {
    const key = refName(branch.then.$ref);
    kinds[`${defs[key].properties.apiVersion.const}/${defs[key].properties.kind.const}`] = key;
    add(key, defs[key]);
  }
  // Where a re-declared type or field has no text, the original type's (k8s-resource.ts's DocSources).
  const { createGenerator } = await import('ts-json-schema-generator');
  const sources = createGenerator({ path: resolve(root, 'scripts/k8s-resource.ts'), type: 'DocSources', topRef: false, skipTypeCheck: true })
    .createSchema('DocSources').definitions;
  for (const [key, doc] of Object.entries(types)) {
    const source = sources[GO_NAMES[key] ?? INLINE_NAMES[key] ?? key];
    if (!source?.properties) continue;
    doc.d ||= source.description ?? '';
    for (const [name, field] of Object.entries(doc.f)) field.d ||= source.properties[name]?.description ?? '';
  }
  // The standard fields' documentation where a hand-written type has none (PodGroup, the DRA kinds).
  const standard = types.Pod.f;
  for (const key of Object.values(kinds)) {
    for (const name of ['apiVersion', 'kind', 'metadata']) {
      const f = types[key].f[name];
      if (f && !f.d) f.d = standard[name].d;
    }
  }

  return { kinds, types: Object.fromEntries(Object.keys(types).sort().map((k) => [k, types[k]])) };
}

/**
 * The module the engine imports: the table as JSON text, parsed on first use (explain/schema.ts), so that loading
 * the engine does not build half a megabyte of objects that most sessions never read.
 */
export function openapiModule(table) {
  return `// Generated by scripts/gen-explain.mjs (the table kubectl explain prints, as JSON text): do not edit.\nexport const OPENAPI = ${JSON.stringify(JSON.stringify(table))};\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const table = await explainTable();
  writeFileSync(output, openapiModule(table));
  process.stdout.write(`gen:explain: ${Object.keys(table.kinds).length} kinds, ${Object.keys(table.types).length} types, ${Math.round(JSON.stringify(table).length / 1024)} KB\n`);
}

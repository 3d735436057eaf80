// Generates src/ui/editor/k8s-schema.json: one JSON schema for a Kubernetes manifest, built from
// kubernetes-types with ts-json-schema-generator. Runs before every build, so it is cached: it does
// nothing when the output is newer than every input (pass --force to regenerate anyway).
//
// Shape: the root requires apiVersion and kind, and an `allOf` of `if {kind: const K} then <K's schema>`
// picks exactly one schema per document. No oneOf/anyOf at the root, so a multi-document file never
// gets "Matches multiple schemas" noise, and errors come from the one kind the document declares.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => resolve(root, p);
const output = at('src/ui/editor/k8s-schema.json');
const source = at('scripts/k8s-resource.ts');
const inputs = [
  fileURLToPath(import.meta.url),
  source,
  at('node_modules/kubernetes-types/package.json'),
  at('src/engine/api/resource.ts'),
  at('node_modules/ts-json-schema-generator/package.json'),
];

const mtime = (p) => { try { return statSync(p).mtimeMs; } catch { return -1; } };

const log = (line) => process.stdout.write(`gen:schema: ${line}\n`);

/** Writes the schema unless it is newer than every input. Exported for the schema's unit test. */
export async function generateSchema({ force = false } = {}) {
  if (!force && mtime(output) > Math.max(...inputs.map(mtime))) {
    log('k8s-schema.json is up to date');
    return;
  }
  const started = Date.now();
  const schema = await buildSchema();
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(output, JSON.stringify(schema));
  log(`${schema.allOf.length} kinds, ${Object.keys(schema.definitions).length} definitions, ` +
    `${Math.round(JSON.stringify(schema).length / 1024)} KB in ${Date.now() - started} ms`);
}

export async function buildSchema() {
  // Imported only when needed: loading the generator (and TypeScript) is most of a cache hit's cost.
  const { createGenerator } = await import('ts-json-schema-generator');
  const generated = createGenerator({ path: source, type: 'K8sResource', topRef: false, skipTypeCheck: true })
    .createSchema('K8sResource');
  const defs = generated.definitions;

  // What YAML allows but the Go types' TypeScript shadows forbid.
  // Quantity: `cpu: 1` and `memory: 1024` are valid (the API server accepts numbers).
  defs.Quantity = { ...defs.Quantity, type: ['string', 'number'] };
  // Time: `creationTimestamp: null` is in every `kubectl create --dry-run -o yaml`.
  for (const name of ['Time', 'MicroTime']) defs[name] = { ...defs[name], type: ['string', 'null'] };
  // A webhook rule's resources and scope (kubernetes-types' RuleWithOperations lacks the Rule fields it inlines).
  defs.RuleWithOperations = {
    ...defs.RuleWithOperations,
    properties: {
      ...defs.RuleWithOperations.properties,
      resources: { type: 'array', items: { type: 'string' }, description: 'Resources is a list of resources this rule applies to.' },
      scope: { type: 'string', description: 'scope specifies the scope of this rule. Valid values are "Cluster", "Namespaced", and "*". Default is "*".' },
    },
  };
  // A pod's resourceClaims as v1.31+ writes them (kubernetes-types 1.30 still nests them under `source`).
  defs.PodResourceClaim = {
    type: 'object', additionalProperties: false, required: ['name'],
    description: 'PodResourceClaim references exactly one ResourceClaim, by name or through a ResourceClaimTemplate that makes one for the pod.',
    properties: {
      name: { type: 'string', description: 'Name uniquely identifies this resource claim inside the pod. This must be a DNS_LABEL.' },
      resourceClaimName: { type: 'string', description: 'ResourceClaimName is the name of a ResourceClaim object in the same namespace as this pod.' },
      resourceClaimTemplateName: { type: 'string', description: 'ResourceClaimTemplateName is the name of a ResourceClaimTemplate object in the same namespace as this pod.' },
    },
  };
  // A container's resources.claims entry may name one request of the claim (v1.31+).
  defs.ResourceClaim = { ...defs.ResourceClaim, properties: { ...defs.ResourceClaim.properties, request: { type: 'string', description: 'Request is the name chosen for a request in the referenced claim. If empty, everything from the claim is made available.' } } };

  // One branch per kind, keyed by the literal types kubernetes-types give apiVersion and kind.
  const kinds = generated.anyOf.map(({ $ref }) => {
    const name = decodeURIComponent($ref.replace('#/definitions/', ''));
    const props = defs[name]?.properties ?? {};
    const kind = props.kind?.const;
    const apiVersion = props.apiVersion?.const;
    if (typeof kind !== 'string' || typeof apiVersion !== 'string') {
      throw new Error(`gen:schema: ${name} has no literal kind/apiVersion`);
    }
    // No `required` added here: these definitions are reused inside other kinds (StatefulSet's
    // volumeClaimTemplates are PersistentVolumeClaims without apiVersion/kind). The root requires both,
    // and the branch's apiVersion const reports "Value must be apps/v1" on a mismatch.
    return { kind, apiVersion, ref: $ref };
  });
  if (new Set(kinds.map((k) => k.kind)).size !== kinds.length) {
    throw new Error('gen:schema: a kind appears twice; key the branches on apiVersion too');
  }

  const common = defs.Pod.properties;
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $comment: 'Generated by scripts/gen-schema.mjs from kubernetes-types; do not edit.',
    title: 'Kubernetes', // shown as the source of every hover and diagnostic
    type: 'object',
    required: ['apiVersion', 'kind'],
    properties: {
      // `examples` (not enum) so completion offers them without a second error beside the branch's.
      apiVersion: { type: 'string', description: common.apiVersion.description, examples: [...new Set(kinds.map((k) => k.apiVersion))] },
      kind: { type: 'string', description: common.kind.description, enum: kinds.map((k) => k.kind) },
    },
    allOf: kinds.map(({ kind, ref }) => ({
      if: { properties: { kind: { const: kind } }, required: ['kind'] },
      then: { $ref: ref },
    })),
    definitions: defs,
  };
  return schema;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await generateSchema({ force: process.argv.includes('--force') });
}

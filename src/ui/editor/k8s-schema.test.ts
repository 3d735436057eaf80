// Checks the generated editor schema (scripts/gen-schema.mjs) with a small draft-07 validator that
// covers exactly the keywords the generator emits, and counts if-branches the way yaml-language-server does.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { KindRegistry, apiVersionOf } from '../../engine/api/kinds.ts';
import { TEMPLATES } from '../workbench/templates.ts';

type Schema = {
  $ref?: string; type?: string | string[]; const?: unknown; enum?: unknown[];
  properties?: Record<string, Schema>; required?: string[]; additionalProperties?: boolean | Schema;
  items?: Schema; allOf?: Schema[]; if?: Schema; then?: Schema; definitions?: Record<string, Schema>;
};

let root: Schema;

beforeAll(async () => {
  // The schema is generated (gitignored), so make it first; cached, a no-op when up to date.
  // A computed specifier: the app's tsconfig has no Node types and no declarations for .mjs.
  const script = new URL('../../../scripts/gen-schema.mjs', import.meta.url).href;
  const { generateSchema } = (await import(/* @vite-ignore */ script)) as { generateSchema(): Promise<void> };
  await generateSchema();
  // ?raw after generating: a static JSON import would be resolved before the file exists.
  root = JSON.parse((await import('./k8s-schema.json?raw')).default) as Schema;
}, 60_000);

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** Returns the JSON paths that fail; empty when `value` is valid. */
function validate(value: unknown, schema: Schema, path = ''): string[] {
  if (schema.$ref) return validate(value, root.definitions![decodeURIComponent(schema.$ref.slice('#/definitions/'.length))], path);
  const errors: string[] = [];
  const types = schema.type === undefined ? [] : [schema.type].flat();
  if (types.length && !types.includes(typeOf(value))) return [`${path}: expected ${types.join('|')}`];
  if ('const' in schema && value !== schema.const) errors.push(`${path}: expected ${String(schema.const)}`);
  if (schema.enum && !schema.enum.includes(value)) errors.push(`${path}: not in enum`);
  if (typeOf(value) === 'object') {
    const obj = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in obj)) errors.push(`${path}.${key}: required`);
    for (const [key, v] of Object.entries(obj)) {
      const sub = schema.properties?.[key] ?? schema.additionalProperties;
      if (sub === false) errors.push(`${path}.${key}: unknown field`);
      else if (sub && sub !== true) errors.push(...validate(v, sub, `${path}.${key}`));
    }
  }
  if (Array.isArray(value) && schema.items) value.forEach((v, i) => errors.push(...validate(v, schema.items!, `${path}[${i}]`)));
  for (const sub of schema.allOf ?? []) errors.push(...validate(value, sub, path));
  if (schema.if && schema.then && validate(value, schema.if, path).length === 0) errors.push(...validate(value, schema.then, path));
  return errors;
}

/** How many kind branches a document selects: must be exactly one for a known kind. */
function branchesTaken(doc: unknown): number {
  return (root.allOf ?? []).filter((b) => validate(doc, b.if!).length === 0).length;
}

const deployment = `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  creationTimestamp: null
  labels: { app: web }
spec:
  replicas: 3
  selector: { matchLabels: { app: web } }
  strategy: { rollingUpdate: { maxSurge: 1, maxUnavailable: 25% } }
  template:
    metadata: { labels: { app: web } }
    spec:
      containers:
        - name: nginx
          image: nginx:1.27
          ports: [{ containerPort: 80 }]
          resources: { requests: { cpu: 1, memory: 128Mi }, limits: { cpu: 500m } }
`;

const yamlDoc = (text: string): unknown => parseAllDocuments(text)[0]!.toJSON();

describe('k8s-schema.json', () => {
  it('selects one branch per kind, keyed by kind, with the apiVersion kubesim serves', () => {
    const branches = root.allOf!.map((b) => ({ kind: b.if!.properties!.kind!.const as string, ref: b.then!.$ref! }));
    expect(root.required).toEqual(['apiVersion', 'kind']);
    expect(root.properties!.kind!.enum).toEqual(branches.map((b) => b.kind));
    expect(new Set(branches.map((b) => b.kind)).size).toBe(branches.length);
    const apiVersionOfKind = (kind: string): unknown =>
      root.definitions![branches.find((b) => b.kind === kind)!.ref.slice('#/definitions/'.length)]!.properties!.apiVersion!.const;
    expect(apiVersionOfKind('Deployment')).toBe('apps/v1');
    expect(apiVersionOfKind('HorizontalPodAutoscaler')).toBe('autoscaling/v2');
    expect(apiVersionOfKind('Event')).toBe('v1');
    expect(branches.length).toBeGreaterThanOrEqual(new KindRegistry().all().length);
    // Every kind the API server serves has a schema with the same apiVersion.
    for (const info of new KindRegistry().all()) expect(apiVersionOfKind(info.kind), info.kind).toBe(apiVersionOf(info));
  });

  it('accepts a valid Deployment (numeric quantities, null creationTimestamp, int-or-string)', () => {
    expect(validate(yamlDoc(deployment), root)).toEqual([]);
  });

  it('rejects spec.replicas: "x", unknown fields, a wrong apiVersion and a missing kind', () => {
    expect(validate(yamlDoc(deployment.replace('replicas: 3', 'replicas: "x"')), root)).toEqual(['.spec.replicas: expected number']);
    expect(validate(yamlDoc(deployment.replace('replicas: 3', 'replica: 3')), root)).toEqual(['.spec.replica: unknown field']);
    expect(validate(yamlDoc(deployment.replace('apps/v1', 'v1')), root)).toEqual(['.apiVersion: expected apps/v1']);
    expect(validate({ apiVersion: 'v1', metadata: { name: 'x' } }, root)).toContain('.kind: required');
  });

  it('gives each document of a multi-document file exactly one schema', () => {
    const text = `${deployment}---
apiVersion: v1
kind: Service
metadata: { name: web }
spec: { selector: { app: web }, ports: [{ port: 80, targetPort: http }] }
---
apiVersion: apps/v1
kind: StatefulSet
metadata: { name: db }
spec:
  serviceName: db
  selector: { matchLabels: { app: db } }
  template: { metadata: { labels: { app: db } }, spec: { containers: [{ name: db, image: postgres }] } }
  volumeClaimTemplates:
    - metadata: { name: data }
      spec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: 1Gi } } }
`;
    const docs = parseAllDocuments(text).map((d) => d.toJSON() as unknown);
    expect(docs).toHaveLength(3);
    for (const doc of docs) {
      expect(branchesTaken(doc)).toBe(1);
      expect(validate(doc, root)).toEqual([]);
    }
  });

  it('accepts an admission policy\'s rule with resources and scope, which kubernetes-types lacks', () => {
    const docs = parseAllDocuments(TEMPLATES.find((t) => t.kind === 'ValidatingAdmissionPolicy')!.text).map((d) => d.toJSON() as unknown);
    expect(docs).toHaveLength(2);
    for (const doc of docs) expect(validate(doc, root)).toEqual([]);
    const rule = (docs[0] as { spec: { matchConstraints: { resourceRules: Record<string, unknown>[] } } }).spec.matchConstraints.resourceRules[0];
    expect(validate({ ...(docs[0] as object), spec: { matchConstraints: { resourceRules: [{ ...rule, scope: 'Namespaced', resource: 'x' }] } } }, root)).toEqual(['.spec.matchConstraints.resourceRules[0].resource: unknown field']);
  });
});

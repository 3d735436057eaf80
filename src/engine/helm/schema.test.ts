// values.schema.json in gojsonschema's words, and helm's refusal to render values that do not meet it.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cluster, ok, run } from '../testing/helmcluster.ts';
import { validateAgainstSingleSchema } from './schema.ts';

const check = (schema: object, values: Record<string, unknown>) => validateAgainstSingleSchema(values, JSON.stringify(schema));

describe('validateAgainstSingleSchema', () => {
  it.each([
    [{ type: 'object', required: ['image'] }, {}, '- (root): image is required\n'],
    [{ properties: { replicaCount: { type: 'integer' } } }, { replicaCount: 'two' }, '- replicaCount: Invalid type. Expected: integer, given: string\n'],
    [{ properties: { replicaCount: { type: 'integer' } } }, { replicaCount: 1.5 }, '- replicaCount: Invalid type. Expected: integer, given: number\n'],
    [{ properties: { port: { type: 'number' } } }, { port: 8080n }, ''],
    [{ properties: { tag: { type: ['string', 'null'] } } }, { tag: 3n }, '- tag: Invalid type. Expected: [string,null], given: integer\n'],
    [{ properties: { image: { properties: { pullPolicy: { enum: ['Always', 'IfNotPresent'] } } } } }, { image: { pullPolicy: 'Sometimes' } }, '- image.pullPolicy: image.pullPolicy must be one of the following: "Always", "IfNotPresent"\n'],
    [{ properties: { replicas: { minimum: 1, maximum: 5 } } }, { replicas: 0n }, '- replicas: Must be greater than or equal to 1\n'],
    [{ properties: { replicas: { exclusiveMaximum: 5 } } }, { replicas: 5n }, '- replicas: Must be less than 5\n'],
    [{ properties: { name: { minLength: 3, pattern: '^[a-z]+$' } } }, { name: 'A' }, "- name: String length must be greater than or equal to 3\n- name: Does not match pattern '^[a-z]+$'\n"],
    [{ properties: { hosts: { type: 'array', minItems: 1, items: { type: 'string' } } } }, { hosts: [1n] }, '- hosts.0: Invalid type. Expected: string, given: integer\n'],
    [{ properties: { hosts: { type: 'array', minItems: 2 } } }, { hosts: ['a'] }, '- hosts: Array must have at least 2 items\n'],
    [{ properties: { service: { additionalProperties: false, properties: { port: {} } } } }, { service: { port: 80n, typo: 1n } }, '- service: Additional property typo is not allowed\n'],
    [{ definitions: { port: { type: 'integer' } }, properties: { port: { $ref: '#/definitions/port' } } }, { port: 'http' }, '- port: Invalid type. Expected: integer, given: string\n'],
    [{ properties: { mode: { anyOf: [{ const: 'a' }, { const: 'b' }] } } }, { mode: 'c' }, '- mode: Must validate at least one schema (anyOf)\n'],
    [{ properties: { mode: { const: 'a' } } }, { mode: 'c' }, '- mode: mode does not match: "a"\n'],
  ])('case %#', (schema, values, want) => expect(check(schema, values as Record<string, unknown>)).toBe(want));

  it('passes every integer at or above the minimum and fails every one below it', () => {
    fc.assert(fc.property(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 }), (min, n) => {
      const out = check({ properties: { n: { type: 'integer', minimum: min } } }, { n: BigInt(n) });
      expect(out === '').toBe(n >= min);
    }));
  });
});

const SCHEMA = JSON.stringify({ type: 'object', properties: { replicaCount: { type: 'integer', minimum: 1 }, image: { type: 'object', required: ['repository'] } } });

describe('helm and values.schema.json', () => {
  it('refuses to install, upgrade or template values that do not meet the schema, in helm\'s words', () => {
    const c = cluster();
    ok(c, 'helm create web');
    c.setFile('web/values.schema.json', SCHEMA);
    const r = run(c, 'helm install web ./web --set replicaCount=0');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('Error: INSTALLATION FAILED: values don\'t meet the specifications of the schema(s) in the following chart(s):\nweb:\n- replicaCount: Must be greater than or equal to 1\n\n');
    expect(run(c, 'helm list -a').stdout).not.toContain('web');
    expect(run(c, 'helm template web ./web --set replicaCount=x').stderr).toContain('web:\n- replicaCount: Invalid type. Expected: integer, given: string\n');
    ok(c, 'helm install web ./web');
    expect(run(c, 'helm upgrade web ./web --set image.repository=null').stderr).toBe('Error: UPGRADE FAILED: values don\'t meet the specifications of the schema(s) in the following chart(s):\nweb:\n- image: repository is required\n\n');
  });

  it('checks a subchart\'s schema against its part of the values', () => {
    const c = cluster();
    ok(c, 'helm create web');
    ok(c, 'helm create db');
    c.setFile('db/values.schema.json', SCHEMA);
    for (const [name, text] of Object.entries({ 'Chart.yaml': 'apiVersion: v2\nname: db\nversion: 0.1.0\n', 'values.yaml': 'replicaCount: 1\nimage: {repository: postgres}\n' })) c.setFile(`web/charts/db/${name}`, text);
    c.setFile('web/charts/db/values.schema.json', SCHEMA);
    expect(run(c, 'helm template web ./web --set db.replicaCount=0').stderr).toBe('Error: values don\'t meet the specifications of the schema(s) in the following chart(s):\ndb:\n- replicaCount: Must be greater than or equal to 1\n\n');
  });
});

// Structural schema validation, pruning and defaulting, with the error texts the API server returns for custom
// resources (kube-openapi's messages as kubeOpenAPIResultToFieldErrors turns them into field errors).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fieldErrorText } from '../errors.ts';
import { applyDefaults, prune, validateValue, type Schema } from './schema.ts';

const schema: Schema = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      required: ['image'],
      properties: {
        image: { type: 'string', minLength: 1, maxLength: 20 },
        workers: { type: 'integer', minimum: 1, maximum: 8, default: 1 },
        ratio: { type: 'number', minimum: 0, exclusiveMinimum: true },
        mode: { type: 'string', enum: ['fast', 'slow'] },
        cron: { type: 'string', pattern: '^\\d+ \\*$' },
        port: { 'x-kubernetes-int-or-string': true },
        tags: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string' } },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        size: { type: 'integer', nullable: true },
        limits: {
          type: 'object',
          properties: { min: { type: 'integer' }, max: { type: 'integer' } },
          'x-kubernetes-validations': [{ rule: 'self.min <= self.max', message: 'min must not exceed max' }],
        },
        immutable: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'Value is immutable' }] },
      },
    },
  },
};

const errors = (spec: unknown, old?: unknown) =>
  validateValue({ apiVersion: 'x/v1', kind: 'X', metadata: {}, spec }, schema, '', old === undefined ? undefined : { spec: old }).map(fieldErrorText);

describe('custom resource validation (upstream texts)', () => {
  it.each([
    [{ image: 'a', workers: 0 }, 'spec.workers: Invalid value: 0: spec.workers in body should be greater than or equal to 1'],
    [{ image: 'a', workers: 9 }, 'spec.workers: Invalid value: 9: spec.workers in body should be less than or equal to 8'],
    [{ image: 'a', ratio: 0 }, 'spec.ratio: Invalid value: 0: spec.ratio in body should be greater than 0'],
    [{}, 'spec.image: Required value'],
    [{ image: 'a', mode: 'medium' }, 'spec.mode: Unsupported value: "medium": supported values: "fast", "slow"'],
    [{ image: 'a', workers: 'two' }, 'spec.workers: Invalid value: "string": spec.workers in body must be of type integer: "string"'],
    [{ image: 'a', workers: 1.5 }, 'spec.workers: Invalid value: "number": spec.workers in body must be of type integer: "number"'],
    [{ image: 'a', cron: '* *' }, "spec.cron: Invalid value: \"* *\": spec.cron in body should match '^\\d+ \\*$'"],
    [{ image: '' }, 'spec.image: Invalid value: "": spec.image in body should be at least 1 chars long'],
    [{ image: 'a'.repeat(21) }, 'spec.image: Too long: must have at most 20 bytes'],
    [{ image: 'a', tags: [] }, 'spec.tags: Invalid value: 0: spec.tags in body should have at least 1 items'],
    [{ image: 'a', tags: ['a', 'b', 'c'] }, 'spec.tags: Too many: 3: must have at most 2 items'],
    [{ image: 'a', tags: [1] }, 'spec.tags[0]: Invalid value: "integer": spec.tags[0] in body must be of type string: "integer"'],
    [{ image: 'a', labels: { a: 1 } }, 'spec.labels.a: Invalid value: "integer": spec.labels.a in body must be of type string: "integer"'],
    [{ image: 'a', port: true }, 'spec.port: Invalid value: "boolean": spec.port in body must be of type integer,string: "boolean"'],
    [{ image: 'a', limits: { min: 3, max: 2 } }, 'spec.limits: Invalid value: "object": min must not exceed max'],
    [{ image: 'a', limits: { min: 3 } }, 'spec.limits: Invalid value: "object": self.min <= self.max: no such key: max'],
    ['x', 'spec: Invalid value: "string": spec in body must be of type object: "string"'],
  ])('%j → %s', (spec, text) => {
    expect(errors(spec)).toEqual([text]);
  });

  it('accepts valid values, nulls where nullable and anything under preserve-unknown-fields', () => {
    expect(errors({ image: 'a', workers: 8, ratio: 0.5, mode: 'fast', cron: '5 *', port: 'http', tags: ['x'], labels: { a: 'b' }, extra: { any: [1, { x: 2 }] }, size: null, limits: { min: 1, max: 1 } })).toEqual([]);
    expect(errors({ image: 'a', port: 8080 })).toEqual([]);
  });

  it('runs transition rules only on an update with an old value', () => {
    expect(errors({ image: 'a', immutable: 'x' })).toEqual([]);
    expect(errors({ image: 'a', immutable: 'x' }, { image: 'a', immutable: 'x' })).toEqual([]);
    expect(errors({ image: 'a', immutable: 'y' }, { image: 'a', immutable: 'x' })).toEqual(['spec.immutable: Invalid value: "string": Value is immutable']);
  });

  it('reports a rule without a message as "failed rule"', () => {
    const s: Schema = { type: 'object', 'x-kubernetes-validations': [{ rule: "size(self.name) < 5 && self.name.startsWith('a')" }], properties: { name: { type: 'string' } } };
    expect(validateValue({ name: 'abcdef' }, s, 'spec').map(fieldErrorText)).toEqual([`spec: Invalid value: "object": failed rule: size(self.name) < 5 && self.name.startsWith('a')`]);
    expect(validateValue({ name: 'abc' }, s, 'spec')).toEqual([]);
  });

  it('evaluates list macros, in, arithmetic and the conditional operator', () => {
    const rule = (r: string, v: unknown) => validateValue(v, { type: 'object', 'x-kubernetes-validations': [{ rule: r }] }, 's').length === 0;
    expect(rule('self.items.all(i, i > 0)', { items: [1, 2] })).toBe(true);
    expect(rule('self.items.exists(i, i > 1)', { items: [0, 1] })).toBe(false);
    expect(rule("self.mode in ['a', 'b']", { mode: 'b' })).toBe(true);
    expect(rule('self.a * 2 + 1 == 7 && self.a % 2 == 1', { a: 3 })).toBe(true);
    expect(rule("has(self.x) ? self.x > 0 : true", {})).toBe(true);
    expect(rule("!has(self.x) || self.x.matches('^[a-z]+$')", { x: 'Ab' })).toBe(false);
  });
});

describe('pruning and defaulting', () => {
  it('drops unknown fields, keeps ObjectMeta, preserved and additional properties', () => {
    const obj = { apiVersion: 'x/v1', kind: 'X', metadata: { name: 'a' }, junk: 1, spec: { image: 'a', nope: 2, extra: { kept: 1 }, labels: { a: 'b' } } };
    prune(obj, schema, true);
    expect(obj).toEqual({ apiVersion: 'x/v1', kind: 'X', metadata: { name: 'a' }, spec: { image: 'a', extra: { kept: 1 }, labels: { a: 'b' } } });
  });

  it('fills defaults top-down and replaces a null that is not nullable', () => {
    const s: Schema = { type: 'object', properties: { spec: { type: 'object', default: {}, properties: { workers: { type: 'integer', default: 1 }, size: { type: 'integer', nullable: true, default: 3 } } } } };
    const a: Record<string, unknown> = {};
    applyDefaults(a, s);
    expect(a).toEqual({ spec: { workers: 1, size: 3 } });
    const b = { spec: { workers: null, size: null } };
    applyDefaults(b, s);
    expect(b).toEqual({ spec: { workers: 1, size: null } });
  });

  it('pruning is idempotent and leaves only what the schema specifies (property)', () => {
    const key = fc.constantFrom('spec', 'image', 'workers', 'extra', 'labels', 'junk', 'tags');
    const json = fc.letrec((tie) => ({ v: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.string(), fc.dictionary(key, tie('v')), fc.array(tie('v'), { maxLength: 3 })) })).v;
    fc.assert(fc.property(fc.dictionary(key, json), (obj) => {
      const once = structuredClone(obj);
      prune(once, schema, true);
      const twice = structuredClone(once);
      prune(twice, schema, true);
      expect(twice).toEqual(once);
      for (const k of Object.keys(once)) expect(['spec']).toContain(k);
      const spec = once.spec as Record<string, unknown> | undefined;
      if (spec && typeof spec === 'object' && !Array.isArray(spec)) for (const k of Object.keys(spec)) expect(Object.keys(schema.properties!.spec.properties!)).toContain(k);
    }));
  });
});

// Tables from upstream fields/selector_test.go and the API server's field label errors.
import { describe, expect, it } from 'vitest';
import {
  FieldSelectorError, escapeFieldValue, everythingFields, metaOnlyFieldLabelError, parseFieldSelector, unescapeFieldValue,
} from './fields.ts';

const podFields = ['metadata.name', 'metadata.namespace', 'spec.nodeName', 'spec.restartPolicy', 'spec.schedulerName', 'status.phase', 'status.podIP'];
const anything = ['x', 'y', 'z', 'a', 'foo', 'baz', 'foobar', 'complex', 'notin', 'k', 'k2', '함', '목'];

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(FieldSelectorError);
    return (e as Error).message;
  }
  throw new Error('expected an error');
}

describe('parseFieldSelector (TestSelectorParse)', () => {
  it.each(['x=a,y=b,z=c', '', 'x!=a,y=b', 'x=a||y\\=b', 'x=a\\=\\=b'])('%j restrings', (s) => {
    expect(parseFieldSelector(s, anything).toString()).toBe(s);
  });

  it.each([
    ['x=a||y=b', 'invalid field selector: unescaped character in value: 61'],
    ['x==a==b', 'invalid field selector: unescaped character in value: 61'],
    ['x=a,b', "invalid selector: 'x=a,b'; can't understand 'b'"],
    ['x in (a)', "invalid selector: 'x in (a)'; can't understand 'x in (a)'"],
    ['x in (a,b,c)', "invalid selector: 'x in (a,b,c)'; can't understand 'b'"],
    ['x', "invalid selector: 'x'; can't understand 'x'"],
    ['x=a\\b', 'invalid field selector: invalid escape sequence: \\b'],
    ['x=a\\', 'invalid field selector: invalid escape sequence: \\'],
  ])('rejects %j', (s, message) => {
    expect(errorOf(() => parseFieldSelector(s, anything))).toBe(message);
  });

  it('is deterministic (TestDeterministicParse)', () => {
    expect(parseFieldSelector('x=a,a=x', anything).toString()).toBe('a=x,x=a');
    expect(parseFieldSelector('a=x,x=a', anything).toString()).toBe('a=x,x=a');
  });

  it('normalizes == to = and exposes requirements', () => {
    const sel = parseFieldSelector('y==b,x!=a', anything);
    expect(sel.toString()).toBe('x!=a,y=b');
    expect(sel.requirements()).toEqual([
      { field: 'x', operator: '!=', value: 'a' },
      { field: 'y', operator: '=', value: 'b' },
    ]);
  });

  it('splits on unescaped commas only (TestSplitTerms, TestSplitTerm)', () => {
    const fields = (s: string) => parseFieldSelector(s, anything).requirements().map((r) => [r.field, r.value]);
    // Raw terms sort byte-wise: "k2=…" comes before "k=…".
    expect(fields('k=\\,,k2=v2')).toEqual([['k2', 'v2'], ['k', ',']]);
    expect(fields('k=\\\\,k2=v2')).toEqual([['k2', 'v2'], ['k', '\\']]);
    expect(fields('k=\\\\\\,,k2=v2')).toEqual([['k2', 'v2'], ['k', '\\,']]);
    expect(fields('k=\\=')).toEqual([['k', '=']]);
    expect(fields('a=a,')).toEqual([['a', 'a']]);
    expect(fields(',a=a')).toEqual([['a', 'a']]);
    expect(fields('함=수,목=록')).toEqual([['목', '록'], ['함', '수']]);
    expect(fields('a!=b=c'.replace('=c', '\\=c'))).toEqual([['a', 'b=c']]);
    expect(parseFieldSelector(',', anything).empty()).toBe(true);
  });
});

describe('escaping (TestEscapeValue)', () => {
  it.each([['', ''], ['a', 'a'], ['=', '\\='], [',', '\\,'], ['\\', '\\\\'], ['\\=\\,\\', '\\\\\\=\\\\\\,\\\\']])('%j ↔ %j', (raw, escaped) => {
    expect(escapeFieldValue(raw)).toBe(escaped);
    expect(unescapeFieldValue(escaped)).toBe(raw);
  });

  it.each(['\\', '\\\\\\', '\\a'])('rejects the invalid escape %j', (s) => {
    expect(() => unescapeFieldValue(s)).toThrow(/invalid escape sequence/);
  });
});

describe('matching (TestSelectorMatches)', () => {
  const fieldset = { foo: 'bar', baz: 'blah', complex: '=value\\,\\' };
  it.each([
    ['', { x: 'y' }, true], ['x=y', { x: 'y' }, true], ['x=y,z=w', { x: 'y', z: 'w' }, true],
    ['x!=y,z!=w', { x: 'z', z: 'a' }, true], ['notin=in', { notin: 'in' }, true],
    ['x=y', { x: 'z' }, false], ['x=y,z=w', { x: 'w', z: 'w' }, false], ['x!=y,z!=w', { x: 'z', z: 'w' }, false],
    ['foo=bar', fieldset, true], ['baz=blah', fieldset, true], ['foo=bar,baz=blah', fieldset, true],
    ['foo=bar,baz=blah,complex=\\=value\\\\\\,\\\\', fieldset, true],
    ['foo=blah', fieldset, false], ['baz=bar', fieldset, false], ['foo=bar,foobar=bar,baz=blah', fieldset, false],
    ['foobar=', fieldset, true], ['foobar!=', fieldset, false],
  ] as [string, Record<string, string>, boolean][])('%j on %j → %s', (s, set, want) => {
    expect(parseFieldSelector(s, anything).matchesFields(set)).toBe(want);
  });

  const pod = (name: string, nodeName: string | undefined, phase: string) => ({
    apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' },
    spec: { ...(nodeName ? { nodeName } : {}), restartPolicy: 'Always', containers: [] }, status: { phase },
  });
  const pods = [pod('a', 'w1', 'Running'), pod('b', undefined, 'Pending'), pod('c', 'w2', 'Succeeded')];
  const names = (s: string) => pods.filter((p) => parseFieldSelector(s, podFields).matches(p)).map((p) => p.metadata.name);

  it.each([
    ['spec.nodeName=w1', ['a']], ['spec.nodeName=', ['b']], ['spec.nodeName!=', ['a', 'c']],
    ['status.phase!=Running', ['b', 'c']], ['status.phase=Running,spec.nodeName=w1', ['a']],
    ['metadata.namespace=default,metadata.name=c', ['c']], ['metadata.namespace=other', []],
    ['status.phase!=Succeeded,status.phase!=Failed', ['a', 'b']], ['', ['a', 'b', 'c']], ['status.podIP=', ['a', 'b', 'c']],
  ])('pods %j → %j', (s, want) => {
    expect(names(s)).toEqual(want);
  });

  it('reads missing or non-object paths as empty', () => {
    const sel = parseFieldSelector('spec.nodeName=', podFields);
    expect(sel.matches(null)).toBe(true);
    expect(sel.matches({ spec: 'weird' })).toBe(true);
    expect(sel.matches({ spec: { nodeName: 'x' } })).toBe(false);
    expect(parseFieldSelector('spec.x=true', ['spec.x']).matches({ spec: { x: true } })).toBe(true);
    expect(parseFieldSelector('spec.x=3', ['spec.x']).matches({ spec: { x: 3 } })).toBe(true);
  });
});

describe('field labels per kind', () => {
  it('rejects unsupported fields with the API server message', () => {
    expect(errorOf(() => parseFieldSelector('spec.foo=bar', podFields))).toBe('field label not supported: spec.foo');
    // Terms are checked in sorted order after the whole string parsed.
    expect(errorOf(() => parseFieldSelector('z=1,b=2', podFields))).toBe('field label not supported: b');
    expect(errorOf(() => parseFieldSelector('spec.foo=bar,x', podFields))).toBe("invalid selector: 'spec.foo=bar,x'; can't understand 'x'");
    expect(errorOf(() => parseFieldSelector('=x', podFields))).toBe('field label not supported: ');
  });

  it('supports the generic message of kinds without their own conversion', () => {
    const meta = ['metadata.name', 'metadata.namespace'];
    expect(errorOf(() => parseFieldSelector('spec.replicas=1', meta, { unsupported: metaOnlyFieldLabelError })))
      .toBe('"spec.replicas" is not a known field selector: only "metadata.name", "metadata.namespace"');
    expect(parseFieldSelector('metadata.name=web', meta, { unsupported: metaOnlyFieldLabelError }).toString()).toBe('metadata.name=web');
  });

  it('rewrites aliases such as spec.host', () => {
    const sel = parseFieldSelector('spec.host=w1', podFields, { aliases: { 'spec.host': 'spec.nodeName' } });
    expect(sel.toString()).toBe('spec.nodeName=w1');
    expect(sel.matches({ spec: { nodeName: 'w1' } })).toBe(true);
  });

  it('has an empty selector', () => {
    expect(everythingFields.empty()).toBe(true);
    expect(everythingFields.matches({})).toBe(true);
    expect(parseFieldSelector('', podFields)).toBe(everythingFields);
    expect(parseFieldSelector('status.phase=Running', podFields).empty()).toBe(false);
  });
});

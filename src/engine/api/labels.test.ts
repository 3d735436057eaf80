// Tables from upstream labels/selector_test.go and metav1 helpers_test.go, exact error texts, and a property test.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { LabelSelector } from 'kubernetes-types/meta/v1';
import {
  LabelSelectorError, everything, formatLabelSelector, newRequirement, nothing, parseSelector, selectorFromLabelSelector,
  selectorFromRequirements, selectorFromSet, type Operator, type Requirement,
} from './labels.ts';

const LV = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const NAME = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const OPS = 'in, notin, =, ==, !=, gt, lt';

const req = (key: string, operator: Operator, values: string[] = []): Requirement => ({ key, operator, values });

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(LabelSelectorError);
    return (e as Error).message;
  }
  throw new Error('expected an error');
}

describe('parseSelector (TestSelectorParse)', () => {
  it.each(['x=a,y=b,z=c', '', 'x!=a,y=b', 'x=', 'x= ', 'x=,z= ', 'x= ,z= ', '!x', 'x>1', 'x>1,z<5'])(
    '%j restrings without spaces', (s) => {
      expect(parseSelector(s).toString()).toBe(s.replaceAll(' ', ''));
    });

  it('is deterministic (TestDeterministicParse)', () => {
    expect(parseSelector('x=a,a=x').toString()).toBe(parseSelector('a=x,x=a').toString());
    expect(parseSelector('x=a,a=x').toString()).toBe('a=x,x=a');
  });

  it.each([
    ['x=a||y=b', `unable to parse requirement: values[0][x]: Invalid value: "a||y": ${LV}`],
    ['x==a==b', "found '==', expected: ',' or 'end of string'"],
    ['!x=a', "found '=', expected: ',' or 'end of string'"],
    ['x<a', "unable to parse requirement: values[0]: Invalid value: \"a\": for 'Gt', 'Lt' operators, the value must be an integer"],
    ['x>', "unable to parse requirement: values[0]: Invalid value: \"\": for 'Gt', 'Lt' operators, the value must be an integer"],
    ['x,,y', "found ',', expected: identifier after ','"],
    [',x,y', "found ',', expected: !, identifier, or 'end of string'"],
    ['x nott in (y)', `unable to parse requirement: found 'nott', expected: ${OPS}`],
    ['a in (xyz),', "found '', expected: identifier after ','"],
    ['a in (xyz)b notin ()', "found 'b', expected: ',' or 'end of string'"],
    ['a in (xyz abc)', "unable to parse requirement: found 'abc', expected: ',' or ')'"],
    ['a notin(', "unable to parse requirement: found '', expected: ',', ')' or identifier"],
    ['a (', `unable to parse requirement: found '(', expected: ${OPS}`],
    ['(', "found '(', expected: !, identifier, or 'end of string'"],
    ['x in y', "unable to parse requirement: found 'y' expected: '('"],
    ['x in (a,=)', "unable to parse requirement: found '=', expected: ',', or identifier"],
    ['x in (a', "unable to parse requirement: found '', expected: ',' or ')'"],
    ['x=(a)', "unable to parse requirement: found '(', expected: identifier"],
    ['!', "unable to parse requirement: found '', expected: identifier"],
    ['x=a,', "found '', expected: identifier after ','"],
    ['x=a b', "found 'b', expected: ',' or 'end of string'"],
    ['x>=1', "unable to parse requirement: found '=', expected: identifier"],
    ['-x', `unable to parse requirement: <nil>: Invalid value: "-x": ${NAME}`],
    ['x=-bad', `unable to parse requirement: values[0][x]: Invalid value: "-bad": ${LV}`],
    ['app=-bad', `unable to parse requirement: values[0][app]: Invalid value: "-bad": ${LV}`],
    ['x>-1', `unable to parse requirement: values[0][x]: Invalid value: "-1": ${LV}`],
    ['x in (a,b"c)', `unable to parse requirement: values[1][x]: Invalid value: "b\\"c": ${LV}`],
    ['x>a-', `unable to parse requirement: [values[0]: Invalid value: "a-": for 'Gt', 'Lt' operators, the value must be an integer, values[0][x]: Invalid value: "a-": ${LV}]`],
    ['a/b/c', `unable to parse requirement: <nil>: Invalid value: "a/b/c": a qualified name ${NAME.slice('name part '.length)} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`],
    [`x=${'a'.repeat(64)}`, `unable to parse requirement: values[0][x]: Invalid value: "${'a'.repeat(64)}": must be no more than 63 characters`],
  ])('rejects %j', (s, message) => {
    expect(errorOf(() => parseSelector(s))).toBe(message);
  });
});

describe('parseSelector results (TestSetSelectorParser)', () => {
  it.each([
    ['', []],
    ['\rx', [req('x', 'exists')]],
    ['this-is-a-dns.domain.com/key-with-dash', [req('this-is-a-dns.domain.com/key-with-dash', 'exists')]],
    ['this-is-another-dns.domain.com/key-with-dash in (so,what)', [req('this-is-another-dns.domain.com/key-with-dash', 'in', ['so', 'what'])]],
    ['0.1.2.domain/99 notin (10.10.100.1, tick.tack.clock)', [req('0.1.2.domain/99', 'notin', ['10.10.100.1', 'tick.tack.clock'])]],
    ['foo  in\t (abc)', [req('foo', 'in', ['abc'])]],
    ['x notin\n (abc)', [req('x', 'notin', ['abc'])]],
    ['x  notin\t\t\t(abc,def)', [req('x', 'notin', ['abc', 'def'])]],
    ['x in (abc,def)', [req('x', 'in', ['abc', 'def'])]],
    ['x in (abc,)', [req('x', 'in', ['', 'abc'])]],
    ['x in ()', [req('x', 'in', [''])]],
    ['x notin (abc,,def),bar,z in (),w', [req('bar', 'exists'), req('w', 'exists'), req('x', 'notin', ['', 'abc', 'def']), req('z', 'in', [''])]],
    ['x,y in (a)', [req('x', 'exists'), req('y', 'in', ['a'])]],
    ['x=a', [req('x', '=', ['a'])]],
    ['x>1', [req('x', 'gt', ['1'])]],
    ['x<7', [req('x', 'lt', ['7'])]],
    ['x=a,y!=b', [req('x', '=', ['a']), req('y', '!=', ['b'])]],
    ['x=a,y!=b,z in (h,i,j)', [req('x', '=', ['a']), req('y', '!=', ['b']), req('z', 'in', ['h', 'i', 'j'])]],
    ['x notin ( )', [req('x', 'notin', [''])]],
    ['x notin (, a)', [req('x', 'notin', ['', 'a'])]],
    ['a ', [req('a', 'exists')]],
    ['a in (x,y,notin, z,in)', [req('a', 'in', ['in', 'notin', 'x', 'y', 'z'])]],
    ['x==a', [req('x', '==', ['a'])]],
    ['in=notin', [req('in', '=', ['notin'])]],
    ['x in (b,a,b)', [req('x', 'in', ['a', 'b'])]],
    ['!x,y', [req('x', '!'), req('y', 'exists')]],
    ['z!=a,z', [req('z', '!=', ['a']), req('z', 'exists')]],
  ] as [string, Requirement[]][])('%j', (s, want) => {
    expect(parseSelector(s).requirements()).toEqual(want);
  });

  it('prints requirements like upstream (TestToString)', () => {
    expect(selectorFromRequirements([req('x', 'in', ['def', 'abc']), req('y', 'notin', ['jkl']), req('z', 'exists')]).toString())
      .toBe('x in (abc,def),y notin (jkl),z');
    expect(selectorFromRequirements([req('x', 'notin', ['abc', 'def']), req('y', '!=', ['jkl']), req('z', '!')]).toString())
      .toBe('x notin (abc,def),y!=jkl,!z');
    expect(selectorFromRequirements([req('x', 'notin', ['abc']), req('y', 'in', ['jkl', 'mno']), req('z', 'notin', [''])]).toString())
      .toBe('x notin (abc),y in (jkl,mno),z notin ()');
    expect(selectorFromRequirements([req('x', '=', ['abc']), req('y', '==', ['jkl']), req('z', '!=', ['a']), req('z', 'exists')]).toString())
      .toBe('x=abc,y==jkl,z!=a,z');
    expect(selectorFromRequirements([req('x', 'gt', ['2']), req('y', 'lt', ['8']), req('z', 'exists')]).toString()).toBe('x>2,y<8,z');
    expect(parseSelector('tier in (b,a),app=web,!canary').toString()).toBe('app=web,!canary,tier in (a,b)');
  });
});

describe('matching (TestSelectorMatches, TestRequirementSelectorMatching)', () => {
  it.each([
    ['', { x: 'y' }, true], ['x=y', { x: 'y' }, true], ['x=y,z=w', { x: 'y', z: 'w' }, true],
    ['x!=y,z!=w', { x: 'z', z: 'a' }, true], ['notin=in', { notin: 'in' }, true], ['x', { x: 'z' }, true],
    ['!x', { y: 'z' }, true], ['x>1', { x: '2' }, true], ['x<1', { x: '0' }, true],
    ['x=z', {}, false], ['x=y', { x: 'z' }, false], ['x=y,z=w', { x: 'w', z: 'w' }, false], ['x!=y,z!=w', { x: 'z', z: 'w' }, false],
    ['x', { y: 'z' }, false], ['!x', { x: 'z' }, false], ['x>1', { x: '0' }, false], ['x<1', { x: '2' }, false],
    ['foo=bar', { foo: 'bar', baz: 'blah' }, true], ['baz=blah', { foo: 'bar', baz: 'blah' }, true],
    ['foo=bar,baz=blah', { foo: 'bar', baz: 'blah' }, true], ['foo=blah', { foo: 'bar', baz: 'blah' }, false],
    ['baz=bar', { foo: 'bar', baz: 'blah' }, false], ['foo=bar,foobar=bar,baz=blah', { foo: 'bar', baz: 'blah' }, false],
    ['x in (foo),y notin (alpha)', { x: 'foo', y: 'baz' }, true], ['x in (foo),y in (alpha)', { x: 'foo', y: 'baz' }, false],
    ['x notin (),y', { y: '' }, true], ['!x,y', { y: '' }, true], ['x notin (),!y', { y: '' }, false],
    ['x in ()', { y: 'baz' }, false], ['x in ()', { x: '' }, true], ['z>1', { z: '2' }, true], ['z>1', { z: 'v2' }, false],
    ['x!=a', {}, true], ['x notin (a)', {}, true], ['x>1', {}, false], ['x>0', { x: '-1' }, false],
    ['x>9', { x: '10' }, true], ['x<10', { x: '9' }, true], ['x>1', { x: '9223372036854775808' }, false], ['x>1', { x: '+5' }, true],
    // label keys that are also Object.prototype members must not be found on plain objects
    ['constructor', {}, false], ['!toString', {}, true], ['hasOwnProperty', {}, false],
  ] as [string, Record<string, string>, boolean][])('%j on %j → %s', (s, labels, want) => {
    expect(parseSelector(s).matches(labels)).toBe(want);
  });

  it('treats missing labels as an empty set', () => {
    expect(parseSelector('!x').matches(undefined)).toBe(true);
    expect(parseSelector('x').matches(undefined)).toBe(false);
  });

  it('has everything and nothing', () => {
    expect(everything.matches({ x: 'y' })).toBe(true);
    expect(everything.empty()).toBe(true);
    expect(everything.toString()).toBe('');
    expect(nothing.matches({ x: 'y' })).toBe(false);
    expect(nothing.matches({})).toBe(false);
    expect(nothing.empty()).toBe(false);
    expect(nothing.toString()).toBe('');
    expect(nothing.requirements()).toEqual([]);
    expect(parseSelector('').empty()).toBe(true);
    expect(parseSelector('x').empty()).toBe(false);
  });
});

describe('selectorFromSet (TestSetMatches)', () => {
  const labelset = { foo: 'bar', baz: 'blah' };
  it('matches exactly the set', () => {
    expect(selectorFromSet({}).matches(labelset)).toBe(true);
    expect(selectorFromSet({ foo: 'bar' }).matches(labelset)).toBe(true);
    expect(selectorFromSet({ baz: 'blah' }).matches(labelset)).toBe(true);
    expect(selectorFromSet({ foo: 'bar', baz: 'blah' }).matches(labelset)).toBe(true);
    expect(selectorFromSet({ foo: '=blah' }).matches(labelset)).toBe(false);
    expect(selectorFromSet({ foo: 'bar', foobar: 'bar', baz: 'blah' }).matches(labelset)).toBe(false);
  });

  it('is empty for nil and empty sets (TestNilMapIsValid, TestSetIsEmpty) and sorted by key', () => {
    expect(selectorFromSet(undefined).empty()).toBe(true);
    expect(selectorFromSet({}).empty()).toBe(true);
    expect(selectorFromSet({ tier: 'web', app: 'shop' }).toString()).toBe('app=shop,tier=web');
  });
});

describe('newRequirement (TestRequirementConstructor)', () => {
  it.each([
    ['x', 'in', [], false], ['x', 'notin', [], false], ['x', 'in', ['foo'], true], ['x', 'notin', ['foo'], true],
    ['x', 'exists', [], true], ['x', '!', [], true], ['1foo', 'in', ['bar'], true], ['1234', 'in', ['bar'], true],
    ['y', 'gt', ['1'], true], ['z', 'lt', ['6'], true], ['foo', 'gt', ['bar'], false], ['barz', 'lt', ['blah'], false],
    ['a'.repeat(254), 'exists', [], false], ['x', '=', ['a', 'b'], false], ['x', 'exists', ['a'], false],
  ] as [string, Operator, string[], boolean][])('%s %s %j → %s', (key, op, values, ok) => {
    if (ok) expect(newRequirement(key, op, values)).toEqual(req(key, op, values));
    else expect(() => newRequirement(key, op, values)).toThrow(LabelSelectorError);
  });

  it('reports upstream messages', () => {
    expect(errorOf(() => newRequirement('x', 'in', []))).toBe("values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty");
    expect(errorOf(() => newRequirement('x', '=', ['a', 'b']))).toBe('values: Invalid value: []string{"a", "b"}: exact-match compatibility requires one single value');
    expect(errorOf(() => newRequirement('x', 'gt', ['1', '2']))).toBe('values: Invalid value: []string{"1", "2"}: for \'Gt\', \'Lt\' operators, exactly one value is required');
    expect(errorOf(() => newRequirement('-x', 'exists', []))).toBe(`key: Invalid value: "-x": ${NAME}`);
    expect(errorOf(() => newRequirement('x', 'bogus' as Operator, []))).toBe(
      'operator: Unsupported value: "bogus": supported values: "in", "notin", "=", "==", "!=", "gt", "lt", "exists", "!"');
  });

  it('returns frozen requirements', () => {
    const r = newRequirement('x', 'in', ['a']);
    expect(Object.isFrozen(r) && Object.isFrozen(r.values)).toBe(true);
    const sel = parseSelector('x in (a)');
    sel.requirements().pop();
    expect(sel.requirements()).toHaveLength(1);
  });
});

describe('selectorFromLabelSelector (TestLabelSelectorAsSelector)', () => {
  const matchLabels = { foo: 'bar' };
  const matchExpressions = [{ key: 'baz', operator: 'In', values: ['qux', 'norf'] }];

  it.each([
    [{ matchLabels }, 'foo=bar'],
    [{ matchExpressions }, 'baz in (norf,qux)'],
    [{ matchLabels, matchExpressions }, 'baz in (norf,qux),foo=bar'],
    [{ matchExpressions: [{ key: 'a', operator: 'NotIn', values: ['x'] }, { key: 'b', operator: 'Exists' }, { key: 'c', operator: 'DoesNotExist' }] }, 'a notin (x),b,!c'],
    [{ matchLabels: { 'app.kubernetes.io/name': 'web', tier: '' } }, 'app.kubernetes.io/name=web,tier='],
  ] as [LabelSelector, string][])('%j → %s', (ls, want) => {
    const sel = selectorFromLabelSelector(ls);
    expect(sel.toString()).toBe(want);
    expect(sel.toString()).toBe(parseSelector(want).toString());
    expect(formatLabelSelector(ls)).toBe(want);
  });

  it('maps nil to nothing and empty to everything', () => {
    expect(selectorFromLabelSelector(null)).toBe(nothing);
    expect(selectorFromLabelSelector(undefined)).toBe(nothing);
    expect(selectorFromLabelSelector({})).toBe(everything);
    expect(selectorFromLabelSelector({ matchLabels: {}, matchExpressions: [] })).toBe(everything);
    expect(formatLabelSelector(null)).toBe('<none>');
    expect(formatLabelSelector({})).toBe('<none>');
  });

  it('matches with set semantics', () => {
    const sel = selectorFromLabelSelector({ matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['db'] }] });
    expect(sel.matches({ app: 'web' })).toBe(true);
    expect(sel.matches({ app: 'web', tier: 'db' })).toBe(false);
    expect(sel.matches({ app: 'api' })).toBe(false);
  });

  it.each([
    [{ matchExpressions: [{ key: 'baz', operator: 'Exists', values: ['qux', 'norf'] }] }, 'values: Invalid value: []string{"qux", "norf"}: values set must be empty for exists and does not exist'],
    [{ matchExpressions: [{ key: 'name', operator: 'In', values: [] }] }, "values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty"],
    [{ matchExpressions: [{ key: 'name', operator: 'In' }] }, "values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty"],
    [{ matchExpressions: [{ key: 'name', operator: 'Seriously' }] }, '"Seriously" is not a valid label selector operator'],
    [{ matchExpressions: [{ key: 'x', operator: 'in', values: ['a'] }] }, '"in" is not a valid label selector operator'],
    [{ matchLabels: { app: '-bad' } }, `values[0][app]: Invalid value: "-bad": ${LV}`],
    [{ matchLabels: { '-bad': 'x' } }, `key: Invalid value: "-bad": ${NAME}`],
    [{ matchLabels: { '-bad': '-bad' } }, `[key: Invalid value: "-bad": ${NAME}, values[0][-bad]: Invalid value: "-bad": ${LV}]`],
  ] as [LabelSelector, string][])('rejects %j', (ls, message) => {
    expect(errorOf(() => selectorFromLabelSelector(ls))).toBe(message);
    expect(formatLabelSelector(ls)).toBe('<error>');
  });

  it('caches conversions of frozen selectors only', () => {
    const frozen = Object.freeze({ matchLabels: Object.freeze({ app: 'web' }) });
    expect(selectorFromLabelSelector(frozen)).toBe(selectorFromLabelSelector(frozen));
    const bad = Object.freeze({ matchExpressions: Object.freeze([Object.freeze({ key: 'x', operator: 'Nope' })]) }) as LabelSelector;
    expect(() => selectorFromLabelSelector(bad)).toThrow('"Nope" is not a valid label selector operator');
    expect(() => selectorFromLabelSelector(bad)).toThrow('"Nope" is not a valid label selector operator');
    const mutable: LabelSelector = { matchLabels: { app: 'web' } };
    expect(selectorFromLabelSelector(mutable).toString()).toBe('app=web');
    mutable.matchLabels = { app: 'api' };
    expect(selectorFromLabelSelector(mutable).toString()).toBe('app=api');
  });
});

// ---- property: printing and re-parsing a selector keeps its meaning ----

const keys = ['a', 'b', 'x.io/k', 'in', 'Z_9'];
const values = ['', 'v1', 'v2', '3', '10', 'in', 'A.b-c_d'];
const requirement = fc.oneof(
  fc.tuple(fc.constantFrom(...keys), fc.constantFrom<Operator>('in', 'notin'), fc.array(fc.constantFrom(...values), { minLength: 1, maxLength: 3 })),
  fc.tuple(fc.constantFrom(...keys), fc.constantFrom<Operator>('=', '==', '!='), fc.constantFrom(...values).map((v) => [v])),
  fc.tuple(fc.constantFrom(...keys), fc.constantFrom<Operator>('exists', '!'), fc.constant([] as string[])),
  fc.tuple(fc.constantFrom(...keys), fc.constantFrom<Operator>('gt', 'lt'), fc.constantFrom('0', '3', '10').map((v) => [v])),
).map(([k, op, vs]) => newRequirement(k, op, vs));
const labelSet = fc.dictionary(fc.constantFrom(...keys), fc.constantFrom(...values, '7', 'x'), { maxKeys: 5 });

describe('properties', () => {
  it('parseSelector(sel.toString()) matches the same label sets', () => {
    fc.assert(fc.property(fc.array(requirement, { maxLength: 5 }), fc.array(labelSet, { minLength: 1, maxLength: 8 }), (reqs, sets) => {
      const sel = selectorFromRequirements(reqs);
      const again = parseSelector(sel.toString());
      // Parsing deduplicates values ("in (3,3)" → "in (3)"), after which printing is stable.
      expect(parseSelector(again.toString()).toString()).toBe(again.toString());
      for (const ls of sets) expect(again.matches(ls)).toBe(sel.matches(ls));
    }));
  });

  it('never throws anything but LabelSelectorError on arbitrary input', () => {
    fc.assert(fc.property(fc.string({ maxLength: 30 }), (s) => {
      try {
        const sel = parseSelector(s);
        expect(parseSelector(sel.toString()).toString()).toBe(sel.toString());
      } catch (e) {
        expect(e).toBeInstanceOf(LabelSelectorError);
      }
    }));
  });
});

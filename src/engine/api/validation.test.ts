// Tables from upstream util/validation/validation_test.go, plus the exact message texts.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  aggregateErrors, formatBadValue, goQuote, invalidFieldError, isDNS1035Label, isDNS1123Label, isDNS1123Subdomain,
  isQualifiedName, isValidLabelValue, notSupportedFieldError, utf8Length,
} from './validation.ts';

const NAME_RE = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE_RE = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const SUBDOMAIN_RE = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL_RE = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

describe('isQualifiedName (TestIsQualifiedName)', () => {
  it.each([
    'simple', 'now-with-dashes', '1-starts-with-num', '1234', 'simple/simple', 'now-with-dashes/simple',
    'now-with-dashes/now-with-dashes', 'now.with.dots/simple', 'now-with.dashes-and.dots/simple', '1-num.2-num/3-num',
    '1234/5678', '1.2.3.4/5678', 'Uppercase_Is_OK_123', 'example.com/Uppercase_Is_OK_123', 'requests.storage-foo',
    'a'.repeat(63), `${'a'.repeat(253)}/${'b'.repeat(63)}`,
  ])('accepts %s', (v) => expect(isQualifiedName(v)).toEqual([]));

  it.each([
    'nospecialchars%^=@', 'cantendwithadash-', '-cantstartwithadash-', 'only/one/slash', 'Example.com/abc',
    'example_com/abc', 'example.com/', '/simple', 'a'.repeat(64), `${'a'.repeat(254)}/abc`,
  ])('rejects %s', (v) => expect(isQualifiedName(v).length).toBeGreaterThan(0));

  it('uses upstream messages', () => {
    expect(isQualifiedName('-x')).toEqual([`name part ${NAME_RE}`]);
    expect(isQualifiedName('a'.repeat(64))).toEqual(['name part must be no more than 63 characters']);
    expect(isQualifiedName('/simple')).toEqual(['prefix part must be non-empty']);
    expect(isQualifiedName('example.com/')).toEqual(['name part must be non-empty', `name part ${NAME_RE}`]);
    expect(isQualifiedName('Example.com/abc')).toEqual([`prefix part ${SUBDOMAIN_RE}`]);
    expect(isQualifiedName(`${'a'.repeat(254)}/abc`)).toEqual(['prefix part must be no more than 253 characters']);
    expect(isQualifiedName('only/one/slash')).toEqual([
      `a qualified name ${NAME_RE} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ]);
  });
});

describe('isValidLabelValue (TestIsValidLabelValue)', () => {
  it.each(['simple', 'now-with-dashes', '1-starts-with-num', 'end-with-num-1', '1234', 'a'.repeat(63), '', 'A', 'AB', 'AbC',
    'Uppercase_Is_OK_123', 'a.b_c-d'])('accepts %j', (v) => expect(isValidLabelValue(v)).toEqual([]));

  it.each(['a'.repeat(64), '-starts-with-dash', 'ends-with-dash-', '.starts.with.dot', 'ends.with.dot.', 'nospecialchars%^=@',
    'Tama-nui-te-rā.is.Māori.sun', '\\backslashed', 'with space', 'a/b'])('rejects %j', (v) => expect(isValidLabelValue(v).length).toBeGreaterThan(0));

  it('uses upstream messages and counts UTF-8 bytes', () => {
    expect(isValidLabelValue('-bad')).toEqual([LABEL_VALUE_RE]);
    expect(isValidLabelValue('a'.repeat(64))).toEqual(['must be no more than 63 characters']);
    expect(isValidLabelValue('é'.repeat(40))).toEqual(['must be no more than 63 characters', LABEL_VALUE_RE]);
    expect(utf8Length('aé😀')).toBe(1 + 2 + 4);
  });
});

describe('isDNS1123Label (TestIsDNS1123Label)', () => {
  it.each(['a', 'ab', 'abc', 'a1', 'a-1', 'a--1--2--b', '0', '01', '012', '1a', '1-a', '1--a--b--2', 'a'.repeat(63)])(
    'accepts %s', (v) => expect(isDNS1123Label(v)).toEqual([]));

  it.each(['', 'A', 'ABC', 'aBc', 'A1', 'A-1', '1-A', '-', 'a-', '-a', '1-', '-1', '_', 'a_', '_a', 'a_b', '1_', '_1', '1_2',
    '.', 'a.', '.a', 'a.b', '1.', '.1', '1.2', ' ', 'a ', ' a', 'a b', '1 ', ' 1', '1 2', 'a'.repeat(64)])(
    'rejects %j', (v) => expect(isDNS1123Label(v).length).toBeGreaterThan(0));

  it('uses upstream messages', () => {
    expect(isDNS1123Label('My-Pod')).toEqual([LABEL_RE]);
    expect(isDNS1123Label('a.b')).toEqual(['must not contain dots']);
    expect(isDNS1123Label('a'.repeat(64))).toEqual(['must be no more than 63 characters']);
  });
});

describe('isDNS1123Subdomain (TestIsDNS1123Subdomain)', () => {
  it.each(['a', 'ab', 'abc', 'a1', 'a-1', 'a--1--2--b', '0', '01', '012', '1a', '1-a', '1--a--b--2', 'a.a', 'ab.a', 'abc.a',
    'a1.a', 'a-1.a', 'a--1--2--b.a', 'a.1', 'ab.1', '0.a', '01.a', '1a.1', 'a.b.c.d.e', 'aa.bb.cc.dd.ee', '1.2.3.4.5',
    '11.22.33.44.55', 'a'.repeat(253)])('accepts %s', (v) => expect(isDNS1123Subdomain(v)).toEqual([]));

  it.each(['', 'A', 'ABC', 'aBc', 'A1', '-', 'a-', '-a', '_', 'a_b', '.', 'a.', '.a', 'a..b', '1..2', ' ', 'a b', 'A.a',
    'aB.a', 'ab.A', '0.A', 'A.B.C.D.E', 'a.B.c.d.e', 'a@b', 'a,b', 'a;b', 'a:b', 'a%b', 'a?b', 'a$b', 'a'.repeat(254)])(
    'rejects %j', (v) => expect(isDNS1123Subdomain(v).length).toBeGreaterThan(0));

  it('uses upstream messages', () => {
    expect(isDNS1123Subdomain('Web_App')).toEqual([SUBDOMAIN_RE]);
    expect(isDNS1123Subdomain('a'.repeat(254))).toEqual(['must be no more than 253 characters']);
  });
});

describe('isDNS1035Label', () => {
  it('accepts names that start with a letter only', () => {
    expect(isDNS1035Label('web-1')).toEqual([]);
    expect(isDNS1035Label('1web')).toEqual([
      "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
    ]);
  });
});

describe('Go formatting of field errors', () => {
  it('quotes like strconv.Quote', () => {
    expect(goQuote('plain')).toBe('"plain"');
    expect(goQuote('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(goQuote('\n\t\r\x07\x08\x0c\x0b\x00\x7f')).toBe('"\\n\\t\\r\\a\\b\\f\\v\\x00\\x7f"');
    expect(goQuote('é 日本 😀')).toBe('"é 日本 😀"');
    expect(goQuote('\u00a0\u200b\u{e0001}')).toBe('"\\u00a0\\u200b\\U000e0001"');
  });

  it('formats bad values and errors', () => {
    expect(formatBadValue('x')).toBe('"x"');
    expect(formatBadValue(3)).toBe('3');
    expect(formatBadValue(true)).toBe('true');
    expect(formatBadValue(null)).toBe('null');
    expect(formatBadValue(['qux', 'norf'])).toBe('[]string{"qux", "norf"}');
    expect(formatBadValue([])).toBe('[]string(nil)');
    expect(invalidFieldError('values[0][app]', '-bad', 'oops')).toBe('values[0][app]: Invalid value: "-bad": oops');
    expect(notSupportedFieldError('operator', 'foo', ['in', 'notin'])).toBe('operator: Unsupported value: "foo": supported values: "in", "notin"');
    expect(aggregateErrors(['a'])).toBe('a');
    expect(aggregateErrors(['a', 'a'])).toBe('a');
    expect(aggregateErrors(['a', 'b', 'a'])).toBe('[a, b]');
  });
});

describe('isQualifiedName and isValidLabelValue, remembering valid values', () => {
  it.each([['isQualifiedName', isQualifiedName], ['isValidLabelValue', isValidLabelValue]] as const)('property: %s answers the same when asked again, past the values kept and after a caller changed a list', (_name, check) => {
    const key = fc.oneof(
      fc.stringMatching(/^([a-z0-9]([-a-z0-9.]{0,20}[a-z0-9])?\/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,30}[A-Za-z0-9])?$/),
      fc.string({ maxLength: 70 }),
    );
    fc.assert(fc.property(fc.array(key, { maxLength: 300 }), (keys) => {
      const first = keys.map((k) => check(k));
      for (const errs of first) errs.push('a caller may add to the list it got');
      for (let i = 0; i < 5000; i++) check(`filler-${i}`);
      keys.forEach((k, i) => expect([...check(k), 'a caller may add to the list it got']).toEqual(first[i]));
    }), { numRuns: 20 });
  });
});

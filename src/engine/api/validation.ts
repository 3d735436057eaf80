// Name and label validation with the messages of k8s.io/apimachinery/pkg/util/validation (v1.30),
// plus the Go formatting of field.Error that API validation and selectors share.

const labelKeyFmt = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const labelKeyErrMsg = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const labelKeyMaxLength = 63;
const labelKeyRe = new RegExp(`^${labelKeyFmt}$`);

const labelValueFmt = `(${labelKeyFmt})?`;
const labelValueErrMsg = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
export const LabelValueMaxLength = 63;
const labelValueRe = new RegExp(`^${labelValueFmt}$`);

const dns1123LabelFmt = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const dns1123LabelErrMsg = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
export const DNS1123LabelMaxLength = 63;
const dns1123LabelRe = new RegExp(`^${dns1123LabelFmt}$`);

const dns1123SubdomainFmt = `${dns1123LabelFmt}(\\.${dns1123LabelFmt})*`;
const dns1123SubdomainErrMsg = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
export const DNS1123SubdomainMaxLength = 253;
const dns1123SubdomainRe = new RegExp(`^${dns1123SubdomainFmt}$`);

const dns1035LabelFmt = '[a-z]([-a-z0-9]*[a-z0-9])?';
const dns1035LabelErrMsg = 'a DNS-1035 label must consist of lower case alphanumeric characters or \'-\', start with an alphabetic character, and end with an alphanumeric character';
export const DNS1035LabelMaxLength = 63;
const dns1035LabelRe = new RegExp(`^${dns1035LabelFmt}$`);

export function emptyError(): string {
  return 'must be non-empty';
}

export function maxLenError(length: number): string {
  return `must be no more than ${length} characters`;
}

/** The upstream wording, including its doubled space before "or" (each example ends with ", "). */
export function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  let out = `${msg} (e.g. `;
  examples.forEach((ex, i) => {
    if (i > 0) out += ' or ';
    out += `'${ex}', `;
  });
  return `${out}regex used for validation is '${fmt}')`;
}

/** Go's len(): lengths are limited in UTF-8 bytes, not UTF-16 units. */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) { n += 4; i++; }
    else n += 3;
  }
  return n;
}

/**
 * The values a check found valid (up to 4,096 kept): label keys and values are few (app, pod-template-hash …),
 * and every write checks its own.
 */
class ValidValues {
  private readonly valid = new Set<string>();

  check(value: string, errorsOf: (value: string) => string[]): string[] {
    if (this.valid.has(value)) return [];
    const errs = errorsOf(value);
    if (errs.length === 0) {
      if (this.valid.size >= 4096) this.valid.clear();
      this.valid.add(value);
    }
    return errs;
  }
}

const validQualifiedNames = new ValidValues();
const validLabelValues = new ValidValues();

/** IsQualifiedName: a label key, "[prefix/]name". */
export function isQualifiedName(value: string): string[] {
  return validQualifiedNames.check(value, qualifiedNameErrors);
}

function qualifiedNameErrors(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0];
  } else if (parts.length === 2) {
    const prefix = parts[0];
    name = parts[1];
    if (prefix.length === 0) errs.push(`prefix part ${emptyError()}`);
    else for (const m of isDNS1123Subdomain(prefix)) errs.push(`prefix part ${m}`);
  } else {
    return [`a qualified name ${regexError(labelKeyErrMsg, labelKeyFmt, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`];
  }
  if (name.length === 0) errs.push(`name part ${emptyError()}`);
  else if (utf8Length(name) > labelKeyMaxLength) errs.push(`name part ${maxLenError(labelKeyMaxLength)}`);
  if (!labelKeyRe.test(name)) errs.push(`name part ${regexError(labelKeyErrMsg, labelKeyFmt, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

export function isValidLabelValue(value: string): string[] {
  return validLabelValues.check(value, labelValueErrors);
}

function labelValueErrors(value: string): string[] {
  const errs: string[] = [];
  if (utf8Length(value) > LabelValueMaxLength) errs.push(maxLenError(LabelValueMaxLength));
  if (!labelValueRe.test(value)) errs.push(regexError(labelValueErrMsg, labelValueFmt, 'MyValue', 'my_value', '12345'));
  return errs;
}

export function isDNS1123Label(value: string): string[] {
  const errs: string[] = [];
  if (utf8Length(value) > DNS1123LabelMaxLength) errs.push(maxLenError(DNS1123LabelMaxLength));
  if (!dns1123LabelRe.test(value)) {
    // A valid subdomain that is not a valid label can only be wrong because of its dots.
    if (dns1123SubdomainRe.test(value)) errs.push('must not contain dots');
    else errs.push(regexError(dns1123LabelErrMsg, dns1123LabelFmt, 'my-name', '123-abc'));
  }
  return errs;
}

/** isDNS1123Subdomain(value) finds nothing, without building the list (the pattern admits ASCII only). */
export function isValidDNS1123Subdomain(value: string): boolean {
  return value.length <= DNS1123SubdomainMaxLength && dns1123SubdomainRe.test(value);
}

export function isDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (utf8Length(value) > DNS1123SubdomainMaxLength) errs.push(maxLenError(DNS1123SubdomainMaxLength));
  if (!dns1123SubdomainRe.test(value)) errs.push(regexError(dns1123SubdomainErrMsg, dns1123SubdomainFmt, 'example.com'));
  return errs;
}

export function isDNS1035Label(value: string): string[] {
  const errs: string[] = [];
  if (utf8Length(value) > DNS1035LabelMaxLength) errs.push(maxLenError(DNS1035LabelMaxLength));
  if (!dns1035LabelRe.test(value)) errs.push(regexError(dns1035LabelErrMsg, dns1035LabelFmt, 'my-name', 'abc-123'));
  return errs;
}

// ---- Go formatting used by field.Error messages ----

const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

/** Go's %v of a []string: "[a b]" (nothing is "[]"). */
export function goList(items: readonly string[] | undefined): string {
  return `[${(items ?? []).join(' ')}]`;
}

/** strconv.Quote (what %q prints): escapes quotes, backslashes and non-printable runes. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (cp === 0x20 || (cp > 0x20 && cp < 0x7f)) out += ch;
    else if (cp === 7) out += '\\a';
    else if (cp === 8) out += '\\b';
    else if (cp === 12) out += '\\f';
    else if (cp === 10) out += '\\n';
    else if (cp === 13) out += '\\r';
    else if (cp === 9) out += '\\t';
    else if (cp === 11) out += '\\v';
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, '0')}`;
    else if (cp >= 0xd800 && cp <= 0xdfff) out += '\\ufffd'; // a lone surrogate is invalid UTF-8 to Go
    else if (printable.test(ch)) out += ch;
    else if (cp < 0x10000) out += `\\u${cp.toString(16).padStart(4, '0')}`;
    else out += `\\U${cp.toString(16).padStart(8, '0')}`;
  }
  return `${out}"`;
}

/**
 * A bad value as field.Error prints it: strings quoted (%q), numbers and booleans bare, string slices
 * in Go syntax (%#v). An empty slice prints as `[]string(nil)`: the callers that reach this pass nil slices.
 */
export function formatBadValue(value: unknown): string {
  if (typeof value === 'string') return goQuote(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    return value.length === 0 ? '[]string(nil)' : `[]string{${value.map((v) => goQuote(v)).join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** field.Invalid(path, value, detail).Error(). */
export function invalidFieldError(path: string, value: unknown, detail: string): string {
  const body = `Invalid value: ${formatBadValue(value)}`;
  return `${path}: ${detail ? `${body}: ${detail}` : body}`;
}

/** field.NotSupported(path, value, valid).Error(). */
export function notSupportedFieldError(path: string, value: unknown, valid: readonly string[]): string {
  const body = `Unsupported value: ${formatBadValue(value)}`;
  return valid.length ? `${path}: ${body}: supported values: ${valid.map((v) => goQuote(v)).join(', ')}` : `${path}: ${body}`;
}

/** utilerrors.NewAggregate(...).Error(): one message alone, several deduplicated inside brackets. */
export function aggregateErrors(msgs: readonly string[]): string {
  const seen = [...new Set(msgs)];
  if (seen.length <= 1) return seen[0] ?? '';
  return `[${seen.join(', ')}]`;
}

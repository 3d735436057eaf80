// resource.Quantity (k8s.io/apimachinery/pkg/api/resource): an exact decimal, mantissa × 10^exponent, in bigint.
// Parsing, rounding, canonical strings and arithmetic follow upstream; see quantity.test.ts for the tables.

export class QuantityError extends Error {
  override name = 'QuantityError';
}

export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

const splitREString = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';
const ERR_FORMAT = `quantities must match the regular expression '${splitREString}'`;
const ERR_NUMERIC = 'unable to parse numeric part of quantity';
const ERR_SUFFIX = "unable to parse quantity's suffix";

const MAX_INT64 = (1n << 63n) - 1n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const NANO = -9;
// Exact arithmetic on absurd exponents (1e999999999 + 1) would allocate without bound; upstream hangs there.
const MAX_SHIFT = 100_000;

const decimalSuffixes: Readonly<Record<string, number>> = { '': 0, n: -9, u: -6, m: -3, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const binarySuffixes: Readonly<Record<string, number>> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const decimalSuffixByExp = new Map(Object.entries(decimalSuffixes).map(([s, e]) => [e, s]));
const binarySuffixByPow = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];

const pow10Cache: bigint[] = [];
function pow10(n: number): bigint {
  if (n > MAX_SHIFT) throw new QuantityError('quantity is too large to compute exactly');
  if (n < 64) return (pow10Cache[n] ??= 10n ** BigInt(n));
  return 10n ** BigInt(n);
}

function abs(x: bigint): bigint { return x < 0n ? -x : x; }
function digits(x: bigint): number { return x === 0n ? 0 : abs(x).toString().length; }

/** x / 10^n rounded away from zero (inf.RoundUp, negativeScaleInt64). */
function divPow10Up(x: bigint, n: number): bigint {
  if (n <= 0) return x * pow10(-n);
  if (n > 18 && n > digits(x)) return x === 0n ? 0n : x > 0n ? 1n : -1n;
  const d = pow10(n);
  const q = x / d;
  if (q * d === x) return q;
  return x > 0n ? q + 1n : q - 1n;
}

function isDigit(c: number): boolean { return c >= 48 && c <= 57; }
const suffixChars = 'eEinumkKMGTP';

interface Scanned { negative: boolean; num: string; denom: string; suffix: string; hasDigits: boolean }

/** parseQuantityString: sign, digits, optional fraction, suffix letters, optional signed exponent digits. */
function scan(str: string): Scanned {
  const end = str.length;
  let pos = 0;
  let negative = false;
  if (str[0] === '-') { negative = true; pos++; } else if (str[0] === '+') pos++;
  // Leading zeros are dropped; a string of only zeros (or only a sign) is zero.
  while (pos < end && str[pos] === '0') pos++;
  if (pos >= end) return { negative, num: '0', denom: '', suffix: '', hasDigits: true };
  const hadZeros = pos > (str[0] === '-' || str[0] === '+' ? 1 : 0);
  let start = pos;
  while (pos < end && isDigit(str.charCodeAt(pos))) pos++;
  const num = str.slice(start, pos) || '0';
  let denom = '';
  const numHasDigits = hadZeros || pos > start;
  if (pos >= end) return { negative, num, denom, suffix: '', hasDigits: true };
  if (str[pos] === '.') {
    start = ++pos;
    while (pos < end && isDigit(str.charCodeAt(pos))) pos++;
    denom = str.slice(start, pos);
    if (pos >= end) return { negative, num, denom, suffix: '', hasDigits: numHasDigits || denom.length > 0 };
  }
  const hasDigits = numHasDigits || denom.length > 0;
  const suffixStart = pos;
  while (pos < end && suffixChars.includes(str[pos])) pos++;
  if (pos < end && (str[pos] === '-' || str[pos] === '+')) pos++;
  while (pos < end && isDigit(str.charCodeAt(pos))) pos++;
  if (pos < end) throw new QuantityError(ERR_FORMAT);
  return { negative, num, denom, suffix: str.slice(suffixStart), hasDigits };
}

interface Suffix { base: 2 | 10; exp: number; format: QuantityFormat }

function interpretSuffix(s: string): Suffix | undefined {
  const d = decimalSuffixes[s];
  if (d !== undefined && Object.hasOwn(decimalSuffixes, s)) return { base: 10, exp: d, format: 'DecimalSI' };
  const b = binarySuffixes[s];
  if (b !== undefined && Object.hasOwn(binarySuffixes, s)) return { base: 2, exp: b, format: 'BinarySI' };
  if (s.length > 1 && (s[0] === 'e' || s[0] === 'E')) {
    // strconv.ParseInt, then the int32 bound upstream checks so that 1e4294967297 is not read as 1e1.
    if (!/^[+-]?[0-9]+$/.test(s.slice(1))) return undefined;
    const n = Number(s.slice(1));
    if (!Number.isSafeInteger(n) || Math.abs(n) > 2147483647) return undefined;
    return { base: 10, exp: n, format: 'DecimalExponent' };
  }
  return undefined;
}

function parseString(str: string): Quantity {
  if (str.length === 0) throw new QuantityError(ERR_FORMAT);
  if (str === '0') return make(0n, 0, 'DecimalSI', '0');
  const sc = scan(str);
  const sfx = interpretSuffix(sc.suffix);
  if (!sfx) throw new QuantityError(ERR_SUFFIX);
  const shifted = sc.num + sc.denom;

  // Upstream keeps the input as the String() form when its int64 fast path sees a canonical-looking input.
  let keep: string | undefined;
  let fast: boolean;
  if (sfx.base === 10) {
    const scale = sfx.exp - sc.denom.length;
    fast = shifted.length <= 18 && scale >= NANO;
    if (fast && scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0') keep = str;
  } else {
    fast = sc.denom.length === 0 && 14 - sc.num.length - (sfx.exp * 3) / 10 >= 0;
    if (fast && (BigInt(sc.num) & 7n) !== 0n) keep = str;
  }
  if (!fast && !sc.hasDigits) throw new QuantityError(ERR_NUMERIC);

  let m = BigInt(shifted);
  let e: number;
  if (sfx.base === 10) {
    e = sfx.exp - sc.denom.length;
  } else {
    m <<= BigInt(sfx.exp);
    e = -sc.denom.length;
  }
  // Anything finer than a nano is rounded up (away from zero): asking for some resource gets some.
  if (e < NANO) { m = divPow10Up(m, NANO - e); e = NANO; }
  let format = sfx.format;
  if (format === 'BinarySI') {
    if (compareScaled(m, e, MAX_INT64, 0) > 0) { m = MAX_INT64; e = 0; }
    if (m !== 0n && compareScaled(m, e, 1n, 0) < 0) format = 'DecimalSI';
  }
  if (sc.negative) m = -m;
  return make(m, e, format, keep);
}

/** Compare a·10^ea with b·10^eb without expanding huge exponents. */
function compareScaled(a: bigint, ea: number, b: bigint, eb: number): -1 | 0 | 1 {
  if (ea === eb) return a < b ? -1 : a > b ? 1 : 0;
  const sa = a < 0n ? -1 : a > 0n ? 1 : 0;
  const sb = b < 0n ? -1 : b > 0n ? 1 : 0;
  if (sa !== sb) return sa < sb ? -1 : 1;
  if (sa === 0) return 0;
  if (Math.abs(ea - eb) > 30) {
    // Different orders of magnitude decide without alignment; equal orders keep the shift small.
    const oa = digits(a) + ea;
    const ob = digits(b) + eb;
    if (oa !== ob) return ((oa < ob ? -1 : 1) * sa) as -1 | 1;
  }
  const [x, y] = align(a, ea, b, eb);
  return x < y ? -1 : x > y ? 1 : 0;
}

function align(a: bigint, ea: number, b: bigint, eb: number): [bigint, bigint, number] {
  if (ea === eb) return [a, b, ea];
  if (ea > eb) return [a * pow10(ea - eb), b, eb];
  return [a, b * pow10(eb - ea), ea];
}

/** Mantissa and exponent with trailing zeros moved out and the exponent a multiple of 3 (AsCanonicalBytes). */
function canonicalDecimal(m: bigint, e: number): [string, number] {
  while (m % 10n === 0n) { m /= 10n; e++; }
  const r = e % 3;
  if (r === 1 || r === -2) { m *= 10n; e -= 1; } else if (r === 2 || r === -1) { m *= 100n; e -= 2; }
  return [m.toString(), e];
}

function exponentSuffix(e: number): string { return e === 0 ? '' : `e${e}`; }

const parseCache = new Map<string, Quantity>();
const PARSE_CACHE_LIMIT = 4096;

// The module's own factory: it may attach the string upstream keeps from parsing.
let make: (m: bigint, e: number, format: QuantityFormat, s: string | undefined) => Quantity;

export class Quantity {
  readonly format: QuantityFormat;
  // value = m × 10^e, exactly.
  private readonly m: bigint;
  private readonly e: number;
  private s: string | undefined;

  private constructor(m: bigint, e: number, format: QuantityFormat, s: string | undefined) {
    this.m = m; this.e = e; this.format = format; this.s = s;
  }

  static {
    make = (m, e, format, s) => new Quantity(m, e, format, s);
  }

  /** ParseQuantity. Numbers are accepted as YAML/JSON give them (0.5, 2, 1e+21). */
  static parse(s: string | number): Quantity {
    if (typeof s === 'number') {
      if (!Number.isFinite(s)) throw new QuantityError(ERR_FORMAT);
      s = String(s);
    }
    let q = parseCache.get(s);
    if (!q) {
      q = parseString(s);
      // A simple bound: the working set of distinct quantity strings is small in practice.
      if (parseCache.size >= PARSE_CACHE_LIMIT) parseCache.clear();
      parseCache.set(s, q);
    }
    return q;
  }

  /** NewScaledQuantity / NewDecimalQuantity: mantissa × 10^exponent. */
  static fromScaled(mantissa: number | bigint, exponent: number, format: QuantityFormat = 'DecimalSI'): Quantity {
    if (!Number.isSafeInteger(exponent)) throw new QuantityError('exponent must be an integer');
    return new Quantity(toBigInt(mantissa), exponent, format, undefined);
  }

  /** NewMilliQuantity. */
  static fromMilli(milli: number | bigint, format: QuantityFormat = 'DecimalSI'): Quantity {
    return new Quantity(toBigInt(milli), -3, format, undefined);
  }

  /** NewQuantity. */
  static fromValue(value: number | bigint, format: QuantityFormat = 'DecimalSI'): Quantity {
    return new Quantity(toBigInt(value), 0, format, undefined);
  }

  /** String(): the input string if upstream kept it at parse time, else the canonical form. */
  toString(): string {
    return (this.s ??= this.canonicalize());
  }

  toJSON(): string { return this.toString(); }

  /** CanonicalizeBytes: the canonical form, ignoring any string kept from parsing. */
  canonicalize(): string {
    const { m, e } = this;
    if (m === 0n) return '0';
    let format = this.format;
    let integer = 0n;
    if (format === 'BinarySI') {
      // Small values and values with a fraction are shown in decimal rather than rounded.
      if (compareScaled(m, e, -1024n, 0) > 0 && compareScaled(m, e, 1024n, 0) < 0) format = 'DecimalSI';
      else if (e < 0 && divPow10Up(m, -e) * pow10(-e) !== m) format = 'DecimalSI';
      else integer = e >= 0 ? m * pow10(e) : m / pow10(-e);
    }
    if (format === 'BinarySI') {
      let times = 0;
      while (abs(integer) >= 1024n && integer % 1024n === 0n) { integer /= 1024n; times++; }
      if (times < binarySuffixByPow.length) return `${integer}${binarySuffixByPow[times]}`;
      // Past Ei there is no binary suffix: fall back to exact decimal notation rather than drop the magnitude.
      const [digs, exp] = canonicalDecimal(m, e);
      return `${digs}${exponentSuffix(exp)}`;
    }
    const [digs, exp] = canonicalDecimal(m, e);
    if (format === 'DecimalExponent') return `${digs}${exponentSuffix(exp)}`;
    const si = decimalSuffixByExp.get(exp);
    // DecimalSI has nothing past E (or below n): use exponent notation so that the value survives.
    return `${digs}${si ?? exponentSuffix(exp)}`;
  }

  /** ScaledValue(scale) as a bigint: ceil(q / 10^scale), rounded away from zero. */
  scaledValueBig(scale: number): bigint {
    return divPow10Up(this.m, scale - this.e);
  }

  /** MilliValue: q × 1000 rounded up (away from zero). */
  milliValue(): number { return this.scaledNumber(-3); }

  /** Value: q rounded up (away from zero) to an integer. */
  value(): number { return this.scaledNumber(0); }

  milliValueBig(): bigint { return this.scaledValueBig(-3); }
  valueBig(): bigint { return this.scaledValueBig(0); }

  /** AsApproximateFloat64. */
  asApproximateFloat64(): number {
    const { m, e } = this;
    // Exact operands give a correctly rounded result; otherwise let the number parser round "<m>e<e>".
    if (m >= -MAX_SAFE && m <= MAX_SAFE && e >= -22 && e <= 22) return e >= 0 ? Number(m) * 10 ** e : Number(m) / 10 ** -e;
    return Number(`${m}e${e}`);
  }

  cmp(o: Quantity): -1 | 0 | 1 { return compareScaled(this.m, this.e, o.m, o.e); }
  equal(o: Quantity): boolean { return this.cmp(o) === 0; }

  /** Add: a zero receiver takes the argument's format, like upstream. */
  add(o: Quantity): Quantity {
    if (o.m === 0n) return this.m === 0n ? new Quantity(0n, 0, o.format, undefined) : this.withoutString();
    if (this.m === 0n) return new Quantity(o.m, o.e, o.format, undefined);
    const [x, y, e] = align(this.m, this.e, o.m, o.e);
    return new Quantity(x + y, e, this.format, undefined);
  }

  sub(o: Quantity): Quantity {
    const format = this.m === 0n ? o.format : this.format;
    if (o.m === 0n) return new Quantity(this.m, this.e, format, undefined);
    const [x, y, e] = align(this.m, this.e, o.m, o.e);
    return new Quantity(x - y, e, format, undefined);
  }

  neg(): Quantity { return new Quantity(-this.m, this.e, this.format, undefined); }
  isZero(): boolean { return this.m === 0n; }
  sign(): -1 | 0 | 1 { return this.m < 0n ? -1 : this.m > 0n ? 1 : 0; }

  private withoutString(): Quantity {
    return this.s === undefined ? this : new Quantity(this.m, this.e, this.format, undefined);
  }

  private scaledNumber(scale: number): number {
    // Beyond float range the exact value is not needed: upstream overflows int64 there anyway.
    if (this.m !== 0n && this.e - scale > 330) return this.m > 0n ? Infinity : -Infinity;
    return Number(this.scaledValueBig(scale));
  }
}

function toBigInt(v: number | bigint): bigint {
  if (typeof v === 'bigint') return v;
  if (!Number.isSafeInteger(v)) throw new QuantityError(`quantity value must be a safe integer, got ${v}`);
  return BigInt(v);
}

export function parseQuantity(s: string | number): Quantity {
  return Quantity.parse(s);
}

/** The string the API server would store for a quantity field. */
export function canonicalQuantity(s: string | number): string {
  return Quantity.parse(s).toString();
}

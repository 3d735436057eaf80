// cron.ParseStandard of github.com/robfig/cron/v3, as the API server validates spec.schedule and the CronJob
// controller reads it: five fields (minute hour day-of-month month day-of-week) with ranges, steps, lists and
// names, the @yearly … @hourly and @every descriptors, and a TZ= / CRON_TZ= prefix. Errors carry robfig's texts.
import { goQuote } from '../validation.ts';
import { ConstantDelaySchedule, SpecSchedule, type CronField, type Schedule } from './schedule.ts';
import { loadLocation, UTC, type Zone } from './timezone.ts';

export class CronParseError extends Error {}

interface Bounds { min: number; max: number; names?: Record<string, number> }

const seconds: Bounds = { min: 0, max: 59 };
const minutes: Bounds = { min: 0, max: 59 };
const hours: Bounds = { min: 0, max: 23 };
const dom: Bounds = { min: 1, max: 31 };
const months: Bounds = {
  min: 1, max: 12,
  names: { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 },
};
const dow: Bounds = { min: 0, max: 6, names: { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 } };

const INT64_MAX = 9223372036854775807n;

/** strconv.Atoi's errors, wrapped as robfig's mustParseInt words them. */
function parseUint(expr: string): number {
  const fail = (why: string) => new CronParseError(`failed to parse int from ${expr}: strconv.Atoi: parsing ${goQuote(expr)}: ${why}`);
  if (!/^[+-]?[0-9]+$/.test(expr)) throw fail('invalid syntax');
  const n = BigInt(expr);
  if (n > INT64_MAX || n < -INT64_MAX - 1n) throw fail('value out of range');
  if (n < 0n) throw new CronParseError(`negative number (${n}) not allowed: ${expr}`);
  return Number(n);
}

function parseIntOrName(expr: string, b: Bounds): number {
  const named = b.names?.[expr.toLowerCase()];
  return named ?? parseUint(expr);
}

/** getRange: `*`, `?`, a number or name, `a-b`, each optionally `/step`. */
function parseRange(expr: string, b: Bounds, into: CronField): void {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = rangeAndStep[0].split('-');
  let start: number;
  let end: number;
  let star = false;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = b.min;
    end = b.max;
    star = true;
  } else {
    start = parseIntOrName(lowAndHigh[0], b);
    if (lowAndHigh.length === 1) end = start;
    else if (lowAndHigh.length === 2) end = parseIntOrName(lowAndHigh[1], b);
    else throw new CronParseError(`too many hyphens: ${expr}`);
  }
  let step = 1;
  if (rangeAndStep.length === 2) {
    step = parseUint(rangeAndStep[1]);
    // "N/step" means "N-max/step"; a step above 1 makes even "*" a list, not a wildcard.
    if (lowAndHigh.length === 1) end = b.max;
    if (step > 1) star = false;
  } else if (rangeAndStep.length > 2) throw new CronParseError(`too many slashes: ${expr}`);
  if (start < b.min) throw new CronParseError(`beginning of range (${start}) below minimum (${b.min}): ${expr}`);
  if (end > b.max) throw new CronParseError(`end of range (${end}) above maximum (${b.max}): ${expr}`);
  if (start > end) throw new CronParseError(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0) throw new CronParseError(`step of range should be a positive number: ${expr}`);
  for (let v = start; v <= end; v += step) into.values.add(v);
  if (star) into.star = true;
}

/** getField: a comma-separated list of ranges (empty items are skipped, as strings.FieldsFunc does). */
function parseField(field: string, b: Bounds): CronField {
  const out: CronField = { values: new Set(), star: false };
  for (const expr of field.split(',')) if (expr !== '') parseRange(expr, b, out);
  return out;
}

const fieldOf = (values: number[], star = false): CronField => ({ values: new Set(values), star });
const all = (b: Bounds): CronField => fieldOf(Array.from({ length: b.max - b.min + 1 }, (_, i) => b.min + i), true);

function parseDescriptor(descriptor: string, zone: Zone): Schedule {
  const zero = fieldOf([0]);
  switch (descriptor) {
    case '@yearly':
    case '@annually':
      return new SpecSchedule(zero, zero, zero, fieldOf([1]), fieldOf([1]), all(dow), zone);
    case '@monthly':
      return new SpecSchedule(zero, zero, zero, fieldOf([1]), all(months), all(dow), zone);
    case '@weekly':
      return new SpecSchedule(zero, zero, zero, all(dom), all(months), fieldOf([0]), zone);
    case '@daily':
    case '@midnight':
      return new SpecSchedule(zero, zero, zero, all(dom), all(months), all(dow), zone);
    case '@hourly':
      return new SpecSchedule(zero, zero, all(hours), all(dom), all(months), all(dow), zone);
    default:
  }
  const every = '@every ';
  if (descriptor.startsWith(every)) {
    const text = descriptor.slice(every.length);
    let ms: number;
    try {
      ms = parseGoDuration(text);
    } catch (e) {
      throw new CronParseError(`failed to parse duration ${descriptor}: ${(e as Error).message}`);
    }
    return new ConstantDelaySchedule(ms);
  }
  throw new CronParseError(`unrecognized descriptor: ${descriptor}`);
}

const unitMs: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, 'μs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** time.ParseDuration (to milliseconds), with its error texts. */
export function parseGoDuration(text: string): number {
  const invalid = () => new Error(`time: invalid duration ${goQuote(text)}`);
  let s = text;
  let sign = 1;
  if (s.startsWith('-') || s.startsWith('+')) {
    sign = s[0] === '-' ? -1 : 1;
    s = s.slice(1);
  }
  if (s === '0') return 0;
  if (s === '') throw invalid();
  let total = 0;
  while (s !== '') {
    const num = /^([0-9]*)(\.[0-9]*)?/.exec(s)!;
    if (num[0] === '' || num[0] === '.') throw invalid();
    s = s.slice(num[0].length);
    const unit = /^[^0-9.]*/.exec(s)![0];
    if (unit === '') throw new Error(`time: missing unit in duration ${goQuote(text)}`);
    const per = unitMs[unit];
    if (per === undefined) throw new Error(`time: unknown unit ${goQuote(unit)} in duration ${goQuote(text)}`);
    total += Number(num[0]) * per;
    s = s.slice(unit.length);
  }
  return sign * total;
}

/** cron.ParseStandard: a Schedule whose next(t) gives the following activation, or a CronParseError. */
export function parseStandard(specIn: string): Schedule {
  let spec = specIn;
  if (spec.length === 0) throw new CronParseError('empty spec string');
  // Simplification: the controller manager's local zone (a schedule without TZ) is UTC.
  let zone: Zone = UTC;
  if (spec.startsWith('TZ=') || spec.startsWith('CRON_TZ=')) {
    const space = spec.indexOf(' ');
    const name = spec.slice(spec.indexOf('=') + 1, space < 0 ? undefined : space);
    const loc = loadLocation(name);
    if ('error' in loc) throw new CronParseError(`provided bad location ${name}: ${loc.error}`);
    zone = loc;
    spec = space < 0 ? '' : spec.slice(space).trim();
  }
  if (spec.startsWith('@')) return parseDescriptor(spec, zone);
  const fields = spec.split(/\s+/).filter((f) => f !== '');
  if (fields.length !== 5) throw new CronParseError(`expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`);
  return new SpecSchedule(
    parseField('0', seconds), parseField(fields[0], minutes), parseField(fields[1], hours),
    parseField(fields[2], dom), parseField(fields[3], months), parseField(fields[4], dow), zone,
  );
}

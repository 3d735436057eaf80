// Numeric flags read as pflag does: durations (--timeout=30s, printed as Go prints a Duration) and integers.
import { parseDuration } from '../../sim/clock.ts';
import { CommandError } from '../context.ts';
import { flag, type ParsedArgs } from '../flags.ts';

/** A duration flag in milliseconds, or the default when unset. */
export function durationFlag(args: ParsedArgs, name: string, defaultMs: number): number {
  const text = flag(args, name);
  if (text === undefined) return defaultMs;
  try {
    return parseDuration(text);
  } catch (e) {
    throw new CommandError(`invalid argument "${text}" for "--${name}" flag: ${(e as Error).message}`);
  }
}

/** time.Duration.String(): "0s", "500ms", "30s", "2m30s", "1h0m0s". */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  if (abs < 1000) return `${sign}${abs}ms`;
  const h = Math.floor(abs / 3_600_000);
  const m = Math.floor((abs % 3_600_000) / 60_000);
  const s = (abs % 60_000) / 1000;
  const secs = `${Number.isInteger(s) ? s : s.toFixed(3).replace(/0+$/, '')}s`;
  if (h) return `${sign}${h}h${m}m${secs}`;
  if (m) return `${sign}${m}m${secs}`;
  return `${sign}${secs}`;
}

/** An integer flag (pflag IntVar), or the default when unset. */
export function intFlag(args: ParsedArgs, name: string, defaultValue: number): number {
  const text = flag(args, name);
  if (text === undefined) return defaultValue;
  if (!/^[+-]?\d+$/.test(text)) throw new CommandError(`invalid argument "${text}" for "--${name}" flag: strconv.ParseInt: parsing "${text}": invalid syntax`);
  return Number(text);
}

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

/** An integer flag (pflag IntVar), or the default when unset. */
export function intFlag(args: ParsedArgs, name: string, defaultValue: number): number {
  const text = flag(args, name);
  if (text === undefined) return defaultValue;
  if (!/^[+-]?\d+$/.test(text)) throw new CommandError(`invalid argument "${text}" for "--${name}" flag: strconv.ParseInt: parsing "${text}": invalid syntax`);
  return Number(text);
}

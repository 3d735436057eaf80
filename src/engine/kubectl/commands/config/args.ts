// What the config subcommands share: their signature and Go's wording of arguments and values in errors.
import { CommandError, type KubectlContext } from '../../context.ts';
import type { ParsedArgs } from '../../flags.ts';
import type { Kubeconfig } from '../../kubeconfig.ts';

/** A subcommand: changes `kc` (a copy) and prints; throws CommandError for kubectl's "error: …"; returns the exit code. */
export type ConfigRun = (ctx: KubectlContext, kc: Kubeconfig, args: ParsedArgs) => number;

/** Go's %v of a []string: "[a b]". */
export function goList(items: string[]): string {
  return `[${items.join(' ')}]`;
}

/** Go's %q of a string. */
export function goQuote(s: string): string {
  return JSON.stringify(s);
}

/** helpErrorf's error (kubectl prints the command's help before it; the simulator prints the error alone). */
export function unexpectedArgs(args: string[]): CommandError {
  return new CommandError(`Unexpected args: ${goList(args)}`);
}

/** strconv.ParseBool, as pflag reports a bad boolean value. */
export function parseBoolFlag(args: ParsedArgs, name: string): boolean | undefined {
  const v = args.flags.get(name)?.at(-1);
  if (v === undefined) return undefined;
  const b = parseGoBool(v);
  if (b === undefined) throw new CommandError(`invalid argument "${v}" for "--${name}" flag: strconv.ParseBool: parsing ${goQuote(v)}: invalid syntax`);
  return b;
}

export function parseGoBool(v: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(v)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(v)) return false;
  return undefined;
}

// What the config subcommands share: their signature and Go's wording of arguments and values in errors.
import { CommandError, type KubectlContext } from '../../context.ts';
import type { ParsedArgs } from '../../flags.ts';
import type { Kubeconfig } from '../../kubeconfig.ts';
import { goList } from '../../../api/validation.ts';

/** A subcommand: changes `kc` (a copy) and prints; throws CommandError for kubectl's "error: …"; returns the exit code. */
export type ConfigRun = (ctx: KubectlContext, kc: Kubeconfig, args: ParsedArgs) => number;

/** helpErrorf's error (kubectl prints the command's help before it; the simulator prints the error alone). */
export function unexpectedArgs(args: string[]): CommandError {
  return new CommandError(`Unexpected args: ${goList(args)}`);
}

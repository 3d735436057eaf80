// cmdutil.UsageErrorf: the error, then where to read how the command is used.
import { CommandError } from '../context.ts';

export function usageError(command: string, message: string): CommandError {
  return new CommandError(`${message}\nSee 'kubectl ${command} -h' for help and examples`);
}

// kubectl's --validate (cmdutil.GetValidationDirective): true|strict (the default), warn, false|ignore, sent as
// the fieldValidation the API server decodes a write with (its warnings are printed as every response's: kubectl.ts).
import type { FieldValidation } from '../../apiserver/fieldvalidation/index.ts';
import { CommandError } from '../context.ts';
import { flag, type ParsedArgs } from '../flags.ts';

const TRUE = ['1', 't', 'T', 'TRUE', 'true', 'True'];
const FALSE = ['0', 'f', 'F', 'FALSE', 'false', 'False'];

export function validationDirective(args: ParsedArgs): FieldValidation {
  const v = flag(args, 'validate') ?? 'strict';
  if (TRUE.includes(v) || v === 'strict') return 'Strict';
  if (FALSE.includes(v) || v === 'ignore') return 'Ignore';
  if (v === 'warn') return 'Warn';
  throw new CommandError(`invalid - validate option "${v}"; must be one of: strict (or true), warn, ignore (or false)`);
}

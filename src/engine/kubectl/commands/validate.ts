// kubectl's --validate (cmdutil.GetValidationDirective): true|strict (the default), warn, false|ignore, sent as
// the fieldValidation the API server decodes a write with; the server's warnings are printed as kubectl prints them.
import type { FieldValidation } from '../../apiserver/fieldvalidation/index.ts';
import { CommandError, type KubectlContext } from '../context.ts';
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

/** The write options kubectl sends, with a fresh list for the server's warnings. */
export function validationOptions(args: ParsedArgs): { fieldValidation: FieldValidation; warnings: string[] } {
  return { fieldValidation: validationDirective(args), warnings: [] };
}

export function printWarnings(ctx: KubectlContext, warnings: readonly string[]): void {
  for (const w of warnings) ctx.err.push(`Warning: ${w}`);
}

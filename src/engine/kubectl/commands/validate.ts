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

/** A write sent with a fieldValidation: the server's warnings are printed as they come back, before its result. */
export function writeValidated<T>(ctx: KubectlContext, fieldValidation: FieldValidation, write: (opts: { fieldValidation: FieldValidation; warnings: string[] }) => T): T {
  const warnings: string[] = [];
  const result = write({ fieldValidation, warnings });
  printWarnings(ctx, warnings);
  return result;
}

export function printWarnings(ctx: KubectlContext, warnings: readonly string[]): void {
  for (const w of warnings) ctx.err.push(`Warning: ${w}`);
}

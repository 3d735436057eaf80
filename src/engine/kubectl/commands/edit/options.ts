// kubectl edit's flags, read once per pass (a save runs the command line's flags again).
import type { FieldValidation } from '../../../apiserver/fieldvalidation/index.ts';
import { CommandError } from '../../context.ts';
import { boolFlag, flag, type ParsedArgs } from '../../flags.ts';
import { commandNamespace, type CommandNamespace } from '../../namespace.ts';
import { validationDirective } from '../validate.ts';
import type { KubectlContext } from '../../context.ts';

/** editoptions.go's supportedSubresources. */
const SUBRESOURCES = ['status'];

export interface EditOptions {
  ext: 'yaml' | 'json';
  /** editPrinterOptions.addHeader: JSON has no comments, so a .json file comes without the header. */
  header: boolean;
  outputPatch: boolean;
  saveConfig: boolean;
  windowsLineEndings: boolean;
  subresource?: 'status';
  fieldValidation: FieldValidation;
  namespace: CommandNamespace;
}

export function editOptions(ctx: KubectlContext, args: ParsedArgs): EditOptions {
  const output = flag(args, 'output') ?? 'yaml';
  // EditOptions.Complete: only the yaml and json printers edit.
  if (output !== 'yaml' && output !== 'json') throw new CommandError('the edit mode doesn\'t support output the format "' + output + '"');
  const subresource = flag(args, 'subresource');
  if (subresource !== undefined && !SUBRESOURCES.includes(subresource)) throw new CommandError(`invalid subresource value: "${subresource}". Must be one of [${SUBRESOURCES.join(' ')}]`);
  return {
    ext: output,
    header: output === 'yaml',
    outputPatch: boolFlag(args, 'output-patch'),
    saveConfig: boolFlag(args, 'save-config'),
    windowsLineEndings: boolFlag(args, 'windows-line-endings'),
    subresource: subresource === 'status' ? 'status' : undefined,
    fieldValidation: validationDirective(args),
    namespace: commandNamespace(ctx, args),
  };
}

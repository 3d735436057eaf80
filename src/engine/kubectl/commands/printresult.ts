// What a mutating command prints for each object (genericclioptions.PrintFlags): "deployment.apps/web image
// updated", with " (dry run)" / " (server dry run)" under --dry-run, or the object itself with
// -o yaml|json|name|jsonpath=TEMPLATE.
import type { KindInfo } from '../../api/kinds.ts';
import type { KubeObject } from '../../api/object.ts';
import { CommandError, printVerbatim, resourceName, type KubectlContext } from '../context.ts';
import { flag, type ParsedArgs } from '../flags.ts';
import { toJson, toName, toYaml } from '../printers/index.ts';
import { printJsonPath } from '../printers/customcolumns.ts';
import { dryRunMode } from './apply.ts';

export type DryRun = '' | 'client' | 'server';

export function dryRunOf(args: ParsedArgs): DryRun {
  return dryRunMode(flag(args, 'dry-run'));
}

// Simplification: kubectl also takes the go-template and file variants of these.
const PRINTER_OUTPUTS = ['json', 'jsonpath', 'name', 'yaml'];

/** -o jsonpath=TEMPLATE's format and template. */
export function outputFormat(args: ParsedArgs): { output: string | undefined; template: string } {
  const text = flag(args, 'output');
  const eq = text?.indexOf('=') ?? -1;
  return eq < 0 ? { output: text, template: '' } : { output: text!.slice(0, eq), template: text!.slice(eq + 1) };
}

/** Fails early, as PrintFlags.ToPrinter does, for an -o this command cannot print. */
export function checkOutput(args: ParsedArgs): void {
  const { output } = outputFormat(args);
  if (output && !PRINTER_OUTPUTS.includes(output)) {
    throw new CommandError(`unable to match a printer suitable for the output format "${output}", allowed formats are: ${PRINTER_OUTPUTS.join(',')}`);
  }
}

export function printResult(ctx: KubectlContext, args: ParsedArgs, info: KindInfo, obj: KubeObject, operation: string): void {
  const { output, template } = outputFormat(args);
  if (output === 'jsonpath') printVerbatim(ctx, printJsonPath(template, obj));
  else if (output === 'yaml') ctx.out.push(toYaml(obj).replace(/\n$/, ''));
  else if (output === 'json') ctx.out.push(toJson(obj).replace(/\n$/, ''));
  else if (output === 'name') ctx.out.push(toName(info, obj));
  else ctx.out.push(`${resourceName(info, obj.metadata.name ?? '')} ${operation}${dryRunSuffix(dryRunOf(args))}`);
}

export function dryRunSuffix(dryRun: DryRun): string {
  return dryRun === 'client' ? ' (dry run)' : dryRun === 'server' ? ' (server dry run)' : '';
}

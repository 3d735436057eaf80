// kubectl kustomize [DIR]: kustomize build of the directory (the current one without an argument), printed.
import { CommandError, printVerbatim, type KubectlContext } from '../context.ts';
import type { ParsedArgs } from '../flags.ts';
import { buildOptions } from '../filenames.ts';
import { KUSTOMIZATION_FILE_NAMES } from '../kustomize/kustomization.ts';
import { kustomizeBuild, kustomizeYaml } from '../kustomize/index.ts';

export function kustomizeCommand(ctx: KubectlContext, args: ParsedArgs): number {
  if (args.positional.length > 1) throw new CommandError(`specify one path to ${KUSTOMIZATION_FILE_NAMES[0]}`);
  printVerbatim(ctx, kustomizeYaml(kustomizeBuild(ctx.files, args.positional[0] ?? '.', buildOptions(ctx))));
  return 0;
}

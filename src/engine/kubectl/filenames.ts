// kubectl's FilenameOptions: objects come from -f files (or stdin) or from one -k kustomization directory, whose
// kustomize build output reads as one more file.
import { CommandError, readSource, type KubectlContext } from './context.ts';
import { flag, type ParsedArgs } from './flags.ts';
import { kustomizeBuild, kustomizeYaml, type BuildOptions } from './kustomize/index.ts';

export interface Source { text: string; source: string }

export function hasFilenames(args: ParsedArgs): boolean {
  return Boolean(args.flags.get('filename')?.length) || flag(args, 'kustomize') !== undefined;
}

/** What kustomize asks of the cluster: only whether a kind is namespaced (unknown kinds are, as kustomize assumes). */
export function buildOptions(ctx: KubectlContext): BuildOptions {
  return { namespaced: (apiVersion, kind) => ctx.store.kinds.forManifest(apiVersion, kind)?.namespaced ?? true };
}

/** The texts to read, with the source name kubectl reports them by. */
export function readFilenames(ctx: KubectlContext, args: ParsedArgs): Source[] {
  const files = args.flags.get('filename') ?? [];
  const dir = flag(args, 'kustomize');
  if (files.length && dir !== undefined) throw new CommandError('only one of -f or -k can be specified');
  if (dir === undefined) return files.map((f) => readSource(ctx, f));
  return [{ text: kustomizeYaml(kustomizeBuild(ctx.files, dir, buildOptions(ctx))), source: dir }];
}

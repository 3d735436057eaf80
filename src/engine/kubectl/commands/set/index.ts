// kubectl set SUBCOMMAND: image, resources, env (the pod-template editors an SRE types).
import { CommandError, type KubectlContext } from '../../context.ts';
import type { ParsedArgs } from '../../flags.ts';
import { checkOutput } from '../printresult.ts';
import { setEnvCommand } from './env.ts';
import { setImageCommand } from './image.ts';
import { setResourcesCommand } from './resources.ts';

const subcommands: Record<string, (ctx: KubectlContext, args: ParsedArgs, rest: string[]) => number> = {
  image: setImageCommand,
  resources: setResourcesCommand,
  env: setEnvCommand,
};

export function setCommand(ctx: KubectlContext, args: ParsedArgs): number {
  const [sub, ...rest] = args.positional;
  if (!sub) {
    ctx.out.push('Configure application resources.\n\nAvailable Commands:\n  env         Update environment variables on a pod template\n  image       Update the image of a pod template\n  resources   Update resource requests/limits on objects with pod templates');
    return 0;
  }
  const run = subcommands[sub];
  if (!run) throw new CommandError(`unknown command "${sub}" for "kubectl set"`);
  checkOutput(args);
  return run(ctx, args, rest);
}

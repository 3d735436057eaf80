// kubectl rollout SUBCOMMAND: status, history, undo, restart, pause, resume.
import { CommandError, type KubectlContext } from '../../context.ts';
import type { ParsedArgs } from '../../flags.ts';
import { historyCommand } from './history.ts';
import { patcherCommand } from './patchers.ts';
import { statusCommand } from './status.ts';
import { undoCommand } from './undo.ts';

export function rolloutCommand(ctx: KubectlContext, args: ParsedArgs): number {
  const [sub, ...resources] = args.positional;
  switch (sub) {
    case undefined:
      ctx.out.push('Manage the rollout of one or many resources.\n\nAvailable Commands:\n  history       View rollout history\n  pause         Mark the provided resource as paused\n  restart       Restart a resource\n  resume        Resume a paused resource\n  status        Show the status of the rollout\n  undo          Undo a previous rollout');
      return 0;
    case 'status': return statusCommand(ctx, args, resources);
    case 'history': return historyCommand(ctx, args, resources);
    case 'undo': return undoCommand(ctx, args, resources);
    case 'restart': case 'pause': case 'resume': return patcherCommand(ctx, args, sub, resources);
    default: throw new CommandError(`unknown command "${sub}" for "kubectl rollout"`);
  }
}

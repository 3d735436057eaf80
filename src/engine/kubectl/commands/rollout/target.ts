// The objects a rollout subcommand works on and how kubectl names their kinds in errors.
import type { KindInfo } from '../../../api/kinds.ts';
import { CommandError, formatError, type KubectlContext } from '../../context.ts';
import type { ParsedArgs } from '../../flags.ts';
import { findTargets, type Target } from '../targets.ts';

/** schema.GroupKind.String(): "ReplicaSet.apps", "Pod". */
export function groupKind(info: KindInfo): string {
  return info.group ? `${info.kind}.${info.group}` : info.kind;
}

/**
 * Visit each object with `fn`, as the builder's ContinueOnError visitor does: a missing object or a failing
 * one is reported and the others still run. Returns the exit code.
 */
export function visitTargets(ctx: KubectlContext, args: ParsedArgs, resourceArgs: string[], fn: (t: Target) => void): number {
  if (!resourceArgs.length) throw new CommandError('required resource not specified');
  const { targets, errors } = findTargets(ctx, args, resourceArgs);
  for (const t of targets) {
    try {
      fn(t);
    } catch (e) {
      errors.push(formatError(e));
    }
  }
  ctx.err.push(...errors);
  return errors.length ? 1 : 0;
}

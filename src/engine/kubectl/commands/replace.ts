// kubectl replace -f FILE: PUT each object as the file has it (the whole object: what the file leaves out is gone)
// and print "pod/web replaced". --force deletes each object and creates it again from the file.
// Simplification: with --force kubectl waits (up to --timeout) for the deletion to finish before it creates;
// virtual time does not pass inside one command, so an object still terminating (a running pod's grace period,
// finalizers) is reported instead, and the same command run again once it is gone creates it.
import type { KubeObject } from '../../api/object.ts';
import { StatusError } from '../../apiserver/errors.ts';
import type { PropagationPolicy } from '../../apiserver/store.ts';
import { hasFilenames, readFilenames } from '../filenames.ts';
import { CommandError, formatError, resourceName, type KubectlContext } from '../context.ts';
import { boolFlag, flag, type ParsedArgs } from '../flags.ts';
import { parseManifests } from '../manifests.ts';
import { LAST_APPLIED, setLastApplied } from './apply.ts';
import { cascadePolicy, deletedMessage, gracePeriodFlag } from './delete.ts';
import { fileObject } from './fileobject.ts';
import { durationFlag } from './numericflags.ts';
import { validationDirective } from './validate.ts';
import type { FieldValidation } from '../../apiserver/fieldvalidation/index.ts';
import { checkOutput, dryRunOf, printResult } from './printresult.ts';
import { commandNamespace } from '../namespace.ts';

interface Replacement { obj: KubeObject; source: string }

export function replaceCommand(ctx: KubectlContext, args: ParsedArgs): number {
  if (!hasFilenames(args)) throw new CommandError('must specify one of -f and -k');
  checkOutput(args);
  const force = boolFlag(args, 'force');
  const dryRun = dryRunOf(args);
  let grace = gracePeriodFlag(flag(args, 'grace-period'));
  if (grace !== undefined && !force) throw new CommandError('--grace-period must have --force specified');
  if (durationFlag(args, 'timeout', 0) !== 0 && !force) throw new CommandError('--timeout must have --force specified');
  if (force && dryRun) throw new CommandError('--dry-run can not be used when --force is set');
  // As kubectl: --grace-period=0 becomes 1 s, so that the object is still deleted gracefully.
  if (grace === 0) grace = 1;
  const fieldValidation = validationDirective(args);
  let code = 0;
  const items: Replacement[] = [];
  for (const { text, source } of readFilenames(ctx, args)) {
    for (const m of parseManifests(text, source)) {
      const read = fileObject(ctx, m, source, commandNamespace(ctx, args));
      if ('error' in read) { ctx.err.push(read.error); code = 1; continue; }
      // CreateOrUpdateAnnotation: --save-config writes the last-applied annotation; else it is kept up to date
      // only where the file has one.
      if (boolFlag(args, 'save-config') || read.obj.metadata.annotations?.[LAST_APPLIED] !== undefined) setLastApplied(read.obj, m.object!);
      items.push({ obj: read.obj, source });
    }
  }
  if (force) return forceReplace(ctx, args, items, grace, cascadePolicy(flag(args, 'cascade')), fieldValidation) || code;
  for (const { obj, source } of items) {
    const info = ctx.store.info(obj.kind);
    try {
      const result = dryRun === 'client' ? obj : ctx.store.update(obj, { dryRun: dryRun === 'server', fieldValidation });
      printResult(ctx, args, info, result, 'replaced');
    } catch (e) {
      ctx.err.push(e instanceof StatusError && e.reason !== 'Invalid' ? formatError(e, `error when replacing "${source}"`) : formatError(e));
      code = 1;
    }
  }
  return code;
}

/** Delete what exists (printing what was deleted), then create every object once none of them is left. */
function forceReplace(ctx: KubectlContext, args: ParsedArgs, items: Replacement[], grace: number | undefined, cascade: PropagationPolicy, fieldValidation: FieldValidation): number {
  for (const { obj } of items) {
    const info = ctx.store.info(obj.kind);
    if (!ctx.store.tryGet(info.kind, obj.metadata.namespace, obj.metadata.name ?? '')) continue;
    ctx.store.delete(info.kind, obj.metadata.namespace, obj.metadata.name ?? '', { gracePeriodSeconds: grace, propagationPolicy: cascade });
    ctx.out.push(deletedMessage(info, obj.metadata.name ?? ''));
  }
  const terminating = items.filter(({ obj }) => ctx.store.tryGet(obj.kind, obj.metadata.namespace, obj.metadata.name ?? ''));
  if (terminating.length) {
    const names = terminating.map(({ obj }) => resourceName(ctx.store.info(obj.kind), obj.metadata.name ?? '')).join(', ');
    throw new CommandError(`${names} still terminating: kubectl replace --force waits for the deletion to finish, but virtual time does not pass inside one command; advance time and run the same command again to create ${terminating.length === 1 ? 'it' : 'them'}`);
  }
  if (!items.length) throw new CommandError('no objects passed to replace');
  for (const { obj } of items) {
    const info = ctx.store.info(obj.kind);
    const created = ctx.store.create(obj, { fieldValidation });
    printResult(ctx, args, info, created, 'replaced');
  }
  return 0;
}

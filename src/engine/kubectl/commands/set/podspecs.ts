// The shared run of "kubectl set image|resources|env": find the objects (a missing one stops everything, as
// the builder's Infos() does), edit each pod spec locally, patch what changed, report per object.
import type { PodSpec } from 'kubernetes-types/core/v1';
import { jsonEqual } from '../../../apiserver/patch/mergepatch.ts';
import type { KubectlContext } from '../../context.ts';
import type { ParsedArgs } from '../../flags.ts';
import { noPodTemplate, patchEdited, podSpecOf } from '../podtemplate.ts';
import { dryRunOf, printResult } from '../printresult.ts';
import { findTargets, objectName, type Target } from '../targets.ts';

export interface PodSpecEdit {
  /** The success word after the object's name: "image updated". */
  operation: string;
  /** How the command words a failed patch: "failed to patch image update to pod template: ". */
  patchFailure: string;
  /** Edit one pod spec; per-object problems go to `errors` (printed at the end) or are thrown. */
  edit(spec: PodSpec, target: Target, errors: string[]): void;
}

export function editPodSpecs(ctx: KubectlContext, args: ParsedArgs, resourceArgs: string[], e: PodSpecEdit): number {
  const { targets, errors: missing } = findTargets(ctx, args, resourceArgs);
  if (missing.length) {
    ctx.err.push(...missing);
    return 1;
  }
  const dryRun = dryRunOf(args);
  const errors: string[] = [];
  for (const t of targets) {
    const copy = structuredClone(t.obj);
    const spec = podSpecOf(copy);
    try {
      if (!spec) throw new Error(noPodTemplate(t.info));
      e.edit(spec, t, errors);
    } catch (err) {
      errors.push(`error: ${objectName(t)} ${(err as Error).message}`);
      continue;
    }
    if (jsonEqual(copy, t.obj)) continue; // no change, nothing to say
    try {
      printResult(ctx, args, t.info, patchEdited(ctx, t.obj, copy, dryRun), e.operation);
    } catch (err) {
      errors.push(`error: ${e.patchFailure}${(err as Error).message}`);
    }
  }
  ctx.err.push(...errors);
  return errors.length ? 1 : 0;
}

// cmdutil.OverrideOptions: --overrides=JSON changes the object kubectl generated (run, expose) before it is sent,
// as a JSON merge patch by default, or --override-type=strategic|json.
import type { KubeObject } from '../../api/object.ts';
import { applyJsonPatch } from '../../apiserver/patch/jsonpatch.ts';
import { applyMergePatch } from '../../apiserver/patch/mergepatch.ts';
import { applyStrategicMergePatch } from '../../apiserver/patch/strategic.ts';
import { CommandError } from '../context.ts';
import { flag, type ParsedArgs } from '../flags.ts';

export function applyOverrides(args: ParsedArgs, obj: KubeObject): KubeObject {
  const overrides = flag(args, 'overrides');
  if (!overrides) return obj;
  const type = flag(args, 'override-type') ?? 'merge';
  const apply = { merge: applyMergePatch, strategic: applyStrategicMergePatch, json: applyJsonPatch }[type];
  if (!apply) throw new CommandError(`invalid override type: ${type}`);
  let patch: unknown;
  try {
    patch = JSON.parse(overrides);
  } catch {
    // evanphx/json-patch's answer to a patch that is not JSON.
    throw new CommandError('Invalid JSON Patch');
  }
  return apply(obj, patch) as KubeObject;
}

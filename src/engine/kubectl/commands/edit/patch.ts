// The patch an edit sends (editoptions.go's visitToPatch): a two-way strategic merge patch for the kinds kubectl
// knows, a JSON merge patch for custom resources; either way apiVersion, kind and metadata.name must not change.
import type { KindInfo } from '../../../api/kinds.ts';
import type { KubeObject } from '../../../api/object.ts';
import type { PatchType } from '../../../apiserver/store.ts';
import { createMergePatch } from '../../../apiserver/patch/mergepatch.ts';
import { CommandError } from '../../context.ts';
import { twoWayPatch } from '../podtemplate.ts';

export interface EditPatch {
  type: PatchType;
  patch: Record<string, unknown>;
}

// Simplification: twoWayPatch writes no $setElementOrder directives and sends a changed set-strategy list of scalars
// (finalizers) whole, where upstream adds $deleteFromPrimitiveList for removed items (see README).
export function editPatch(info: KindInfo, original: KubeObject, edited: KubeObject): EditPatch {
  const type: PatchType = info.custom ? 'merge' : 'strategic';
  const patch = info.custom ? createMergePatch(original, edited) : twoWayPatch(original, edited);
  // mergepatch.RequireKeyUnchanged("apiVersion"), ("kind"), RequireMetadataKeyUnchanged("name").
  const meta = patch.metadata as Record<string, unknown> | undefined;
  if ('apiVersion' in patch || 'kind' in patch || (meta && 'name' in meta)) throw new CommandError('At least one of apiVersion, kind and name was changed');
  return { type, patch };
}

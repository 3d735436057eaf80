// Reading the saved file back (editoptions.go's Run loop after the editor exits): cancel when nothing changed or
// the file is empty, reopen on a syntax error or on objects the API server found invalid, otherwise patch each
// changed object and report it.
import type { KindInfo } from '../../../api/kinds.ts';
import type { KubeObject } from '../../../api/object.ts';
import { isStatusError } from '../../../apiserver/errors.ts';
import { jsonEqual } from '../../../apiserver/patch/mergepatch.ts';
import { CommandError, resourceName, type KubectlContext } from '../../context.ts';
import { parseManifests } from '../../manifests.ts';
import { jsonKeyLess, sortKeysDeep } from '../../printers/keyorder.ts';
import { setLastApplied } from '../apply.ts';
import { fileObject } from '../fileobject.ts';
import { hasLines, manualStrip, stripComments, type EditReason } from './header.ts';
import { editorText } from './open.ts';
import type { EditOptions } from './options.ts';
import { editPatch } from './patch.ts';
import type { EditOutcome, EditSession } from './session.ts';
import { tempFileName } from './tempfile.ts';

/** What the patches did: objects to edit again (invalid), and failures that end the edit. */
interface EditResults {
  reasons: EditReason[];
  edit: number;
  notfound: number;
  retryable: number;
}

export function saveEdit(ctx: KubectlContext, opts: EditOptions, session: EditSession, saved: string): EditOutcome {
  const edited = saved.replace(/\r\n/g, '\n');
  const file = tempFileName(ctx.clock.now(), saved, opts.ext);
  if (session.containsError && stripComments(session.previous ?? '') === stripComments(edited)) return preserved(ctx, file, 'Edit cancelled, no valid changes were saved.');
  if (stripComments(session.original.replace(/\r\n/g, '\n')) === stripComments(edited)) {
    ctx.err.push('Edit cancelled, no changes made.');
    return { code: 0 };
  }
  if (!hasLines(edited)) {
    ctx.err.push('Edit cancelled, saved file was empty.');
    return { code: 0 };
  }
  const reopen = (reasons: EditReason[]): EditOutcome => {
    const document = editorText(opts, manualStrip(edited), reasons);
    return { reopen: { ...session, file: tempFileName(ctx.clock.now(), document, opts.ext), document, containsError: true, previous: edited } };
  };
  const updated: { info: KindInfo; obj: KubeObject }[] = [];
  for (const m of parseManifests(edited, 'edited-file')) {
    const r = fileObject(ctx, m, 'edited-file', { ...opts.namespace, enforce: false });
    if ('error' in r) return reopen([{ head: `The edited file had a syntax error: ${r.error.replace(/^error: /, '')}`, other: [] }]);
    updated.push(r);
  }
  try {
    for (const { obj } of updated) requireNamespace(obj, opts.namespace.namespace);
    for (const { obj } of updated) annotate(obj, opts.saveConfig);
    const results: EditResults = { reasons: [], edit: 0, notfound: 0, retryable: 0 };
    for (const u of updated) patchOne(ctx, opts, session, u.info, u.obj, results);
    if (results.retryable > 0) {
      ctx.err.push(`You can run \`kubectl replace -f ${file}\` to try this update again.`);
      return { code: 1 };
    }
    if (results.notfound > 0) {
      ctx.err.push(`The edits you made on deleted resources have been saved to "${file}"`);
      return { code: 1 };
    }
    return results.edit ? reopen(results.reasons) : { code: 0 };
  } catch (e) {
    if (e instanceof CommandError) return preserved(ctx, file, e.message);
    throw e;
  }
}

/** preservedFile: the saved text stays in its temp file, and the edit ends with the error. */
function preserved(ctx: KubectlContext, file: string, message: string): EditOutcome {
  ctx.err.push(`A copy of your changes has been stored to "${file}"`, `error: ${message}`);
  return { code: 1 };
}

/** resource.RequireNamespace(o.CmdNamespace): an object moved to another namespace is refused. */
function requireNamespace(obj: KubeObject, namespace: string): void {
  const ns = obj.metadata.namespace;
  if (ns && ns !== namespace) throw new CommandError(`the namespace from the provided object "${ns}" does not match the namespace "${namespace}". You must pass '--namespace=${ns}' to perform this operation.`);
}

/** visitAnnotation: --save-config writes the edited object as its last-applied configuration. */
function annotate(obj: KubeObject, saveConfig: boolean): void {
  if (saveConfig) setLastApplied(obj, obj);
}

function patchOne(ctx: KubectlContext, opts: EditOptions, session: EditSession, info: KindInfo, obj: KubeObject, results: EditResults): void {
  const original = session.originals.find((o) => o.metadata.uid === obj.metadata.uid);
  if (!original) throw new CommandError(`no original object found for ${info.kind} "${obj.metadata.name ?? ''}"`);
  const name = original.metadata.name ?? '';
  if (jsonEqual(original, obj)) {
    ctx.out.push(`${resourceName(info, name)} skipped`);
    return;
  }
  const { type, patch } = editPatch(info, original, obj);
  if (opts.outputPatch) ctx.out.push(`Patch: ${JSON.stringify(sortKeysDeep(patch, jsonKeyLess))}`);
  try {
    ctx.store.patch(info.kind, original.metadata.namespace, name, patch, { type, subresource: opts.subresource, fieldValidation: opts.fieldValidation });
    ctx.out.push(`${resourceName(info, name)} edited`);
  } catch (e) {
    ctx.err.push(addError(e, info, name, results));
  }
}

/** editResults.addError: invalid objects are edited again, the rest end the edit. */
function addError(e: unknown, info: KindInfo, name: string, results: EditResults): string {
  const resource = info.group ? `${info.plural}.${info.group}` : info.plural;
  if (isStatusError(e, 'Invalid')) {
    results.edit++;
    results.reasons.push({ head: `${resource} "${name}" was not valid`, other: (e.status.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`) });
    return `error: ${resource} "${name}" is invalid`;
  }
  if (isStatusError(e, 'NotFound')) {
    results.notfound++;
    return `error: ${resource} "${name}" could not be found on the server`;
  }
  if (!isStatusError(e)) throw e;
  results.retryable++;
  return `error: ${resource} "${name}" could not be patched: ${e.status.message}`;
}

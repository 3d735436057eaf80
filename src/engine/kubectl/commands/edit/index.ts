// kubectl edit: open the objects in an editor, read the saved file back, patch what changed, reopen on failures.
// Where the editor runs decides how the loop goes: a headless caller hands kubectl an editor function ($KUBE_EDITOR),
// the page's editor panel answers later (the command stops with the session open and goes on with ctx.edit.resume).
import { CommandError, type KubectlContext } from '../../context.ts';
import type { ParsedArgs } from '../../flags.ts';
import { openEdit } from './open.ts';
import { editOptions } from './options.ts';
import { saveEdit } from './save.ts';
import type { EditOutcome, EditSession } from './session.ts';

/** How kubectl edit reaches an editor. */
export interface EditorHooks {
  /** $KUBE_EDITOR: given the temp file's text, returns the file as the editor saved it. */
  editor?: (document: string) => string;
  /** The page: the editor opens without blocking; the command returns the session instead of waiting. */
  deferred?: boolean;
  /** The page's editor saved (or closed: the document as it was) the file of this pending session. */
  resume?: { session: EditSession; saved: string };
  /** The command line, kept in the session so that a resumed save runs the same flags. */
  commandLine?: string;
}

/** The exit code, and the session when the page's editor is to open on it. */
export function editCommand(ctx: KubectlContext, args: ParsedArgs): { code: number; session?: EditSession } {
  const hooks = ctx.edit ?? {};
  const opts = editOptions(ctx, args);
  let outcome: EditOutcome;
  if (hooks.resume) outcome = saveEdit(ctx, opts, hooks.resume.session, hooks.resume.saved);
  else {
    const session = openEdit(ctx, args, opts, hooks.commandLine ?? 'kubectl edit');
    outcome = session ? { reopen: session } : { code: 1 };
  }
  while ('reopen' in outcome) {
    if (hooks.deferred) return { code: 0, session: outcome.reopen };
    // editor.Launch: no editor could be started (vi is KUBE_EDITOR's default; the simulator has none).
    if (!hooks.editor) throw new CommandError('unable to launch the editor "vi"');
    outcome = saveEdit(ctx, opts, outcome.reopen, hooks.editor(outcome.reopen.document));
  }
  return outcome;
}

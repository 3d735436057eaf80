// Opening an edit: fetch the objects (by TYPE NAME, TYPE/NAME, every object of a TYPE, or -f files' objects from
// the server) and print them, one object or a List, under the header, as kubectl writes its temp file.
import type { KubeObject } from '../../../api/object.ts';
import { notFound } from '../../../apiserver/errors.ts';
import { CommandError, formatError, type KubectlContext } from '../../context.ts';
import type { ParsedArgs } from '../../flags.ts';
import { toJson, toYaml } from '../../printers/index.ts';
import { findFileTargets, findTargets, NO_RESOURCES, type FoundTargets } from '../targets.ts';
import { hasFilenames } from '../../filenames.ts';
import { writeHeader } from './header.ts';
import type { EditOptions } from './options.ts';
import type { EditSession } from './session.ts';
import { tempFileName } from './tempfile.ts';

/** The session to edit, or undefined after printing why there is none. */
export function openEdit(ctx: KubectlContext, args: ParsedArgs, opts: EditOptions, commandLine: string): EditSession | undefined {
  const found = editTargets(ctx, args, opts);
  if (found.errors.length) {
    // The builder's Infos() fails as a whole: nothing opens.
    ctx.err.push(...found.errors);
    return undefined;
  }
  if (!found.targets.length) throw new CommandError('edit cancelled, no objects found');
  const originals = found.targets.map((t) => withoutManagedFields(t.obj));
  const document = editorText(opts, originals.length === 1 ? originals[0] : { apiVersion: 'v1', items: originals, kind: 'List', metadata: {} }, []);
  return { commandLine, file: tempFileName(ctx.clock.now(), document, opts.ext), document, original: document, originals, containsError: false };
}

/** The file the editor opens: the header with the failures to fix, then the text. */
export function editorText(opts: EditOptions, body: unknown, reasons: Parameters<typeof writeHeader>[0]): string {
  const text = (opts.header ? writeHeader(reasons) : '') + (typeof body === 'string' ? body : opts.ext === 'json' ? toJson(body) : toYaml(body));
  return opts.windowsLineEndings ? text.replace(/\r?\n/g, '\r\n') : text;
}

function editTargets(ctx: KubectlContext, args: ParsedArgs, opts: EditOptions): FoundTargets {
  if (!hasFilenames(args) && !args.positional.length) throw new CommandError(NO_RESOURCES);
  if (!hasFilenames(args)) {
    // ResourceTypeOrNameArgs(true, …): a type alone edits every object of it.
    const all = new Map(args.flags).set('all', ['true']);
    return findTargets(ctx, { ...args, flags: all }, args.positional);
  }
  // Files name the objects; what opens is the server's copy of each (the builder's Latest()).
  const named = findFileTargets(ctx, args, opts.namespace);
  const out: FoundTargets = { targets: [], errors: named.errors };
  for (const { info, obj } of named.targets) {
    const live = ctx.store.tryGet(info.kind, obj.metadata.namespace, obj.metadata.name ?? '');
    if (live) out.targets.push({ info, obj: live });
    else out.errors.push(formatError(notFound(info, obj.metadata.name ?? '')));
  }
  return out;
}

/** kubectl edit shows no managedFields (--show-managed-fields=false). */
function withoutManagedFields(obj: KubeObject): KubeObject {
  const copy = structuredClone(obj) as KubeObject;
  delete (copy.metadata as { managedFields?: unknown }).managedFields;
  return copy;
}

// The objects a mutating command acts on, as kubectl's resource builder finds them: "TYPE NAME…", "TYPE/NAME…",
// or "TYPE" with -l / --all; a missing name is an error of its own and the others still run.
import type { KindInfo } from '../../api/kinds.ts';
import type { KubeObject } from '../../api/object.ts';
import { parseSelector } from '../../api/labels.ts';
import { notFound } from '../../apiserver/errors.ts';
import { CommandError, formatError, type KubectlContext } from '../context.ts';
import { readFilenames } from '../filenames.ts';
import { boolFlag, flag, type ParsedArgs } from '../flags.ts';
import { parseManifests } from '../manifests.ts';
import { fileObject } from './fileobject.ts';
import { byNamespaceAndName } from '../printers/describe/context.ts';
import { resolveResourceArgs } from '../resources.ts';
import { namespaceOf, type CommandNamespace } from '../namespace.ts';

export interface Target { info: KindInfo; obj: KubeObject }

export interface FoundTargets {
  targets: Target[];
  /** Lines for stderr, already in kubectl's words ("Error from server (NotFound): …"). */
  errors: string[];
}

/** The resource builder's error when neither arguments nor -f name anything. */
export const NO_RESOURCES = "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

/** ResourceTypeOrNameArgs(--all, args…) with the -l selector and -n namespace of the command line. */
export function findTargets(ctx: KubectlContext, args: ParsedArgs, resourceArgs: string[]): FoundTargets {
  const namespace = namespaceOf(ctx, args);
  const all = boolFlag(args, 'all');
  const sel = flag(args, 'selector');
  const out: FoundTargets = { targets: [], errors: [] };
  for (const { info, names } of resolveResourceArgs(ctx.store, resourceArgs)) {
    const ns = info.namespaced ? namespace : undefined;
    if (names.length) {
      if (sel !== undefined) throw new CommandError('when specifying names, a selector (-l or --field-selector) may not be used');
      for (const name of names) {
        const obj = ctx.store.tryGet(info.kind, ns, name);
        if (obj) out.targets.push({ info, obj });
        else out.errors.push(formatError(notFound(info, name)));
      }
      continue;
    }
    if (sel === undefined && !all) throw new CommandError('resource(s) were provided, but no name was specified');
    const items = ctx.store.list(info.kind, { namespace: ns, labelSelector: sel !== undefined ? parseSelector(sel) : undefined });
    for (const obj of [...items].sort(byNamespaceAndName)) out.targets.push({ info, obj });
  }
  return out;
}

/** info.ObjectName(): "deployments/web", as kubectl names objects in errors. */
export function objectName(t: Target): string {
  return `${t.info.plural}/${t.obj.metadata.name}`;
}

/** The objects of -f files (or -k's build) as the files hold them (kubectl's builder reads them from the file, not the server). */
export function findFileTargets(ctx: KubectlContext, args: ParsedArgs, ns: CommandNamespace): FoundTargets {
  const out: FoundTargets = { targets: [], errors: [] };
  for (const { text, source } of readFilenames(ctx, args)) {
    for (const m of parseManifests(text, source)) {
      const r = fileObject(ctx, m, source, ns);
      if ('error' in r) out.errors.push(r.error);
      else out.targets.push({ info: r.info, obj: r.obj });
    }
  }
  return out;
}

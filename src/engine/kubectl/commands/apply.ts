// kubectl apply -f: create what is missing, three-way merge what exists, report each object.
import type { KubeObject } from '../../api/object.ts';
import { StatusError } from '../../apiserver/errors.ts';
import { threeWayStrategicPatch } from '../../apiserver/patch/strategic.ts';
import { formatError, resourceName, type KubectlContext } from '../context.ts';
import { flag, type ParsedArgs } from '../flags.ts';
import { parseManifests, type Manifest } from '../manifests.ts';
import { hasFilenames, readFilenames } from '../filenames.ts';
import { fileObject } from './fileobject.ts';
import { validationDirective } from './validate.ts';
import type { FieldValidation } from '../../apiserver/fieldvalidation/index.ts';
import { commandNamespace, type CommandNamespace } from '../namespace.ts';

export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

export interface AppliedDocument {
  manifest: Manifest;
  ok: boolean;
  message: string;
  /** The object as it was before, and as the API server returned it (after a server dry run too). */
  live?: KubeObject;
  result?: KubeObject;
  /** The API server's warnings (--validate=warn's unknown fields), printed before the message. */
  warnings?: string[];
}

export function applyCommand(ctx: KubectlContext, args: ParsedArgs): AppliedDocument[] {
  if (!hasFilenames(args)) throw new Error('must specify one of -f and -k');
  const dryRun = dryRunMode(flag(args, 'dry-run'));
  const validation = validationDirective(args);
  const results: AppliedDocument[] = [];
  for (const { text, source } of readFilenames(ctx, args)) {
    for (const m of parseManifests(text, source)) results.push(applyOne(ctx, m, source, commandNamespace(ctx, args), dryRun, validation));
  }
  if (!results.length) throw new Error('no objects passed to apply');
  return results;
}

export function dryRunMode(v: string | undefined): '' | 'client' | 'server' {
  if (v === undefined || v === 'none' || v === 'false') return '';
  if (v === 'client' || v === 'true') return 'client';
  if (v === 'server') return 'server';
  throw new Error(`Invalid dry-run value (${v}). Must be "none", "server", or "client".`);
}

function applyOne(ctx: KubectlContext, m: Manifest, source: string, ns: CommandNamespace, dryRun: '' | 'client' | 'server', fieldValidation: FieldValidation): AppliedDocument {
  const read = fileObject(ctx, m, source, ns);
  if ('error' in read) return { manifest: m, ok: false, message: read.error };
  const { obj, info, name } = read;
  if (!name) return { manifest: m, ok: false, message: `error: error when retrieving current configuration of:\nResource: "${info.group ? `${info.group}/${info.version}` : info.version}, Resource=${info.plural}", GroupVersionKind: "${obj.apiVersion}, Kind=${obj.kind}"\nName: "", Namespace: "${obj.metadata.namespace ?? ''}"\nfrom server for: "${source}": resource name may not be empty` };
  const suffix = dryRun ? ` (${dryRun} dry run)` : '';
  setLastApplied(obj, m.object!);
  const warnings: string[] = [];
  const write = { dryRun: dryRun === 'server', fieldValidation, warnings };
  try {
    const live = ctx.store.tryGet(info.kind, obj.metadata.namespace, name);
    if (!live) {
      const result = dryRun !== 'client' ? ctx.store.create(obj, write) : obj;
      return { manifest: m, ok: true, message: `${resourceName(info, name)} created${suffix}`, result, warnings };
    }
    const original = parseLastApplied(live.metadata.annotations?.[LAST_APPLIED]);
    const patch = threeWayStrategicPatch(original, obj, live);
    if (!Object.keys(patch).length) return { manifest: m, ok: true, message: `${resourceName(info, name)} unchanged${suffix}`, live, result: live };
    const result = dryRun !== 'client' ? ctx.store.patch(info.kind, obj.metadata.namespace, name, patch, { type: 'strategic', ...write }) : live;
    return { manifest: m, ok: true, message: `${resourceName(info, name)} configured${suffix}`, live, result, warnings };
  } catch (e) {
    const verb = ctx.store.tryGet(info.kind, obj.metadata.namespace, name) ? 'applying patch' : 'creating';
    const message = e instanceof StatusError && e.reason !== 'Invalid'
      ? formatError(e, `error when ${verb} "${source}"`)
      : formatError(e);
    return { manifest: m, ok: false, message };
  }
}

/** The file as written (without the annotation) is what the next apply compares against. */
export function setLastApplied(obj: KubeObject, written: KubeObject): void {
  const lastApplied = JSON.stringify(withoutLastApplied(written)) + '\n';
  obj.metadata.annotations = { ...(obj.metadata.annotations ?? {}), [LAST_APPLIED]: lastApplied };
}

function withoutLastApplied(o: KubeObject): KubeObject {
  const copy = structuredClone(o);
  if (copy.metadata?.annotations) {
    delete copy.metadata.annotations[LAST_APPLIED];
    if (!Object.keys(copy.metadata.annotations).length) delete copy.metadata.annotations;
  }
  return copy;
}

function parseLastApplied(text: string | undefined): unknown {
  if (!text) return {};
  try { return JSON.parse(text); } catch { return {}; }
}

// patches, patchesStrategicMerge and patchesJson6902: a strategic merge patch finds its object by its own id or
// by a target selector; a JSON 6902 patch needs a target. kubesim's API server patch code applies them.
import { parseAllDocuments } from 'yaml';
import type { KubeObject } from '../../api/object.ts';
import { parseSelector } from '../../api/labels.ts';
import { applyStrategicMergePatch } from '../../apiserver/patch/strategic.ts';
import { applyJsonPatch } from '../../apiserver/patch/jsonpatch.ts';
import { KustomizeError, type Patch, type PatchTarget } from './kustomization.ts';
import { joinPath, type KustFiles } from './paths.ts';
import { groupVersion, hadName, namespaceOf, nameOf, resIdString, type Res } from './resource.ts';

const regex = (pattern: string): RegExp => new RegExp(`^(?:${pattern})$`);

/** types.Selector: group and version exact; kind, name and namespace are regular expressions; label selectors. */
export function selects(t: PatchTarget, r: Res): boolean {
  const { group, version } = groupVersion(r.obj.apiVersion);
  if (t.group !== undefined && t.group !== group) return false;
  if (t.version && t.version !== version) return false;
  if (t.kind && !regex(t.kind).test(r.obj.kind)) return false;
  if (t.name && ![nameOf(r), ...r.prevNames].some((n) => regex(t.name!).test(n))) return false;
  if (t.namespace && !regex(t.namespace).test(namespaceOf(r) || 'default')) return false;
  if (t.labelSelector && !parseSelector(t.labelSelector).matches(r.obj.metadata?.labels ?? {})) return false;
  if (t.annotationSelector && !parseSelector(t.annotationSelector).matches(r.obj.metadata?.annotations ?? {})) return false;
  return true;
}

function patchText(fs: KustFiles, dir: string, p: Patch): string {
  if (p.path !== undefined) {
    const path = joinPath(dir, p.path);
    const text = fs.read(path);
    if (text === undefined) throw new KustomizeError(`evalsymlink failure on '${path}' : lstat ${path}: no such file or directory`);
    return text;
  }
  if (p.patch === undefined) throw new KustomizeError('must specify one of patch and path in ' + JSON.stringify(p));
  return p.patch;
}

function parseDocs(text: string): unknown[] {
  const docs = parseAllDocuments(text);
  const list = Array.isArray(docs) ? docs : [docs];
  for (const d of list) if (d.errors.length) throw new KustomizeError(`unable to parse SM or JSON patch from [${text}]`);
  return list.map((d) => d.toJS() as unknown).filter((v) => v !== null && v !== undefined);
}

/** One entry of patches (or patchesJson6902): JSON 6902 when it is a list of operations, else strategic merge. */
export function applyPatch(fs: KustFiles, dir: string, p: Patch, all: Res[]): void {
  const text = patchText(fs, dir, p);
  const docs = parseDocs(text);
  if (docs.length === 1 && Array.isArray(docs[0])) {
    if (!p.target) throw new KustomizeError(`must specify a target for patch ${text}`);
    for (const r of all.filter((r) => selects(p.target!, r))) {
      try {
        r.obj = applyJsonPatch(r.obj, docs[0]) as KubeObject;
      } catch (e) {
        throw new KustomizeError(`unable to apply JSON patch to ${resIdString(r.obj)}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    return;
  }
  for (const doc of docs) applyStrategic(doc as KubeObject, p.target, all);
}

/** A strategic merge patch: its own apiVersion, kind and name pick the object unless a target selector does. */
export function applyStrategic(patch: KubeObject, target: PatchTarget | undefined, all: Res[]): void {
  let matched: Res[];
  if (target) matched = all.filter((r) => selects(target, r));
  else {
    const { group } = groupVersion(patch.apiVersion);
    const name = patch.metadata?.name ?? '';
    matched = all.filter((r) => r.obj.kind === patch.kind && groupVersion(r.obj.apiVersion).group === group && hadName(r, name)
      && (!patch.metadata?.namespace || namespaceOf(r) === patch.metadata.namespace));
    if (!matched.length) throw new KustomizeError(`no resource matches strategic merge patch "${resIdString(patch)}": no matches for Id ${resIdString(patch)}; failed to find unique target for patch ${resIdString(patch)}`);
  }
  for (const r of matched) {
    if ((patch as Record<string, unknown>).$patch === 'delete') {
      all.splice(all.indexOf(r), 1);
      continue;
    }
    r.obj = keepId(r.obj, applyStrategicMergePatch(r.obj, patch) as KubeObject);
  }
}

/** A strategic merge patch does not rename or re-kind its object (kustomize's allowNameChange and allowKindChange are off). */
function keepId(before: KubeObject, after: KubeObject): KubeObject {
  after.metadata = { ...after.metadata, name: before.metadata?.name };
  if (before.metadata?.namespace) after.metadata.namespace = before.metadata.namespace;
  after.kind = before.kind;
  after.apiVersion = before.apiVersion;
  return after;
}

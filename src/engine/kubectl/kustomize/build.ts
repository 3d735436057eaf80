// kustomize build (api/krusty, api/internal/target/kusttarget.go): accumulate a kustomization's resources (files
// and bases, recursively) and components, run its generators, then its transformers in kustomize's order; at the
// top, add generated names' hashes, fix name references and sort (the legacy order kubectl kustomize prints).
import type { KubeObject } from '../../api/object.ts';
import { parseManifests } from '../manifests.ts';
import { addAnnotations, addLabels, SCALABLE } from './fieldspecs.ts';
import { addHashSuffixes, runGenerators } from './generators.ts';
import { setImages } from './images.ts';
import { KustomizeError, loadKustomization, type Kustomization } from './kustomization.ts';
import { fixNameReferences } from './namereference.ts';
import { applyPatch } from './patches.ts';
import { joinPath, KustFiles } from './paths.ts';
import { hadName, legacyLess, nameOf, res, resIdString, sameId, setName, type Res } from './resource.ts';

export interface BuildOptions {
  /** Whether objects of this kind live in a namespace (the namespace field skips cluster-scoped ones). */
  namespaced(apiVersion: string, kind: string): boolean;
}

interface Build { fs: KustFiles; opts: BuildOptions }

/** kustomize build DIR over kubectl's files: the objects, in order. */
export function kustomizeBuild(files: ReadonlyMap<string, string>, dir: string, opts: BuildOptions): KubeObject[] {
  const fs = new KustFiles(files);
  const root = joinPath('.', dir);
  if (fs.read(root) !== undefined) throw new KustomizeError(`must build at directory: '${root}': file is not directory`);
  if (!fs.isDir(root)) throw new KustomizeError(`must build at directory: not a valid directory: evalsymlink failure on '${dir}' : lstat ${root}: no such file or directory`);
  const all = accumulateTarget({ fs, opts }, root, [], [root]);
  addHashSuffixes(all);
  fixNameReferences(all);
  return all.map((r) => r.obj).sort(legacyLess);
}

function append(all: Res[], r: Res): void {
  if (all.some((o) => sameId(o.obj, r.obj))) throw new KustomizeError(`may not add resource with an already registered id: ${resIdString(r.obj)}`);
  all.push(r);
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** One kustomization's directives on `all` (empty for a base; the including kustomization's for a component). */
function accumulateTarget(b: Build, dir: string, all: Res[], visiting: string[]): Res[] {
  const k = loadKustomization(b.fs, dir);
  try {
    accumulateResources(b, dir, [...(k.resources ?? []), ...(k.bases ?? [])], all, visiting);
  } catch (e) {
    throw new KustomizeError(`accumulating resources: ${message(e)}`);
  }
  for (const c of k.components ?? []) {
    const path = joinPath(dir, c);
    try {
      const sub = loadKustomization(b.fs, path);
      if (sub.kind !== 'Component') throw new KustomizeError(`expected kind 'Component' for path '${path}' but got '${sub.kind ?? ''}'`);
      accumulateTarget(b, path, all, [...visiting, path]);
    } catch (e) {
      throw new KustomizeError(`accumulating components: accumulateDirectory: "${message(e)}"`);
    }
  }
  runGenerators('ConfigMap', b.fs, dir, k.configMapGenerator ?? [], k.generatorOptions, all);
  runGenerators('Secret', b.fs, dir, k.secretGenerator ?? [], k.generatorOptions, all);
  transform(b, dir, k, all);
  return all;
}

function accumulateResources(b: Build, dir: string, paths: string[], all: Res[], visiting: string[]): void {
  for (const p of paths) {
    const path = joinPath(dir, p);
    const text = b.fs.read(path);
    if (text !== undefined) {
      for (const m of parseManifests(text, p)) {
        if (m.error) throw new KustomizeError(`accumulating resources from '${p}': MalformedYAMLError: ${m.error} in File: ${p}`);
        try {
          append(all, res(structuredClone(m.object!)));
        } catch (e) {
          throw new KustomizeError(`accumulation err='merging resources from '${p}': ${message(e)}': must build at directory: '${path}': file is not directory`);
        }
      }
      continue;
    }
    const fileErr = `accumulating resources from '${p}': read ${path}: is a directory`;
    if (!b.fs.isDir(path)) {
      throw new KustomizeError(`accumulation err='accumulating resources from '${p}': open ${path}: no such file or directory': must build at directory: not a valid directory: evalsymlink failure on '${path}' : lstat ${path}: no such file or directory`);
    }
    if (visiting.includes(path)) throw new KustomizeError(`accumulation err='${fileErr}': cycle detected: candidate root '${path}' contains visited root '${visiting[visiting.length - 1]}'`);
    let sub: Res[];
    try {
      loadKustomization(b.fs, path);
    } catch (e) {
      throw new KustomizeError(`accumulation err='${fileErr}': couldn't make target for path '${path}': ${message(e)}`);
    }
    try {
      sub = accumulateTarget(b, path, [], [...visiting, path]);
    } catch (e) {
      throw new KustomizeError(`accumulation err='${fileErr}': recursed accumulation of path '${path}': ${message(e)}`);
    }
    for (const r of sub) {
      try {
        append(all, r);
      } catch (e) {
        throw new KustomizeError(`accumulation err='${fileErr}': recursed merging from path '${path}': ${message(e)}`);
      }
    }
  }
}

/** Kinds namePrefix and nameSuffix leave alone. */
const KEEP_NAME = new Set(['Namespace', 'CustomResourceDefinition', 'APIService']);

/** The builtin transformers, in the order kustomize configures them. */
function transform(b: Build, dir: string, k: Kustomization, all: Res[]): void {
  for (const p of k.patchesStrategicMerge ?? []) {
    const path = joinPath(dir, p);
    applyPatch(b.fs, dir, b.fs.read(path) !== undefined || !p.includes('\n') ? { path: p } : { patch: p }, all);
  }
  for (const p of k.patches ?? []) applyPatch(b.fs, dir, p, all);
  if (k.namespace) {
    for (const r of all) if (b.opts.namespaced(r.obj.apiVersion, r.obj.kind)) r.obj.metadata = { ...r.obj.metadata, namespace: k.namespace };
  }
  if (k.namePrefix || k.nameSuffix) {
    for (const r of all) if (!KEEP_NAME.has(r.obj.kind)) setName(r, `${k.namePrefix ?? ''}${nameOf(r)}${k.nameSuffix ?? ''}`);
  }
  const stringMap = (m: Record<string, unknown>): Record<string, string> => Object.fromEntries(Object.entries(m).map(([key, v]) => [key, String(v)]));
  if (k.commonLabels) for (const r of all) addLabels(r.obj, stringMap(k.commonLabels), { selectors: true, templates: true });
  for (const l of k.labels ?? []) {
    const pairs = stringMap(l.pairs ?? {});
    for (const r of all) addLabels(r.obj, pairs, { selectors: Boolean(l.includeSelectors), templates: Boolean(l.includeTemplates) });
  }
  if (k.commonAnnotations) for (const r of all) addAnnotations(r.obj, stringMap(k.commonAnnotations));
  for (const p of k.patchesJson6902 ?? []) applyPatch(b.fs, dir, p, all);
  for (const rep of k.replicas ?? []) {
    for (const r of all) {
      if (!SCALABLE.has(r.obj.kind) || !hadName(r, rep.name ?? '')) continue;
      r.obj.spec = { ...(r.obj.spec as object | undefined), replicas: Number(rep.count ?? 0) };
    }
  }
  if (k.images?.length) for (const r of all) setImages(r.obj, k.images);
}

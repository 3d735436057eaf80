// configMapGenerator and secretGenerator: ConfigMaps and Secrets from literals, files and env files, created or
// merged into / replacing one the bases made, with generatorOptions' labels, annotations and name hash.
import type { KubeObject } from '../../api/object.ts';
import { base64Encode } from '../../api/base64.ts';
import { objectHash } from '../commands/create/hash.ts';
import { KustomizeError, type GeneratorArgs, type GeneratorOptions } from './kustomization.ts';
import { baseName, joinPath, type KustFiles } from './paths.ts';
import { hadName, namespaceOf, nameOf, res, resIdString, setName, type Res } from './resource.ts';

/** A literal's or env line's value without one pair of surrounding quotes, as kustomize's removeQuotes. */
function unquote(v: string): string {
  return v.length >= 2 && (v[0] === '"' || v[0] === "'") && v[v.length - 1] === v[0] ? v.slice(1, -1) : v;
}

function missing(path: string): KustomizeError {
  return new KustomizeError(`evalsymlink failure on '${path}' : lstat ${path}: no such file or directory`);
}

/** The key/value pairs of one generator, in the order kustomize reads them: literals, files, env files. */
function pairs(fs: KustFiles, dir: string, g: GeneratorArgs): [string, string][] {
  const out: [string, string][] = [];
  for (const lit of g.literals ?? []) {
    const eq = lit.indexOf('=');
    if (eq <= 0) throw new KustomizeError(`invalid literal source ${lit}, expected key=value`);
    out.push([lit.slice(0, eq), unquote(lit.slice(eq + 1))]);
  }
  for (const src of g.files ?? []) {
    const eq = src.indexOf('=');
    const key = eq > 0 ? src.slice(0, eq) : baseName(src);
    const path = joinPath(dir, eq > 0 ? src.slice(eq + 1) : src);
    const text = fs.read(path);
    if (text === undefined) throw new KustomizeError(`loading KV pairs: file sources: [${src}]: ${missing(path).message}`);
    out.push([key, text]);
  }
  for (const env of [...(g.envs ?? []), ...(g.env ? [g.env] : [])]) {
    const path = joinPath(dir, env);
    const text = fs.read(path);
    if (text === undefined) throw new KustomizeError(`loading KV pairs: env source files: [${env}]: ${missing(path).message}`);
    for (const raw of text.split('\n')) {
      const line = raw.replace(/\r$/, '').trimStart();
      if (!line || line.startsWith('#')) continue;
      const eq = line.indexOf('=');
      // A bare KEY takes its value from kustomize's own environment; the simulation has none.
      if (eq < 0) continue;
      out.push([line.slice(0, eq), unquote(line.slice(eq + 1))]);
    }
  }
  return out;
}

function merged(global: GeneratorOptions | undefined, own: GeneratorOptions | undefined): GeneratorOptions {
  return {
    labels: { ...global?.labels, ...own?.labels },
    annotations: { ...global?.annotations, ...own?.annotations },
    disableNameSuffixHash: Boolean(global?.disableNameSuffixHash || own?.disableNameSuffixHash),
    immutable: own?.immutable ?? global?.immutable,
  };
}

function build(kind: 'ConfigMap' | 'Secret', fs: KustFiles, dir: string, g: GeneratorArgs, opts: GeneratorOptions): KubeObject {
  const data: Record<string, string> = {};
  for (const [k, v] of pairs(fs, dir, g)) data[k] = kind === 'Secret' ? base64Encode(v) : v;
  const obj: KubeObject = { apiVersion: 'v1', kind, metadata: { name: g.name ?? '' } };
  if (g.namespace) obj.metadata.namespace = g.namespace;
  if (Object.keys(opts.labels ?? {}).length) obj.metadata.labels = { ...opts.labels };
  if (Object.keys(opts.annotations ?? {}).length) obj.metadata.annotations = { ...opts.annotations };
  if (Object.keys(data).length) obj.data = data;
  if (kind === 'Secret') obj.type = g.type || 'Opaque';
  if (opts.immutable) obj.immutable = true;
  return obj;
}

/** Run one kind's generators into the accumulator (kustomize's runGenerators with behavior create|merge|replace). */
export function runGenerators(kind: 'ConfigMap' | 'Secret', fs: KustFiles, dir: string, gens: GeneratorArgs[], global: GeneratorOptions | undefined, all: Res[]): void {
  for (const g of gens) {
    const opts = merged(global, g.options);
    const obj = build(kind, fs, dir, g, opts);
    const behavior = g.behavior || 'create';
    if (!['create', 'merge', 'replace'].includes(behavior)) throw new KustomizeError(`unknown generator behavior '${behavior}'`);
    if (behavior === 'create') {
      const dup = all.find((r) => r.obj.kind === kind && nameOf(r) === obj.metadata.name && namespaceOf(r) === (obj.metadata.namespace ?? ''));
      if (dup) throw new KustomizeError(`may not add resource with an already registered id: ${resIdString(obj)}`);
      all.push({ ...res(obj), needsHash: !opts.disableNameSuffixHash });
      continue;
    }
    const old = all.find((r) => r.obj.kind === kind && hadName(r, obj.metadata.name ?? '') && (!g.namespace || namespaceOf(r) === g.namespace));
    if (!old) throw new KustomizeError(`id ${JSON.stringify(resIdString(obj))} does not exist; cannot merge or replace`);
    const meta = old.obj.metadata;
    if (behavior === 'merge') {
      meta.labels = { ...meta.labels, ...obj.metadata.labels };
      meta.annotations = { ...meta.annotations, ...obj.metadata.annotations };
      const data = { ...(old.obj.data as Record<string, string> | undefined), ...(obj.data as Record<string, string> | undefined) };
      if (Object.keys(data).length) old.obj.data = data;
    } else {
      meta.labels = { ...obj.metadata.labels };
      meta.annotations = { ...obj.metadata.annotations };
      if (obj.data) old.obj.data = obj.data; else delete old.obj.data;
    }
    if (opts.disableNameSuffixHash) old.needsHash = false;
  }
}

/**
 * The last step of a build: generated objects get "-" and the hash of their final content. The hash reads an
 * empty name, as kustomize's outputs show (blah-bob-d87t8m8tgm in its TestGeneratorBasics), so prefixes do not move it.
 */
export function addHashSuffixes(all: Res[]): void {
  for (const r of all) {
    if (!r.needsHash) continue;
    const o = r.obj as KubeObject & { kind: 'ConfigMap' | 'Secret'; data?: Record<string, string>; binaryData?: Record<string, string>; type?: string; immutable?: boolean };
    setName(r, `${nameOf(r)}-${objectHash({ kind: o.kind, name: '', data: o.data ?? {}, binaryData: o.binaryData, type: o.type, immutable: o.immutable })}`);
  }
}

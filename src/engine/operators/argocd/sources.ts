// The repo-server's source types: how a source's path is read (GetAppSourceType: the type the spec names, else
// discovery of the folder — a Chart.yaml makes it Helm, a kustomization Kustomize, anything else a Directory), and
// how a Helm or Kustomize source becomes manifests: `helm template` with the release name, destination namespace,
// value files, values and parameters; `kustomize edit` of the spec's overrides, then `kustomize build`.
// Simplification: helm hooks are left out of the manifests (Argo would run them as sync hooks, which this
// controller does not have); the error names a shortened helm command line (no --api-versions, --kube-version).
import { parse, stringify } from 'yaml';
import type { KubeObject } from '../../api/object.ts';
import type { ManifestTools } from '../operator.ts';
import type { Application, ApplicationSource, ApplicationSourceKustomize, ApplicationSourceType } from './types.ts';

/** A failure to produce the target state, worded as the repo-server's gRPC error. */
export class ManifestError extends Error {}

const KUSTOMIZATION = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];
const set = (v: object | undefined) => !!v && Object.keys(v).length > 0;

/** A path inside the repository: "a/b/../c" is "a/c"; "" and "." are its root. */
export function repoPath(...parts: string[]): string {
  const out: string[] = [];
  for (const seg of parts.join('/').split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop(); else out.push(seg);
  }
  return out.join('/');
}

/** ApplicationSource.ExplicitType, then discovery.AppType over the folder itself. */
export function sourceType(files: ReadonlyMap<string, string>, source: ApplicationSource): ApplicationSourceType {
  const explicit: ApplicationSourceType[] = [];
  if (set(source.kustomize)) explicit.push('Kustomize');
  if (set(source.helm)) explicit.push('Helm');
  if (set(source.directory)) explicit.push('Directory');
  if (explicit.length > 1) throw new ManifestError(`rpc error: code = Unknown desc = multiple application sources defined: ${explicit.join(',')}`);
  if (explicit.length) return explicit[0];
  const dir = repoPath(source.path ?? '');
  const has = (name: string) => files.has(repoPath(dir, name));
  if (has('Chart.yaml')) return 'Helm';
  if (KUSTOMIZATION.some(has)) return 'Kustomize';
  return 'Directory';
}

const failed = (command: string, e: unknown) =>
  new ManifestError(`rpc error: code = Unknown desc = \`${command}\` failed exit status 1: Error: ${e instanceof Error ? e.message.replace(/\n+$/, '') : String(e)}`);

function helmTemplate(tools: ManifestTools, files: ReadonlyMap<string, string>, app: Application, source: ApplicationSource): KubeObject[] {
  const dir = repoPath(source.path ?? '');
  const h = source.helm ?? {};
  const name = h.releaseName || app.metadata.name!;
  const namespace = app.spec.destination.namespace ?? '';
  // Value files are relative to the chart's path; a missing one is skipped only with ignoreMissingValueFiles.
  const valueFiles = (h.valueFiles ?? []).map((f) => repoPath(dir, f)).filter((f) => !h.ignoreMissingValueFiles || files.has(f));
  // valuesObject wins over values; either is one more values file after the others.
  const values = set(h.valuesObject) ? JSON.stringify(h.valuesObject) : h.values || undefined;
  const command = ['helm template .', `--name-template ${name}`, `--namespace ${namespace}`, ...valueFiles.map((f) => `--values ${f}`), ...(values ? ['--values <temp file>'] : []),
    ...(h.parameters ?? []).map((p) => `${p.forceString ? '--set-string' : '--set'} ${p.name}=${p.value}`), '--include-crds'].join(' ');
  try {
    return tools.helmTemplate(files, dir, { releaseName: name, namespace, valueFiles, values, parameters: h.parameters ?? [] });
  } catch (e) {
    throw failed(command, e);
  }
}

/** kustomize edit set image's argument: NAME=NEWNAME:TAG, NAME=NEWNAME@DIGEST, NAME:TAG, NAME@DIGEST. */
export function parseImage(arg: string): { name: string; newName?: string; newTag?: string; digest?: string } {
  const eq = arg.indexOf('=');
  const [name, rest] = eq < 0 ? [undefined, arg] : [arg.slice(0, eq), arg.slice(eq + 1)];
  let ref = rest, tag: string | undefined, digest: string | undefined;
  const at = ref.indexOf('@');
  if (at >= 0) { digest = ref.slice(at + 1); ref = ref.slice(0, at); } else {
    const colon = ref.lastIndexOf(':');
    if (colon > ref.lastIndexOf('/')) { tag = ref.slice(colon + 1); ref = ref.slice(0, colon); }
  }
  const out: { name: string; newName?: string; newTag?: string; digest?: string } = { name: name ?? ref };
  if (name !== undefined && ref !== name) out.newName = ref;
  if (tag !== undefined) out.newTag = tag;
  if (digest !== undefined) out.digest = digest;
  return out;
}

/** The kustomization as `kustomize edit set nameprefix|namesuffix|image|replicas|namespace` and `add label|annotation --force` leave it. */
export function editKustomization(text: string, k: ApplicationSourceKustomize): string {
  const doc = (parse(text) ?? {}) as Record<string, unknown>;
  if (k.namePrefix) doc.namePrefix = k.namePrefix;
  if (k.nameSuffix) doc.nameSuffix = k.nameSuffix;
  if (k.namespace) doc.namespace = k.namespace;
  if (k.images?.length) {
    const images = [...((doc.images as { name: string }[] | undefined) ?? [])];
    for (const img of k.images.map(parseImage)) {
      const i = images.findIndex((x) => x.name === img.name);
      if (i >= 0) images[i] = img; else images.push(img);
    }
    doc.images = images;
  }
  if (k.replicas?.length) {
    const replicas = [...((doc.replicas as { name: string }[] | undefined) ?? [])];
    for (const r of k.replicas) {
      const i = replicas.findIndex((x) => x.name === r.name);
      const entry = { name: r.name, count: Number(r.count) };
      if (i >= 0) replicas[i] = entry; else replicas.push(entry);
    }
    doc.replicas = replicas;
  }
  if (set(k.commonLabels)) doc.commonLabels = { ...(doc.commonLabels as object | undefined), ...k.commonLabels };
  if (set(k.commonAnnotations)) doc.commonAnnotations = { ...(doc.commonAnnotations as object | undefined), ...k.commonAnnotations };
  return stringify(doc);
}

function kustomizeBuild(tools: ManifestTools, files: ReadonlyMap<string, string>, source: ApplicationSource): KubeObject[] {
  const dir = repoPath(source.path ?? '');
  let input = files;
  if (set(source.kustomize)) {
    const file = KUSTOMIZATION.map((n) => repoPath(dir, n)).find((f) => files.has(f));
    if (file) {
      const edited = new Map(files);
      edited.set(file, editKustomization(files.get(file)!, source.kustomize!));
      input = edited;
    }
  }
  try {
    return tools.kustomizeBuild(input, dir || '.');
  } catch (e) {
    throw failed(`kustomize build ${dir || '.'}`, e);
  }
}

/** The Helm or Kustomize source's manifests over the repository's files at the revision. */
export function generateFromTool(type: 'Helm' | 'Kustomize', tools: ManifestTools | undefined, files: ReadonlyMap<string, string>, app: Application, source: ApplicationSource): KubeObject[] {
  if (!tools) throw new ManifestError(`rpc error: code = Unknown desc = ${type} sources are not available here`);
  const objs = type === 'Helm' ? helmTemplate(tools, files, app, source) : kustomizeBuild(tools, files, source);
  return objs.map((o) => ({ ...o, metadata: { ...(o.metadata ?? {}) } }));
}

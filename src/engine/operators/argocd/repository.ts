// The "Git repository" an Application reads: a folder of the page's editor documents. repoURL kubesim://documents
// names them, spec.source.path a folder ("guestbook" holds guestbook/deployment.yaml …): a directory source (no
// recursion unless directory.recurse), or a Helm chart or kustomization found there (sources.ts). A revision is a content hash of the folder, so saving an
// edited document makes a new revision, and the same files always make the same one.
// SIMULATION: there is no network and no git: the revision is the first 40 hex digits of a SHA-256 over the
// folder's file names and texts (not a git commit id); the revisions the controller has seen are kept as "commits"
// in the ConfigMap argocd-kubesim-repository (the last 20), which is what rollback and --revision can read.
import type { ConfigMap } from 'kubernetes-types/core/v1';
import { parseAllDocuments } from 'yaml';
import type { KubeObject } from '../../api/object.ts';
import { sha256Hex } from '../../api/sha256.ts';
import type { Store } from '../../apiserver/store.ts';
import type { OperatorDeps } from '../operator.ts';
import { generateFromTool, ManifestError, sourceType } from './sources.ts';
import { ARGOCD_NAMESPACE, type Application, type ApplicationSource, type ApplicationSourceType } from './types.ts';

export { ManifestError };

export const DOCUMENTS_REPO = 'kubesim://documents';
export const COMMITS_CONFIGMAP = 'argocd-kubesim-repository';
const KEEP_COMMITS = 20;

/** The editor's documents, and word when one changes (the repository's webhook). */
export type DocumentSource = NonNullable<OperatorDeps['documents']>;

/** The files at a revision: a directory source's own manifest files, or (Helm, Kustomize) the whole repository. */
export interface RepoState { revision: string; files: [string, string][]; type?: ApplicationSourceType }

const MANIFEST = /\.(ya?ml|json)$/;
const cleanPath = (p: string | undefined) => (p ?? '').replace(/^\.?\/+|\/+$/g, '').replace(/^\.$/, '');

const byName = ([a]: [string, string], [b]: [string, string]) => (a < b ? -1 : a > b ? 1 : 0);

/** The folder's manifest files (those of sub-folders too with recurse), by name. */
export function folderFiles(files: ReadonlyMap<string, string>, path: string | undefined, recurse = false): [string, string][] {
  const dir = cleanPath(path);
  const prefix = dir ? `${dir}/` : '';
  return [...files].filter(([name]) => name.startsWith(prefix) && (recurse || !name.slice(prefix.length).includes('/')) && MANIFEST.test(name)).sort(byName);
}

/** The files a source at this revision is built from. */
function sourceFiles(files: ReadonlyMap<string, string>, source: ApplicationSource): RepoState['files'] {
  const type = sourceType(files, source);
  return type === 'Directory' ? folderFiles(files, source.path, !!source.directory?.recurse) : [...files].sort(byName);
}

export function revisionOf(files: [string, string][]): string {
  return sha256Hex(files.map(([name, text]) => `${name}\0${text}`).join('\0')).slice(0, 40);
}

const isCommitSha = (r: string) => /^[0-9a-f]{7,40}$/.test(r);

/** The source at its target revision: HEAD (or empty) is the folder as it is now, a hash one of the kept commits. */
export function resolve(store: Store, docs: DocumentSource, source: ApplicationSource, revision?: string): RepoState {
  if (source.repoURL !== DOCUMENTS_REPO) throw new ManifestError(`rpc error: code = Unknown desc = failed to list refs: repository not found: ${source.repoURL} (repositories here are ${DOCUMENTS_REPO})`);
  const want = revision || source.targetRevision || 'HEAD';
  const dir = cleanPath(source.path);
  if (want === 'HEAD') {
    const exists = !dir || [...docs.files.keys()].some((n) => n.startsWith(`${dir}/`));
    if (!exists) throw new ManifestError(`rpc error: code = Unknown desc = ${source.path}: app path does not exist`);
    const files = sourceFiles(docs.files, source);
    return { revision: revisionOf(files), files, type: sourceType(docs.files, source) };
  }
  const commits = readCommits(store);
  const hit = isCommitSha(want) ? Object.keys(commits).find((sha) => sha.startsWith(want)) : undefined;
  if (!hit) throw new ManifestError(`rpc error: code = Unknown desc = unable to resolve '${want}' to a commit SHA`);
  const type = sourceType(new Map(commits[hit]), source);
  return { revision: hit, files: type === 'Directory' ? commits[hit].filter(([name]) => !dir || name.startsWith(`${dir}/`)) : commits[hit], type };
}

/** The source's manifests at the resolved revision: a directory's files, or what helm template / kustomize build make of them. */
export function generate(state: RepoState, docs: DocumentSource, app: Application, source: ApplicationSource): KubeObject[] {
  if (state.type === 'Helm' || state.type === 'Kustomize') return generateFromTool(state.type, docs.tools, new Map(state.files), app, source);
  return generateManifests(state);
}

/** The objects of the folder's files (YAML 1.1, as sigs.k8s.io/yaml reads them), or the repo-server's error for the first that does not parse. */
export function generateManifests(state: RepoState): KubeObject[] {
  const out: KubeObject[] = [];
  for (const [name, text] of state.files) {
    const fail = (why: string) => new ManifestError(`rpc error: code = FailedPrecondition desc = Failed to unmarshal "${name}": ${why}`);
    for (const doc of parseAllDocuments(text, { version: '1.1', uniqueKeys: false })) {
      if (doc.errors.length) {
        const e = doc.errors[0];
        throw fail(`error converting YAML to JSON: yaml: line ${e.linePos?.[0]?.line ?? 1}: ${e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`);
      }
      const value = doc.toJS({ maxAliasCount: 100 }) as unknown;
      if (value === null || value === undefined) continue;
      const items = (value as { kind?: unknown }).kind === 'List' && Array.isArray((value as { items?: unknown }).items) ? (value as { items: unknown[] }).items : [value];
      for (const obj of items) {
        if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) throw fail('error unmarshaling JSON: json: cannot unmarshal into Go value of type map[string]interface {}');
        const o = obj as KubeObject;
        if (!o.kind) throw fail(`Object 'Kind' is missing in '${JSON.stringify(o)}'`);
        out.push({ ...o, metadata: { ...(o.metadata ?? {}) } });
      }
    }
  }
  return out;
}

function readCommits(store: Store): Record<string, [string, string][]> {
  const cm = store.tryGet<ConfigMap>('ConfigMap', ARGOCD_NAMESPACE, COMMITS_CONFIGMAP);
  const out: Record<string, [string, string][]> = {};
  for (const [sha, text] of Object.entries(cm?.data ?? {})) {
    try { out[sha] = JSON.parse(text) as [string, string][]; } catch { /* a hand-edited entry is no commit */ }
  }
  return out;
}

/** Keep the revision the controller has just read, so that a later rollback can return to it. */
export function recordCommit(store: Store, state: RepoState): void {
  const cm = store.tryGet<ConfigMap>('ConfigMap', ARGOCD_NAMESPACE, COMMITS_CONFIGMAP);
  if (cm?.data?.[state.revision] !== undefined) return;
  const order = (cm?.metadata.annotations?.['kubesim.io/commit-order'] ?? '').split(',').filter(Boolean);
  order.push(state.revision);
  const data: Record<string, string> = { ...(cm?.data ?? {}), [state.revision]: JSON.stringify(state.files) };
  for (const old of order.splice(0, Math.max(0, order.length - KEEP_COMMITS))) delete data[old];
  const metadata = { name: COMMITS_CONFIGMAP, namespace: ARGOCD_NAMESPACE, labels: { 'app.kubernetes.io/part-of': 'argocd' }, annotations: { 'kubesim.io/commit-order': order.join(',') } };
  if (cm) store.update<ConfigMap & KubeObject>({ ...cm, metadata: { ...cm.metadata, ...metadata }, data });
  else if (store.tryGet('Namespace', undefined, ARGOCD_NAMESPACE)) store.create<ConfigMap & KubeObject>({ apiVersion: 'v1', kind: 'ConfigMap', metadata, data });
}

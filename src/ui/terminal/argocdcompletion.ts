// Tab completion for argocd: `argocd app` and its subcommands, each one's flags, application names (in argocd),
// and the editor's document folders after --path.

const APP_COMMANDS = ['create', 'delete', 'diff', 'get', 'history', 'list', 'manifests', 'resources', 'rollback', 'set', 'sync', 'wait'];
const APP_FLAGS = ['--auto-prune', '--dest-namespace', '--dest-server', '--helm-set', '--kustomize-image', '--nameprefix', '--path', '--project', '--release-name', '--repo', '--revision', '--self-heal', '--sync-option', '--sync-policy', '--values'];
const FLAGS: Record<string, string[]> = {
  create: [...APP_FLAGS, '--upsert'],
  set: APP_FLAGS,
  sync: ['--async', '--dry-run', '--prune', '--resource', '--revision'],
  get: ['--output', '--refresh', '--show-operation'],
  list: ['--output', '--project', '--repo'],
  diff: ['--exit-code', '--revision'],
  rollback: ['--prune'],
  delete: ['--cascade', '--yes'],
  history: ['--output'],
  wait: ['--degraded', '--health', '--operation', '--output', '--resource', '--selector', '--suspended', '--sync', '--timeout'],
  manifests: ['--revision', '--source'],
  resources: ['--orphaned'],
};

export interface ArgocdCompletionSource {
  /** Application names in the argocd namespace. */
  applications(): Promise<string[]> | string[];
  /** Folders of editor documents (what --path names in the kubesim://documents repository). */
  folders(): Promise<string[]> | string[];
}

/** What may follow `words` (the complete words, starting with "argocd") when `current` is being typed. */
export async function argocdCandidates(words: readonly string[], current: string, source: ArgocdCompletionSource): Promise<string[]> {
  const last = words[words.length - 1];
  if (last === '--path') return source.folders();
  if (last === '--repo') return ['kubesim://documents'];
  if (last === '--dest-server') return ['https://kubernetes.default.svc'];
  if (last === '--sync-policy') return ['automated', 'manual'];
  if (last === '--sync-option') return ['CreateNamespace=true'];
  if (last === '--source') return ['git', 'live'];
  const positional = words.filter((w, i) => i > 0 && !w.startsWith('-') && !words[i - 1].startsWith('--'));
  const [group, verb, ...args] = positional;
  if (group === undefined) return ['app', 'version'];
  if (group !== 'app') return [];
  if (verb === undefined) return APP_COMMANDS;
  if ((last === '--output' || last === '-o') && ['get', 'sync', 'wait'].includes(verb)) return ['json', 'tree', 'tree=detailed', 'wide', 'yaml'];
  if (current.startsWith('-')) return FLAGS[verb] ?? [];
  if (verb === 'list' || verb === 'create' || args.length > 0) return [];
  return source.applications();
}

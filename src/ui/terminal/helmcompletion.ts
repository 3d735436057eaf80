// Tab completion for helm: its commands and subcommands, each command's flags, release names (read from the
// release Secrets, sh.helm.release.v1.NAME.vREV) and charts (document folders with a Chart.yaml, and the built-in
// repository's charts).

const COMMANDS = ['create', 'dependency', 'get', 'history', 'install', 'lint', 'list', 'repo', 'rollback', 'search', 'show', 'status', 'template', 'test', 'uninstall', 'upgrade', 'version'];
const GROUPS: Record<string, string[]> = {
  dependency: ['build', 'list', 'update'],
  get: ['all', 'hooks', 'manifest', 'notes', 'values'],
  show: ['all', 'chart', 'values'],
  repo: ['add', 'list', 'update'],
  search: ['repo'],
};
/** The built-in repository's charts (engine/helm/repo.ts). */
const REPO_CHARTS = ['kubesim/nginx', 'kubesim/redis'];
const VALUES = ['--set', '--set-string', '--values', '-f'];
const WAIT = ['--no-hooks', '--timeout', '--wait', '--wait-for-jobs'];
const FLAGS: Record<string, string[]> = {
  install: [...VALUES, ...WAIT, '--atomic', '--create-namespace', '--dry-run', '--generate-name', '--version'],
  upgrade: [...VALUES, ...WAIT, '--atomic', '--cleanup-on-fail', '--create-namespace', '--dry-run', '--install', '--reset-values', '--reuse-values', '--version'],
  rollback: [...WAIT, '--cleanup-on-fail', '--dry-run'],
  uninstall: [...WAIT, '--dry-run', '--keep-history'],
  list: ['--all', '--all-namespaces', '--deployed', '--failed', '--output', '--pending', '--short', '--superseded', '--uninstalled', '-A', '-a', '-q'],
  status: ['--output', '--revision', '--show-desc'],
  history: ['--max', '--output'],
  get: ['--all', '--output', '--revision'],
  template: [...VALUES, '--no-hooks', '--show-only', '--skip-tests', '--version'],
  test: ['--hide-notes', '--timeout'],
  show: ['--version'],
  lint: [...VALUES, '--strict'],
  search: ['--versions'],
};
const GLOBAL = ['--debug', '--kube-context', '--namespace', '-n'];
/** Commands whose first argument is a release. */
const RELEASE_FIRST = new Set(['history', 'rollback', 'status', 'test', 'uninstall', 'upgrade']);
/** Flags that take a value: the word after them is not an argument. */
const VALUED = new Set(['-n', '--namespace', '--set', '--set-string', '-f', '--values', '--version', '--revision', '--max', '--timeout', '--kube-context', '-o', '--output', '--show-only', '-s']);

const RELEASE_SECRET = /^sh\.helm\.release\.v1\.(.+)\.v\d+$/;

export interface HelmCompletionSource {
  /** Secret names in the namespace the line works in. */
  secrets(): Promise<string[]> | string[];
  documents(): Promise<string[]> | string[];
}

/** Release names from their storage Secrets. */
export function releaseNames(secrets: readonly string[]): string[] {
  return [...new Set(secrets.map((s) => RELEASE_SECRET.exec(s)?.[1]).filter((n): n is string => !!n))];
}

/** Folders holding a Chart.yaml, as helm install and lint take them. */
export function chartFolders(documents: readonly string[]): string[] {
  return documents.filter((d) => d.endsWith('/Chart.yaml')).map((d) => d.slice(0, -'/Chart.yaml'.length));
}

/** Candidates after `helm` (words: the complete words of the line, `helm` first). */
export async function helmCandidates(words: readonly string[], current: string, source: HelmCompletionSource): Promise<string[]> {
  const positional = words.filter((w, i) => !w.startsWith('-') && !(i > 0 && VALUED.has(words[i - 1])));
  const [, cmd, ...args] = positional;
  if (current.startsWith('-')) return [...(FLAGS[cmd ?? ''] ?? []), ...GLOBAL];
  if (cmd === undefined) return COMMANDS;
  const charts = async () => [...chartFolders(await source.documents()), ...REPO_CHARTS];
  const releases = async () => releaseNames(await source.secrets());
  if (GROUPS[cmd]) {
    if (args.length === 0) return GROUPS[cmd];
    if (args.length > 1) return [];
    if (cmd === 'get') return releases();
    if (cmd === 'show') return charts();
    if (cmd === 'dependency') return chartFolders(await source.documents());
    return [];
  }
  if (RELEASE_FIRST.has(cmd) && args.length === 0) return releases();
  if ((cmd === 'install' || cmd === 'upgrade') && args.length === 1) return charts();
  if (cmd === 'template' && args.length <= 1) return charts();
  if (cmd === 'lint' && args.length === 0) return chartFolders(await source.documents());
  return [];
}

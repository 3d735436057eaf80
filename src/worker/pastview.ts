// Viewing a past moment: a read-only cluster rebuilt from the history at that moment, and the rule for which
// commands may run against it (reads only; anything that would change state is refused until resume).
import type { ClusterSnapshot, CreateClusterOptions, KubesimCluster } from '../engine/index.ts';
import { humanDuration } from '../engine/kubectl/printers/duration.ts';
import { shellSplit } from '../engine/kubectl/shellwords.ts';
import { commandsOf, SHELL_PROGRAMS, WorkstationShell } from '../engine/workstation/shell.ts';
import type { ClusterHistory } from './history.ts';

export interface PastView {
  atMs: number;
  cluster: KubesimCluster;
}

/**
 * The cluster as it was at `atMs`: the live cluster's settings with the objects of that moment.
 * Simplification: only API objects travel back; kubelet-side state (container logs, image caches, traffic
 * metrics) is the live one, and the rebuilt cluster is never advanced.
 */
export function pastCluster(
  live: KubesimCluster,
  history: ClusterHistory,
  atMs: number,
  create: (opts: CreateClusterOptions) => KubesimCluster,
): PastView {
  const now: ClusterSnapshot = live.snapshot();
  const objects = structuredClone(history.stateAt(atMs));
  return { atMs, cluster: create({ snapshot: { ...now, nowMs: atMs, objects } }) };
}

const KUBECTL_READS = new Set(['get', 'describe', 'events', 'explain', 'api-resources', 'version', 'diff', 'logs', 'top']);
/** kubectl config subcommands that only read the kubeconfig. */
const CONFIG_READS = new Set(['view', 'current-context', 'get-contexts', 'get-clusters', 'get-users']);
const SIM_READS = new Set(['explain', 'help']);
/** helm commands that only read releases or charts. */
const HELM_READS = new Set(['list', 'ls', 'status', 'history', 'hist', 'get', 'template', 'show', 'search', 'lint', 'version', 'help']);

/** argocd app commands that only read applications. */
const ARGOCD_READS = new Set(['list', 'get', 'diff', 'history']);

/** May this command line run while the page shows a past moment? Every command of a shell line must be a read. */
export function isReadOnly(line: string): boolean {
  try {
    return WorkstationShell.needed(line) ? commandsOf(line).every(readOnlyCommand) : readOnlyCommand(shellSplit(line.trim()));
  } catch {
    return false;
  }
}

function readOnlyCommand(words: string[]): boolean {
  // Assignments before a command only set its environment.
  const argv = words.slice(Math.max(0, words.findIndex((w) => !/^[A-Za-z_]\w*=/.test(w))));
  if (argv.length && argv.every((w) => /^[A-Za-z_]\w*=/.test(w))) return true;
  const [program, verb] = argv;
  if (program === 'xargs') return readOnlyCommand(argv.slice(1));
  if (SHELL_PROGRAMS.has(program)) return true;
  if (program === 'kubectl' || program === 'k') {
    if (verb === 'get' && argv.some((a) => a === '-w' || a === '--watch' || a === '--watch-only')) return false;
    if (verb === 'config') return CONFIG_READS.has(argv[2]);
    return verb === undefined || KUBECTL_READS.has(verb);
  }
  if (program === 'argocd') return verb === undefined || verb === 'version' || (verb === 'app' && ARGOCD_READS.has(argv[2] ?? ''));
  if (program === 'helm') return verb === undefined || HELM_READS.has(verb) || (verb === 'repo' && argv[2] === 'list');
  if (program === 'sim') return verb === undefined || SIM_READS.has(verb) || (verb === 'node' && argv[2] === 'list');
  return argv.length === 0;
}

/** "T−2m": how far back the page is looking, as kubectl prints durations. */
export function agoLabel(liveMs: number, atMs: number): string {
  return `T−${humanDuration(Math.max(0, liveMs - atMs))}`;
}

/** The error a state-changing command gets while the page views the past. */
export function readOnlyRefusal(line: string, liveMs: number, atMs: number): string {
  const words = line.trim().split(/\s+/).slice(0, 2).join(' ');
  return `error: the cluster is shown as it was at ${agoLabel(liveMs, atMs)} (read-only): resume the live cluster to run "${words}"\n`;
}

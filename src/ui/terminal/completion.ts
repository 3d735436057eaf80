// Tab completion for the terminal: commands, sub-commands, resource kinds, object names and flags, as a
// shell's completion would offer them for kubectl, helm (helmcompletion.ts) and sim.
import type { ResourceKindView } from '../../worker/protocol.ts';
import { helmCandidates } from './helmcompletion.ts';
import { argocdCandidates } from './argocdcompletion.ts';

export interface CompletionSource {
  kinds: readonly ResourceKindView[];
  /** Names of the objects of a kind ("Pod", "Node" …), in the namespace given when it matters. */
  names(kind: string, namespace: string): Promise<string[]> | string[];
  /** The kubeconfig's context names (`kubectl config get-contexts -o name`). */
  contexts?(): Promise<string[]> | string[];
  /** The current context's namespace, the default of a command without -n ("default" when absent). */
  namespace?(): Promise<string> | string;
  /** The editor documents' names, which -f reads; their folders are what -k and kubectl kustomize take. */
  documents?(): Promise<string[]> | string[];
  /** The flags of `kubectl create WORDS…`, from kubectl's own table (the words after `create`). */
  createFlags?(words: readonly string[]): Promise<string[]> | string[];
}

export interface Completion {
  /** The line with the word under completion replaced (the longest common prefix of the candidates). */
  line: string;
  /** Every candidate when more than one remains (to list them), else empty. */
  candidates: string[];
}

const KUBECTL_VERBS = [
  'annotate', 'api-resources', 'api-versions', 'apply', 'attach', 'auth', 'autoscale', 'certificate', 'cluster-info', 'config', 'cordon', 'create', 'debug', 'delete', 'describe', 'diff',
  'drain', 'edit', 'events', 'explain', 'expose', 'get', 'kustomize', 'label', 'logs', 'patch', 'port-forward', 'replace', 'rollout', 'run', 'scale', 'set', 'taint',
  'top', 'uncordon', 'version', 'wait',
];
const CONFIG_SUBCOMMANDS = [
  'current-context', 'delete-cluster', 'delete-context', 'delete-user', 'get-clusters', 'get-contexts', 'get-users', 'rename-context',
  'set', 'set-cluster', 'set-context', 'set-credentials', 'unset', 'use-context', 'view',
];
/** config subcommands whose first argument is a context name. */
const CONTEXT_ARGS = new Set(['delete-context', 'get-contexts', 'rename-context', 'set-context', 'use', 'use-context']);
/** The kinds kubectl expose offers (its ValidArgs). */
const EXPOSE_KINDS = ['deployment', 'pod', 'replicaset', 'replicationcontroller', 'service'];
const SIM_TREE: Record<string, string[]> = {
  '': ['advance', 'autoscaler', 'controlplane', 'explain', 'help', 'node', 'nodegroup', 'pod', 'scheduler'],
  node: ['add', 'delete', 'list', 'start', 'stop'],
  nodegroup: ['add', 'delete', 'list'],
  autoscaler: ['config', 'status'],
  pod: ['kill'],
  controlplane: ['start', 'status', 'stop'],
  explain: ['pod'],
  scheduler: ['config'],
};
const CONTROL_PLANE = ['apiserver', 'controller-manager', 'scheduler'];
/** Verbs whose first argument is a resource kind. */
const KIND_VERBS = new Set(['get', 'describe', 'delete', 'label', 'annotate', 'explain', 'scale', 'patch', 'wait', 'edit']);
const FLAGS: Record<string, string[]> = {
  get: ['--output=wide', '--output=yaml', '--output=json', '--raw', '--show-labels', '--sort-by', '--watch', '-o'],
  logs: ['--all-containers', '--container', '--previous', '--tail', '--timestamps', '-c', '-p'],
  scale: ['--replicas'],
  drain: ['--delete-emptydir-data', '--force', '--ignore-daemonsets'],
  delete: ['--cascade', '--force', '--grace-period', '--now'],
  apply: ['--dry-run=server', '--filename', '--kustomize', '-f', '-k'],
  run: ['--annotations', '--command', '--dry-run=client', '--env', '--expose', '--image', '--image-pull-policy', '--labels', '--overrides', '--port', '--privileged', '--restart'],
  debug: ['--attach', '--container', '--copy-to', '--env', '--image', '--image-pull-policy', '--profile=general', '--profile=baseline', '--profile=restricted', '--profile=netadmin', '--profile=sysadmin', '--profile=legacy', '--quiet', '--replace', '--same-node', '--set-image', '--share-processes', '--stdin', '--target', '--tty', '-c', '-i', '-it', '-t'],
  attach: ['--container', '--quiet', '--stdin', '--tty', '-c', '-i', '-it', '-t'],
  'set-context': ['--cluster', '--current', '--namespace=', '--user'],
  expose: ['--cluster-ip', '--dry-run=client', '--external-ip', '--labels', '--name', '--port', '--protocol', '--selector', '--session-affinity', '--target-port', '--type'],
  add: ['--cpu', '--labels', '--memory', '--pods', '--taints'],
  auth: ['--list', '--quiet', '--subresource', '--no-headers'],
  // kubectl's impersonation flags, offered after any command.
  '': ['--all-namespaces', '--as', '--as-group', '--as-uid', '--as-user-extra', '--context', '--namespace', '--output', '--request-timeout', '--selector', '-A', '-l', '-n', '-o'],
};

/** The paths `kubectl get --raw` reads (engine/kubectl/commands/getraw.ts): discovery, version, health checks. */
const RAW_PATHS = ['/api', '/api/v1', '/apis', '/healthz', '/healthz?verbose', '/livez', '/livez?verbose', '/readyz', '/readyz?verbose', '/version'];

/** --raw's paths, with /apis/GROUP for each API group the cluster serves. */
function rawPaths(kinds: readonly ResourceKindView[]): string[] {
  const groups = kinds.filter((k) => k.resource.includes('.')).map((k) => `/apis/${k.resource.slice(k.resource.indexOf('.') + 1)}`);
  return [...RAW_PATHS, ...new Set(groups)];
}

function commonPrefix(words: string[]): string {
  if (!words.length) return '';
  let p = words[0];
  for (const w of words) while (!w.startsWith(p)) p = p.slice(0, -1);
  return p;
}

/** The folders of "/"-separated document names ("overlays/prod/kustomization.yaml" is in overlays and overlays/prod). */
export function documentFolders(names: readonly string[]): string[] {
  const dirs = new Set<string>();
  for (const name of names) {
    const parts = name.split('/').filter((p) => p && p !== '.');
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
  }
  return [...dirs];
}

/** The namespace the line names with -n, else the kubeconfig context's, as kubectl would use. */
async function namespaceOf(words: string[], source: CompletionSource): Promise<string> {
  for (let i = 0; i < words.length; i++) {
    if ((words[i] === '-n' || words[i] === '--namespace') && words[i + 1]) return words[i + 1];
    if (words[i].startsWith('--namespace=')) return words[i].slice('--namespace='.length);
  }
  return (await source.namespace?.()) || 'default';
}

function kindFor(source: CompletionSource, typed: string): ResourceKindView | undefined {
  const lower = typed.toLowerCase();
  return source.kinds.find((k) => {
    const plural = k.resource.split('.')[0];
    return k.resource === lower || plural === lower || k.kind.toLowerCase() === lower || plural.replace(/s$/, '') === lower;
  });
}

/** What may follow `words` (the complete words before the one being typed). */
async function candidatesFor(words: string[], current: string, source: CompletionSource): Promise<string[]> {
  const positional = words.filter((w, i) => !w.startsWith('-') && !(i > 0 && /^(-n|--namespace|-o|--output|-l|--selector|-c|--container|--tail|--replicas|-f|--filename|-k|--kustomize|--image|--target|--copy-to|--context|--cluster|--user|--as|--as-group|--as-uid|--as-user-extra|-s|--server|--kubeconfig|--request-timeout|-v)$/.test(words[i - 1])));
  const names = async (kind: string) => source.names(kind, await namespaceOf(words, source));
  const last = words[words.length - 1];
  if (words[0] === 'helm') {
    const documents = async () => (await source.documents?.()) ?? [];
    return last === '-f' || last === '--values' ? documents() : helmCandidates(words, current, { secrets: () => names('Secret'), documents });
  }
  if (words[0] === 'argocd') return argocdCandidates(words, current, { applications: () => source.names('Application', 'argocd'), folders: async () => documentFolders((await source.documents?.()) ?? []) });
  if (last === '--raw' && words[0] === 'kubectl') return rawPaths(source.kinds);
  if (last === '-f' || last === '--filename') return (await source.documents?.()) ?? [];
  if (last === '-k' || last === '--kustomize') return documentFolders((await source.documents?.()) ?? []);
  if (current.startsWith('-')) {
    const verb = positional[1] === 'node' || positional[1] === 'config' ? positional[2] : positional[1];
    // set-context's own --namespace shadows the global -n/--namespace.
    const own = verb === 'create' ? (await source.createFlags?.(positional.slice(2))) ?? [] : FLAGS[verb ?? ''] ?? [];
    return [...own, ...(verb === 'set-context' ? [] : FLAGS[''])];
  }
  // The workstation's network tools beside kubectl, helm, argocd and sim (they reach port-forwards on localhost); jobs and
  // kill are left out so that `k` still completes to kubectl.
  if (positional.length === 0) return ['argocd', 'clear', 'curl', 'helm', 'kubectl', 'sim', 'wget'];
  const [cmd, verb, ...args] = positional;
  if (cmd === 'kubectl') {
    if (verb === undefined) return KUBECTL_VERBS;
    if (verb === 'config') {
      if (args.length === 0) return CONFIG_SUBCOMMANDS;
      return args.length === 1 && CONTEXT_ARGS.has(args[0]) ? (source.contexts?.() ?? []) : [];
    }
    if (verb === 'cordon' || verb === 'uncordon' || verb === 'drain' || verb === 'top') return args.length ? [] : names('Node');
    if (verb === 'logs' || verb === 'attach') return args.length ? [] : names('Pod');
    // debug takes a pod, or node/NAME.
    if (verb === 'debug') return args.length ? [] : [...(await names('Pod')), ...(await names('Node')).map((n) => `node/${n}`)];
    if (verb === 'kustomize') return args.length ? [] : documentFolders((await source.documents?.()) ?? []);
    if (verb === 'auth') return args.length ? [] : ['can-i', 'reconcile', 'whoami'];
    if (verb === 'certificate') return args.length === 0 ? ['approve', 'deny'] : names('CertificateSigningRequest');
    if (verb === 'rollout') return args.length === 0 ? ['history', 'pause', 'restart', 'resume', 'status', 'undo'] : args.length === 1 ? ['deployment', 'daemonset', 'statefulset'] : args.length === 2 ? names(kindFor(source, args[1])?.kind ?? 'Deployment') : [];
    if (verb === 'expose') {
      if (args.length === 0) return EXPOSE_KINDS;
      const kind = args.length === 1 ? kindFor(source, args[0]) : undefined;
      return kind ? names(kind.kind) : [];
    }
    if (KIND_VERBS.has(verb)) {
      if (args.length === 0) return source.kinds.map((k) => k.resource.split('.')[0]);
      const kind = kindFor(source, args[0]);
      return kind ? names(kind.kind) : [];
    }
    return [];
  }
  if (cmd === 'sim') {
    if (verb === undefined) return SIM_TREE[''];
    if (args.length === 0) return SIM_TREE[verb] ?? [];
    if (verb === 'node' && ['stop', 'start', 'delete'].includes(args[0]) && args.length === 1) return names('Node');
    if ((verb === 'pod' || verb === 'explain') && args.length === 1) return names('Pod');
    if (verb === 'controlplane' && args.length === 1 && args[0] !== 'status') return CONTROL_PLANE;
  }
  return [];
}

/** The workstation shell's filters, offered after a pipe or a list operator. */
const PIPE_PROGRAMS = ['base64', 'cat', 'echo', 'grep', 'head', 'sort', 'tail', 'tr', 'uniq', 'wc', 'xargs'];

/** Complete the last word of `line`; undefined when nothing fits. */
export async function complete(line: string, source: CompletionSource): Promise<Completion | undefined> {
  // After a pipe, a list operator or `$(` a new command starts: it completes on its own, and filters fit there.
  const operator = /.*(?:\|\||&&|[|;]|\$\()/s.exec(line);
  const words = line.slice(operator?.[0].length ?? 0).split(/\s+/);
  const current = words.pop() ?? '';
  const before = words.filter(Boolean);
  const piped = operator && !before.length ? PIPE_PROGRAMS : [];
  const all = [...new Set([...await candidatesFor(before, current, source), ...piped])].sort();
  const matches = all.filter((c) => c.startsWith(current));
  if (!matches.length) return undefined;
  const head = line.slice(0, line.length - current.length);
  if (matches.length === 1) {
    const done = matches[0];
    return { line: `${head}${done}${done.endsWith('=') ? '' : ' '}`, candidates: [] };
  }
  return { line: `${head}${commonPrefix(matches)}`, candidates: matches };
}

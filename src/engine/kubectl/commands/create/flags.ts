// The flags of `kubectl create` and of each of its subcommands (kubectl's create_*.go), so that one subcommand's
// flag is unknown to another (`kubectl create configmap x --replicas=3`: unknown flag: --replicas) and a
// subcommand's own flag shadows the persistent one of that name (only rolebinding's --user is a subject; elsewhere
// --user picks the kubeconfig user). The page's Tab completion reads the same table.
import type { FlagSpec } from '../../flags.ts';

const v = (name: string, short?: string): FlagSpec => ({ name, value: true, ...(short ? { short } : {}) });
const list = (name: string, short?: string): FlagSpec => ({ ...v(name, short), repeated: true });
const bool = (name: string): FlagSpec => ({ name });

/** kubectl's --validate: a bare --validate means strict. */
export const VALIDATE: FlagSpec = { name: 'validate', value: true, bareValue: 'strict' };

/** What every generator subcommand has: printing, dry run, and how the object is sent. */
const GENERATOR: FlagSpec[] = [v('output', 'o'), v('dry-run'), bool('save-config'), VALIDATE, v('field-manager'), bool('show-managed-fields')];
const DATA = [list('from-literal'), list('from-file'), list('from-env-file'), bool('append-hash')];
const ROLE = [list('verb'), list('resource'), list('resource-name')];
const SUBJECTS = [list('user'), list('group'), list('serviceaccount')];
const service = (...own: FlagSpec[]) => [...GENERATOR, list('tcp'), ...own];

const SUBCOMMANDS: Record<string, FlagSpec[]> = {
  deployment: [...GENERATOR, list('image'), v('port'), v('replicas', 'r')],
  job: [...GENERATOR, v('image'), v('from')],
  cronjob: [...GENERATOR, v('image'), v('restart'), v('schedule')],
  namespace: GENERATOR,
  serviceaccount: GENERATOR,
  configmap: [...GENERATOR, ...DATA],
  'secret generic': [...GENERATOR, ...DATA, v('type')],
  'secret docker-registry': [...GENERATOR, v('docker-username'), v('docker-password'), v('docker-email'), v('docker-server'), list('from-file'), bool('append-hash')],
  'secret tls': [...GENERATOR, v('cert'), v('key'), bool('append-hash')],
  'service clusterip': service(v('clusterip')),
  'service nodeport': service(v('node-port')),
  'service loadbalancer': service(),
  'service externalname': service(v('external-name')),
  ingress: [...GENERATOR, list('rule'), v('class'), v('default-backend'), list('annotation')],
  poddisruptionbudget: [...GENERATOR, v('min-available'), v('max-unavailable'), v('selector')],
  priorityclass: [...GENERATOR, v('value'), bool('global-default'), v('description'), v('preemption-policy')],
  quota: [...GENERATOR, v('hard'), v('scopes')],
  role: [...GENERATOR, ...ROLE],
  clusterrole: [...GENERATOR, ...ROLE, list('non-resource-url'), v('aggregation-rule')],
  rolebinding: [...GENERATOR, v('role'), v('clusterrole'), ...SUBJECTS],
  clusterrolebinding: [...GENERATOR, v('clusterrole'), ...SUBJECTS],
  token: [v('output', 'o'), list('audience'), v('duration'), v('bound-object-kind'), v('bound-object-name'), v('bound-object-uid')],
};

const ALIASES: Record<string, string> = {
  deploy: 'deployment', cj: 'cronjob', ns: 'namespace', sa: 'serviceaccount', cm: 'configmap', svc: 'service',
  ing: 'ingress', pdb: 'poddisruptionbudget', pc: 'priorityclass', resourcequota: 'quota',
};

/** `kubectl create -f|-k` itself (--edit, --raw and -R are not simulated, so they stay unknown flags). */
export const CREATE_FLAGS: FlagSpec[] = [
  list('filename', 'f'), v('kustomize', 'k'), v('selector', 'l'), v('output', 'o'), v('dry-run'), bool('save-config'), VALIDATE, v('field-manager'),
];

/**
 * The subcommand `kubectl create` runs for these positional words (`['service', 'nodeport', 'web']` → "service
 * nodeport"), or undefined for create itself (-f/-k) and for words that name no subcommand.
 */
export function createSubcommand(words: readonly string[]): string | undefined {
  const [first, second] = words;
  const sub = ALIASES[first ?? ''] ?? first;
  if (sub === 'secret' || sub === 'service') return SUBCOMMANDS[`${sub} ${second}`] ? `${sub} ${second}` : undefined;
  return sub !== undefined && SUBCOMMANDS[sub] ? sub : undefined;
}

/** The flags of `kubectl create SUBCOMMAND` (see createSubcommand), or of create itself. */
export function createFlagSpecs(subcommand: string | undefined): FlagSpec[] {
  return subcommand ? SUBCOMMANDS[subcommand] : CREATE_FLAGS;
}

/** The `--flag` names `kubectl create SUB [TYPE]` accepts, given the words after `create` (none before a subcommand). */
export function createFlagNames(words: readonly string[]): string[] {
  const sub = createSubcommand(words);
  return sub ? createFlagSpecs(sub).map((f) => `--${f.name}`).sort() : [];
}

/** Every flag any create subcommand has: what the words before the subcommand are read with. */
export const ANY_CREATE_FLAG: FlagSpec[] = [...new Map([...CREATE_FLAGS, ...Object.values(SUBCOMMANDS).flat()].map((f) => [f.name, f])).values()];

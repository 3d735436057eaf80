// clientcmd's DirectClientConfig with ConfigFlags' overrides: which kubeconfig context, cluster and user a command
// uses (--context, --cluster, --user over the current context's), and the errors kubectl stops on before any request.
import { parseGoDuration } from '../api/cron/parser.ts';
import { flag, type ParsedArgs } from './flags.ts';
import { API_SERVER_URL, KUBECONFIG_PATH, localFile, WORKING_DIRECTORY, type Kubeconfig, type KubeconfigUser } from './kubeconfig.ts';

/** The kubeconfig entries one command line selects. */
export interface Selection {
  context: string;
  cluster: string;
  user: string;
}

export function selection(kc: Kubeconfig, args: ParsedArgs): Selection {
  const context = flag(args, 'context') || kc.currentContext;
  const entry = kc.contexts.get(context);
  return { context, cluster: flag(args, 'cluster') || entry?.cluster || '', user: flag(args, 'user') || entry?.user || '' };
}

/** clientcmd's ErrEmptyConfig, what ConfirmUsable reports when the one thing wrong is a cluster without a server. */
const EMPTY_CONFIG = 'no configuration has been provided, try setting KUBERNETES_MASTER environment variable';

/** cmdutil.CheckErr's MultilineError("Error in configuration: ", …). */
function configurationInvalid(errors: string[]): string {
  return errors.length === 1 ? `Error in configuration: ${errors[0]}` : `Error in configuration: \n${errors.map((e) => `* ${e}`).join('\n')}`;
}

/**
 * What kubectl prints, before any request, when the kubeconfig cannot be used as the flags ask; undefined when it can.
 * The order is kubectl's: loading the file, then (without -n) the namespace lookup's ConfirmUsable, then building
 * the REST config (a --user, --context or --cluster naming no entry, --request-timeout's value).
 */
export function clientConfigError(kc: Kubeconfig, args: ParsedArgs, files: ReadonlyMap<string, string> = new Map()): string | undefined {
  const file = flag(args, 'kubeconfig');
  // Simplification: the only kubeconfig file is kubectl's default one.
  if (file && file !== KUBECONFIG_PATH && `${WORKING_DIRECTORY}/${file}` !== KUBECONFIG_PATH) return `error: stat ${file}: no such file or directory`;
  const s = selection(kc, args);
  // ConfirmUsable: the namespace lookup runs it first unless -n answers the namespace; building the config runs it last.
  const confirmUsable = (): string | undefined => {
    const errors: string[] = [];
    if (s.context && !kc.contexts.has(s.context)) errors.push(`context was not found for specified context: ${s.context}`);
    // A cluster named by --cluster is required; one named by the context falls back to client-go's defaults.
    if (flag(args, 'cluster') && !kc.clusters.has(s.cluster)) errors.push('cluster has no server defined');
    errors.push(...authInfoErrors(s.user, kc.users.get(s.user), files));
    if (errors.length === 1 && errors[0] === 'cluster has no server defined') return configurationInvalid([EMPTY_CONFIG]);
    return errors.length ? configurationInvalid(errors) : undefined;
  };
  const early = flag(args, 'namespace') ? undefined : confirmUsable();
  if (early) return early;
  if (flag(args, 'user') && !kc.users.has(s.user)) return `error: auth info "${s.user}" does not exist`;
  if (flag(args, 'context') && !kc.contexts.has(s.context)) return `error: context "${s.context}" does not exist`;
  if (flag(args, 'cluster') && !kc.clusters.has(s.cluster)) return `error: cluster "${s.cluster}" does not exist`;
  const late = confirmUsable();
  if (late) return late;
  const timeout = flag(args, 'request-timeout');
  if (timeout !== undefined && !validTimeout(timeout)) {
    return 'error: Invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)';
  }
  return undefined;
}

/** validateAuthInfo's client certificate rules: one source each, a key, and files that exist. */
function authInfoErrors(name: string, user: KubeconfigUser | undefined, files: ReadonlyMap<string, string>): string[] {
  if (!user || !(user['client-certificate'] || user['client-certificate-data'])) return [];
  const errors: string[] = [];
  if (user['client-certificate'] && user['client-certificate-data']) errors.push(`client-cert-data and client-cert are both specified for ${name}. client-cert-data will override.`);
  if (user['client-key'] && user['client-key-data']) errors.push(`client-key-data and client-key are both specified for ${name}; client-key-data will override`);
  if (!user['client-key'] && !user['client-key-data']) errors.push(`client-key-data or client-key must be specified for ${name} to use the clientCert authentication method.`);
  for (const [field, what] of [['client-certificate', 'client-cert'], ['client-key', 'client-key']] as const) {
    const path = user[field];
    if (path && localFile(files, path) === undefined) errors.push(`unable to read ${what} ${path} for ${name} due to open ${path}: no such file or directory`);
  }
  return errors;
}

/** clientcmd.ParseTimeout: whole seconds, or a Go duration. Simplification: no request takes time, so none times out. */
function validTimeout(text: string): boolean {
  if (/^\+?\d+$/.test(text)) return true;
  try {
    parseGoDuration(text);
    return true;
  } catch {
    return false;
  }
}

/** Whether a kubeconfig user authenticates at all: without credentials kubectl's requests are anonymous. */
export function hasCredentials(user: KubeconfigUser | undefined): boolean {
  if (!user) return false;
  return Boolean(user['client-certificate'] || user['client-certificate-data'] || user.token || user.tokenFile || user.username || user.password);
}

/** The server the command talks to: --server, else the selected cluster's (kubeadm's address without one). */
export function serverOf(kc: Kubeconfig | undefined, args: ParsedArgs): string {
  const server = flag(args, 'server');
  if (server) return server;
  if (!kc) return API_SERVER_URL;
  return kc.clusters.get(selection(kc, args).cluster)?.server || API_SERVER_URL;
}

/**
 * Addresses the simulated API server answers on: kubeadm's advertise address and the in-cluster names of the
 * `kubernetes` Service. Simplification: any other --server is a host where nothing listens.
 */
const OWN_HOSTS = ['127.0.0.1:6443', 'localhost:6443', '10.96.0.1', '10.96.0.1:443', 'kubernetes', 'kubernetes:443', 'kubernetes.default', 'kubernetes.default:443', 'kubernetes.default.svc', 'kubernetes.default.svc:443', 'kubernetes.default.svc.cluster.local', 'kubernetes.default.svc.cluster.local:443'];

/** The host of a server URL as kubectl names it in connection errors (url.URL.Host: no scheme, no path). */
export function serverHost(server: string): string {
  return server.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/[/?#].*$/, '');
}

/** StandardErrorMessage's text for a --server nothing answers on; undefined for the simulated API server. */
export function connectionError(args: ParsedArgs): string | undefined {
  const server = flag(args, 'server');
  if (!server) return undefined;
  const host = serverHost(server);
  return OWN_HOSTS.includes(host.toLowerCase()) ? undefined : `The connection to the server ${host} was refused - did you specify the right host or port?`;
}

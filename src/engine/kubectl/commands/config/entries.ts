// kubectl config get-clusters, get-users, set-cluster, set-credentials, delete-cluster, delete-user.
import { CommandError, type KubectlContext } from '../../context.ts';
import { flag, type ParsedArgs } from '../../flags.ts';
import { base64Encode } from '../../../api/base64.ts';
import { DATA_OMITTED, KUBECONFIG_PATH, localFile, placeholder, WORKING_DIRECTORY, type Kubeconfig, type KubeconfigCluster, type KubeconfigUser } from '../../kubeconfig.ts';
import { usageError } from '../usage.ts';
import { unexpectedArgs, type ConfigRun } from './args.ts';
import { goQuote } from '../../../api/validation.ts';
import { parseBoolFlag } from '../../flags.ts';

function printNames(ctx: KubectlContext, names: Iterable<string>): number {
  // Go ranges over a map in no set order; sorted is one of them, and stable.
  ctx.out.push(['NAME', ...[...names].sort()].join('\n'));
  return 0;
}

export const getClustersCommand: ConfigRun = (ctx, kc) => printNames(ctx, kc.clusters.keys());
export const getUsersCommand: ConfigRun = (ctx, kc) => printNames(ctx, kc.users.keys());

/** filepath.Abs: relative to kubectl's working directory, cleaned. */
function absolutePath(p: string): string {
  const parts: string[] = [];
  for (const part of (p.startsWith('/') ? p : `${WORKING_DIRECTORY}/${p}`).split('/')) {
    if (part === '..') parts.pop();
    else if (part && part !== '.') parts.push(part);
  }
  return `/${parts.join('/')}`;
}

export const setClusterCommand: ConfigRun = (ctx, kc, args) => {
  if (args.positional.length !== 1) throw unexpectedArgs(args.positional);
  const [name] = args.positional;
  const insecure = parseBoolFlag(args, 'insecure-skip-tls-verify');
  const embed = parseBoolFlag(args, 'embed-certs') ?? false;
  const ca = flag(args, 'certificate-authority');
  if (!name) throw new CommandError('you must specify a non-empty cluster name');
  if (insecure && ca) throw new CommandError('you cannot specify a certificate authority and insecure mode at the same time');
  if (embed && !ca) throw new CommandError('you must specify a --certificate-authority to embed');
  const cluster: KubeconfigCluster = kc.clusters.get(name) ?? { server: '' };
  const server = flag(args, 'server');
  if (server !== undefined) {
    cluster.server = server;
    delete cluster['tls-server-name']; // a new server drops the old TLS server name
  }
  const tlsServerName = flag(args, 'tls-server-name');
  if (tlsServerName !== undefined) cluster['tls-server-name'] = tlsServerName;
  if (insecure !== undefined) {
    cluster['insecure-skip-tls-verify'] = insecure;
    if (insecure) {
      delete cluster['certificate-authority'];
      delete cluster['certificate-authority-data'];
    }
  }
  if (ca !== undefined) {
    // Simplification: --embed-certs does not read the file; the data is the placeholder.
    if (embed) {
      cluster['certificate-authority-data'] = DATA_OMITTED;
      delete cluster['certificate-authority'];
      cluster['insecure-skip-tls-verify'] = false;
    } else if (ca) {
      cluster['certificate-authority'] = absolutePath(ca);
      cluster['insecure-skip-tls-verify'] = false;
      delete cluster['certificate-authority-data'];
    }
  }
  kc.clusters.set(name, cluster);
  ctx.out.push(`Cluster ${goQuote(name)} set.`);
  return 0;
};

/**
 * A certificate or key: a path, or with --embed-certs the file's data (kept when it is a simulated PEM certificate
 * or key, else its placeholder: see kubeconfig.ts).
 */
function setCertificate(ctx: KubectlContext, user: KubeconfigUser, args: ParsedArgs, flagName: string, field: 'client-certificate' | 'client-key', embed: boolean): void {
  const path = flag(args, flagName);
  if (path === undefined) return;
  if (embed) {
    const text = localFile(ctx.files, absolutePath(path));
    if (text === undefined) throw new CommandError(`open ${path}: no such file or directory`);
    user[`${field}-data`] = placeholder('data', base64Encode(text));
    delete user[field];
  } else if (path) {
    user[field] = absolutePath(path);
    delete user[`${field}-data`];
  }
}

export const setCredentialsCommand: ConfigRun = (ctx, kc, args) => {
  if (args.positional.length !== 1) throw unexpectedArgs(args.positional);
  const [name] = args.positional;
  const embed = parseBoolFlag(args, 'embed-certs') ?? false;
  const token = flag(args, 'token');
  const username = flag(args, 'username');
  const password = flag(args, 'password');
  if (!name) throw new CommandError('you must specify a non-empty user name');
  const methods = [token && '--token', (username || password) && '--username/--password'].filter(Boolean);
  if (methods.length > 1) throw new CommandError(`you cannot specify more than one authentication method at the same time: ${methods.join(', ')}`);
  if (embed && !flag(args, 'client-certificate') && !flag(args, 'client-key')) throw new CommandError('you must specify a --client-certificate or --client-key to embed');
  const user: KubeconfigUser = kc.users.get(name) ?? {};
  setCertificate(ctx, user, args, 'client-certificate', 'client-certificate', embed);
  setCertificate(ctx, user, args, 'client-key', 'client-key', embed);
  const setString = (field: 'token' | 'username' | 'password', value: string | undefined, kind: 'string' | 'secret' | 'token') => {
    if (value === undefined) return;
    if (value) user[field] = placeholder(kind, value);
    else delete user[field];
  };
  setString('token', token, 'token');
  setString('username', username, 'string');
  setString('password', password, 'secret');
  // Token and basic auth exclude each other: setting one clears the other.
  const setToken = !!token;
  const setBasic = !!(username || password);
  if (setToken && !setBasic) {
    delete user.username;
    delete user.password;
  } else if (setBasic && !setToken) delete user.token;
  kc.users.set(name, user);
  ctx.out.push(`User ${goQuote(name)} set.`);
  return 0;
};

function deleteEntry(ctx: KubectlContext, kc: Kubeconfig, what: 'cluster' | 'user', name: string): number {
  const entries = what === 'cluster' ? kc.clusters : kc.users;
  if (!entries.has(name)) throw new CommandError(`cannot delete ${what} ${name}, not in ${KUBECONFIG_PATH}`);
  entries.delete(name);
  ctx.out.push(`deleted ${what} ${name} from ${KUBECONFIG_PATH}`);
  return 0;
}

export const deleteClusterCommand: ConfigRun = (ctx, kc, args) => {
  if (args.positional.length !== 1) {
    // kubectl prints the command's help and succeeds.
    ctx.out.push('Usage:\n  kubectl config delete-cluster NAME');
    return 0;
  }
  return deleteEntry(ctx, kc, 'cluster', args.positional[0]);
};

export const deleteUserCommand: ConfigRun = (ctx, kc, args) => {
  if (args.positional.length !== 1) throw usageError('config delete-user', 'user to delete is required');
  return deleteEntry(ctx, kc, 'user', args.positional[0]);
};

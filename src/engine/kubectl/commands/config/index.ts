// kubectl config SUBCOMMAND (k8s.io/kubectl/pkg/cmd/config): reads and changes the kubeconfig, never the API
// server. A subcommand works on a copy, which replaces the kubeconfig only when the subcommand succeeds.
import { CommandError, type KubectlContext } from '../../context.ts';
import type { FlagSpec } from '../../flags.ts';
import { findSubcommand, parseCommandFlags } from '../../globalflags.ts';
import { defaultKubeconfig } from '../../kubeconfig.ts';
import type { ConfigRun } from './args.ts';
import { currentContextCommand, deleteContextCommand, getContextsCommand, renameContextCommand, setContextCommand, useContextCommand } from './contexts.ts';
import { deleteClusterCommand, deleteUserCommand, getClustersCommand, getUsersCommand, setClusterCommand, setCredentialsCommand } from './entries.ts';
import { setPropertyCommand, unsetPropertyCommand } from './property.ts';
import { viewCommand } from './view.ts';

const BOOL_TRISTATE = (name: string): FlagSpec => ({ name, value: true, bareValue: 'true' });

const SUBCOMMANDS: Record<string, { flags: FlagSpec[]; run: ConfigRun }> = {
  'current-context': { flags: [], run: currentContextCommand },
  'delete-cluster': { flags: [], run: deleteClusterCommand },
  'delete-context': { flags: [], run: deleteContextCommand },
  'delete-user': { flags: [], run: deleteUserCommand },
  'get-clusters': { flags: [], run: getClustersCommand },
  'get-contexts': { flags: [{ name: 'output', short: 'o', value: true }, { name: 'no-headers' }], run: getContextsCommand },
  'get-users': { flags: [], run: getUsersCommand },
  'rename-context': { flags: [], run: renameContextCommand },
  set: { flags: [BOOL_TRISTATE('set-raw-bytes')], run: setPropertyCommand },
  'set-cluster': {
    flags: [{ name: 'server', value: true }, { name: 'tls-server-name', value: true }, BOOL_TRISTATE('insecure-skip-tls-verify'), { name: 'certificate-authority', value: true }, BOOL_TRISTATE('embed-certs')],
    run: setClusterCommand,
  },
  'set-context': { flags: [{ name: 'current' }, { name: 'cluster', value: true }, { name: 'user', value: true }, { name: 'namespace', value: true }], run: setContextCommand },
  'set-credentials': {
    flags: [{ name: 'client-certificate', value: true }, { name: 'client-key', value: true }, { name: 'token', value: true }, { name: 'username', value: true }, { name: 'password', value: true }, BOOL_TRISTATE('embed-certs')],
    run: setCredentialsCommand,
  },
  unset: { flags: [], run: unsetPropertyCommand },
  'use-context': { flags: [], run: useContextCommand },
  view: {
    flags: [{ name: 'output', short: 'o', value: true }, { name: 'minify' }, { name: 'raw' }, { name: 'flatten' }, BOOL_TRISTATE('merge')],
    run: viewCommand,
  },
};
const ALIASES: Record<string, string> = { use: 'use-context' };

/**
 * The subcommand's flags are its own and kubectl's persistent ones, which it may shadow: set-context's --namespace,
 * --cluster and --user name the context's fields (and -n is unknown there), set-cluster's --server is the cluster's.
 */
export function configCommand(ctx: KubectlContext, argv: string[]): number {
  const { name: first, rest } = findSubcommand(argv);
  if (first === undefined) {
    if (!parseCommandFlags(ctx.err, 'kubectl config', rest, [])) return 1;
    // cobra's DefaultSubCommandRun: the help (here the list of subcommands) on stderr, exit 1.
    ctx.err.push(`kubectl config reads and changes the kubeconfig.\n\nAvailable Commands:\n  ${Object.keys(SUBCOMMANDS).join(', ')}\n\nUsage:\n  kubectl config SUBCOMMAND [options]`);
    return 1;
  }
  const name = ALIASES[first] ?? first;
  const sub = SUBCOMMANDS[name];
  if (!sub) throw new CommandError(`unknown command "${first}" for "kubectl config"`);
  const args = parseCommandFlags(ctx.err, `kubectl config ${name}`, rest, sub.flags);
  if (!args) return 1;
  const live = (ctx.kubeconfig ??= defaultKubeconfig());
  const copy = structuredClone(live);
  const code = sub.run(ctx, copy, args);
  Object.assign(live, copy);
  return code;
}

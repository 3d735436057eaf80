// The kubectl command line: parse, run one subcommand against the API server, print like kubectl.
import { LabelSelectorError } from '../api/labels.ts';
import { formatError, type KubectlContext } from './context.ts';
import { boolFlag, flag, type FlagSpec } from './flags.ts';
import type { UserInfo } from '../apiserver/rbac/authorizer.ts';
import { applyCommand, type AppliedDocument } from './commands/apply.ts';
import { deleteCommand } from './commands/delete.ts';
import { describeCommand } from './commands/describe.ts';
import { getCommand } from './commands/get.ts';
import { getWatchCommand } from './commands/getwatch.ts';
import { scaleCommand } from './commands/scale.ts';
import { logsCommand } from './commands/logs.ts';
import { execCommand } from './commands/exec.ts';
import { cpCommand } from './commands/cp.ts';
import { topCommand } from './commands/top.ts';
import { patchCommand } from './commands/patch.ts';
import { diffCommand } from './commands/diff.ts';
import { rolloutCommand } from './commands/rollout/index.ts';
import { setCommand } from './commands/set/index.ts';
import { autoscaleCommand } from './commands/autoscale.ts';
import { cordonCommand, drainCommand } from './commands/drain.ts';
import { taintCommand } from './commands/taint.ts';
import { annotateCommand, labelCommand } from './commands/label.ts';
import { eventsCommand } from './commands/events.ts';
import { explainCommand } from './commands/explain/index.ts';
import { waitCommand } from './commands/wait.ts';
import { createCommand } from './commands/create/index.ts';
import { apiResourcesCommand, apiVersionsCommand } from './commands/discovery.ts';
import { clusterInfoCommand } from './commands/clusterinfo.ts';
import { replaceCommand } from './commands/replace.ts';
import { kustomizeCommand } from './commands/kustomize.ts';
import { editCommand } from './commands/edit/index.ts';
import type { EditSession } from './commands/edit/session.ts';
import { runCommand } from './commands/run.ts';
import { debugCommand } from './commands/debug/index.ts';
import { attachCommand } from './commands/attach.ts';
import { authCommand } from './commands/auth.ts';
import { exposeCommand } from './commands/expose/index.ts';
import { portForwardCommand } from './commands/portforward/index.ts';
import { KUBERNETES_VERSION } from '../api/version.ts';
import { configCommand } from './commands/config/index.ts';
import { clientConfigError, connectionError, selection } from './clientconfig.ts';
import { findSubcommand, parseCommandFlags, persistentFlags, positionalWords } from './globalflags.ts';
import { ANY_CREATE_FLAG, createFlagSpecs, createSubcommand, VALIDATE } from './commands/create/flags.ts';
import { storeForUser } from '../apiserver/rbac/request.ts';
import { KUBERNETES_ADMIN, kubeconfigIdentity, requestIdentity } from './identity.ts';
import { certificateCommand } from './commands/certificate.ts';

/** Flags most commands share here (the persistent ones are globalflags.ts's). */
const common: FlagSpec[] = [
  { name: 'all-namespaces', short: 'A' },
  { name: 'selector', short: 'l', value: true },
  { name: 'filename', short: 'f', value: true, repeated: true },
  { name: 'kustomize', short: 'k', value: true },
  { name: 'output', short: 'o', value: true },
  { name: 'dry-run', value: true },
];

/** cmdutil.OverrideOptions' flags, which run and expose share. */
const overrideFlags: FlagSpec[] = [{ name: 'overrides', value: true }, { name: 'override-type', value: true }, { name: 'field-manager', value: true }];

const perCommand: Record<string, FlagSpec[]> = {
  get: [{ name: 'field-selector', value: true }, { name: 'show-labels' }, { name: 'no-headers' }, { name: 'watch', short: 'w' }, { name: 'watch-only' }, { name: 'sort-by', value: true }, { name: 'label-columns', short: 'L', value: true, repeated: true }, { name: 'raw', value: true }],
  describe: [],
  apply: [VALIDATE, { name: 'server-side' }],
  delete: [{ name: 'grace-period', value: true }, { name: 'now' }, { name: 'force' }, { name: 'all' }, { name: 'wait', value: true }, { name: 'cascade', value: true }, { name: 'field-selector', value: true }],
  scale: [{ name: 'replicas', value: true }, { name: 'current-replicas', value: true }],
  patch: [{ name: 'patch', short: 'p', value: true }, { name: 'type', value: true }, { name: 'subresource', value: true }],
  diff: [{ name: 'server-side' }],
  version: [{ name: 'client' }],
  logs: [{ name: 'container', short: 'c', value: true }, { name: 'previous', short: 'p' }, { name: 'tail', value: true }, { name: 'timestamps' }, { name: 'all-containers' }, { name: 'prefix' }, { name: 'follow', short: 'f' }],
  cp: [{ name: 'container', short: 'c', value: true }, { name: 'no-preserve' }, { name: 'retries', value: true }],
  'port-forward': [{ name: 'address', value: true, repeated: true }, { name: 'pod-running-timeout', value: true }],
  exec: [{ name: 'container', short: 'c', value: true }, { name: 'stdin', short: 'i' }, { name: 'tty', short: 't' }, { name: 'quiet', short: 'q' }, { name: 'pod-running-timeout', value: true }],
  top: [{ name: 'containers' }, { name: 'no-headers' }, { name: 'sort-by', value: true }, { name: 'sum' }],
  'api-resources': [{ name: 'namespaced', value: true, bareValue: 'true' }, { name: 'api-group', value: true }, { name: 'categories', value: true }, { name: 'no-headers' }],
  'api-versions': [],
  'cluster-info': [],
  kustomize: [],
  replace: [{ name: 'force' }, { name: 'grace-period', value: true }, { name: 'cascade', value: true }, { name: 'timeout', value: true }, { name: 'save-config' }, VALIDATE],
  rollout: [{ name: 'revision', value: true }, { name: 'to-revision', value: true }, { name: 'watch', short: 'w' }, { name: 'timeout', value: true }],
  set: [{ name: 'containers', short: 'c', value: true }, { name: 'limits', value: true }, { name: 'requests', value: true }, { name: 'env', short: 'e', value: true, repeated: true }, { name: 'list' }, { name: 'overwrite' }, { name: 'all' }],
  autoscale: [{ name: 'min', value: true }, { name: 'max', value: true }, { name: 'cpu-percent', value: true }, { name: 'name', value: true }],
  cordon: [],
  uncordon: [],
  drain: [{ name: 'force' }, { name: 'ignore-daemonsets' }, { name: 'delete-emptydir-data' }, { name: 'delete-local-data' }, { name: 'grace-period', value: true }, { name: 'timeout', value: true }, { name: 'pod-selector', value: true }, { name: 'disable-eviction' }, { name: 'ignore-errors' }, { name: 'skip-wait-for-delete-timeout', value: true }],
  taint: [{ name: 'overwrite' }, { name: 'all' }],
  label: [{ name: 'overwrite' }, { name: 'all' }, { name: 'list' }, { name: 'resource-version', value: true }],
  annotate: [{ name: 'overwrite' }, { name: 'all' }, { name: 'list' }, { name: 'resource-version', value: true }],
  edit: [{ name: 'output-patch' }, { name: 'windows-line-endings' }, { name: 'save-config' }, VALIDATE, { name: 'field-manager', value: true }, { name: 'subresource', value: true }, { name: 'show-managed-fields' }],
  auth: [{ name: 'list' }, { name: 'quiet', short: 'q' }, { name: 'subresource', value: true }, { name: 'no-headers' }, { name: 'remove-extra-permissions' }, { name: 'remove-extra-subjects' }],
  events: [{ name: 'for', value: true }, { name: 'types', value: true }, { name: 'watch', short: 'w' }, { name: 'no-headers' }],
  explain: [{ name: 'recursive' }, { name: 'api-version', value: true }],
  wait: [{ name: 'for', value: true }, { name: 'timeout', value: true }, { name: 'all' }],
  debug: [{ name: 'arguments-only' }, { name: 'attach' }, { name: 'container', short: 'c', value: true }, { name: 'copy-to', value: true }, { name: 'replace' }, { name: 'env', value: true, repeated: true }, { name: 'image', value: true }, { name: 'keep-labels' }, { name: 'keep-annotations' }, { name: 'keep-liveness' }, { name: 'keep-readiness' }, { name: 'keep-startup' }, { name: 'keep-init-containers' }, { name: 'set-image', value: true, repeated: true }, { name: 'image-pull-policy', value: true }, { name: 'stdin', short: 'i' }, { name: 'quiet', short: 'q' }, { name: 'same-node' }, { name: 'share-processes' }, { name: 'target', value: true }, { name: 'tty', short: 't' }, { name: 'profile', value: true }],
  attach: [{ name: 'container', short: 'c', value: true }, { name: 'stdin', short: 'i' }, { name: 'tty', short: 't' }, { name: 'quiet', short: 'q' }, { name: 'pod-running-timeout', value: true }],
  run: [...overrideFlags, { name: 'image', value: true }, { name: 'env', value: true, repeated: true }, { name: 'port', value: true }, { name: 'labels', short: 'l', value: true }, { name: 'annotations', value: true, repeated: true }, { name: 'restart', value: true }, { name: 'image-pull-policy', value: true }, { name: 'command' }, { name: 'expose' }, { name: 'privileged' }, { name: 'stdin', short: 'i' }, { name: 'tty', short: 't' }, { name: 'attach' }, { name: 'rm' }, { name: 'leave-stdin-open' }, { name: 'quiet', short: 'q' }, { name: 'pod-running-timeout', value: true }],
  expose: [...overrideFlags, { name: 'port', value: true }, { name: 'target-port', value: true }, { name: 'protocol', value: true }, { name: 'name', value: true }, { name: 'type', value: true }, { name: 'labels', short: 'l', value: true }, { name: 'external-ip', value: true }, { name: 'load-balancer-ip', value: true }, { name: 'cluster-ip', value: true }, { name: 'session-affinity', value: true }],
  certificate: [{ name: 'force' }],
  // create's flags depend on its subcommand: commands/create/flags.ts.
  create: [],
};

const CLIENT_VERSION = `Client Version: ${KUBERNETES_VERSION}\nKustomize Version: v5.5.0`;

export interface KubectlResult {
  code: number;
  documents?: AppliedDocument[];
  /** kubectl edit in the page: the editor is to open on this session (ctx.edit.deferred). */
  edit?: EditSession;
}

export function runKubectl(ctx: KubectlContext, argv: string[]): KubectlResult {
  // Persistent flags may come before the verb (`kubectl -n kube-system get pods`), as cobra finds it.
  const { name: cmd, rest } = findSubcommand(argv);
  if (!cmd) {
    if (!parseCommandFlags(ctx.err, 'kubectl', rest, [])) return { code: 1 };
    ctx.out.push('kubectl controls the Kubernetes cluster manager.\n\nBasic Commands:\n  create, expose, run, get, describe, apply, diff, patch, replace, delete, scale, api-resources, api-versions, auth, cluster-info, config, version');
    return { code: 0 };
  }
  if (cmd === 'config') {
    // config's subcommands shadow some persistent flags: set-context's --namespace is not the global -n.
    try {
      return { code: configCommand(ctx, rest) };
    } catch (e) {
      ctx.err.push(formatError(e));
      return { code: 1 };
    }
  }
  const specs = perCommand[cmd];
  if (!specs) {
    ctx.err.push(`error: unknown command "${cmd}" for "kubectl"`);
    return { code: 1 };
  }
  const sub = cmd === 'create' ? createSubcommand(positionalWords(rest, ANY_CREATE_FLAG)) : undefined;
  const local = cmd === 'create' ? createFlagSpecs(sub) : [...common, ...specs];
  const args = parseCommandFlags(ctx.err, `kubectl ${cmd}${sub ? ` ${sub}` : ''}`, rest, local);
  if (!args) return { code: 1 };
  const persistent = persistentFlags(args, local);
  const clientOnly = cmd === 'version' && boolFlag(args, 'client');
  const invalid = ctx.kubeconfig && !clientOnly ? clientConfigError(ctx.kubeconfig, persistent, ctx.files) : undefined;
  if (invalid) {
    ctx.err.push(invalid);
    return { code: 1 };
  }
  const refused = clientOnly ? undefined : connectionError(persistent);
  if (refused) {
    if (cmd === 'version') ctx.out.push(CLIENT_VERSION);
    ctx.err.push(refused);
    return { code: 1 };
  }
  try {
    // The request's identity: every read and write below goes through the API server as this user.
    // Who the kubeconfig's context (or --user) says kubectl is (kubeadm's admin without a kubeconfig), then any --as.
    let base: UserInfo;
    try {
      base = ctx.user ?? (ctx.kubeconfig ? kubeconfigIdentity(ctx.kubeconfig, selection(ctx.kubeconfig, persistent).user, ctx.store, ctx.clock.now(), flag(persistent, 'token'), ctx.files) : KUBERNETES_ADMIN);
    } catch (e) {
      // kubectl version prints its own version before the request that fails.
      if (cmd === 'version') ctx.out.push(CLIENT_VERSION);
      throw e;
    }
    const user = requestIdentity(ctx.store, base, args);
    ctx.apiserver = ctx.store;
    ctx.requestUser = user;
    ctx.store = storeForUser(ctx.store, user, warningWriter(ctx));
    switch (cmd) {
      case 'get':
        if (boolFlag(args, 'watch') || boolFlag(args, 'watch-only')) return { code: getWatchCommand(ctx, args, ctx.watch) };
        return { code: getCommand(ctx, args) };
      case 'describe': return { code: describeCommand(ctx, args) };
      case 'delete': return { code: deleteCommand(ctx, args) };
      case 'scale': return { code: scaleCommand(ctx, args) };
      case 'logs': return { code: logsCommand(ctx, args) };
      case 'exec': return { code: execCommand(ctx, args) };
      case 'port-forward': return { code: portForwardCommand(ctx, args, ctx.portForward) };
      case 'cp': return { code: cpCommand(ctx, args) };
      case 'top': return { code: topCommand(ctx, args) };
      case 'patch': return { code: patchCommand(ctx, args) };
      case 'diff': return { code: diffCommand(ctx, args) };
      case 'rollout': return { code: rolloutCommand(ctx, args) };
      case 'set': return { code: setCommand(ctx, args) };
      case 'autoscale': return { code: autoscaleCommand(ctx, args) };
      case 'cordon': return { code: cordonCommand(ctx, args, true) };
      case 'uncordon': return { code: cordonCommand(ctx, args, false) };
      case 'drain': return { code: drainCommand(ctx, args) };
      case 'taint': return { code: taintCommand(ctx, args) };
      case 'label': return { code: labelCommand(ctx, args) };
      case 'annotate': return { code: annotateCommand(ctx, args) };
      case 'edit': {
        const { code, session } = editCommand(ctx, args);
        return session ? { code, edit: session } : { code };
      }
      case 'auth': return { code: authCommand(ctx, args) };
      case 'certificate': return { code: certificateCommand(ctx, args) };
      case 'events': return { code: eventsCommand(ctx, args) };
      case 'explain': return { code: explainCommand(ctx, args) };
      case 'wait': return { code: waitCommand(ctx, args) };
      case 'create': return { code: createCommand(ctx, args) };
      case 'run': return { code: runCommand(ctx, args) };
      case 'debug': return { code: debugCommand(ctx, args) };
      case 'attach': return { code: attachCommand(ctx, args) };
      case 'expose': return { code: exposeCommand(ctx, args) };
      case 'apply': {
        const documents = applyCommand(ctx, args);
        for (const d of documents) (d.ok ? ctx.out : ctx.err).push(d.message);
        return { code: documents.every((d) => d.ok) ? 0 : 1, documents };
      }
      case 'version':
        ctx.out.push(clientOnly ? CLIENT_VERSION : `${CLIENT_VERSION}\nServer Version: ${KUBERNETES_VERSION}`);
        return { code: 0 };
      case 'api-resources': return { code: apiResourcesCommand(ctx, args) };
      case 'api-versions': return { code: apiVersionsCommand(ctx) };
      case 'cluster-info': return { code: clusterInfoCommand(ctx, persistent) };
      case 'replace': return { code: replaceCommand(ctx, args) };
      case 'kustomize': return { code: kustomizeCommand(ctx, args) };
    }
  } catch (e) {
    if (e instanceof LabelSelectorError) {
      ctx.err.push(`error: ${e.message}`);
      return { code: 1 };
    }
    ctx.err.push(formatError(e));
    return { code: 1 };
  }
  return { code: 0 };
}

/**
 * kubectl's warning handler (client-go's warningWriter with Deduplicate): every response's warnings, on stderr as
 * they come back, each text once per command, empty ones skipped.
 */
function warningWriter(ctx: KubectlContext): (warning: string) => void {
  const written = new Set<string>();
  return (warning) => {
    if (!warning || written.has(warning)) return;
    written.add(warning);
    ctx.err.push(`Warning: ${warning}`);
  };
}

// kubectl exec (POD | TYPE/NAME) [-c CONTAINER] [-i] [-t] [-q] -- COMMAND [args...]: the API server checks the pod
// and container (pods/exec ExecLocation), the kubelet on the pod's node runs the command in the container.
import type { Pod } from 'kubernetes-types/core/v1';
import { badRequest } from '../../apiserver/errors.ts';
import { authorizeRequest, CommandError, type KubectlContext } from '../context.ts';
import { boolFlag, flag, type ParsedArgs } from '../flags.ts';
import { containerFor, podFor } from './logs.ts';
import { namespaceOf } from '../namespace.ts';

/** What kubelets serve for `kubectl exec` (cluster.ts hands it over). */
export interface PodExecSource {
  execInContainer(pod: Pod, container: string, cmd: string[], stdin?: string): { exitCode: number; stdout: string; stderr: string } | { error: string };
}

export function execCommand(ctx: KubectlContext, args: ParsedArgs): number {
  const { positional, dashAt } = args;
  const resource = positional.length > 0 && dashAt !== 0 ? positional[0] : undefined;
  if (dashAt === undefined && positional.length > 1) {
    throw new CommandError("exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead\nSee 'kubectl exec -h' for help and examples");
  }
  const command = dashAt === undefined ? [] : positional.slice(dashAt);
  if (!resource) throw new CommandError('pod, type/name or --filename must be specified');
  if (!command.length) throw new CommandError('you must specify at least one command for the container');
  const quiet = boolFlag(args, 'quiet');
  // Simplification: there is no terminal to attach; -t says so as kubectl does when stdin is not one.
  if (boolFlag(args, 'tty') && !quiet) ctx.err.push('Unable to use a TTY - input is not a terminal or the right kind of file');
  const namespace = namespaceOf(ctx, args);
  const pod = podFor(ctx, resource, namespace, 'attach');
  const r = podExec(ctx, pod, containerFor(ctx, pod, flag(args, 'container')), command);
  if (r.stdout) ctx.out.push(r.stdout.replace(/\n$/, ''));
  if (r.stderr) ctx.err.push(r.stderr.replace(/\n$/, ''));
  if (r.exitCode !== 0) ctx.err.push(`command terminated with exit code ${r.exitCode}`);
  return r.exitCode;
}

/**
 * One exec request (a POST of pods/exec, verb create) for a pod and container kubectl found: the API server's checks,
 * then the kubelet runs the command with `stdin` streamed to it (kubectl cp's archive).
 */
export function podExec(ctx: KubectlContext, pod: Pod & { metadata: { name: string } }, container: string, command: string[], stdin?: string): { exitCode: number; stdout: string; stderr: string } {
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') throw new CommandError(`cannot exec into a container in a completed pod; current phase is ${phase}`);
  authorizeRequest(ctx, { verb: 'create', apiGroup: '', resource: 'pods', subresource: 'exec', namespace: pod.metadata.namespace, name: pod.metadata.name });
  if (!pod.spec?.nodeName) throw badRequest(`pod ${pod.metadata.name} does not have a host assigned`);
  if (!ctx.nodes) throw new CommandError('unable to upgrade connection: no kubelets in this cluster');
  const r = ctx.nodes.execInContainer(pod, container, command, stdin);
  if ('error' in r) throw new CommandError(r.error);
  return r;
}

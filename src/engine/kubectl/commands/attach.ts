// kubectl attach (POD | TYPE/NAME) [-c CONTAINER] [-i] [-t] [-q]: attach to a running container's stdin and output
// (k8s.io/kubectl/pkg/cmd/attach). kubectl debug attaches the same way to the container it started.
// Simplification: the page's terminal has no stream to a container, so a session ends as soon as it begins: kubectl
// prints what it prints when attaching and when the session ends, and no output (an attach shows only output
// written after it starts). The container goes on running: a shell with stdin keeps waiting on it (no end of
// input reaches it), so `kubectl exec -c CONTAINER` works in it afterwards.
import type { Container, EphemeralContainer, Pod } from 'kubernetes-types/core/v1';
import { badRequest } from '../../apiserver/errors.ts';
import { authorizeRequest, CommandError, type KubectlContext } from '../context.ts';
import { boolFlag, flag, type ParsedArgs } from '../flags.ts';
import { namespaceOf } from '../namespace.ts';
import { containerFor, podFor } from './logs.ts';
import { usageError } from './usage.ts';

type NamedPod = Pod & { metadata: { name: string } };

export interface AttachStreams { stdin: boolean; tty: boolean; quiet: boolean }

export function attachCommand(ctx: KubectlContext, args: ParsedArgs): number {
  const names = args.positional;
  if (names.length === 0) throw usageError('attach', 'at least 1 argument is required for attach');
  if (names.length > 2) throw usageError('attach', `expected POD, TYPE/NAME, or TYPE NAME, (at most 2 arguments) saw ${names.length}: [${names.join(' ')}]`);
  const target = names.length === 2 ? `${names[0]}/${names[1]}` : names[0];
  const pod = podFor(ctx, target, namespaceOf(ctx, args), 'attach');
  if (!pod.spec?.nodeName) throw badRequest(`pod ${pod.metadata.name} does not have a host assigned`);
  attachToPod(ctx, pod, flag(args, 'container'), { stdin: boolFlag(args, 'stdin'), tty: boolFlag(args, 'tty'), quiet: boolFlag(args, 'quiet') });
  return 0;
}

/** AttachOptions.Run against a pod already read: its checks, then the session (see the simplification above). */
export function attachToPod(ctx: KubectlContext, pod: NamedPod, requested: string | undefined, o: AttachStreams): void {
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') throw new CommandError(`cannot attach a container in a completed pod; current phase is ${phase}`);
  const container = containerToAttachTo(ctx, pod, requested);
  // The attach stream is a POST of pods/attach: its verb is create.
  authorizeRequest(ctx, { verb: 'create', apiGroup: '', resource: 'pods', subresource: 'attach', namespace: pod.metadata.namespace, name: pod.metadata.name });
  let tty = o.tty;
  if (tty && !container.tty) {
    tty = false;
    if (!o.quiet) ctx.err.push(`error: Unable to use a TTY - container ${container.name} did not allocate one`);
  } else if (!tty && container.tty) tty = true; // a container started with a TTY is attached with one
  if (o.quiet || !o.stdin) return;
  if (tty) ctx.err.push("If you don't see a command prompt, try pressing enter.");
  const message = reattachMessage(pod, container.name, tty);
  if (message) ctx.out.push(message);
}

/** The container -c names (among all three lists), else the default one as kubectl logs and exec pick it. */
function containerToAttachTo(ctx: KubectlContext, pod: NamedPod, requested: string | undefined): Container | EphemeralContainer {
  const all: (Container | EphemeralContainer)[] = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? []), ...(pod.spec?.ephemeralContainers ?? [])];
  const name = requested ?? containerFor(ctx, pod, undefined);
  const found = all.find((c) => c.name === name);
  if (!found) throw new CommandError(`cannot attach to the container: container not found (${name})`);
  return found;
}

/** AttachOptions.reattachMessage: how to come back, for a pod whose containers restart. */
function reattachMessage(pod: NamedPod, container: string, tty: boolean): string | undefined {
  if (!tty || pod.spec?.restartPolicy !== 'Always') return undefined;
  if (pod.spec.ephemeralContainers?.some((c) => c.name === container)) {
    return `Session ended, the ephemeral container will not be restarted but may be reattached using 'kubectl attach ${pod.metadata.name} -c ${container} -i -t' if it is still running`;
  }
  return `Session ended, resume using 'kubectl attach ${pod.metadata.name} -c ${container} -i -t' command when the pod is running`;
}

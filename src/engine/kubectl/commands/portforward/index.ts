// kubectl port-forward TYPE/NAME|POD [LOCAL_PORT:]REMOTE_PORT [...] [--address ADDR,...]: portforward.go's Complete
// and RunPortForward, then client-go's listeners. The forward is pinned to the pod chosen here (it does not follow
// a Service's endpoints) and runs on as the command line's process until it is stopped or loses its pod.
import type { Pod, Service } from 'kubernetes-types/core/v1';
import { isStatusError, notFound } from '../../../apiserver/errors.ts';
import { authorizeRequest, CommandError, type KubectlContext } from '../../context.ts';
import type { ParsedArgs } from '../../flags.ts';
import { namespaceOf } from '../../namespace.ts';
import { resolveKind } from '../../resources.ts';
import { usageError } from '../usage.ts';
import { PortForward } from './forward.ts';
import { forwardablePod } from './pod.ts';
import { checkUdpPorts, containerPortByName, convertPodNamedPorts, joinHostPort, parseAddresses, parsePorts, translateServicePorts, type ListenAddress } from './ports.ts';

/** The workstation kubectl runs on: its sockets, and the process a forward becomes. */
export interface PortForwardHost {
  /** net.Listen(protocol, address:port): the bound port (0 picks a free one), or Go's error text. */
  listen(forward: PortForward, address: ListenAddress, port: number): number | { error: string };
  /** Close the forward's listeners. */
  release(forward: PortForward): void;
  /** The command line's process is now the running forward. */
  start(forward: PortForward): void;
}

export function portForwardCommand(ctx: KubectlContext, args: ParsedArgs, host: PortForwardHost | undefined): number {
  if (args.positional.length < 2) throw usageError('port-forward', 'TYPE/NAME and list of ports are required for port-forward');
  if (!host) throw new CommandError('port-forward needs a workstation to listen on');
  const namespace = namespaceOf(ctx, args);
  const [resource, ...portArgs] = args.positional;
  // builder.ResourceNames("pods", NAME): a bare name is a pod.
  const slash = resource.indexOf('/');
  const info = resolveKind(ctx.store, slash < 0 ? 'pods' : resource.slice(0, slash));
  const name = slash < 0 ? resource : resource.slice(slash + 1);
  const obj = ctx.store.tryGet(info.kind, info.namespaced ? namespace : undefined, name);
  if (!obj) throw notFound(info, name);
  const chosen = forwardablePod(ctx, info, obj, namespace);
  let ports: string[];
  if (info.kind === 'Service') {
    const svc = obj as Service;
    const byName = (n: string) => { const p = (svc.spec?.ports ?? []).find((x) => x.name === n); if (!p) throw new Error(`Service '${name}' does not have a named port '${n}'`); return p.port; };
    checkUdpPorts(portArgs, (svc.spec?.ports ?? []).map((p) => ({ port: p.port, protocol: p.protocol })), byName);
    ports = translateServicePorts(portArgs, svc, chosen);
  } else {
    checkUdpPorts(portArgs, (chosen.spec?.containers ?? []).flatMap((c) => c.ports ?? []).map((p) => ({ port: p.containerPort, protocol: p.protocol })), (n) => containerPortByName(chosen, n));
    ports = convertPodNamedPorts(portArgs, chosen);
  }

  // RunPortForward: the pod as it is now.
  const podName = chosen.metadata?.name ?? '';
  const pod = ctx.store.tryGet<Pod>('Pod', namespace, podName);
  if (!pod) throw notFound(resolveKind(ctx.store, 'pods'), podName);
  if (pod.status?.phase !== 'Running') throw new CommandError(`unable to forward port because pod is not running. Current status=${pod.status?.phase ?? ''}`);
  const addresses = parseAddresses((args.flags.get('address') ?? ['localhost']).flatMap((a) => a.split(',')));
  const forwarded = parsePorts(ports);
  try {
    authorizeRequest(ctx, { verb: 'create', apiGroup: '', resource: 'pods', subresource: 'portforward', namespace, name: podName });
  } catch (e) {
    if (isStatusError(e)) throw new CommandError(`error upgrading connection: ${e.status.message}`);
    throw e;
  }

  const forward = new PortForward({ namespace, name: podName, uid: pod.metadata?.uid ?? '' }, forwarded, { store: ctx.apiserver ?? ctx.store, clock: ctx.clock, release: (f) => host.release(f) });
  let listening = false;
  for (const port of forwarded) {
    const failed = { all: 0, any: 0 };
    const succeeded = { all: 0, any: 0 };
    const errors: string[] = [];
    for (const a of addresses) {
      const bound = host.listen(forward, a, port.local);
      if (typeof bound === 'number') {
        port.local = bound;
        ctx.out.push(`Forwarding from ${joinHostPort(a.address, bound)} -> ${port.remote}`);
        succeeded[a.failureMode]++;
      } else {
        errors.push(`unable to create listener: Error ${bound.error}`);
        failed[a.failureMode]++;
      }
    }
    if ((succeeded.all === 0 && failed.all > 0) || failed.any > 0) {
      ctx.err.push(`Unable to listen on port ${port.local}: Listeners failed to create with the following errors: [${errors.join(' ')}]`);
    } else listening = true;
  }
  if (!listening) {
    host.release(forward);
    throw new CommandError(`unable to listen on any of the requested ports: [${forwarded.map((p) => `{${p.local} ${p.remote}}`).join(' ')}]`);
  }
  host.start(forward);
  return 0;
}

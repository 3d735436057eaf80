// `sim node stop|start|delete`, `sim pod kill` and `sim container crash`: machines that go silent, come back or disappear, and
// containers that die, for the control loops to react to. A stopped machine is cut off from the API server,
// not powered off: its containers keep running, and when it is started again its kubelet reconciles.
// Simplification: stopped machines (like the control plane switches) are not part of a snapshot; a restored
// cluster runs everything.
import type { Pod } from 'kubernetes-types/core/v1';
import { CommandError } from '../kubectl/context.ts';
import { flag, parseFlags } from '../kubectl/flags.ts';
import type { SimHost } from './host.ts';

export function nodeFault(host: SimHost, verb: 'stop' | 'start' | 'delete', args: string[], out: string[]): void {
  const name = args[0];
  if (!name || args.length > 1) throw new CommandError(`usage: sim node ${verb} NAME`);
  if (verb === 'stop') host.stopNode(name);
  else if (verb === 'start') host.startNode(name);
  else host.deleteNode(name);
  out.push(`node/${name} ${verb === 'stop' ? 'stopped' : verb === 'start' ? 'started' : 'deleted'}`);
}

/** The container `sim container crash` means: the one named, else the pod's default container (as kubectl picks it). */
export function crashTarget(pod: Pod, container: string | undefined): string {
  const names = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])].map((c) => c.name);
  const name = container ?? pod.metadata?.annotations?.['kubectl.kubernetes.io/default-container'] ?? pod.spec?.containers?.[0]?.name ?? '';
  if (!names.includes(name)) throw new Error(`container "${name}" not found in pod "${pod.metadata?.name ?? ''}"`);
  return name;
}

/** sim container crash POD [CONTAINER] [-n NAMESPACE]. */
export function containerCrash(host: SimHost, args: string[], out: string[], namespace = 'default'): void {
  const p = parseFlags(args, [{ name: 'namespace', short: 'n', value: true }]);
  const [name, container] = p.positional;
  if (!name || p.positional.length > 2) throw new CommandError('usage: sim container crash POD [CONTAINER] [-n NAMESPACE]');
  const crashed = host.crashContainer(flag(p, 'namespace') || namespace, name, container);
  out.push(`pod/${name}: container ${crashed} crashed (exit code 1)`);
}

export function podKill(host: SimHost, args: string[], out: string[], namespace = 'default'): void {
  const p = parseFlags(args, [{ name: 'namespace', short: 'n', value: true }]);
  const name = p.positional[0];
  if (!name || p.positional.length > 1) throw new CommandError('usage: sim pod kill POD [-n NAMESPACE]');
  const killed = host.killPod(flag(p, 'namespace') || namespace, name);
  out.push(`pod/${name}: ${killed} container${killed === 1 ? '' : 's'} killed`);
}

// `sim node stop|start|delete` and `sim pod kill`: machines that go silent, come back or disappear, and
// containers that die, for the control loops to react to. A stopped machine is cut off from the API server,
// not powered off: its containers keep running, and when it is started again its kubelet reconciles.
// Simplification: stopped machines (like the control plane switches) are not part of a snapshot; a restored
// cluster runs everything.
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

export function podKill(host: SimHost, args: string[], out: string[]): void {
  const p = parseFlags(args, [{ name: 'namespace', short: 'n', value: true }]);
  const name = p.positional[0];
  if (!name || p.positional.length > 1) throw new CommandError('usage: sim pod kill POD [-n NAMESPACE]');
  const killed = host.killPod(flag(p, 'namespace') ?? 'default', name);
  out.push(`pod/${name}: ${killed} container${killed === 1 ? '' : 's'} killed`);
}

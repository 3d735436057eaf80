// The `sim` command language: drive the simulation (nodes, time, explanations) with the same parser as kubectl.
import type { Taint } from 'kubernetes-types/core/v1';
import { Quantity, QuantityError } from '../api/quantity.ts';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue } from '../api/validation.ts';
import { parseDuration } from '../sim/clock.ts';
import { CommandError } from '../kubectl/context.ts';
import { FlagError, flag, parseFlags, type FlagSpec, type ParsedArgs } from '../kubectl/flags.ts';
import { TABLE_TABWRITER, tabwrite } from '../kubectl/printers/tabwriter.ts';
import { humanDuration } from '../kubectl/printers/duration.ts';
import type { NodeSpec, SimHost, SimInput } from './host.ts';
import { schedulerCommand } from './scheduler.ts';
import { explainPod } from './explain.ts';
import { controlPlaneCommand } from './controlplane.ts';
import { CONTROLLER_USAGE, controllerCommand } from './controller.ts';
import { cniCommand } from './cni.ts';
import { dnsCommand, NETWORK_USAGE, proxyCommand, traceCommand, trafficCommand } from './network.ts';
import { containerCrash, nodeFault, podKill } from './faults.ts';
import { OPERATOR_USAGE, operatorCommand } from './operator.ts';
import { FEATUREGATES_USAGE, featureGatesCommand } from './featuregates.ts';
import { AUTOSCALER_USAGE, autoscalerCommand, nodeGroupCommand } from './autoscaler.ts';
import { GPU_NODE_FLAGS, GPU_NODE_USAGE, GPU_USAGE, gpuCommand, gpuFlags } from './gpu.ts';
import { traceForDisplay } from '../scheduler/trace.ts';
import { DEFAULT_RUNTIME_HANDLER } from '../node/runtime/cri.ts';
import { runtimeHandlersOf } from '../node/kubelet/nodestatus.ts';

export const DEFAULT_NODE = { cpu: '4', memory: '16Gi', pods: 110 };

const USAGE = `sim drives the simulation.

Commands:
  sim node add NAME [--cpu N] [--memory Q] [--pods N] [--labels k=v,...] [--taints k=v:Effect,...] [--runtime-handlers h,...]
                    ${GPU_NODE_USAGE}
  sim node list
  sim node stop|start|delete NAME   (the machine goes silent, comes back, or disappears)
${AUTOSCALER_USAGE}
  sim pod kill POD [-n NAMESPACE]   (its containers die; the restart policy applies)
  sim container crash POD [CONTAINER] [-n NAMESPACE]   (it exits with code 1; the restart policy applies)
${GPU_USAGE}
${OPERATOR_USAGE}
  sim controlplane stop|start apiserver|controller-manager|scheduler, sim controlplane status
${CONTROLLER_USAGE}
  sim advance DURATION          (e.g. 30s, 5m, 1h30m)
  sim explain pod NAME [-n NAMESPACE] [-o json]
  sim scheduler config [-f FILE|-]   (show or load a KubeSchedulerConfiguration)
  sim cni install [flannel|calico] | sim cni uninstall | sim cni status   (the pod network)
${FEATUREGATES_USAGE}
${NETWORK_USAGE}`;

export const nodeAddFlags: FlagSpec[] = [
  { name: 'cpu', value: true }, { name: 'memory', value: true }, { name: 'pods', value: true },
  { name: 'labels', value: true }, { name: 'taints', value: true }, { name: 'runtime-handlers', value: true }, ...GPU_NODE_FLAGS,
];

export function runSim(host: SimHost, argv: string[], out: string[], input: SimInput = { files: new Map() }): void {
  const [group, verb, ...rest] = argv;
  try {
    switch (group) {
      case undefined: case 'help': case '--help': case '-h':
        out.push(USAGE);
        return;
      case 'node':
        if (verb === 'add') return nodeAdd(host, rest, out);
        if (verb === 'list' || verb === 'ls') return nodeList(host, out);
        if (verb === 'stop' || verb === 'start' || verb === 'delete') return nodeFault(host, verb, rest, out);
        throw new CommandError(`unknown command "node ${verb ?? ''}" for "sim": expected add, list, stop, start or delete`);
      case 'gpu':
        return gpuCommand(host, argv.slice(1), out);
      case 'pod':
        if (verb === 'kill') return podKill(host, rest, out, input.namespace);
        throw new CommandError(`unknown command "pod ${verb ?? ''}" for "sim": expected kill`);
      case 'container':
        if (verb === 'crash') return containerCrash(host, rest, out, input.namespace);
        throw new CommandError(`unknown command "container ${verb ?? ''}" for "sim": expected crash`);
      case 'controlplane':
        return controlPlaneCommand(host.controlPlane, argv.slice(1), out);
      case 'controller':
        return controllerCommand(host, argv.slice(1), out);
      case 'scheduler':
        return schedulerCommand(host, argv.slice(1), out, input);
      case 'operator':
        return operatorCommand(host.operators, argv.slice(1), out);
      case 'cni':
        return cniCommand(host.cni, argv.slice(1), out);
      case 'nodegroup': case 'nodegroups':
        return nodeGroupCommand(host.autoscaler, argv.slice(1), out);
      case 'autoscaler':
        return autoscalerCommand(host.autoscaler, argv.slice(1), out);
      case 'featuregates': case 'featuregate': case 'feature-gates':
        return featureGatesCommand(host.featureGates, argv.slice(1), out);
      case 'traffic':
        return trafficCommand(host.network, argv.slice(1), out, input.namespace);
      case 'trace':
        return traceCommand(host.network, argv.slice(1), out, input.namespace);
      case 'dns':
        return dnsCommand(host.network, argv.slice(1), out, input.namespace);
      case 'proxy':
        return proxyCommand(host.network, argv.slice(1), out);
      case 'advance': {
        if (!verb) throw new CommandError('sim advance needs a duration, e.g. sim advance 30s');
        const ms = parseDuration(verb);
        host.advanceMs(ms);
        out.push(`advanced ${humanDuration(ms)}; the cluster has run ${humanDuration(host.now() - host.startedAt())}`);
        return;
      }
      case 'explain': {
        if (verb !== 'pod' && verb !== 'pods' && verb !== 'po') throw new CommandError('usage: sim explain pod NAME [-n NAMESPACE]');
        const p = parseFlags(rest, [{ name: 'namespace', short: 'n', value: true }, { name: 'output', short: 'o', value: true }]);
        const name = p.positional[0];
        if (!name) throw new CommandError('usage: sim explain pod NAME [-n NAMESPACE] [-o json]');
        const trace = host.schedulingTrace(`${flag(p, 'namespace') || input.namespace || 'default'}/${name}`);
        const output = flag(p, 'output');
        if (output !== undefined && output !== 'json') throw new CommandError(`unable to match a printer suitable for the output format "${output}", allowed formats are: json`);
        out.push(output === 'json' ? JSON.stringify(trace ? traceForDisplay(trace) : null, null, 2) : explainPod(trace, name, host.now()));
        return;
      }
      default:
        throw new CommandError(`unknown command "${group}" for "sim"\n\n${USAGE}`);
    }
  } catch (e) {
    if (e instanceof FlagError) throw new CommandError(e.message);
    throw e;
  }
}

function nodeAdd(host: SimHost, args: string[], out: string[]): void {
  const p = parseFlags(args, nodeAddFlags);
  const name = p.positional[0];
  if (!name) throw new CommandError('usage: sim node add NAME [--cpu N] [--memory Q] [--pods N] [--labels k=v,...] [--taints k=v:Effect,...] [--runtime-handlers h,...]');
  const nameErrs = isDNS1123Subdomain(name);
  if (nameErrs.length) throw new CommandError(`invalid node name "${name}": ${nameErrs.join('; ')}`);
  host.addNode({ name, ...machineSpec(p) });
  out.push(`node/${name} added`);
}

/** The machine `sim node add`'s flags describe (also a node group's template). */
export function machineSpec(p: ParsedArgs): Omit<NodeSpec, 'name'> {
  const spec: Omit<NodeSpec, 'name'> = {
    cpu: quantity(flag(p, 'cpu') ?? DEFAULT_NODE.cpu, '--cpu'),
    memory: quantity(flag(p, 'memory') ?? DEFAULT_NODE.memory, '--memory'),
    pods: podsFlag(flag(p, 'pods')),
    labels: parseLabels(flag(p, 'labels')),
    taints: parseTaints(flag(p, 'taints')),
  };
  const gpus = gpuFlags(p);
  if (gpus) spec.gpus = gpus;
  const handlers = runtimeHandlersFlag(flag(p, 'runtime-handlers'));
  if (handlers.length) spec.runtimeHandlers = handlers;
  return spec;
}

function quantity(v: string, flagName: string): string {
  try {
    const q = Quantity.parse(v);
    if (q.sign() <= 0) throw new CommandError(`invalid argument "${v}" for "${flagName}": must be greater than 0`);
    return q.toString();
  } catch (e) {
    if (e instanceof QuantityError) throw new CommandError(`invalid argument "${v}" for "${flagName}": ${e.message}`);
    throw e;
  }
}

function podsFlag(v: string | undefined): number {
  if (v === undefined) return DEFAULT_NODE.pods;
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new CommandError(`invalid argument "${v}" for "--pods": must be a positive whole number`);
  return n;
}

/** --runtime-handlers: names a RuntimeClass's handler can take (DNS labels), runc left out as always there. */
function runtimeHandlersFlag(v: string | undefined): string[] {
  if (v === undefined) return [];
  const names = v.split(',').filter((h) => h !== DEFAULT_RUNTIME_HANDLER);
  for (const h of names) {
    const errs = isDNS1123Label(h);
    if (errs.length) throw new CommandError(`invalid argument "${v}" for "--runtime-handlers": ${JSON.stringify(h)}: ${errs.join('; ')}`);
  }
  return [...new Set(names)];
}

export function parseLabels(v: string | undefined): Record<string, string> {
  const labels: Record<string, string> = {};
  if (!v) return labels;
  for (const part of v.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new CommandError(`invalid label "${part}": expected key=value`);
    const key = part.slice(0, eq), value = part.slice(eq + 1);
    const errs = [...isQualifiedName(key), ...isValidLabelValue(value)];
    if (errs.length) throw new CommandError(`invalid label "${part}": ${errs.join('; ')}`);
    labels[key] = value;
  }
  return labels;
}

/** "key=value:Effect" or "key:Effect", as kubectl taint accepts them. */
export function parseTaints(v: string | undefined): Taint[] {
  if (!v) return [];
  return v.split(',').map((spec) => {
    const colon = spec.lastIndexOf(':');
    if (colon <= 0) throw new CommandError(`invalid taint spec: ${spec}`);
    const effect = spec.slice(colon + 1);
    if (!['NoSchedule', 'PreferNoSchedule', 'NoExecute'].includes(effect)) {
      throw new CommandError(`invalid taint effect: ${effect}, unsupported taint effect`);
    }
    const kv = spec.slice(0, colon);
    const eq = kv.indexOf('=');
    const key = eq < 0 ? kv : kv.slice(0, eq);
    const value = eq < 0 ? undefined : kv.slice(eq + 1);
    const errs = [...isQualifiedName(key), ...(value !== undefined ? isValidLabelValue(value) : [])];
    if (errs.length) throw new CommandError(`invalid taint spec: ${spec}, ${errs.join('; ')}`);
    return { key, ...(value !== undefined ? { value } : {}), effect };
  });
}

function nodeList(host: SimHost, out: string[]): void {
  const rows = host.nodeSpecs().map((n) => [
    n.name, host.nodeStopped(n.name) ? 'Stopped' : 'Running', n.cpu, n.memory, String(n.pods),
    Object.entries(n.labels).map(([k, v]) => `${k}=${v}`).join(',') || '<none>',
    n.taints.map((t) => `${t.key}${t.value !== undefined ? '=' + t.value : ''}:${t.effect}`).join(',') || '<none>',
    runtimeHandlersOf(n).join(','),
  ]);
  if (!rows.length) { out.push('No nodes. Add one with: sim node add NAME --cpu 4 --memory 16Gi'); return; }
  out.push(tabwrite([['NAME', 'STATE', 'CPU', 'MEMORY', 'PODS', 'LABELS', 'TAINTS', 'RUNTIMES'], ...rows].map((r) => r.join('\t')).join('\n') + '\n', TABLE_TABWRITER).replace(/\n$/, ''));
}

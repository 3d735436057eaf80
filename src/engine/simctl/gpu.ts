// GPUs in the `sim` language: the `sim node add` flags that give a machine GPUs, and `sim gpu list|fail|heal`
// (a table of every device with its holder; an XID error on one GPU, or its reset).
import { CommandError } from '../kubectl/context.ts';
import { flag, parseFlags, type FlagSpec, type ParsedArgs } from '../kubectl/flags.ts';
import { TABLE_TABWRITER, tabwrite } from '../kubectl/printers/tabwriter.ts';
import { GpuConfigError, gpuConfig, type GpuConfig } from '../node/deviceplugin/nvidia/config.ts';
import { DEFAULT_XID } from '../node/deviceplugin/nvidia/hardware.ts';
import type { SimHost } from './host.ts';

export const GPU_NODE_FLAGS: FlagSpec[] = [
  { name: 'gpus', value: true }, { name: 'gpu-model', value: true }, { name: 'mig-strategy', value: true },
  { name: 'mig-profile', value: true }, { name: 'gpu-replicas', value: true }, { name: 'nvlink', value: true }, { name: 'gpu-driver', value: true },
];

export const GPU_NODE_USAGE = '[--gpus N [--gpu-model M] [--mig-strategy none|single|mixed --mig-profile P[,P…]] [--gpu-replicas N] [--nvlink all|pairs|none] [--gpu-driver device-plugin|dra]]';
export const GPU_USAGE = `  sim gpu list [NODE]               (every GPU device, its health and the pod holding it)
  sim gpu fail NODE INDEX [--xid N]  (an XID error on a GPU; default 79, fallen off the bus)
  sim gpu heal NODE INDEX            (the GPU is reset and works again)`;

/** The GPUs `sim node add` flags describe, or undefined without --gpus. */
export function gpuFlags(p: ParsedArgs): GpuConfig | undefined {
  const count = flag(p, 'gpus');
  if (count === undefined) {
    const stray = GPU_NODE_FLAGS.find((f) => flag(p, f.name) !== undefined);
    if (stray) throw new CommandError(`--${stray.name} needs --gpus`);
    return undefined;
  }
  const whole = (v: string | undefined, name: string) => {
    if (v === undefined) return undefined;
    if (!/^\d+$/.test(v)) throw new CommandError(`invalid argument "${v}" for "--${name}": must be a whole number`);
    return Number(v);
  };
  try {
    return gpuConfig({
      count: whole(count, 'gpus')!, model: flag(p, 'gpu-model'), migStrategy: flag(p, 'mig-strategy'),
      migProfiles: flag(p, 'mig-profile')?.split(',').map((s) => s.trim()), replicas: whole(flag(p, 'gpu-replicas'), 'gpu-replicas'), nvlink: flag(p, 'nvlink'), driver: flag(p, 'gpu-driver'),
    });
  } catch (e) {
    if (e instanceof GpuConfigError) throw new CommandError(e.message);
    throw e;
  }
}

export function gpuCommand(host: SimHost, argv: string[], out: string[]): void {
  const [verb, ...rest] = argv;
  if (verb === 'list' || verb === 'ls') return gpuList(host, rest, out);
  if (verb === 'fail' || verb === 'heal') return gpuFault(host, verb, rest, out);
  throw new CommandError(`unknown command "gpu ${verb ?? ''}" for "sim": expected list, fail or heal\n\n${GPU_USAGE}`);
}

function gpuFault(host: SimHost, verb: 'fail' | 'heal', args: string[], out: string[]): void {
  const p = parseFlags(args, verb === 'fail' ? [{ name: 'xid', value: true }] : []);
  const [node, idx] = p.positional;
  if (!node || idx === undefined || p.positional.length > 2) throw new CommandError(`usage: sim gpu ${verb} NODE INDEX${verb === 'fail' ? ' [--xid N]' : ''}`);
  if (!/^\d+$/.test(idx)) throw new CommandError(`invalid GPU index "${idx}": must be a whole number`);
  const xidText = flag(p, 'xid');
  if (xidText !== undefined && !/^\d+$/.test(xidText)) throw new CommandError(`invalid argument "${xidText}" for "--xid": must be a whole number`);
  const xid = xidText === undefined ? DEFAULT_XID : Number(xidText);
  host.gpuFault(node, Number(idx), verb === 'heal' ? 'heal' : xid);
  out.push(verb === 'heal' ? `node/${node} GPU ${idx} reset` : `node/${node} GPU ${idx}: Xid ${xid}`);
}

function gpuList(host: SimHost, args: string[], out: string[]): void {
  if (args.length > 1) throw new CommandError('usage: sim gpu list [NODE]');
  const views = host.gpuDevices().filter((v) => !args[0] || v.node === args[0]);
  if (!views.length) {
    out.push(args[0] ? `node "${args[0]}" has no GPUs` : 'No GPU nodes. Add one with: sim node add gpu1 --gpus 8 --gpu-model H100-80GB');
    return;
  }
  const rows = views.flatMap((v) => v.devices.map((d) => [
    v.node, String(d.index), d.id, d.mig ? `${d.model} MIG ${d.mig}` : d.model, `${d.memoryMiB}MiB`,
    d.health === 'Healthy' ? 'Healthy' : `Unhealthy (Xid ${d.xid})`, d.pod ?? '<none>',
  ]));
  out.push(tabwrite([['NODE', 'INDEX', 'ID', 'MODEL', 'MEMORY', 'HEALTH', 'POD'], ...rows].map((r) => r.join('\t')).join('\n') + '\n', TABLE_TABWRITER).replace(/\n$/, ''));
}

// The network tools `kubectl exec` can run, when the container's image has them (tools.ts).
import type { ExecResult } from '../exec.ts';
import { curl } from './curl.ts';
import { dig, host, nslookup } from './dns.ts';
import { nc } from './nc.ts';
import { ping } from './ping.ts';
import type { NetProbe } from './probe.ts';
import { imageTools, type NetTool } from './tools.ts';
import { wget } from './wget.ts';

/** What exec needs to run network tools in one container; `rawSockets`: whether it may open one (CAP_NET_RAW). */
export interface NetContext { image: string; probe: NetProbe; rawSockets: boolean }

/** The tool's result, or undefined when `prog` is not a network tool of this image. */
export function runNetTool(net: NetContext, prog: string, args: string[]): ExecResult | undefined {
  const { tools, busybox } = imageTools(net.image);
  if (!tools.has(prog as NetTool)) return undefined;
  switch (prog as NetTool) {
    case 'curl': return curl(net.probe, args);
    case 'wget': return wget(net.probe, args);
    case 'nslookup': return nslookup(net.probe, args, busybox);
    case 'dig': return dig(net.probe, args);
    case 'host': return host(net.probe, args);
    case 'nc': return nc(net.probe, args, busybox);
    case 'ping': return ping(net.probe, args, net.rawSockets);
    default: return undefined;
  }
}

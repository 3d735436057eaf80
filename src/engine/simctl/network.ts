// `sim traffic`, `sim trace request`, `sim dns lookup` and `sim proxy mode`: the data plane's commands.
import { CommandError } from '../kubectl/context.ts';
import { flag, parseFlags } from '../kubectl/flags.ts';
import { TABLE_TABWRITER, tabwrite } from '../kubectl/printers/tabwriter.ts';
import type { Network } from '../network/network.ts';
import { CLUSTER_DNS_IP } from '../api/dns.ts';

/** What the commands use of the data plane (cluster.ts hands its Network). */
export type NetworkControl = Pick<Network, 'traffic' | 'trace' | 'dnsLookup' | 'proxies'>;

export const NETWORK_USAGE = `  sim traffic add NAME URL [--rps N] [--from POD|external] [-n NAMESPACE]   (steady requests to a URL)
  sim traffic list | sim traffic remove NAME
  sim trace request URL [--from POD|external] [-H 'NAME: VALUE'] [-n NAMESPACE] [-o json]   (one request's path, step by step)
  sim dns lookup NAME [--from POD] [-n NAMESPACE]   (CoreDNS's answer, with the pod's search path)
  sim proxy mode [iptables|ipvs]   (kube-proxy's mode on every node)`;

const FROM_FLAGS = [{ name: 'from', value: true }, { name: 'namespace', short: 'n', value: true }];

/** --from POD in -n NAMESPACE (else the kubeconfig context's, as kubectl's) as namespace/name, "external" as is. */
function fromKey(from: string | undefined, namespace: string, fallback: string): string {
  const f = from ?? fallback;
  if (f === 'external') return f;
  return f.includes('/') ? f : `${namespace}/${f}`;
}

/** -n, else the namespace kubectl would use (the kubeconfig context's); cluster.ts passes it, "default" without one. */
const namespaceFlag = (p: ReturnType<typeof parseFlags>, contextNamespace: string) => flag(p, 'namespace') || contextNamespace;

export function trafficCommand(net: NetworkControl, args: string[], out: string[], namespace = 'default'): void {
  const [verb, ...rest] = args;
  const p = parseFlags(rest, [...FROM_FLAGS, { name: 'rps', value: true }]);
  switch (verb) {
    case 'add': {
      const [name, url] = p.positional;
      if (!name || !url) throw new CommandError('usage: sim traffic add NAME URL [--rps N] [--from POD|external] [-n NAMESPACE]');
      const rpsText = flag(p, 'rps') ?? '10';
      const rps = Number(rpsText);
      const from = fromKey(flag(p, 'from'), namespaceFlag(p, namespace), 'external');
      try {
        net.traffic.add({ name, url, rps, from });
      } catch (e) {
        throw new CommandError((e as Error).message);
      }
      out.push(`traffic source "${name}" added: ${rps} requests/s from ${from === 'external' ? 'an external client' : `pod ${from}`} to ${url}`);
      return;
    }
    case 'remove': case 'rm': case 'delete': {
      const [name] = p.positional;
      if (!name) throw new CommandError('usage: sim traffic remove NAME');
      try { net.traffic.remove(name); } catch (e) { throw new CommandError((e as Error).message); }
      out.push(`traffic source "${name}" removed`);
      return;
    }
    case 'list': case 'ls': {
      const rows = net.traffic.list().map((s) => [
        s.name, s.from, s.url, String(s.rps), s.last ? String(s.last.rps) : '-', s.last ? `${s.last.p50Ms}ms` : '-', s.last ? `${s.last.p99Ms}ms` : '-',
        s.last ? `${(s.last.errorRate * 100).toFixed(1)}%` : '-', s.note ?? 'Active',
      ].join('\t'));
      if (!rows.length) { out.push('No traffic sources.'); return; }
      out.push(tabwrite(['NAME\tFROM\tURL\tRPS\tACTUAL\tP50\tP99\tERRORS\tSTATUS', ...rows].join('\n') + '\n', TABLE_TABWRITER).replace(/\n$/, ''));
      return;
    }
    default:
      throw new CommandError(`unknown command "traffic ${verb ?? ''}" for "sim": expected add, list or remove`);
  }
}

export function traceCommand(net: NetworkControl, args: string[], out: string[], namespace = 'default'): void {
  const [what, ...rest] = args;
  const p = parseFlags(rest, [...FROM_FLAGS, { name: 'output', short: 'o', value: true }, { name: 'header', short: 'H', value: true }]);
  const [url] = p.positional;
  if (what !== 'request' || !url) throw new CommandError('usage: sim trace request URL [--from POD|external] [-H \'NAME: VALUE\'] [-n NAMESPACE] [-o json]');
  // curl's -H: "Name: value", names in lower case as the request path reads them (Host among them).
  const headers: Record<string, string> = {};
  for (const h of p.flags.get('header') ?? []) {
    const i = h.indexOf(':');
    if (i <= 0) throw new CommandError(`invalid header "${h}": expected NAME: VALUE`);
    headers[h.slice(0, i).trim().toLowerCase()] = h.slice(i + 1).trim();
  }
  const output = flag(p, 'output');
  if (output !== undefined && output !== 'json') throw new CommandError(`unable to match a printer suitable for the output format "${output}", allowed formats are: json`);
  let r;
  try {
    r = net.trace(url, fromKey(flag(p, 'from'), namespaceFlag(p, namespace), 'external'), Object.keys(headers).length ? headers : undefined);
  } catch (e) {
    throw new CommandError((e as Error).message);
  }
  if (output === 'json') { out.push(JSON.stringify(r, null, 2)); return; }
  r.hops.forEach((h, i) => out.push(`${i + 1}. ${h.text}`));
  out.push(`result: ${r.result}`);
}

export function dnsCommand(net: NetworkControl, args: string[], out: string[], namespace = 'default'): void {
  const [what, ...rest] = args;
  const p = parseFlags(rest, FROM_FLAGS);
  const [name] = p.positional;
  if (what !== 'lookup' || !name) throw new CommandError('usage: sim dns lookup NAME [--from POD] [-n NAMESPACE]');
  const from = flag(p, 'from');
  let r;
  try {
    const ns = namespaceFlag(p, namespace);
    r = net.dnsLookup(name, from ? fromKey(from, ns, '') : undefined, ns);
  } catch (e) {
    throw new CommandError((e as Error).message);
  }
  if (r.error || !r.answer) throw new CommandError(r.error ?? 'lookup failed');
  // nslookup's layout.
  out.push(`Server:\t\t${CLUSTER_DNS_IP}`, `Address:\t${CLUSTER_DNS_IP}#53`, '');
  const a = r.answer;
  if (a.kind === 'NXDOMAIN') throw new CommandError(`** server can't find ${name}: NXDOMAIN`);
  if (a.kind === 'CNAME') { out.push(`${a.name}\tcanonical name = ${a.target}`); return; }
  for (const ip of a.ips) out.push(`Name:\t${a.name}`, `Address: ${ip}`);
}

export function proxyCommand(net: NetworkControl, args: string[], out: string[]): void {
  const [what, mode] = args;
  if (what !== 'mode') throw new CommandError('usage: sim proxy mode [iptables|ipvs]');
  if (mode === undefined) { out.push(net.proxies.mode); return; }
  if (mode !== 'iptables' && mode !== 'ipvs') throw new CommandError(`invalid proxy mode "${mode}": expected iptables or ipvs`);
  net.proxies.setMode(mode);
  out.push(`kube-proxy mode is ${mode} on every node`);
}

// nslookup (busybox's or bind's), dig and host in a container, answered by the simulated CoreDNS through the pod's
// resolver (its search list and ndots: the same lookup as `sim dns lookup --from POD`).
// Simplifications: A records only (no AAAA, SRV or PTR answers); busybox nslookup shows the first search domain
// that answers rather than every domain's reply; dig prints its answer section and summary, not the whole message.
import type { ExecResult } from '../exec.ts';
import type { NetProbe } from './probe.ts';
import { busyboxUsage } from './tools.ts';

const out = (exitCode: number, stdout: string, stderr = ''): ExecResult => ({ exitCode, stdout, stderr });
const NO_SERVERS = ';; connection timed out; no servers could be reached\n';
/** CoreDNS's kubernetes plugin answers with ttl 30. */
const TTL = 30;

export function nslookup(probe: NetProbe, args: string[], busybox: boolean): ExecResult {
  const name = args.find((a) => !a.startsWith('-'));
  if (!name) return busybox ? out(1, '', busyboxUsage('nslookup [-type=QUERY_TYPE] [-debug] HOST [DNS_SERVER]')) : out(0, ''); // bind's goes interactive and meets the end of stdin
  const server = busybox ? `Server:\t\t${probe.dnsServer}\nAddress:\t${probe.dnsServer}:53\n\n` : `Server:\t\t${probe.dnsServer}\nAddress:\t${probe.dnsServer}#53\n\n`;
  const r = probe.lookup(name);
  if (r.kind === 'timeout') return out(1, `${NO_SERVERS}\n`);
  if (r.kind === 'NXDOMAIN') {
    // busybox asks each search domain and reports each; bind reports the name as typed once the list is exhausted.
    const lines = busybox ? r.tried.map((n) => `** server can't find ${n}: NXDOMAIN\n\n`).join('') : `** server can't find ${name}: NXDOMAIN\n\n`;
    return out(1, server + lines);
  }
  const cname = r.cname ? `${r.cname}\tcanonical name = ${r.name}.\n` : '';
  const addrs = r.ips.map((ip) => `Name:\t${r.name}\nAddress: ${ip}\n`).join('');
  // busybox also asks AAAA: its empty reply ends in a blank line of its own.
  return out(0, server + cname + addrs + (busybox ? '\n\n' : '\n'));
}

export function host(probe: NetProbe, args: string[]): ExecResult {
  const name = args.find((a) => !a.startsWith('-'));
  if (!name) return out(1, '', 'Usage: host [-aCdilrTvVw] [-c class] [-N ndots] [-t type] [-W time]\n            [-R number] [-m flag] [-p port] hostname [server]\n');
  const r = probe.lookup(name);
  if (r.kind === 'timeout') return out(1, NO_SERVERS);
  if (r.kind === 'NXDOMAIN') return out(1, '', `Host ${name} not found: 3(NXDOMAIN)\n`);
  return out(0, (r.cname ? `${r.cname} is an alias for ${r.name}.\n` : '') + r.ips.map((ip) => `${r.name} has address ${ip}\n`).join(''));
}

/** dig does not use the search list unless asked (+search); a relative name is asked as it is. */
export function dig(probe: NetProbe, args: string[]): ExecResult {
  const short = args.includes('+short');
  const search = args.includes('+search');
  const name = args.find((a) => !a.startsWith('+') && !a.startsWith('-') && !a.startsWith('@') && a.toUpperCase() !== 'A' && a.toUpperCase() !== 'IN') ?? '.';
  const r = probe.lookup(search || name.endsWith('.') ? name : `${name}.`);
  if (r.kind === 'timeout') return out(9, `${NO_SERVERS}`);
  const fqdn = r.kind === 'A' ? `${r.name}.` : name.endsWith('.') ? name : `${name}.`;
  const records = r.kind === 'A' ? [...(r.cname ? [`${r.cname}.\t${TTL}\tIN\tCNAME\t${r.name}.`] : []), ...r.ips.map((ip) => `${fqdn}\t${TTL}\tIN\tA\t${ip}`)] : [];
  if (short) return out(0, r.kind === 'A' ? [...(r.cname ? [`${r.name}.`] : []), ...r.ips].map((l) => `${l}\n`).join('') : '');
  const status = r.kind === 'A' ? 'NOERROR' : 'NXDOMAIN';
  const text = [
    `; <<>> DiG 9.18.30 <<>> ${args.join(' ')}`,
    `;; ->>HEADER<<- opcode: QUERY, status: ${status}`,
    `;; flags: qr aa rd; QUERY: 1, ANSWER: ${records.length}, AUTHORITY: ${r.kind === 'A' ? 0 : 1}, ADDITIONAL: 1`,
    '', ';; QUESTION SECTION:', `;${fqdn}\t\t\tIN\tA`, '',
    ...(records.length ? [';; ANSWER SECTION:', ...records, ''] : []),
    `;; SERVER: ${probe.dnsServer}#53(${probe.dnsServer}) (UDP)`, '',
  ];
  return out(0, `\n${text.join('\n')}\n`);
}

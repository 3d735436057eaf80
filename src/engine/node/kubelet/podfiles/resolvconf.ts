// The kubelet's DNS configurer (pkg/kubelet/network/dns GetPodDNS) and the resolv.conf containerd writes from its
// DNSConfig: the base from the pod's DNS policy, dnsConfig appended, then trimmed to the resolver's limits (a
// DNSConfigForming warning says what was left out).
import type { Pod } from 'kubernetes-types/core/v1';
import { CLUSTER_DNS_IP, NDOTS, searchPath } from '../../../api/dns.ts';

/** validation.MaxDNSNameservers, MaxDNSSearchPaths, MaxDNSSearchListChars (libc's limits). */
export const MAX_DNS_NAMESERVERS = 3;
export const MAX_DNS_SEARCH_PATHS = 32;
export const MAX_DNS_SEARCH_LIST_CHARS = 2048;
/** A search domain longer than a DNS-1123 subdomain is dropped (glibc aborts on one past 255). */
const MAX_SEARCH_DOMAIN = 253;

export interface DNSConfig { servers: string[]; searches: string[]; options: string[] }

/** SIMULATION: the node's own /etc/resolv.conf (the kubelet's --resolv-conf): its gateway on the node network. */
export const HOST_RESOLV_CONF: DNSConfig = { servers: ['172.18.0.1'], searches: [], options: [] };

const omitDuplicates = (xs: string[]) => [...new Set(xs)];

/** getPodDNSType: ClusterFirst falls back to Default for a pod on the host network. */
function podDNSType(pod: Pod): 'None' | 'Cluster' | 'Host' {
  const policy = pod.spec?.dnsPolicy ?? 'ClusterFirst';
  if (policy === 'None') return 'None';
  if (policy === 'ClusterFirstWithHostNet') return 'Cluster';
  if (policy === 'ClusterFirst' && !pod.spec?.hostNetwork) return 'Cluster';
  return 'Host';
}

/** mergeDNSOptions: dnsConfig's options override the base's by name (Go's map order is random: kept in first-seen order here). */
function mergeOptions(base: string[], extra: { name?: string; value?: string }[]): string[] {
  const opts = new Map<string, string>();
  for (const op of base) {
    const i = op.indexOf(':');
    if (i >= 0) opts.set(op.slice(0, i), op.slice(i + 1));
    else opts.set(op, '');
  }
  for (const op of extra) opts.set(op.name ?? '', op.value ?? '');
  return [...opts].map(([k, v]) => (v ? `${k}:${v}` : k));
}

/** formDNSSearchFitsLimits: at most 32 domains, none over 253 characters, the line at most 2048 characters. */
export function fitSearch(search: string[]): { searches: string[]; exceeded: boolean } {
  let exceeded = false;
  let s = search;
  if (s.length > MAX_DNS_SEARCH_PATHS) { s = s.slice(0, MAX_DNS_SEARCH_PATHS); exceeded = true; }
  const kept = s.filter((d) => d.length <= MAX_SEARCH_DOMAIN);
  if (kept.length !== s.length) exceeded = true;
  s = kept;
  const lineLen = s.join(' ').length;
  if (lineLen > MAX_DNS_SEARCH_LIST_CHARS) {
    let cut = 0;
    let cutLen = 0;
    for (let i = s.length - 1; i >= 0; i--) {
      cutLen += s[i].length + 1;
      cut++;
      if (lineLen - cutLen <= MAX_DNS_SEARCH_LIST_CHARS) break;
    }
    s = s.slice(0, s.length - cut);
    exceeded = true;
  }
  return { searches: s, exceeded };
}

/** GetPodDNS: the DNSConfig for the pod's sandbox, and the DNSConfigForming warnings the kubelet records. */
export function podDNS(pod: Pod, host: DNSConfig = HOST_RESOLV_CONF): DNSConfig & { warnings: string[] } {
  let cfg: DNSConfig;
  switch (podDNSType(pod)) {
    case 'None': cfg = { servers: [], searches: [], options: [] }; break;
    case 'Cluster': cfg = { servers: [CLUSTER_DNS_IP], searches: omitDuplicates([...searchPath(pod.metadata?.namespace ?? 'default'), ...host.searches]), options: [`ndots:${NDOTS}`] }; break;
    default: cfg = { ...host };
  }
  const extra = pod.spec?.dnsConfig;
  if (extra) {
    cfg = {
      servers: omitDuplicates([...cfg.servers, ...(extra.nameservers ?? [])]),
      searches: omitDuplicates([...cfg.searches, ...(extra.searches ?? [])]),
      options: mergeOptions(cfg.options, extra.options ?? []),
    };
  }
  const warnings: string[] = [];
  if (cfg.servers.length > MAX_DNS_NAMESERVERS) {
    cfg = { ...cfg, servers: cfg.servers.slice(0, MAX_DNS_NAMESERVERS) };
    warnings.push(`Nameserver limits were exceeded, some nameservers have been omitted, the applied nameserver line is: ${cfg.servers.join(' ')}`);
  }
  const fit = fitSearch(cfg.searches);
  if (fit.exceeded) warnings.push(`Search Line limits were exceeded, some search paths have been omitted, the applied search line is: ${fit.searches.join(' ')}`);
  return { ...cfg, searches: fit.searches, warnings };
}

/** containerd's resolv.conf for a sandbox: search, nameserver and options lines, each only when there is one. */
export function resolvConf(cfg: DNSConfig): string {
  let out = '';
  if (cfg.searches.length) out += `search ${cfg.searches.join(' ')}\n`;
  for (const s of cfg.servers) out += `nameserver ${s}\n`;
  if (cfg.options.length) out += `options ${cfg.options.join(' ')}\n`;
  return out;
}

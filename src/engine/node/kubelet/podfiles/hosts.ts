// The /etc/hosts the kubelet writes for every container (pkg/kubelet/kubelet_pods.go makeHostsMount): a managed
// file with the loopback entries and the pod's own addresses, or, on the host network, the node's file with a
// different header; hostAliases are appended in both.
import type { HostAlias } from 'kubernetes-types/core/v1';

const MANAGED_HEADER = '# Kubernetes-managed hosts file.\n';
const HOST_NETWORK_HEADER = '# Kubernetes-managed hosts file (host network).\n';

/** SIMULATION: a node's own /etc/hosts (as a container runtime writes a node container's). */
export function nodeHostsFile(nodeName: string, nodeIP: string): string {
  return `127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nff00::0\tip6-mcastprefix\nff02::1\tip6-allnodes\nff02::2\tip6-allrouters\n${nodeIP}\t${nodeName}\n`;
}

/** hostsEntriesFromHostAliases: a blank line, a comment, then one line per alias IP with its names tab-separated. */
function aliasEntries(aliases: HostAlias[] | undefined): string {
  if (!aliases?.length) return '';
  return `\n# Entries added by HostAliases.\n${aliases.map((a) => `${a.ip}\t${(a.hostnames ?? []).join('\t')}\n`).join('')}`;
}

/** managedHostsFileContent: with a domain (a pod with a subdomain), each address names the FQDN first. */
export function managedHostsFile(podIPs: string[], hostname: string, domain: string | undefined, aliases: HostAlias[] | undefined): string {
  let out = `${MANAGED_HEADER}127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n`;
  for (const ip of podIPs) out += domain ? `${ip}\t${hostname}.${domain}\t${hostname}\n` : `${ip}\t${hostname}\n`;
  return out + aliasEntries(aliases);
}

/** nodeHostsFileContent: the node's file under the host-network header. */
export function hostNetworkHostsFile(nodeHosts: string, aliases: HostAlias[] | undefined): string {
  return HOST_NETWORK_HEADER + nodeHosts + aliasEntries(aliases);
}

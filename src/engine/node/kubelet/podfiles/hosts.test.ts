// /etc/hosts as the kubelet writes it (makeHostsMount).
import { describe, expect, it } from 'vitest';
import { hostNetworkHostsFile, managedHostsFile, nodeHostsFile } from './hosts.ts';

const BASE = '# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n';

describe('managedHostsFileContent', () => {
  it('the loopback entries and the pod address with its hostname', () => {
    expect(managedHostsFile(['10.200.0.4'], 'nginx', undefined, undefined)).toBe(`${BASE}10.200.0.4\tnginx\n`);
  });
  it('with a subdomain, the FQDN first', () => {
    expect(managedHostsFile(['10.244.1.5'], 'web-0', 'web.default.svc.cluster.local', undefined)).toBe(`${BASE}10.244.1.5\tweb-0.web.default.svc.cluster.local\tweb-0\n`);
  });
  it('hostAliases: a blank line, the comment, one tab-separated line per IP', () => {
    const aliases = [{ ip: '127.0.0.1', hostnames: ['foo.local', 'bar.local'] }, { ip: '10.1.2.3', hostnames: ['foo.remote', 'bar.remote'] }];
    expect(managedHostsFile(['10.244.135.10'], 'hostaliases-pod', undefined, aliases)).toBe(
      `${BASE}10.244.135.10\thostaliases-pod\n\n# Entries added by HostAliases.\n127.0.0.1\tfoo.local\tbar.local\n10.1.2.3\tfoo.remote\tbar.remote\n`);
  });
  it('on the host network: the node file under its own header', () => {
    const node = nodeHostsFile('w1', '172.18.0.2');
    expect(hostNetworkHostsFile(node, [{ ip: '10.0.0.9', hostnames: ['db'] }])).toBe(`# Kubernetes-managed hosts file (host network).\n${node}\n# Entries added by HostAliases.\n10.0.0.9\tdb\n`);
  });
});

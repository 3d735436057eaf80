// The network as a program on the learner's workstation sees it (the page terminal's curl and wget): its loopback
// addresses reach the port-forwards listening there, the nodes' addresses reach NodePorts through the data plane,
// and nothing else answers. SIMULATION: the workstation resolves only `localhost` (it has no cluster DNS), has no
// route to pod or Service addresses (a connect there times out) and no address of its own besides loopback.
import type { ConnectReply, NetProbe } from '../node/runtime/nettools/probe.ts';

export interface WorkstationNetwork {
  now: number;
  /** The port-forward's answer to a connection to a loopback address and port, or undefined: nothing listens. */
  loopback(address: '127.0.0.1' | '::1', port: number): ConnectReply | undefined;
  /** A connection to a node's address (NodePorts), or undefined when the address is no node's. */
  node(ip: string, port: number, path: string, headers?: Record<string, string>): ConnectReply | undefined;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

export function workstationProbe(net: WorkstationNetwork): NetProbe {
  return {
    now: net.now,
    // systemd-resolved's stub resolver, as on a typical Linux laptop.
    dnsServer: '127.0.0.53',
    lookup: (name) => (name === 'localhost' ? { kind: 'A', name, ips: ['127.0.0.1'], tried: [name] } : { kind: 'NXDOMAIN', tried: [name] }),
    connect: (host, port, path, headers) => {
      const h = host.replace(/^\[(.*)\]$/, '$1');
      // curl tries localhost's IPv6 address first, then its IPv4 one.
      const loops: ('127.0.0.1' | '::1')[] = h === 'localhost' ? ['::1', '127.0.0.1'] : h === '::1' ? ['::1'] : /^127\./.test(h) && IPV4.test(h) ? ['127.0.0.1'] : [];
      if (loops.length) {
        for (const a of loops) {
          const r = net.loopback(a, port);
          if (r) return r;
        }
        return { kind: 'refused', ip: h === 'localhost' ? '127.0.0.1' : h, local: true };
      }
      if (!IPV4.test(h)) return { kind: 'unresolved' };
      return net.node(h, port, path, headers) ?? { kind: 'timeout', ip: h };
    },
    ping: (host) => (host === 'localhost' || IPV4.test(host) ? { kind: 'lost', ip: host === 'localhost' ? '127.0.0.1' : host } : { kind: 'unresolved' }),
  };
}

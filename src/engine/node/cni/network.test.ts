import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HostLocal } from './hostlocal.ts';
import { CNI_NOT_INITIALIZED, cniDaemonOf, CniNetwork } from './network.ts';

const meta = (name: string) => ({ uid: `uid-${name}`, name, namespace: 'default' });
const sandbox = (n: number) => n.toString(16).padStart(64, '0');

describe('the runtime CNI side of a node', () => {
  it.each([
    ['docker.io/flannel/flannel:v0.26.1', 'flannel'],
    ['flannel/flannel:v0.25.0', 'flannel'],
    ['ghcr.io/flannel-io/flannel:v0.26.1', 'flannel'],
    ['docker.io/calico/node:v3.29.1', 'calico'],
    ['quay.io/calico/node@sha256:abc', 'calico'],
    ['docker.io/flannel/flannel-cni-plugin:v1.6.0-flannel1', undefined],
    ['nginx:1.27', undefined],
  ])('recognises the node agent image %s: %s', (image, name) => {
    expect(cniDaemonOf(image)).toBe(name);
  });

  it('property: gives each image its own answer however often and in whatever order images are asked for (memo)', () => {
    const images = ['docker.io/flannel/flannel:v0.26.1', 'quay.io/calico/node@sha256:abc', 'nginx:1.27', 'calico/node:v3', 'flannel/flannel-cni-plugin:v1', 'index.docker.io/calico/node:x'];
    const expected = (image: string) => ({ 'flannel/flannel': 'flannel', 'calico/node': 'calico', 'quay.io/calico/node': 'calico' } as Record<string, string>)[
      image.replace(/@.*$/, '').replace(/:[^/:]*$/, '').replace(/^(?:docker\.io|index\.docker\.io)\//, '')];
    fc.assert(fc.property(fc.array(fc.constantFrom(...images), { maxLength: 20 }), (asked) => {
      for (const image of asked) expect(cniDaemonOf(image)).toBe(expected(image));
    }));
  });

  it('is not ready without a configuration, as containerd reports it', () => {
    const n = new CniNetwork();
    expect(n.status()).toEqual({ ready: false, reason: 'NetworkPluginNotReady', message: CNI_NOT_INITIALIZED });
    expect(CNI_NOT_INITIALIZED).toBe('Network plugin returns error: cni plugin not initialized');
  });

  it('flanneld waits for the podCIDR, then writes subnet.env and the conflist; the network turns ready once', () => {
    const n = new CniNetwork();
    let changes = 0;
    n.onChange(() => changes++);
    n.daemonStarted('flannel');
    expect(n.status().ready).toBe(false);
    n.setPodCIDR('10.244.3.0/24');
    expect(n.status().ready).toBe(true);
    expect(changes).toBe(1);
    expect(n.files.read('/run/flannel/subnet.env')).toBe('FLANNEL_SUBNET=10.244.3.1/24\nFLANNEL_MTU=1450\nFLANNEL_IPMASQ=true\n');
    expect(n.loaded()?.file).toBe('10-flannel.conflist');
    expect(n.loaded()?.list.name).toBe('cbr0');
    expect(n.plugin()?.supportsNetworkPolicy).toBe(false);
  });

  it('ADD gives flannel pods a veth on cni0 and an address of the node subnet; DEL releases it', () => {
    const n = new CniNetwork();
    n.setPodCIDR('10.244.3.0/24');
    n.daemonStarted('flannel');
    const a = n.setUp(sandbox(1), meta('a'));
    expect(a.ip).toBe('10.244.3.2');
    expect(a.result.interfaces.map((i) => i.name)).toEqual(['cni0', expect.stringMatching(/^veth[0-9a-f]{8}$/), 'eth0']);
    expect(a.result.ips).toEqual([{ address: '10.244.3.2/24', gateway: '10.244.3.1', interface: 2 }]);
    expect(() => n.check(sandbox(1), meta('a'))).not.toThrow();
    expect(n.setUp(sandbox(2), meta('b')).ip).toBe('10.244.3.3');
    n.tearDown(sandbox(1), meta('a'));
    expect(new HostLocal(n.files, 'cbr0').reservations()).toEqual([{ ip: '10.244.3.3', containerId: sandbox(2), ifName: 'eth0' }]);
    // The count leaves out host-local's last-reserved marker, as the list does.
    expect(n.files.list('/var/lib/cni/networks/cbr0')).toEqual(['10.244.3.3', 'last_reserved_ip.0']);
    expect(n.allocationCount()).toBe(1);
  });

  it('reports a plugin failure as containerd does: flannel without subnet.env, and an exhausted range', () => {
    const n = new CniNetwork();
    n.files.write('/etc/cni/net.d/10-flannel.conflist', JSON.stringify({ cniVersion: '0.3.1', name: 'cbr0', plugins: [{ type: 'flannel', delegate: {} }] }));
    expect(() => n.setUp(sandbox(1), meta('a'))).toThrow(`rpc error: code = Unknown desc = failed to setup network for sandbox "${sandbox(1)}": plugin type="flannel" failed (add): loadFlannelSubnetEnv failed: open /run/flannel/subnet.env: no such file or directory`);
    n.setPodCIDR('10.244.3.0/29');
    n.daemonStarted('flannel');
    for (let i = 0; i < 5; i++) n.setUp(sandbox(10 + i), meta(`p${i}`));
    expect(() => n.setUp(sandbox(99), meta('x'))).toThrow(`failed to setup network for sandbox "${sandbox(99)}": plugin type="flannel" failed (add): failed to delegate add: failed to allocate for range 0: no IP addresses available in range set: 10.244.3.1-10.244.3.6`);
  });

  it('flannel reads subnet.env at every ADD: a new subnet (or a broken file) counts at once, whatever it parsed before', () => {
    const n = new CniNetwork();
    n.setPodCIDR('10.244.3.0/24');
    n.daemonStarted('flannel');
    expect(n.setUp(sandbox(1), meta('a')).ip).toBe('10.244.3.2');
    n.files.write('/run/flannel/subnet.env', 'FLANNEL_SUBNET=10.244.9.1/24\nFLANNEL_MTU=1450\n');
    expect(n.setUp(sandbox(2), meta('b')).result.ips).toEqual([{ address: '10.244.9.2/24', gateway: '10.244.9.1', interface: 2 }]);
    n.files.write('/run/flannel/subnet.env', 'FLANNEL_MTU=1450\n');
    expect(() => n.setUp(sandbox(3), meta('c'))).toThrow('loadFlannelSubnetEnv failed: /run/flannel/subnet.env is missing FLANNEL_SUBNET');
    n.files.write('/run/flannel/subnet.env', 'FLANNEL_SUBNET=10.244.3.1/24\n');
    expect(n.setUp(sandbox(4), meta('d')).ip).toBe('10.244.3.3');
  });

  it('calico names the veth after the pod, uses the podCIDR, and enforces NetworkPolicy', () => {
    const n = new CniNetwork();
    n.daemonStarted('calico');
    expect(n.loaded()?.file).toBe('10-calico.conflist');
    expect(() => n.setUp(sandbox(1), meta('a'))).toThrow('plugin type="calico" failed (add): failed to get podCidr from Kubernetes: no podCidr for node');
    n.setPodCIDR('10.244.5.0/24');
    const r = n.setUp(sandbox(2), meta('a'));
    expect(r.ip).toBe('10.244.5.2');
    expect(r.result.interfaces[0].name).toMatch(/^cali[0-9a-f]{11}$/);
    expect(r.result.ips[0].address).toBe('10.244.5.2/32');
    expect(n.plugin()?.supportsNetworkPolicy).toBe(true);
  });

  it('uninstall removes the configuration and the daemon state but keeps the addresses of running pods', () => {
    const n = new CniNetwork();
    n.setPodCIDR('10.244.3.0/24');
    n.daemonStarted('flannel');
    n.setUp(sandbox(1), meta('a'));
    n.uninstall();
    expect(n.status().ready).toBe(false);
    expect(n.files.read('/run/flannel/subnet.env')).toBeUndefined();
    expect(n.allocationCount()).toBe(1);
    n.tearDown(sandbox(1), meta('a'));
    expect(n.allocationCount()).toBe(0);
  });

  it('loads the first valid configuration in name order, skipping one it cannot parse', () => {
    const n = new CniNetwork();
    n.files.write('/etc/cni/net.d/05-broken.conflist', '{');
    n.files.write('/etc/cni/net.d/20-calico.conflist', JSON.stringify({ cniVersion: '0.3.1', name: 'k8s-pod-network', plugins: [{ type: 'calico' }] }));
    n.files.write('/etc/cni/net.d/10-flannel.conflist', JSON.stringify({ cniVersion: '0.3.1', name: 'cbr0', plugins: [{ type: 'flannel' }] }));
    expect(n.loaded()?.file).toBe('10-flannel.conflist');
  });

  it('property: loaded() (which keeps the configuration it parsed last) answers as a network reading the files anew', () => {
    const texts = [
      JSON.stringify({ cniVersion: '0.3.1', name: 'cbr0', plugins: [{ type: 'flannel' }] }),
      JSON.stringify({ cniVersion: '0.3.1', name: 'k8s-pod-network', plugins: [{ type: 'calico' }] }),
      JSON.stringify({ cniVersion: '0.3.1', name: 'single', type: 'flannel' }),
      '{', JSON.stringify({ cniVersion: '0.3.1', name: 'empty', plugins: [] }),
    ];
    const op = fc.oneof(
      fc.record({ write: fc.constantFrom('10-flannel.conflist', '20-calico.conflist', '05-a.conf', '99-z.json', 'notes.txt'), text: fc.integer({ min: 0, max: texts.length - 1 }) }),
      fc.record({ remove: fc.constantFrom('10-flannel.conflist', '20-calico.conflist', '05-a.conf', '99-z.json', 'notes.txt') }),
    );
    fc.assert(fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
      const n = new CniNetwork();
      for (const o of ops) {
        if ('write' in o) n.files.write(`/etc/cni/net.d/${o.write}`, texts[o.text]);
        else n.files.remove(`/etc/cni/net.d/${o.remove}`);
        const fresh = new CniNetwork();
        fresh.files.load(n.files.dump());
        const got = n.loaded();
        const want = fresh.loaded();
        expect(got && { file: got.file, list: got.list }).toEqual(want);
        expect(n.status()).toEqual(fresh.status());
      }
    }), { numRuns: 300 });
  });

  // ADD's Result is made when it is read (the runtime reads only the address): it must be the one ADD returned.
  it.each([
    ['flannel', '{"cniVersion":"1.0.0","interfaces":[{"name":"cni0","mac":"d2:72:ad:47:67:3e"},{"name":"veth693c3b45","mac":"1e:89:fb:ad:ff:fc"},{"name":"eth0","mac":"6a:3c:3b:45:f8:84","sandbox":"/var/run/netns/cni-01010101-0101-0101"}],"ips":[{"address":"10.244.3.2/24","gateway":"10.244.3.1","interface":2}],"routes":[{"dst":"0.0.0.0/0","gw":"10.244.3.1"}]}'],
    ['calico', '{"cniVersion":"1.0.0","interfaces":[{"name":"calie608e4a3294","mac":"ee:ee:ee:ee:ee:ee"},{"name":"eth0","mac":"6a:3c:3b:45:f8:84","sandbox":"/var/run/netns/cni-01010101-0101-0101"}],"ips":[{"address":"10.244.3.2/32","interface":1}],"routes":[{"dst":"0.0.0.0/0"}]}'],
  ] as const)('%s ADD\'s whole Result, as it was built at ADD', (cni, json) => {
    const n = new CniNetwork();
    n.setPodCIDR('10.244.3.0/24');
    n.daemonStarted(cni);
    expect(JSON.stringify(n.setUp('01'.repeat(32), meta('a')).result)).toBe(json);
  });

  it('property: a Result read later (after other ADDs, DELs and a new subnet) is the one read at ADD', () => {
    const op = fc.oneof(fc.record({ add: fc.nat(7) }), fc.record({ del: fc.nat(7) }), fc.record({ subnet: fc.constantFrom('10.244.3.1/24', '10.244.9.1/24') }));
    fc.assert(fc.property(fc.constantFrom('flannel' as const, 'calico' as const), fc.array(op, { maxLength: 20 }), (cni, ops) => {
      const n = new CniNetwork();
      n.setPodCIDR('10.244.3.0/24');
      n.daemonStarted(cni);
      const results: { setUp: { result: unknown }; atAdd: string }[] = [];
      const up = new Set<number>();
      for (const o of ops) {
        if ('add' in o && !up.has(o.add)) {
          up.add(o.add);
          const r = n.setUp(sandbox(o.add), meta(`p${o.add}`));
          results.push({ setUp: r, atAdd: JSON.stringify(r.result) });
        } else if ('del' in o && up.delete(o.del)) n.tearDown(sandbox(o.del), meta(`p${o.del}`));
        else if ('subnet' in o) n.files.write('/run/flannel/subnet.env', `FLANNEL_SUBNET=${o.subnet}\nFLANNEL_MTU=1450\n`);
      }
      for (const r of results) expect(JSON.stringify(r.setUp.result)).toBe(r.atAdd);
    }), { numRuns: 200 });
  });
});

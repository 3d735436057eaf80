// kubectl exec ping: busybox 1.36's texts (networking/ping.c: "PING %s (%s): %d data bytes", "%d bytes from %s:
// seq=%u ttl=%d time=%u.%03u ms", "%lu packets transmitted, %lu packets received, %lu%% packet loss",
// "round-trip min/avg/max = …", "bad address '%s'", "permission denied (are you root?)") over the data plane:
// pods and nodes answer, a Service's virtual address only in IPVS mode, NetworkPolicy drops echoes a rule with
// ports does not cover.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { KubesimCluster } from '../../../index.ts';
import { mustExec } from '../../../testing/fixtures.ts';
import { serving, twoNodeCluster, webDeployment } from '../../../testing/dataplane.ts';
import { hasCapability } from '../capabilities.ts';

const manifests = `${webDeployment(1)}---
apiVersion: v1
kind: Service
metadata: {name: web}
spec: {selector: {app: web}, ports: [{port: 80}]}
---
apiVersion: v1
kind: Pod
metadata: {name: bb}
spec: {containers: [{name: c, image: 'busybox:1.36', command: [sleep, infinity]}]}
---
apiVersion: v1
kind: Pod
metadata: {name: bb2}
spec: {nodeName: w2, containers: [{name: c, image: 'busybox:1.36', command: [sleep, infinity]}]}
---
apiVersion: v1
kind: Pod
metadata: {name: locked}
spec: {containers: [{name: c, image: 'busybox:1.36', command: [sleep, infinity], securityContext: {capabilities: {drop: [ALL]}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: nonroot}
spec: {securityContext: {runAsUser: 1000}, containers: [{name: c, image: 'busybox:1.36', command: [sleep, infinity]}]}
---
apiVersion: v1
kind: Pod
metadata: {name: ngx}
spec: {containers: [{name: c, image: 'nginx:1.27.3'}]}
`;

function cluster(cni: 'calico' | 'flannel'): KubesimCluster {
  return serving(twoNodeCluster(5, cni), manifests);
}

const field = (c: KubesimCluster, what: string, path: string) => mustExec(c, `kubectl get ${what} -o jsonpath='{${path}}'`);
const nodeOf = (c: KubesimCluster, pod: string) => field(c, `pod ${pod}`, '.spec.nodeName');
const ipOf = (c: KubesimCluster, pod: string) => field(c, `pod ${pod}`, '.status.podIP');
const REPLY = /^64 bytes from [\d.]+: seq=(\d+) ttl=(\d+) time=\d+\.\d{3} ms$/;

describe('kubectl exec ping', () => {
  let c: KubesimCluster;
  beforeAll(() => { c = cluster('calico'); });
  const run = (cmd: string) => c.exec(`kubectl exec ${cmd}`);

  it('pings a pod: one reply per echo, the TTL after the nodes that route it, and the statistics', () => {
    const ip = ipOf(c, 'bb2');
    const r = run(`bb -- ping -c 3 ${ip}`);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(`PING ${ip} (${ip}): 56 data bytes`);
    // calico routes every packet through the node: 63 on one node, 62 across two.
    const ttl = nodeOf(c, 'bb') === 'w2' ? 63 : 62;
    expect(lines.slice(1, 4).map((l) => REPLY.exec(l)?.slice(1))).toEqual([['0', String(ttl)], ['1', String(ttl)], ['2', String(ttl)]]);
    expect(lines.slice(4, 7)).toEqual(['', `--- ${ip} ping statistics ---`, '3 packets transmitted, 3 packets received, 0% packet loss']);
    expect(lines[7]).toMatch(/^round-trip min\/avg\/max = (\d+\.\d{3})\/(\d+\.\d{3})\/(\d+\.\d{3}) ms$/);
    // Echoes differ in time, yet the same echoes take the same time: the output is the same every run.
    expect(new Set(lines.slice(1, 4).map((l) => / time=(\S+)/.exec(l)?.[1])).size).toBeGreaterThan(1);
    expect(run(`bb -- ping -c 3 ${ip}`)).toEqual(r);
  });

  it('pings a node on its InternalIP, and itself', () => {
    const nodeIP = field(c, 'node w2', '.status.addresses[?(@.type=="InternalIP")].address');
    expect(run(`bb2 -- ping -c 1 ${nodeIP}`).stdout).toMatch(new RegExp(`^PING ${nodeIP} \\(${nodeIP}\\): 56 data bytes\\n64 bytes from ${nodeIP}: seq=0 ttl=64 time=0\\.\\d{3} ms\\n`));
    const own = ipOf(c, 'bb');
    expect(run(`bb -- ping -c 1 -s 100 ${own}`).stdout).toMatch(new RegExp(`^PING ${own} \\(${own}\\): 100 data bytes\\n108 bytes from ${own}: seq=0 ttl=64 `));
  });

  it("gets no answer from a Service's ClusterIP in iptables mode, and the node's in IPVS mode", () => {
    const svc = field(c, 'svc web', '.spec.clusterIP');
    expect(run('bb -- ping -c 2 web')).toEqual({
      code: 1,
      stdout: `PING web (${svc}): 56 data bytes\n\n--- web ping statistics ---\n2 packets transmitted, 0 packets received, 100% packet loss\n`,
      stderr: 'command terminated with exit code 1\n',
    });
    // While curl to the same name works: the address is kube-proxy's rules for port 80, not a host.
    expect(run('bb -- wget -q --spider web').code).toBe(0);
    const ipvs = cluster('calico');
    mustExec(ipvs, 'sim proxy mode ipvs');
    ipvs.advance(2);
    const r = ipvs.exec('kubectl exec bb -- ping -c 2 -q web.default.svc.cluster.local');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^PING web\.default\.svc\.cluster\.local \([\d.]+\): 56 data bytes\n\n--- web\.default\.svc\.cluster\.local ping statistics ---\n2 packets transmitted, 2 packets received, 0% packet loss\nround-trip min\/avg\/max = 0\.\d{3}\/0\.\d{3}\/0\.\d{3} ms\n$/);
  });

  it.each([
    ['bb -- ping -c 1 nosuch', { code: 1, stdout: '', stderr: "ping: bad address 'nosuch'\ncommand terminated with exit code 1\n" }],
    ['bb -- ping -c x web', { code: 1, stdout: '', stderr: "ping: invalid number 'x'\ncommand terminated with exit code 1\n" }],
    ['ngx -- sh -c "ping web"', { code: 127, stdout: '', stderr: 'sh: 1: ping: not found\ncommand terminated with exit code 127\n' }],
  ])('kubectl exec %s', (cmd, want) => {
    expect(run(cmd)).toEqual(want);
  });

  it('prints busybox usage for a missing HOST or an unknown option', () => {
    for (const cmd of ['bb -- ping', 'bb -- ping -z web', 'bb -- ping a b']) {
      const r = run(cmd);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^BusyBox v1\.36\.1 .*multi-call binary\.\n\nUsage: ping \[OPTIONS\] HOST\n/);
    }
  });

  it('is refused its raw socket without CAP_NET_RAW: dropped capabilities, or a user other than root', () => {
    const svc = field(c, 'svc web', '.spec.clusterIP');
    for (const pod of ['locked', 'nonroot']) {
      expect(run(`${pod} -- ping -c 1 web`)).toEqual({ code: 1, stdout: `PING web (${svc}): 56 data bytes\n`, stderr: 'ping: permission denied (are you root?)\ncommand terminated with exit code 1\n' });
    }
  });

  it('stops without -c after 4 echoes (as if interrupted), and -w bounds the echoes by seconds', () => {
    const ip = ipOf(c, 'bb2');
    expect(run(`bb -- ping ${ip}`).stdout).toContain('4 packets transmitted, 4 packets received, 0% packet loss');
    expect(run(`bb -- ping -w 2 ${ip}`).stdout).toContain('2 packets transmitted, 2 packets received, 0% packet loss');
  });
});

describe('ping and the pod network', () => {
  it('flannel bridges the pods of a node: no routing hop on one node, two across nodes', () => {
    const c = cluster('flannel');
    const same = nodeOf(c, 'bb') === 'w2';
    expect(c.exec(`kubectl exec bb -- ping -c 1 ${ipOf(c, 'bb2')}`).stdout).toContain(` ttl=${same ? 64 : 62} `);
  });

  it('a NetworkPolicy with ports drops the echoes; a rule without ports lets them through', () => {
    const c = cluster('calico');
    const ip = ipOf(c, 'bb2');
    const policy = (ingress: string) => `apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: {name: bb2}\nspec: {podSelector: {}, policyTypes: [Ingress], ingress: ${ingress}}\n`;
    mustExec(c, 'kubectl apply -f -', policy('[{ports: [{port: 80}]}]'));
    c.advance(2);
    expect(c.exec(`kubectl exec bb -- ping -c 2 ${ip}`).stdout).toContain('2 packets transmitted, 0 packets received, 100% packet loss');
    mustExec(c, 'kubectl apply -f -', policy('[{}]'));
    c.advance(2);
    expect(c.exec(`kubectl exec bb -- ping -c 2 ${ip}`).stdout).toContain('2 packets transmitted, 2 packets received, 0% packet loss');
  });
});

describe('container capabilities (containerd defaults, securityContext add and drop)', () => {
  it.each<[string, Parameters<typeof hasCapability>[0], string, boolean]>([
    ['default set', undefined, 'NET_RAW', true],
    ['not in the default set', undefined, 'NET_ADMIN', false],
    ['added', { capabilities: { add: ['NET_ADMIN'] } }, 'NET_ADMIN', true],
    ['CAP_ prefix', { capabilities: { drop: ['CAP_NET_RAW'] } }, 'NET_RAW', false],
    ['drop ALL', { capabilities: { drop: ['ALL'] } }, 'NET_RAW', false],
    ['drop ALL, add back', { capabilities: { drop: ['ALL'], add: ['NET_BIND_SERVICE'] } }, 'NET_BIND_SERVICE', true],
    ['privileged', { privileged: true, capabilities: { drop: ['ALL'] } }, 'SYS_ADMIN', true],
    ['non-root user', { runAsUser: 1000 }, 'NET_RAW', false],
  ])('%s', (_name, security, cap, want) => {
    expect(hasCapability(security, cap)).toBe(want);
  });

  it('property: dropping a capability never grants one, and privileged grants all', () => {
    const cap = fc.constantFrom('NET_RAW', 'CHOWN', 'SYS_ADMIN', 'NET_ADMIN', 'KILL');
    fc.assert(fc.property(fc.array(cap), fc.array(cap), cap, (add, drop, c) => {
      const before = hasCapability({ capabilities: { add, drop } }, c);
      const after = hasCapability({ capabilities: { add, drop: [...drop, c] } }, c);
      expect(after && !before).toBe(false);
      expect(hasCapability({ privileged: true, capabilities: { add, drop } }, c)).toBe(true);
    }));
  });
});

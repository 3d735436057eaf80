// Headless scenarios of the data plane: traffic through DNS, kube-proxy and pods while the cluster changes.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod } from 'kubernetes-types/core/v1';
import type { Cluster } from '../cluster.ts';
import { createCluster } from '../index.ts';
import { mustExec } from '../testing/fixtures.ts';
import { SNAPSHOT_SAMPLES } from './traffic/simulator.ts';
import type { TrafficSample } from './types.ts';

const CLIENT = `apiVersion: v1
kind: Pod
metadata: {name: client}
spec:
  containers: [{name: c, image: busybox, command: [sleep, infinity]}]
`;

function web(opts: { replicas?: number; probe?: boolean; behavior?: string; cpu?: string; image?: string } = {}): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: ${opts.replicas ?? 3}
  selector: {matchLabels: {app: web}}
  strategy: {rollingUpdate: {maxSurge: 1, maxUnavailable: 0}}
  template:
    metadata:
      labels: {app: web}
      annotations: {kubesim.io/behavior: "app: ${opts.behavior ?? 'stop=5s'}"}
    spec:
      containers:
      - name: app
        image: ${opts.image ?? 'nginx:1.27'}
        resources: {requests: {cpu: ${opts.cpu ?? '500m'}}}
${opts.probe ? '        readinessProbe: {httpGet: {path: /, port: 80}, periodSeconds: 2}\n' : ''}---
apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  selector: {app: web}
  ports: [{port: 80}]
`;
}

function cluster(seed: number, nodes = 2, cni?: 'flannel' | 'calico'): Cluster {
  const c = createCluster({ seed, cni }) as Cluster;
  for (let i = 1; i <= nodes; i++) mustExec(c, `sim node add w${i} --cpu 8 --memory 32Gi`);
  mustExec(c, 'kubectl apply -f -', CLIENT);
  return c;
}

const samples = (c: Cluster, scope: 'pod' | 'service' | 'source', key: string): TrafficSample[] => c.trafficMetrics(scope).find((s) => s.key === key)?.samples ?? [];
const failedSince = (s: TrafficSample[], t: number) => s.filter((x) => x.t > t).reduce((sum, x) => sum + x.rps * x.errorRate, 0);
const servedSince = (s: TrafficSample[], t: number) => s.filter((x) => x.t > t).reduce((sum, x) => sum + x.rps * (1 - x.errorRate), 0);

describe('data plane scenarios', { timeout: 60_000 }, () => {
  it.each([
    ['right', true, 0],
    ['wrong', false, 1],
  ])('a rolling update with readiness probes %s', (_name, probe, minErrors) => {
    // The app needs 10 s to start serving after its container starts and drains for 5 s after SIGTERM.
    const behavior = 'readiness=pass-after=10s,stop=5s';
    const c = cluster(11);
    mustExec(c, 'kubectl apply -f -', web({ probe, behavior }));
    c.advance(60);
    mustExec(c, 'sim traffic add load http://web/ --rps 50 --from client');
    c.advance(10);
    const t0 = c.now();
    mustExec(c, 'kubectl apply -f -', web({ probe, behavior, image: 'nginx:1.28' }));
    c.advance(120);
    expect(mustExec(c, 'kubectl rollout status deployment/web')).toMatch(/successfully rolled out/);
    const s = samples(c, 'source', 'load');
    const failed = failedSince(s, t0);
    if (minErrors) expect(failed).toBeGreaterThanOrEqual(minErrors); else expect(failed).toBe(0);
    expect(servedSince(s, t0)).toBeGreaterThan(50 * 100);
  });

  it('the HorizontalPodAutoscaler scales out under load and back in', () => {
    const c = cluster(12);
    mustExec(c, 'kubectl apply -f -', web({ replicas: 1, cpu: '100m' }));
    c.advance(30);
    mustExec(c, 'kubectl autoscale deployment web --cpu-percent=50 --min=1 --max=10');
    mustExec(c, 'sim traffic add load http://web/ --rps 60 --from client');
    c.advance(300);
    const replicas = () => (c.list('Deployment').find((d) => d.metadata.name === 'web') as { spec?: { replicas?: number } }).spec?.replicas ?? 0;
    expect(replicas()).toBeGreaterThanOrEqual(5);
    expect(mustExec(c, 'kubectl top pod -l app=web')).toMatch(/\d+m/);
    mustExec(c, 'sim traffic remove load');
    c.advance(600);
    expect(replicas()).toBe(1);
  });

  it('with the API server stopped, kube-proxy keeps routing by its last rules, stale ones included', () => {
    const c = cluster(13);
    mustExec(c, 'kubectl apply -f -', web({ replicas: 4 }));
    c.advance(60);
    mustExec(c, 'sim traffic add load http://web/ --rps 100 --from client');
    c.advance(10);
    mustExec(c, 'sim controlplane stop apiserver');
    let t = c.now();
    c.advance(30);
    expect(failedSince(samples(c, 'source', 'load'), t)).toBe(0);
    // A node with web pods dies while nobody can update the endpoints: its share of requests times out.
    const clientNode = (c.list('Pod') as Pod[]).find((p) => p.metadata?.name === 'client')!.spec!.nodeName;
    const other = clientNode === 'w1' ? 'w2' : 'w1';
    mustExec(c, `sim node stop ${other}`);
    t = c.now();
    c.advance(60);
    expect(failedSince(samples(c, 'source', 'load'), t)).toBeGreaterThan(100);
    expect(mustExec(c, 'sim trace request http://web/ --from client')).toMatch(/kube-proxy on w\d/);
    // Back: the node lifecycle controller marks the node's pods not ready and the errors stop.
    mustExec(c, 'sim controlplane start apiserver');
    c.advance(120);
    t = c.now();
    c.advance(30);
    expect(failedSince(samples(c, 'source', 'load'), t)).toBe(0);
  });

  it('a default-deny NetworkPolicy drops traffic under calico, not under flannel', () => {
    for (const [cni, dropped] of [['calico', true], ['flannel', false]] as const) {
      const c = cluster(14, 2, cni);
      mustExec(c, 'kubectl apply -f -', web({ replicas: 2 }));
      mustExec(c, 'kubectl apply -f -', 'apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: {name: deny-web}\nspec:\n  podSelector: {matchLabels: {app: web}}\n  policyTypes: [Ingress]\n');
      c.advance(90);
      const trace = c.exec('sim trace request http://web/ --from client').stdout;
      if (dropped) {
        expect(trace).toMatch(/NetworkPolicy drops the packet: ingress to the server is not allowed by NetworkPolicy default\/deny-web/);
        expect(trace).toMatch(/result: curl: \(28\)/);
      } else expect(trace).toMatch(/result: 200 OK/);
    }
  });

  it('resolves a headless StatefulSet pod by name and sends it the traffic', () => {
    const c = cluster(15, 1);
    mustExec(c, 'kubectl apply -f -', `apiVersion: v1
kind: Service
metadata: {name: db}
spec: {clusterIP: None, selector: {app: db}, ports: [{port: 80}]}
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db}
spec:
  serviceName: db
  replicas: 3
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec: {containers: [{name: app, image: nginx}]}
`);
    c.advance(120);
    const ip = (c.list('Pod').find((p) => p.metadata.name === 'db-1') as { status?: { podIP?: string } }).status?.podIP;
    const out = mustExec(c, 'sim dns lookup db-1.db --from client');
    expect(out).toContain('Name:\tdb-1.db.default.svc.cluster.local');
    expect(out).toContain(`Address: ${ip}`);
    expect(mustExec(c, 'sim dns lookup db --from client').match(/Address: 10\.244/g)).toHaveLength(3);
    expect(c.exec('sim dns lookup db-7.db --from client').stderr).toContain("** server can't find db-7.db: NXDOMAIN");
    mustExec(c, 'sim traffic add one http://db-1.db.default.svc.cluster.local/ --rps 20 --from client');
    c.advance(10);
    expect(samples(c, 'pod', 'default/db-1').at(-1)?.rps).toBe(20);
    expect(samples(c, 'pod', 'default/db-0')).toEqual([]);
  });

  it('external clients reach pods through a NodePort, a load-balancer address and an Ingress host', () => {
    const c = cluster(17);
    mustExec(c, 'kubectl apply -f -', web({ replicas: 2 }).replace('  ports: [{port: 80}]', '  type: LoadBalancer\n  externalTrafficPolicy: Local\n  ports: [{port: 80, nodePort: 30080}]'));
    mustExec(c, 'kubectl apply -f -', `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: {name: shop}
spec:
  rules:
  - host: shop.example.com
    http:
      paths:
      - {path: /, pathType: Prefix, backend: {service: {name: web, port: {number: 80}}}}
`);
    c.advance(60);
    expect(mustExec(c, 'kubectl get ingress shop')).toMatch(/^shop\s+nginx\s+shop\.example\.com\s+172\.18\.255\.200\s+80\s+/m);
    const lb = mustExec(c, 'sim trace request http://172.18.255.201/');
    expect(lb).toMatch(/Service default\/web \(LoadBalancer\) port 80\/TCP \(external traffic\)/);
    expect(lb).toMatch(/result: 200 OK/);
    const nodes = new Set(c.list('Pod').filter((p) => p.metadata.labels?.app === 'web').map((p) => (p as { spec?: { nodeName?: string } }).spec?.nodeName));
    for (const [i, node] of ['w1', 'w2'].entries()) {
      // externalTrafficPolicy Local: a node without a web pod drops NodePort traffic.
      const out = mustExec(c, `sim trace request http://172.18.0.${i + 2}:30080/`);
      expect(out).toMatch(nodes.has(node) ? /result: 200 OK/ : /the packet is dropped[\s\S]*result: curl: \(28\)/);
    }
    const viaIngress = mustExec(c, 'sim trace request http://shop.example.com/cart');
    expect(viaIngress).toMatch(/Ingress default\/shop rule shop\.example\.com\/ \(Prefix\)/);
    // The route reaches a web pod; nginx has no /cart page.
    expect(viaIngress).toMatch(/result: 404 from pod default\/web-/);
    expect(mustExec(c, 'sim trace request http://other.example.com/')).toMatch(/Could not resolve host: other\.example\.com/);
  });

  it('the same seed gives the same traffic metrics', () => {
    const run = () => {
      const c = cluster(18, 2);
      mustExec(c, 'kubectl apply -f -', web({ replicas: 3, cpu: '100m' }));
      c.advance(40);
      mustExec(c, 'sim traffic add load http://web/ --rps 55.5 --from client');
      c.advance(30);
      return JSON.stringify(c.trafficMetrics());
    };
    expect(run()).toBe(run());
  });

  it('traffic sources, the proxy mode, the recent metric series and the CPU from load survive a snapshot', () => {
    const c = cluster(16, 1);
    mustExec(c, 'kubectl apply -f -', web({ replicas: 2 }));
    c.advance(60);
    mustExec(c, 'sim proxy mode ipvs');
    mustExec(c, 'sim traffic add load http://web/ --rps 30 --from client');
    c.advance(SNAPSHOT_SAMPLES + 30);
    const snap = c.snapshot();
    const restored = createCluster({ snapshot: snap }) as Cluster;
    expect(mustExec(restored, 'sim proxy mode')).toBe('ipvs\n');
    expect(mustExec(restored, 'sim traffic list')).toMatch(/load\s+default\/client\s+http:\/\/web\/\s+30\s+30\s/);
    // The panel after a reload: the same recent window of every series, and the same CPU for kubectl top and the HPA.
    const recent = c.trafficMetrics().map((s) => ({ ...s, samples: s.samples.slice(-SNAPSHOT_SAMPLES) }));
    expect(restored.trafficMetrics()).toEqual(recent);
    expect(samples(restored, 'source', 'load')).toHaveLength(SNAPSHOT_SAMPLES);
    const webPods = c.list('Pod').filter((p) => p.metadata.labels?.app === 'web').map((p) => `default/${p.metadata.name}`);
    for (const k of webPods) expect(restored.network.traffic.cpuMilli(k)).toBe(c.network.traffic.cpuMilli(k));
    expect(webPods.some((k) => c.network.traffic.cpuMilli(k) > 0)).toBe(true);
    restored.advance(20);
    expect(samples(restored, 'source', 'load').at(-1)).toMatchObject({ rps: 30, errorRate: 0 });
    expect(samples(restored, 'source', 'load').at(-1)!.t).toBe(samples(c, 'source', 'load').at(-1)!.t + 20_000);
    // A snapshot from before the series were kept (sources only) still loads.
    const old = structuredClone(snap);
    const network = old.config!.network as { traffic: unknown };
    network.traffic = (network.traffic as { sources: unknown[] }).sources;
    const oldCluster = createCluster({ snapshot: old }) as Cluster;
    expect(oldCluster.trafficMetrics()).toEqual([]);
    expect(mustExec(oldCluster, 'sim traffic list')).toMatch(/^load\s/m);
  });

  it('property: traffic reaches only ready endpoints of pods the selector matches; a pod taken out gets no new requests', () => {
    fc.assert(fc.property(fc.array(fc.record({ tier: fc.constantFrom('web', 'other'), ready: fc.boolean() }), { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 1000 }), (pods, seed) => {
      const c = cluster(seed, 1);
      const yaml = pods.map((p, i) => `apiVersion: v1
kind: Pod
metadata: {name: p${i}, labels: {app: ${p.tier}}, annotations: {kubesim.io/behavior: "app: readiness=${p.ready ? 'pass' : 'fail'}"}}
spec:
  containers:
  - name: app
    image: nginx
    readinessProbe: {httpGet: {path: /, port: 80}, periodSeconds: 1}
`).join('---\n');
      mustExec(c, 'kubectl apply -f -', `${yaml}---\napiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec: {selector: {app: web}, ports: [{port: 80}]}\n`);
      c.advance(30);
      mustExec(c, 'sim traffic add load http://web/ --rps 200 --from client');
      c.advance(10);
      const hit = new Set(c.trafficMetrics('pod').filter((s) => s.samples.some((x) => x.rps > 0)).map((s) => s.key));
      const allowed = new Set(pods.flatMap((p, i) => (p.tier === 'web' && p.ready ? [`default/p${i}`] : [])));
      for (const k of hit) expect(allowed.has(k)).toBe(true);
      expect(hit.size).toBe(allowed.size);
      const victim = [...allowed][0];
      if (!victim) return;
      mustExec(c, `kubectl label pod ${victim.split('/')[1]} app=gone --overwrite`);
      c.advance(3);
      const t = c.now();
      c.advance(10);
      expect(samples(c, 'pod', victim).filter((x) => x.t > t).every((x) => x.rps === 0)).toBe(true);
    }), { numRuns: 6 });
  }, 60_000);
});

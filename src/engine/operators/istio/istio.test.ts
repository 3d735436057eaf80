// Istio in a running cluster: install (istiod, the injector webhook), injection as 1.24 does it driven by the
// webhook configuration, the failure while istiod is not ready, and the sidecars' routing: a 90/10 canary by subsets,
// fault abort and delay, header matches, and PeerAuthentication STRICT resetting plaintext clients.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod } from 'kubernetes-types/core/v1';
import type { KubesimCluster } from '../../index.ts';
import { clusterWithNodes, inDefault, mustExec } from '../../testing/fixtures.ts';

const WEB = (version: string, replicas: number) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web-${version}}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: web, version: ${version}}}
  template:
    metadata: {labels: {app: web, version: ${version}}}
    spec: {containers: [{name: web, image: nginx, ports: [{containerPort: 80}], readinessProbe: {httpGet: {path: /, port: 80}}}]}
`;
const SERVICE = 'apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec: {selector: {app: web}, ports: [{port: 80}]}\n';
const SUBSETS = `apiVersion: networking.istio.io/v1
kind: DestinationRule
metadata: {name: web}
spec:
  host: web
  subsets: [{name: v1, labels: {version: v1}}, {name: v2, labels: {version: v2}}]
`;
const canary = (v1: number, v2: number, extra = '') => `apiVersion: networking.istio.io/v1
kind: VirtualService
metadata: {name: web}
spec:
  hosts: [web]
  http:
${extra}  - route:
    - {destination: {host: web, subset: v1}, weight: ${v1}}
    - {destination: {host: web, subset: v2}, weight: ${v2}}
`;

function meshCluster(): KubesimCluster {
  const c = clusterWithNodes(2);
  mustExec(c, 'sim operator install istio');
  c.advance(30);
  mustExec(c, 'kubectl label namespace default istio-injection=enabled');
  mustExec(c, 'kubectl apply -f -', [WEB('v1', 2), WEB('v2', 1), SERVICE].join('---\n'));
  mustExec(c, 'kubectl run client --image=curlimages/curl -- sleep infinity');
  mustExec(c, 'kubectl run plain --image=curlimages/curl --labels=sidecar.istio.io/inject=false -- sleep infinity');
  c.advance(40);
  return c;
}

const pod = (c: KubesimCluster, name: string) => inDefault(c, 'Pod').find((p) => p.metadata.name === name || p.metadata.name?.startsWith(`${name}-`)) as unknown as Pod;
const served = (c: KubesimCluster, from: string, url: string, n: number) => {
  const counts: Record<string, number> = {};
  for (let i = 0; i < n; i++) {
    const out = mustExec(c, `sim trace request ${url} --from ${from}`);
    const k = /result: 200 OK from pod default\/(web-v\d)/.exec(out)?.[1] ?? out.split('\n').at(-2)!;
    counts[k] = (counts[k] ?? 0) + 1;
  }
  return counts;
};

describe('Istio: install and injection', () => {
  it('creates istiod and the istio-sidecar-injector webhook configuration', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'sim operator install istio');
    c.advance(30);
    expect(mustExec(c, 'kubectl get mutatingwebhookconfigurations')).toMatch(/^NAME\s+WEBHOOKS\s+AGE\nistio-sidecar-injector\s+4\s+30s\n$/);
    expect(mustExec(c, 'kubectl get deploy -n istio-system')).toMatch(/istiod\s+1\/1\s+1\s+1/);
    expect(mustExec(c, 'kubectl get crd')).toContain('virtualservices.networking.istio.io');
    expect(mustExec(c, 'kubectl get cm istio-ca-root-cert -o jsonpath={.metadata.labels}')).toBe('{"istio.io/config":"true"}');
  });

  it('refuses pods of a labelled namespace while istiod has no ready endpoint (failurePolicy Fail)', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'sim operator install istio');
    mustExec(c, 'kubectl label namespace default istio-injection=enabled');
    expect(c.exec('kubectl run p --image=nginx').stderr).toBe('Error from server (InternalError): Internal error occurred: failed calling webhook "namespace.sidecar-injector.istio.io": failed to call webhook: Post "https://istiod.istio-system.svc:443/inject?timeout=10s": no endpoints available for service "istiod"\n');
  });

  it('injects istio-init and istio-proxy as 1.24 does: status annotation, labels, probe rewrite, 2/2', () => {
    const c = meshCluster();
    const p = pod(c, 'web-v1');
    expect(p.spec!.initContainers!.map((x) => x.name)).toEqual(['istio-init']);
    expect(p.spec!.initContainers![0].args!.slice(0, 5)).toEqual(['istio-iptables', '-p', '15001', '-z', '15006']);
    expect(p.spec!.containers.map((x) => [x.name, x.image])).toEqual([['web', 'nginx'], ['istio-proxy', 'docker.io/istio/proxyv2:1.24.2']]);
    expect(JSON.parse(p.metadata!.annotations!['sidecar.istio.io/status'])).toEqual({ initContainers: ['istio-init'], containers: ['istio-proxy'], volumes: ['workload-socket', 'credential-socket', 'workload-certs', 'istio-envoy', 'istio-data', 'istio-podinfo', 'istio-token', 'istiod-ca-cert'], imagePullSecrets: null, revision: 'default' });
    expect(p.metadata!.labels).toMatchObject({ 'security.istio.io/tlsMode': 'istio', 'service.istio.io/canonical-name': 'web', 'service.istio.io/canonical-revision': 'v1' });
    expect(p.spec!.containers[0].readinessProbe!.httpGet).toEqual({ path: '/app-health/web/readyz', port: 15020, scheme: 'HTTP' });
    const env = p.spec!.containers[1].env!;
    expect(env.find((e) => e.name === 'ISTIO_KUBE_APP_PROBERS')!.value).toBe('{"/app-health/web/readyz":{"httpGet":{"path":"/","port":80,"scheme":"HTTP"},"timeoutSeconds":1}}');
    expect(env.find((e) => e.name === 'ISTIO_META_OWNER')!.value).toBe('kubernetes://apis/apps/v1/namespaces/default/deployments/web-v1');
    // The added container got the API server's defaults too.
    expect(p.spec!.containers[1].terminationMessagePolicy).toBe('File');
    expect(mustExec(c, 'kubectl get pods -l app=web --no-headers').split('\n').filter(Boolean).every((l) => /\s2\/2\s+Running/.test(l))).toBe(true);
    expect(pod(c, 'plain').spec!.containers.map((x) => x.name)).toEqual(['plain']);
  });

  it('leaves running pods alone until they are recreated, and injects nothing once the configuration is deleted', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'sim operator install istio');
    mustExec(c, 'kubectl create deployment web --image=nginx');
    c.advance(30);
    mustExec(c, 'kubectl label namespace default istio-injection=enabled');
    c.advance(10);
    expect(mustExec(c, 'kubectl get pods -l app=web --no-headers')).toMatch(/\s1\/1\s+Running/);
    mustExec(c, 'kubectl rollout restart deployment web');
    c.advance(60);
    expect(mustExec(c, 'kubectl get pods -l app=web --no-headers')).toMatch(/^web-\S+\s+2\/2\s+Running\s+0\s+\S+\n$/);
    mustExec(c, 'kubectl delete mutatingwebhookconfiguration istio-sidecar-injector');
    mustExec(c, 'kubectl rollout restart deployment web');
    c.advance(60);
    expect(mustExec(c, 'kubectl get pods -l app=web --no-headers')).toMatch(/^web-\S+\s+1\/1\s+Running\s+0\s+\S+\n$/);
  });
});

describe('Istio: the sidecars route', () => {
  it('a 90/10 canary shows in repeated requests and in the traffic numbers per pod', () => {
    const c = meshCluster();
    mustExec(c, 'kubectl apply -f -', [SUBSETS, canary(90, 10)].join('---\n'));
    const counts = served(c, 'client', 'http://web/', 200);
    expect(counts['web-v1'] + counts['web-v2']).toBe(200);
    expect(counts['web-v2']).toBeGreaterThan(8);
    expect(counts['web-v2']).toBeLessThan(36);
    // Without a sidecar, kube-proxy spreads evenly over the three pods (one third to v2).
    const plain = served(c, 'plain', 'http://web/', 300);
    expect(plain['web-v2']).toBeGreaterThan(70);
    mustExec(c, 'sim traffic add shop http://web/ --from client --rps 100');
    c.advance(5);
    const perPod = c.trafficMetrics('pod').map((s) => [s.key.replace(/-[a-z0-9]+-[a-z0-9]+$/, ''), s.samples.at(-1)!.rps]);
    const sum = (v: string) => perPod.filter(([k]) => k === `default/web-${v}`).reduce((a, [, r]) => a + (r as number), 0);
    expect(sum('v1')).toBe(90);
    expect(sum('v2')).toBe(10);
  });

  it('fault abort answers with Envoy\'s body, fault delay shows in the reported time, headers match', () => {
    const c = meshCluster();
    const faults = `  - match: [{uri: {prefix: /broken}}]
    fault: {abort: {httpStatus: 503, percentage: {value: 100}}}
    route: [{destination: {host: web, subset: v1}}]
  - match: [{uri: {exact: /}, headers: {x-canary: {exact: "yes"}}}]
    fault: {delay: {fixedDelay: 2s}}
    route: [{destination: {host: web, subset: v2}}]
`;
    mustExec(c, 'kubectl apply -f -', [SUBSETS, canary(100, 0, faults)].join('---\n'));
    const abort = c.exec('kubectl exec client -- curl -s -i http://web/broken');
    expect(abort.stdout.replaceAll('\r', '')).toMatch(/^HTTP\/1\.1 503 Service Unavailable\ncontent-length: 18\ncontent-type: text\/plain\ndate: .*\nserver: envoy\n\nfault filter abort\n$/);
    expect(c.exec('kubectl exec client -- curl -s -o /dev/null -w %{http_code}:%{time_total} -H x-canary:yes http://web/').stdout.trim()).toBe('200:2.001000');
    expect(c.exec('kubectl exec client -- curl -s -o /dev/null -w %{http_code}:%{time_total} http://web/').stdout.trim()).toBe('200:0.001000');
    expect(mustExec(c, 'sim trace request http://web/ --from client')).toContain('web subset v1 (weight 100)');
  });

  it('PeerAuthentication STRICT resets a client without a sidecar; a port-level PERMISSIVE lets it in', () => {
    const c = meshCluster();
    mustExec(c, 'kubectl apply -f -', 'apiVersion: security.istio.io/v1\nkind: PeerAuthentication\nmetadata: {name: default}\nspec: {mtls: {mode: STRICT}}\n');
    expect(mustExec(c, 'kubectl get pa')).toMatch(/^NAME\s+MODE\s+AGE\ndefault\s+STRICT\s+0s\n$/);
    const r = c.exec('kubectl exec plain -- curl -sS http://web/');
    expect([r.code, r.stderr]).toEqual([56, 'curl: (56) Recv failure: Connection reset by peer\ncommand terminated with exit code 56\n']);
    expect(c.exec('kubectl exec client -- curl -s -o /dev/null -w %{http_code} http://web/').stdout.trim()).toBe('200');
    mustExec(c, 'kubectl apply -f -', 'apiVersion: security.istio.io/v1\nkind: PeerAuthentication\nmetadata: {name: web}\nspec: {selector: {matchLabels: {app: web}}, mtls: {mode: STRICT}, portLevelMtls: {"80": {mode: PERMISSIVE}}}\n');
    expect(c.exec('kubectl exec plain -- curl -s -o /dev/null -w %{http_code} http://web/').stdout.trim()).toBe('200');
  });

  it('mirror with mirrorPercentage: the v2 pod gets copies of half the requests, the client\'s answers stay v1\'s', () => {
    const c = meshCluster();
    mustExec(c, 'kubectl apply -f -', SUBSETS);
    mustExec(c, 'kubectl apply -f -', canary(100, 0).replace('  - route:', '  - mirror: {host: web, subset: v2}\n    mirrorPercentage: {value: 50}\n    route:'));
    mustExec(c, 'sim traffic add shop http://web/ --rps 100 --from client');
    c.advance(5);
    const rps = (prefix: string) => c.trafficMetrics('pod').filter((x) => x.key.startsWith(`default/${prefix}-`)).reduce((sum, x) => sum + (x.samples.at(-1)?.rps ?? 0), 0);
    // All 100 requests reach v1; about 50 copies reach v2, and the shop's numbers do not count them.
    expect(rps('web-v1')).toBe(100);
    expect(rps('web-v2')).toBeGreaterThanOrEqual(45);
    expect(rps('web-v2')).toBeLessThanOrEqual(55);
    expect(c.trafficSources().find((x) => x.name === 'shop')?.last).toMatchObject({ rps: 100, errorRate: 0 });
    const traces = [...Array(8)].map(() => mustExec(c, 'sim trace request http://web/ --from client'));
    for (const out of traces) expect(out).toMatch(/mirror web subset v2 \(50% of requests\): (this request is not copied|a copy goes to endpoint \S+ \(pod default\/web-v2-\S+\); the proxy does not wait for its answer and discards it)\nresult: 200 OK from pod default\/web-v1-/);
    expect(traces.some((t) => t.includes('a copy goes to'))).toBe(true);
  });

  it('property: a mirrored request never changes the client\'s response, even when the mirror cannot answer', () => {
    const c = meshCluster();
    mustExec(c, 'kubectl apply -f -', SUBSETS);
    // v2 made unreachable: its pods are deleted and the Deployment scaled to zero.
    mustExec(c, 'kubectl scale deployment web-v2 --replicas=0');
    c.advance(30);
    fc.assert(fc.property(fc.integer({ min: 0, max: 100 }), fc.constantFrom('/', '/missing'), (p, path) => {
      mustExec(c, 'kubectl apply -f -', canary(100, 0));
      const plain = mustExec(c, `kubectl exec client -- curl -s -i http://web${path}`).replace(/date: .*\n/i, '');
      mustExec(c, 'kubectl apply -f -', canary(100, 0).replace('  - route:', `  - mirror: {host: web, subset: v2}\n    mirrorPercentage: {value: ${p}}\n    route:`));
      const mirrored = mustExec(c, `kubectl exec client -- curl -s -i http://web${path}`).replace(/date: .*\n/i, '');
      return plain.replace(/\r/g, '').split('\n')[0] === mirrored.replace(/\r/g, '').split('\n')[0] && plain.split('\r\n\r\n')[1] === mirrored.split('\r\n\r\n')[1];
    }), { numRuns: 10 });
  });

  it('property: whatever the weights, the client\'s requests only reach subsets with weight, never fail', () => {
    const c = meshCluster();
    mustExec(c, 'kubectl apply -f -', SUBSETS);
    fc.assert(fc.property(fc.integer({ min: 0, max: 100 }), (w) => {
      mustExec(c, 'kubectl apply -f -', canary(w, 100 - w));
      const counts = served(c, 'client', 'http://web/', 10);
      const keys = Object.keys(counts);
      return keys.every((k) => k === 'web-v1' || k === 'web-v2') && (w > 0 || !counts['web-v1']) && (w < 100 || !counts['web-v2']);
    }), { numRuns: 10 });
  });
});

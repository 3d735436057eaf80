// Retries and timeouts of the client's sidecar in a running cluster, against go-httpbin (Istio's samples/httpbin):
// Istio's default retry policy, a VirtualService's retries and timeout, and what curl, `sim trace request` and the
// traffic numbers show.
import { describe, expect, it } from 'vitest';
import type { KubesimCluster } from '../../index.ts';
import { clusterWithNodes, mustExec } from '../../testing/fixtures.ts';
import { convertRetryPolicy } from './retry.ts';

const HTTPBIN = `apiVersion: apps/v1
kind: Deployment
metadata: {name: httpbin}
spec:
  replicas: 2
  selector: {matchLabels: {app: httpbin}}
  template:
    metadata: {labels: {app: httpbin}}
    spec: {containers: [{name: httpbin, image: docker.io/mccutchen/go-httpbin:v2.15.0, ports: [{containerPort: 8080}]}]}
---
apiVersion: v1
kind: Service
metadata: {name: httpbin}
spec: {selector: {app: httpbin}, ports: [{name: http, port: 8000, targetPort: 8080}]}
`;
/** A pod the Service selects whose container listens nowhere: ready, but every connection to it is refused. */
const BROKEN = 'apiVersion: v1\nkind: Pod\nmetadata: {name: broken, labels: {app: httpbin}}\nspec: {containers: [{name: app, image: busybox, command: [sleep, infinity]}]}\n';
const vs = (http: string) => `apiVersion: networking.istio.io/v1\nkind: VirtualService\nmetadata: {name: httpbin}\nspec:\n  hosts: [httpbin]\n  http:\n  - ${http}\n    route: [{destination: {host: httpbin}}]\n`;

function meshCluster(extra = ''): KubesimCluster {
  const c = clusterWithNodes(2);
  mustExec(c, 'sim operator install istio');
  c.advance(30);
  mustExec(c, 'kubectl label namespace default istio-injection=enabled');
  mustExec(c, 'kubectl apply -f -', HTTPBIN + extra);
  mustExec(c, 'kubectl run client --image=curlimages/curl -- sleep infinity');
  mustExec(c, 'kubectl run plain --image=curlimages/curl --labels=sidecar.istio.io/inject=false -- sleep infinity');
  c.advance(40);
  return c;
}
const curl = (c: KubesimCluster, from: string, args: string) => c.exec(`kubectl exec ${from} -- curl ${args}`);
const errors = (c: KubesimCluster, name: string) => new RegExp(`^${name}\\s.*\\s(\\d+\\.\\d)%\\s+Active$`, 'm').exec(mustExec(c, 'sim traffic list'))?.[1];

describe('istio retry policy conversion (retry.ConvertPolicy)', () => {
  it.each([
    [undefined, { attempts: 2, retryOn: ['connect-failure', 'refused-stream', 'unavailable', 'cancelled', 'retriable-status-codes'], statusCodes: [503] }],
    [{ attempts: 0 }, undefined],
    [{ attempts: 3 }, { attempts: 3, retryOn: ['connect-failure', 'refused-stream', 'unavailable', 'cancelled', 'retriable-status-codes'], statusCodes: [503] }],
    [{ attempts: 3, retryOn: 'gateway-error,connect-failure', perTryTimeout: '2s' }, { attempts: 3, retryOn: ['gateway-error', 'connect-failure'], statusCodes: [], perTryTimeoutMs: 2000 }],
    [{ attempts: 1, retryOn: '5xx, 429,503' }, { attempts: 1, retryOn: ['5xx', 'retriable-status-codes'], statusCodes: [429, 503] }],
    [{ attempts: 1, perTryTimeout: '0s' }, { attempts: 1, retryOn: ['connect-failure', 'refused-stream', 'unavailable', 'cancelled', 'retriable-status-codes'], statusCodes: [503] }],
  ])('%j → %j', (input, want) => expect(convertRetryPolicy(input)).toEqual(want));
});

describe('istio retries and timeouts', () => {
  it("the default policy retries a 503 twice, on the other endpoint first, and passes the last 503 on", () => {
    const c = meshCluster();
    const trace = mustExec(c, 'sim trace request http://httpbin:8000/status/503 --from client');
    expect(trace).toMatch(/try 1 of 3: the upstream answers 503, retried \(retryOn retriable-status-codes\) after a 12 ms back-off\n/);
    expect(trace).toMatch(/try 2 of 3: the upstream answers 503, retried \(retryOn retriable-status-codes\) after a 37 ms back-off\n/);
    expect(trace).toMatch(/try 3 of 3: the upstream answers 503, no retries left\nresult: 503 from pod default\/httpbin-\S+ after 3 tries \(held 51 ms by the sidecar\)\n$/);
    const pods = [...trace.matchAll(/pod (default\/httpbin-\S+) on/g)].map((m) => m[1]);
    expect(pods[0]).not.toBe(pods[1]);
    const r = curl(c, 'client', '-s -i http://httpbin:8000/status/503');
    expect(r.stdout.replaceAll('\r', '')).toMatch(/^HTTP\/1\.1 503 Service Unavailable\n[\s\S]*server: envoy\n\n$/);
    // A 500 is not in the default policy: one try.
    expect(mustExec(c, 'sim trace request http://httpbin:8000/status/500 --from client')).toMatch(/result: 500 from pod default\/httpbin-\S+\n$/);
  });

  it('a ready pod that refuses connections: retried elsewhere, so the client sees no errors; with attempts 0 a third fail', () => {
    const c = meshCluster(`---\n${BROKEN}`);
    mustExec(c, 'sim traffic add get http://httpbin:8000/get --rps 30 --from client');
    c.advance(5);
    expect(errors(c, 'get')).toBe('0.0');
    mustExec(c, 'kubectl apply -f -', vs('retries: {attempts: 0}'));
    c.advance(5);
    expect(Number(errors(c, 'get'))).toBeGreaterThan(20);
    const out = [...Array(12)].map(() => curl(c, 'client', '-s http://httpbin:8000/get').stdout.trim());
    expect(out).toContain('upstream connect error or disconnect/reset before headers. reset reason: connection failure');
  });

  it('a route timeout answers 504 upstream request timeout after the timeout; curl sees the time', () => {
    const c = meshCluster();
    mustExec(c, 'kubectl apply -f -', vs('timeout: 3s'));
    const r = curl(c, 'client', '-s -i http://httpbin:8000/delay/5');
    expect(r.stdout.replaceAll('\r', '')).toMatch(/^HTTP\/1\.1 504 Gateway Timeout\ncontent-length: 24\ncontent-type: text\/plain\ndate: .*\nserver: envoy\n\nupstream request timeout\n$/);
    expect(curl(c, 'client', '-s -o /dev/null -w %{http_code}:%{time_total} http://httpbin:8000/delay/5').stdout.trim()).toBe('504:3.001000');
    expect(curl(c, 'client', '-s -o /dev/null -w %{http_code}:%{time_total} http://httpbin:8000/delay/1').stdout.trim()).toBe('200:1.001000');
    expect(mustExec(c, 'sim trace request http://httpbin:8000/delay/5 --from client')).toMatch(/try 1 of 3: the route timeout of 3000 ms fires: the proxy answers 504 \(UT\)\nresult: 504 upstream request timeout/);
  });

  it('a per-try timeout with retryOn 5xx: each try is cut, then 504 after the last', () => {
    const c = meshCluster();
    mustExec(c, 'kubectl apply -f -', vs('retries: {attempts: 2, perTryTimeout: 1s, retryOn: 5xx}'));
    expect(curl(c, 'client', '-s -w :%{http_code}:%{time_total} http://httpbin:8000/delay/2').stdout.trim()).toBe('upstream request timeout:504:3.050000');
    const trace = mustExec(c, 'sim trace request http://httpbin:8000/delay/2 --from client');
    expect(trace.match(/per-try timeout of 1000 ms/g)).toHaveLength(3);
    // The route timeout caps the tries.
    mustExec(c, 'kubectl apply -f -', vs('timeout: 1500ms\n    retries: {attempts: 2, perTryTimeout: 1s, retryOn: 5xx}'));
    expect(curl(c, 'client', '-s -o /dev/null -w %{http_code}:%{time_total} http://httpbin:8000/delay/2').stdout.trim()).toBe('504:1.501000');
  });

  it('without a sidecar, curl --max-time gives up on a slow server', () => {
    const c = meshCluster();
    const r = curl(c, 'plain', '-sS -m 2 http://httpbin:8000/delay/5');
    expect([r.code, r.stderr]).toEqual([28, 'curl: (28) Operation timed out after 2000 milliseconds with 0 bytes received\ncommand terminated with exit code 28\n']);
    expect(curl(c, 'plain', '-s -o /dev/null -w %{http_code} http://httpbin:8000/status/418').stdout.trim()).toBe('418');
  });
});

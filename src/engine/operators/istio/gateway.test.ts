// The ingress gateway: installed with Istio (a LoadBalancer Service on 80/443/15021), routing by Gateway servers and
// the VirtualServices bound to them, Envoy's empty 404 (NR) for a host nothing serves, IST0101 for a VirtualService
// naming a Gateway that does not exist, and the gateway in traces and in the traffic numbers.
import { beforeAll, describe, expect, it } from 'vitest';
import type { KubesimCluster } from '../../index.ts';
import { clusterWithNodes, mustExec } from '../../testing/fixtures.ts';
import { gatewayRef, hostMatches } from './gateway.ts';

const APP = `apiVersion: apps/v1
kind: Deployment
metadata: {name: productpage}
spec:
  replicas: 2
  selector: {matchLabels: {app: productpage}}
  template:
    metadata: {labels: {app: productpage}}
    spec: {containers: [{name: web, image: nginx, ports: [{containerPort: 80}]}]}
---
apiVersion: v1
kind: Service
metadata: {name: productpage}
spec: {selector: {app: productpage}, ports: [{port: 9080, targetPort: 80}]}
---
apiVersion: networking.istio.io/v1
kind: Gateway
metadata: {name: bookinfo-gateway}
spec:
  selector: {istio: ingressgateway}
  servers:
  - port: {number: 80, name: http, protocol: HTTP}
    hosts: [bookinfo.example.com]
`;
const vs = (gateway: string) => `apiVersion: networking.istio.io/v1
kind: VirtualService
metadata: {name: bookinfo}
spec:
  hosts: [bookinfo.example.com]
  gateways: [${gateway}]
  http:
  - route: [{destination: {host: productpage, port: {number: 9080}}}]
`;

describe('hostMatches and gatewayRef (Envoy domains, Istio references)', () => {
  it.each([
    ['bookinfo.example.com', 'bookinfo.example.com', true],
    ['*', 'anything.io', true],
    ['*.example.com', 'bookinfo.example.com', true],
    ['*.example.com', 'example.com', false],
    ['default/bookinfo.example.com', 'bookinfo.example.com', true],
    ['bookinfo.example.com', 'other.example.com', false],
  ])('%s ~ %s: %s', (pattern, host, want) => expect(hostMatches(pattern, host)).toBe(want));
  it('reads a bare gateway name in the VirtualService namespace', () => {
    expect(gatewayRef('bookinfo-gateway', 'shop')).toBe('shop/bookinfo-gateway');
    expect(gatewayRef('istio-system/gw', 'shop')).toBe('istio-system/gw');
    expect(gatewayRef('mesh', 'shop')).toBe('mesh');
  });
});

describe('Istio ingress gateway', () => {
  let c: KubesimCluster;
  let ip: string;
  beforeAll(() => {
    c = clusterWithNodes(2);
    mustExec(c, 'sim operator install istio');
    c.advance(30);
    mustExec(c, 'kubectl label namespace default istio-injection=enabled');
    mustExec(c, 'kubectl apply -f -', APP + '---\n' + vs('bookinfo-gateway'));
    mustExec(c, 'kubectl run client --image=curlimages/curl -- sleep infinity');
    c.advance(40);
    ip = mustExec(c, 'kubectl get svc istio-ingressgateway -n istio-system -o jsonpath={.status.loadBalancer.ingress[0].ip}');
  });

  it('is installed as a LoadBalancer Service on 15021, 80 and 443 with a ready Envoy pod', () => {
    expect(ip).toBe('172.18.255.201');
    expect(mustExec(c, 'kubectl get svc istio-ingressgateway -n istio-system')).toMatch(/istio-ingressgateway\s+LoadBalancer\s+\S+\s+172\.18\.255\.201\s+15021:\d+\/TCP,80:\d+\/TCP,443:\d+\/TCP/);
    expect(mustExec(c, 'kubectl get deploy istio-ingressgateway -n istio-system')).toMatch(/istio-ingressgateway\s+1\/1/);
    expect(mustExec(c, 'kubectl get crd gateways.networking.istio.io -o jsonpath={.spec.names.shortNames}')).toBe('["gw"]');
  });

  it('routes a request whose Host a bound VirtualService serves, from the workstation and from a pod', () => {
    expect(mustExec(c, `curl -s -o /dev/null -w %{http_code} -H "Host: bookinfo.example.com" http://${ip}/`)).toBe('200');
    expect(mustExec(c, `kubectl exec client -- curl -s -H "Host: bookinfo.example.com" http://${ip}/`)).toContain('Welcome to nginx!');
  });

  it('answers a Host that no server has with Envoy\'s 404 and an empty body', () => {
    const r = c.exec(`curl -s -i -H "Host: other.example.com" http://${ip}/`);
    expect(r.stdout).toMatch(/^HTTP\/1\.1 404 Not Found\r\n/);
    expect(r.stdout).toMatch(/content-length: 0\r\n/);
    expect(r.stdout.endsWith('\r\n\r\n')).toBe(true);
  });

  it('shows the gateway pod as a hop of `sim trace request`, with outside DNS for the Gateway host', () => {
    const out = mustExec(c, 'sim trace request http://bookinfo.example.com/');
    expect(out).toContain('2. DNS (outside the cluster): bookinfo.example.com points at the load-balancer address 172.18.255.201 of the gateway Service istio-system/istio-ingressgateway');
    expect(out).toMatch(/ingress gateway pod istio-system\/istio-ingressgateway-\S+ \(Envoy\) on port 8080: Gateway default\/bookinfo-gateway host "bookinfo.example.com": VirtualService default\/bookinfo http\[0\]/);
    expect(out).toMatch(/result: 200 OK from pod default\/productpage-/);
  });

  it('counts the gateway\'s traffic for its Service and pod', () => {
    mustExec(c, 'sim traffic add gw http://bookinfo.example.com/ --rps 20');
    c.advance(5);
    const series = c.trafficMetrics('service');
    expect(series.find((s) => s.key === 'istio-system/istio-ingressgateway')?.samples.at(-1)?.rps).toBe(20);
    expect(series.find((s) => s.key === 'default/productpage')?.samples.at(-1)?.rps).toBe(20);
    mustExec(c, 'sim traffic remove gw');
  });

  it('a VirtualService naming a Gateway that does not exist binds to nothing: 404 and IST0101 in the trace', () => {
    mustExec(c, 'kubectl apply -f -', vs('bookinfo-gw'));
    c.advance(2);
    const out = mustExec(c, 'sim trace request http://bookinfo.example.com/');
    expect(out).toContain('VirtualService default/bookinfo: Referenced gateway not found: "bookinfo-gw" (IST0101)');
    expect(out).toMatch(/result: 404$/m);
    // istiod's analysis writes the message's code and documentation to the VirtualService's status.
    expect(mustExec(c, 'kubectl get vs bookinfo -o jsonpath={.status.validationMessages}')).toBe('[{"documentationUrl":"https://istio.io/v1.24/docs/reference/config/analysis/ist0101/","level":"ERROR","type":{"code":"IST0101"}}]');
    mustExec(c, 'kubectl apply -f -', vs('bookinfo-gateway'));
    c.advance(2);
    expect(mustExec(c, 'kubectl get vs bookinfo -o jsonpath={.status.validationMessages}')).toBe('');
  });
});

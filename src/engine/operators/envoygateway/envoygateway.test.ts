// Envoy Gateway on a cluster, as its quickstart goes: the GatewayClass `eg` is accepted, the Gateway gets an Envoy
// Deployment and LoadBalancer Service and is Programmed with the address, an HTTPRoute attaches (status.parents)
// and requests with its Host reach the backend from the workstation, a pod, traces and the traffic simulator; then
// the route reasons (NoMatchingParent, NotAllowedByListeners, NoMatchingListenerHostname, BackendNotFound,
// RefNotPermitted, InvalidKind), ReferenceGrant, weights, filters, Envoy's 404, 500 and 503, CRD validation, the
// Istio clash and the clean-up of a deleted Gateway.
import { beforeAll, describe, expect, it } from 'vitest';
import type { KubesimCluster } from '../../index.ts';
import { createCluster } from '../../index.ts';
import { clusterWithNodes, mustExec } from '../../testing/fixtures.ts';

const QUICKSTART = `apiVersion: gateway.networking.k8s.io/v1
kind: GatewayClass
metadata: {name: eg}
spec: {controllerName: gateway.envoyproxy.io/gatewayclass-controller}
---
apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata: {name: eg}
spec:
  gatewayClassName: eg
  listeners: [{name: http, protocol: HTTP, port: 80}]
`;
const app = (name: string, ns = 'default') => `apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}, namespace: ${ns}}
spec:
  replicas: 1
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec: {containers: [{name: web, image: nginx, ports: [{containerPort: 80}]}]}
---
apiVersion: v1
kind: Service
metadata: {name: ${name}, namespace: ${ns}}
spec: {selector: {app: ${name}}, ports: [{port: 8080, targetPort: 80}]}
`;
const route = (name: string, spec: string, ns = 'default') => `apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: ${name}, namespace: ${ns}}
spec:
${spec.replace(/^/gm, '  ')}
`;
const parent = (c: KubesimCluster, name: string, ns = 'default') => JSON.parse(mustExec(c, `kubectl get httproute ${name} -n ${ns} -o jsonpath={.status.parents[0].conditions}`)) as { type: string; status: string; reason: string; message: string }[];

describe('Envoy Gateway quickstart', () => {
  let c: KubesimCluster;
  beforeAll(() => {
    c = clusterWithNodes(2);
    mustExec(c, 'sim operator install envoy-gateway');
    c.advance(30);
    mustExec(c, 'kubectl apply -f -', QUICKSTART + '---\n' + app('v1') + '---\n' + app('v2') + '---\n' + route('web', 'parentRefs: [{name: eg}]\nhostnames: [www.example.com]\nrules: [{backendRefs: [{name: v1, port: 8080}]}]'));
    mustExec(c, 'kubectl run client --image=curlimages/curl -- sleep infinity');
    c.advance(40);
  });

  it('prints the printer columns: the class accepted, the Gateway programmed with its address, the route\'s hostnames', () => {
    expect(mustExec(c, 'kubectl get gc')).toMatch(/^NAME\s+CONTROLLER\s+ACCEPTED\s+AGE\neg\s+gateway\.envoyproxy\.io\/gatewayclass-controller\s+True\s+\d+s\n$/);
    expect(mustExec(c, 'kubectl get gtw')).toMatch(/^NAME\s+CLASS\s+ADDRESS\s+PROGRAMMED\s+AGE\neg\s+eg\s+172\.18\.255\.201\s+True\s+\d+s\n$/);
    expect(mustExec(c, 'kubectl get gateways.gateway.networking.k8s.io')).toMatch(/eg\s+eg\s+172\.18\.255\.201\s+True/);
    expect(mustExec(c, 'kubectl get httproutes')).toMatch(/^NAME\s+HOSTNAMES\s+AGE\nweb\s+\["www\.example\.com"\]\s+\d+s\n$/);
    expect(mustExec(c, 'kubectl get svc -n envoy-gateway-system')).toMatch(/envoy-default-eg-e41e7b31\s+LoadBalancer\s+\S+\s+172\.18\.255\.201\s+80:\d+\/TCP/);
    expect(mustExec(c, 'kubectl get deploy -n envoy-gateway-system envoy-default-eg-e41e7b31')).toMatch(/1\/1/);
  });

  it('writes the Gateway\'s listener status and the route\'s parent status', () => {
    expect(mustExec(c, 'kubectl get gtw eg -o jsonpath={.status.listeners[0].attachedRoutes}/{.status.listeners[0].supportedKinds[0].kind}')).toBe('1/HTTPRoute');
    expect(parent(c, 'web').map((x) => `${x.type}=${x.status}/${x.reason}`)).toEqual(['Accepted=True/Accepted', 'ResolvedRefs=True/ResolvedRefs']);
    expect(mustExec(c, 'kubectl get httproute web -o jsonpath={.status.parents[0].controllerName}')).toBe('gateway.envoyproxy.io/gatewayclass-controller');
  });

  it('routes by Host from the workstation and from a pod; another Host gets Envoy\'s empty 404', () => {
    expect(mustExec(c, 'curl -s -H "Host: www.example.com" http://172.18.255.201/')).toContain('Welcome to nginx!');
    expect(mustExec(c, 'kubectl exec client -- curl -s -H "Host: www.example.com" http://172.18.255.201/')).toContain('Welcome to nginx!');
    const r = c.exec('curl -s -i -H "Host: other.example.com" http://172.18.255.201/');
    expect(r.stdout).toMatch(/^HTTP\/1\.1 404 Not Found\r\n/);
    expect(r.stdout).toMatch(/content-length: 0\r\n/);
    expect(r.stdout).toMatch(/server: envoy\r\n/);
  });

  it('traces a request through the Envoy pod, with outside DNS for the route\'s hostname', () => {
    const out = mustExec(c, 'sim trace request http://www.example.com/');
    expect(out).toContain('DNS (outside the cluster): www.example.com points at the load-balancer address 172.18.255.201 of the gateway Service envoy-gateway-system/envoy-default-eg-e41e7b31');
    expect(out).toMatch(/pod envoy-gateway-system\/envoy-default-eg-e41e7b31-\S+ \(Envoy\) on port 10080: Gateway default\/eg virtual host "www\.example\.com": HTTPRoute default\/web rule 0 \(PathPrefix \/\)/);
    expect(out).toMatch(/result: 200 OK from pod default\/v1-/);
  });

  it('splits traffic 90/10 by weight (sim traffic)', () => {
    mustExec(c, 'kubectl apply -f -', route('web', 'parentRefs: [{name: eg}]\nhostnames: [www.example.com]\nrules:\n- backendRefs: [{name: v1, port: 8080, weight: 90}, {name: v2, port: 8080, weight: 10}]'));
    c.advance(2);
    mustExec(c, 'sim traffic add shop http://www.example.com/ --rps 100');
    c.advance(5);
    const series = c.trafficMetrics('service');
    expect(series.find((s) => s.key === 'default/v1')?.samples.at(-1)?.rps).toBeCloseTo(90, 0);
    expect(series.find((s) => s.key === 'default/v2')?.samples.at(-1)?.rps).toBeCloseTo(10, 0);
    mustExec(c, 'sim traffic remove shop');
  });

  it('picks the rule by precedence: an Exact path, then the longest prefix; rewrites and redirects', () => {
    mustExec(c, 'kubectl apply -f -', route('web', `parentRefs: [{name: eg}]
hostnames: [www.example.com]
rules:
- matches: [{path: {type: PathPrefix, value: /}}]
  backendRefs: [{name: v1, port: 8080}]
- matches: [{path: {type: PathPrefix, value: /v2}}]
  filters: [{type: URLRewrite, urlRewrite: {path: {type: ReplacePrefixMatch, replacePrefixMatch: /}}}]
  backendRefs: [{name: v2, port: 8080}]
- matches: [{path: {type: Exact, value: /old}}]
  filters: [{type: RequestRedirect, requestRedirect: {path: {type: ReplaceFullPath, replaceFullPath: /v2}, statusCode: 301}}]`));
    c.advance(2);
    expect(mustExec(c, 'sim trace request http://www.example.com/v2/')).toMatch(/URLRewrite path \/[\s\S]*result: 200 OK from pod default\/v2-/);
    expect(mustExec(c, 'curl -s -o /dev/null -w %{http_code} -H "Host: www.example.com" http://172.18.255.201/v2/')).toBe('200');
    expect(mustExec(c, 'curl -s -o /dev/null -w %{http_code} -H "Host: www.example.com" http://172.18.255.201/x')).toBe('404');
    const redirect = c.exec('curl -s -i -H "Host: www.example.com" http://172.18.255.201/old').stdout;
    expect(redirect).toMatch(/^HTTP\/1\.1 301 Moved Permanently\r\nlocation: http:\/\/www\.example\.com\/v2\r\n/);
  });

  it('answers 503 "no healthy upstream" when the backend has no ready endpoint', () => {
    mustExec(c, 'kubectl scale deploy v2 --replicas=0');
    c.advance(5);
    const r = c.exec('curl -s -i -H "Host: www.example.com" http://172.18.255.201/v2/');
    expect(r.stdout).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(r.stdout.endsWith('no healthy upstream')).toBe(true);
    mustExec(c, 'kubectl scale deploy v2 --replicas=1');
    c.advance(10);
  });

  it('reports BackendNotFound and answers 500; RefNotPermitted until a ReferenceGrant; InvalidKind', () => {
    mustExec(c, 'kubectl apply -f -', route('web', 'parentRefs: [{name: eg}]\nhostnames: [www.example.com]\nrules: [{backendRefs: [{name: nope, port: 8080}]}]'));
    c.advance(2);
    expect(parent(c, 'web')[1]).toMatchObject({ type: 'ResolvedRefs', status: 'False', reason: 'BackendNotFound', message: 'Failed to process route rule 0 backendRef 0: service default/nope not found.' });
    expect(mustExec(c, 'curl -s -o /dev/null -w %{http_code} -H "Host: www.example.com" http://172.18.255.201/')).toBe('500');

    mustExec(c, 'kubectl create namespace shop');
    mustExec(c, 'kubectl apply -f -', app('cart', 'shop'));
    mustExec(c, 'kubectl apply -f -', route('web', 'parentRefs: [{name: eg}]\nhostnames: [www.example.com]\nrules: [{backendRefs: [{name: cart, namespace: shop, port: 8080}]}]'));
    c.advance(20);
    expect(parent(c, 'web')[1].reason).toBe('RefNotPermitted');
    expect(mustExec(c, 'curl -s -o /dev/null -w %{http_code} -H "Host: www.example.com" http://172.18.255.201/')).toBe('500');
    mustExec(c, 'kubectl apply -f -', `apiVersion: gateway.networking.k8s.io/v1beta1
kind: ReferenceGrant
metadata: {name: from-default, namespace: shop}
spec:
  from: [{group: gateway.networking.k8s.io, kind: HTTPRoute, namespace: default}]
  to: [{group: "", kind: Service}]
`);
    c.advance(2);
    expect(parent(c, 'web')[1].reason).toBe('ResolvedRefs');
    expect(mustExec(c, 'kubectl get refgrant -n shop')).toMatch(/^NAME\s+AGE\nfrom-default\s+\d+s\n$/);
    expect(mustExec(c, 'curl -s -H "Host: www.example.com" http://172.18.255.201/')).toContain('Welcome to nginx!');

    mustExec(c, 'kubectl apply -f -', route('web', 'parentRefs: [{name: eg}]\nhostnames: [www.example.com]\nrules: [{backendRefs: [{group: example.com, kind: Bucket, name: b}]}]'));
    c.advance(2);
    expect(parent(c, 'web')[1].reason).toBe('InvalidKind');
  });

  it('reports NoMatchingParent, NotAllowedByListeners and NoMatchingListenerHostname, and routes none of them', () => {
    mustExec(c, 'kubectl apply -f -', route('a', 'parentRefs: [{name: eg, sectionName: https}]\nrules: [{backendRefs: [{name: v1, port: 8080}]}]'));
    mustExec(c, 'kubectl apply -f -', route('b', 'parentRefs: [{name: eg, namespace: default}]\nhostnames: [b.example.com]\nrules: [{backendRefs: [{name: cart, port: 8080}]}]', 'shop'));
    mustExec(c, 'kubectl apply -f -', QUICKSTART.replace('listeners: [{name: http, protocol: HTTP, port: 80}]', 'listeners: [{name: http, protocol: HTTP, port: 80, hostname: "*.example.com"}]'));
    mustExec(c, 'kubectl apply -f -', route('c', 'parentRefs: [{name: eg}]\nhostnames: [www.example.org]\nrules: [{backendRefs: [{name: v1, port: 8080}]}]'));
    c.advance(2);
    expect(parent(c, 'a')[0]).toMatchObject({ status: 'False', reason: 'NoMatchingParent' });
    expect(parent(c, 'b', 'shop')[0]).toMatchObject({ status: 'False', reason: 'NotAllowedByListeners', message: 'No listeners included by this parent ref allowed this attachment.' });
    expect(parent(c, 'c')[0]).toMatchObject({ status: 'False', reason: 'NoMatchingListenerHostname' });
    expect(mustExec(c, 'curl -s -o /dev/null -w %{http_code} -H "Host: b.example.com" http://172.18.255.201/')).toBe('404');
    expect(mustExec(c, 'curl -s -o /dev/null -w %{http_code} -H "Host: www.example.org" http://172.18.255.201/')).toBe('404');
    // allowedRoutes from All lets the shop's route in.
    mustExec(c, 'kubectl apply -f -', QUICKSTART.replace('listeners: [{name: http, protocol: HTTP, port: 80}]', 'listeners: [{name: http, protocol: HTTP, port: 80, allowedRoutes: {namespaces: {from: All}}}]'));
    c.advance(2);
    expect(parent(c, 'b', 'shop')[0].reason).toBe('Accepted');
    expect(mustExec(c, 'curl -s -o /dev/null -w %{http_code} -H "Host: b.example.com" http://172.18.255.201/')).toBe('200');
  });

  it('keeps routing and the operator across a snapshot', () => {
    const r = createCluster({ snapshot: JSON.parse(JSON.stringify(c.snapshot())) });
    r.advance(1); // kube-proxy's first sync after the restore
    expect(mustExec(r, 'curl -s -o /dev/null -w %{http_code} -H "Host: b.example.com" http://172.18.255.201/')).toBe('200');
    mustExec(r, 'kubectl apply -f -', route('d', 'parentRefs: [{name: eg}]\nhostnames: [d.example.com]\nrules: [{backendRefs: [{name: v1, port: 8080}]}]'));
    r.advance(2);
    expect(parent(r, 'd')[0].reason).toBe('Accepted');
  });

  it('leaves a class of another controller as the CRD defaults it: Unknown, "Waiting for controller"', () => {
    mustExec(c, 'kubectl apply -f -', 'apiVersion: gateway.networking.k8s.io/v1\nkind: GatewayClass\nmetadata: {name: other}\nspec: {controllerName: example.com/other}\n');
    c.advance(2);
    expect(mustExec(c, 'kubectl get gc other')).toMatch(/other\s+example\.com\/other\s+Unknown\s+/);
    expect(mustExec(c, 'kubectl get gc other -o jsonpath={.status.conditions[0].reason}/{.status.conditions[0].message}')).toBe('Pending/Waiting for controller');
  });

  it('validates as the CRD schemas and CEL rules say', () => {
    const bad = c.exec('kubectl apply -f -', route('bad', 'parentRefs: [{name: eg}]\nrules: [{backendRefs: [{name: v1}]}]'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Must have port for Service reference');
    const dup = c.exec('kubectl apply -f -', QUICKSTART.replace('listeners: [{name: http, protocol: HTTP, port: 80}]', 'listeners: [{name: http, protocol: HTTP, port: 80}, {name: http, protocol: HTTP, port: 8080}]'));
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain('Listener name must be unique within the Gateway');
    const path = c.exec('kubectl apply -f -', route('bad', 'rules: [{matches: [{path: {type: PathPrefix, value: v2}}]}]'));
    expect(path.stderr).toContain("value must be an absolute path and start with '/' when type one of ['Exact', 'PathPrefix']");
  });

  it('deleting the Gateway removes its proxies', () => {
    mustExec(c, 'kubectl delete gateway eg');
    c.advance(5);
    expect(c.exec('kubectl get deploy,svc -n envoy-gateway-system -l gateway.envoyproxy.io/owning-gateway-name=eg').stderr).toContain('No resources found in envoy-gateway-system namespace.');
  });
});

describe('the Gateway kind clash with Istio', () => {
  it('refuses to install one while the other serves Gateway', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'sim operator install istio');
    const r = c.exec('sim operator install envoy-gateway');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('operator "envoy-gateway" cannot be installed: the kind Gateway is already served by networking.istio.io (CRD gateways.networking.istio.io)');
    const d = clusterWithNodes(1);
    mustExec(d, 'sim operator install envoy-gateway');
    expect(d.exec('sim operator install istio').stderr).toContain('the kind Gateway is already served by gateway.networking.k8s.io');
  });
});

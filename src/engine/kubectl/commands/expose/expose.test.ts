import { describe, expect, it } from 'vitest';
import { createCluster } from '../../../index.ts';
import { clusterWithNodes, deploymentYaml, inDefault, mustExec } from '../../../testing/fixtures.ts';

const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' });
const fail = (stderr: string) => ({ code: 1, stdout: '', stderr });

const multiPortPod = `apiVersion: v1
kind: Pod
metadata:
  name: dns
  labels: {app: dns, tier: infra}
spec:
  containers:
  - name: server
    image: coredns/coredns:1.11.1
    ports:
    - {name: http, containerPort: 8080}
    - {name: dns, containerPort: 53, protocol: UDP}
    - {name: dns-tcp, containerPort: 53, protocol: TCP}
  - name: sidecar
    image: busybox
    ports:
    - {containerPort: 9153}
`;

describe('kubectl expose', () => {
  it('builds the Service kubectl would send for a Deployment (--dry-run=client -o yaml)', () => {
    const c = createCluster({ seed: 1 });
    mustExec(c, 'kubectl create deployment api --image=nginx --port=8080');
    expect(c.exec('kubectl expose deployment api --port=80 --target-port=8080 --dry-run=client -o yaml')).toEqual(ok(`apiVersion: v1
kind: Service
metadata:
  creationTimestamp: null
  labels:
    app: api
  name: api
spec:
  ports:
  - port: 80
    protocol: TCP
    targetPort: 8080
  selector:
    app: api
status:
  loadBalancer: {}
`));
    // No --port: the container's port, as port and target port.
    expect(c.exec('kubectl expose deploy/api --dry-run=client -o yaml').stdout).toContain('  ports:\n  - port: 8080\n    protocol: TCP\n    targetPort: 8080\n');
    expect(c.exec('kubectl expose deployment api --dry-run=client')).toEqual(ok('service/api exposed (dry run)\n'));
    expect(c.exec('kubectl expose deployment api --dry-run=server -o name')).toEqual(ok('service/api\n'));
    expect(inDefault(c, 'Service').map((s) => s.metadata.name)).toEqual(['kubernetes']);
  });

  it('names several ports port-N, one per protocol port-N-udp / port-N-tcp, and --protocol overrides them', () => {
    const c = createCluster({ seed: 1 });
    mustExec(c, 'kubectl apply -f -', multiPortPod);
    expect(c.exec('kubectl expose pod dns --name=dns-svc --labels=team=net --type=NodePort --session-affinity=ClientIP --external-ip=192.0.2.10 --dry-run=client -o yaml')).toEqual(ok(`apiVersion: v1
kind: Service
metadata:
  creationTimestamp: null
  labels:
    team: net
  name: dns-svc
spec:
  externalIPs:
  - 192.0.2.10
  ports:
  - name: port-1
    port: 8080
    protocol: TCP
    targetPort: 8080
  - name: port-2-udp
    port: 53
    protocol: UDP
    targetPort: 53
  - name: port-2-tcp
    port: 53
    protocol: TCP
    targetPort: 53
  - name: port-3
    port: 9153
    protocol: TCP
    targetPort: 9153
  selector:
    app: dns
    tier: infra
  sessionAffinity: ClientIP
  type: NodePort
status:
  loadBalancer: {}
`));
    const udp = JSON.parse(mustExec(c, 'kubectl expose pod dns --protocol=UDP --target-port=dns --dry-run=client -o json'));
    expect(udp.spec.ports.map((p: { name: string; protocol: string; targetPort: string }) => `${p.name} ${p.protocol} ${p.targetPort}`)).toEqual(['port-1 UDP dns', 'port-2 UDP dns', 'port-3 UDP dns']);
    // As kubectl, a port number two containers share counts its protocol twice: two ports named port-1-tcp,
    // which the API server refuses.
    mustExec(c, 'kubectl apply -f -', multiPortPod.replace('name: dns\n', 'name: twice\n').replace('containerPort: 9153', 'containerPort: 8080'));
    expect(JSON.parse(mustExec(c, 'kubectl expose pod twice --dry-run=client -o json')).spec.ports.map((p: { name: string }) => p.name)).toEqual(['port-1-tcp', 'port-1-tcp', 'port-2-udp', 'port-2-tcp']);
    // The API server takes the multi-protocol Service as it is.
    expect(c.exec('kubectl expose pod dns --name=dns-svc')).toEqual(ok('service/dns-svc exposed\n'));
    expect(mustExec(c, 'kubectl get svc dns-svc -o jsonpath={.spec.ports[*].name}')).toBe('port-1 port-2-udp port-2-tcp port-3');
  });

  it('exposes a Service again, a headless Service without ports, a LoadBalancer and a file\'s object', () => {
    const c = createCluster({ seed: 1 });
    mustExec(c, 'kubectl run web --image=nginx --port=80 --expose');
    expect(c.exec('kubectl expose service web --port=443 --target-port=8443 --name=web-https')).toEqual(ok('service/web-https exposed\n'));
    expect(mustExec(c, 'kubectl get svc web-https -o jsonpath={.spec.selector}{.spec.ports[0].targetPort}')).toBe('{"run":"web"}8443');
    mustExec(c, 'kubectl run plain --image=nginx');
    expect(c.exec('kubectl expose pod plain --cluster-ip=None')).toEqual(ok('service/plain exposed\n'));
    expect(mustExec(c, 'kubectl get svc plain -o jsonpath={.spec.clusterIP}/{.spec.ports}')).toBe('None/');
    expect(c.exec('kubectl expose pod web --name=lb --type=LoadBalancer --load-balancer-ip=172.18.255.210 --dry-run=client -o yaml').stdout).toContain('  loadBalancerIP: 172.18.255.210\n');
    c.setFile('app.yaml', deploymentYaml('app', 1).replace('      - name: app\n', '      - name: app\n        ports:\n        - containerPort: 3000\n'));
    expect(c.exec('kubectl expose -f app.yaml --port=80 --target-port=3000')).toEqual(ok('service/app exposed\n'));
    const long = 'a'.repeat(70);
    mustExec(c, 'kubectl apply -f -', `apiVersion: v1\nkind: Pod\nmetadata: {name: ${long}, labels: {app: long}}\nspec:\n  containers: [{name: c, image: nginx, ports: [{containerPort: 80}]}]\n`);
    expect(c.exec(`kubectl expose pod ${long} -o name`)).toEqual(ok(`service/${'a'.repeat(63)}\n`));
  });

  it('routes to the exposed Deployment\'s pods', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl create deployment api --image=nginx:1.27 --port=8080 -r 2');
    expect(c.exec('kubectl expose deployment api --port=80 --target-port=8080')).toEqual(ok('service/api exposed\n'));
    mustExec(c, 'kubectl run client --image=busybox --command -- sleep 3600');
    c.advance(30);
    const podIPs = mustExec(c, 'kubectl get pods -l app=api -o jsonpath={.items[*].status.podIP}').split(' ').sort();
    const endpoints = mustExec(c, 'kubectl get endpointslices -l kubernetes.io/service-name=api -o jsonpath={.items[0].endpoints[*].addresses[0]}').split(' ').sort();
    expect(endpoints).toEqual(podIPs);
    expect(mustExec(c, 'sim trace request http://api/ --from client')).toMatch(/result: 200 OK/);
  });

  it('answers what cannot be exposed with kubectl\'s errors and changes nothing', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl create deployment api --image=nginx --port=8080');
    mustExec(c, 'kubectl expose deployment api');
    mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: Pod\nmetadata: {name: nolabels}\nspec:\n  containers: [{name: c, image: nginx}]\n');
    mustExec(c, 'kubectl apply -f -', 'apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db}\nspec:\n  selector: {matchLabels: {app: db}}\n  serviceName: db\n  template:\n    metadata: {labels: {app: db}}\n    spec: {containers: [{name: c, image: nginx}]}\n');
    mustExec(c, 'kubectl apply -f -', deploymentYaml('expr', 1).replace('      app: expr\n  template', '      app: expr\n    matchExpressions:\n    - {key: tier, operator: In, values: [web, api]}\n  template').replace('        app: expr\n    spec', '        app: expr\n        tier: web\n    spec'));
    mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: Service\nmetadata: {name: ext}\nspec: {type: ExternalName, externalName: example.com}\n');
    mustExec(c, 'kubectl apply -f -', deploymentYaml('onlyexpr', 1).replace('    matchLabels:\n      app: onlyexpr\n', '    matchExpressions:\n    - {key: app, operator: In, values: [onlyexpr]}\n'));
    const before = JSON.stringify(c.list('Service').map((s) => s.metadata.name));
    const cases: [string, string][] = [
      ['kubectl expose', "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'"],
      ['kubectl expose deployment', 'error: resource(s) were provided, but no name was specified'],
      ['kubectl expose deployment nope --port=80', 'Error from server (NotFound): deployments.apps "nope" not found'],
      ['kubectl expose node w1 --port=80', 'error: cannot expose a Node'],
      ['kubectl expose statefulset db --port=80', 'error: cannot expose a StatefulSet.apps'],
      ['kubectl expose pod nolabels --port=80', "error: couldn't retrieve selectors via --selector flag or introspection: the pod has no labels and cannot be exposed"],
      ['kubectl expose deployment expr --port=80', 'error: couldn\'t retrieve selectors via --selector flag or introspection: couldn\'t convert expressions - "[{Key:tier Operator:In Values:[web api]}]" to map-based selector format'],
      ['kubectl expose pod nolabels --selector=app=x', "error: couldn't find port via --port flag or introspection"],
      ['kubectl expose service ext --port=80', "error: couldn't retrieve selectors via --selector flag or introspection: the service has no pod selector set"],
      ['kubectl expose deployment onlyexpr --port=80', "error: couldn't retrieve selectors via --selector flag or introspection: invalid deployment: no selectors, therefore cannot be exposed"],
      ['kubectl expose deployment api --name=x --port=http', 'error: strconv.Atoi: parsing "http": invalid syntax'],
      ['kubectl expose deployment api --name=x --selector=app', 'error: unexpected label spec: app'],
      ['kubectl expose deployment api --name=x --session-affinity=Sticky', 'error: unknown session affinity: Sticky'],
      ['kubectl expose deployment api', 'Error from server (AlreadyExists): services "api" already exists'],
      ['kubectl expose deployment api --name=x -o wide', 'error: unable to match a printer suitable for the output format "wide", allowed formats are: json,jsonpath,name,yaml'],
      ['kubectl expose -f missing.yaml', 'error: the path "missing.yaml" does not exist'],
    ];
    for (const [line, stderr] of cases) expect(c.exec(line), line).toEqual(fail(`${stderr}\n`));
    expect(JSON.stringify(c.list('Service').map((s) => s.metadata.name))).toBe(before);
  });
});

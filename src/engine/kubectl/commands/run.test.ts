import { describe, expect, it } from 'vitest';
import { createCluster } from '../../index.ts';
import { clusterWithNodes, inDefault, mustExec } from '../../testing/fixtures.ts';

const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' });
const fail = (stderr: string) => ({ code: 1, stdout: '', stderr });

// What kubectl v1.3x prints for `kubectl run nginx --image=nginx --dry-run=client -o yaml`.
const NGINX_POD = `apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: null
  labels:
    run: nginx
  name: nginx
spec:
  containers:
  - image: nginx
    name: nginx
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Always
status: {}
`;

describe('kubectl run', () => {
  it('prints the Pod kubectl would send with --dry-run=client -o yaml', () => {
    const c = createCluster({ seed: 1 });
    expect(c.exec('kubectl run nginx --image=nginx --dry-run=client -o yaml')).toEqual(ok(NGINX_POD));
    const line = 'kubectl run hazelcast --image=hazelcast/hazelcast:5.3 --port=5701 --env="DNS_DOMAIN=cluster" --env="POD_NAMESPACE=default"'
      + ' --labels="app=hazelcast,env=prod" --annotations=team=core --image-pull-policy=IfNotPresent --restart=Never --privileged -n team --dry-run=client -o yaml -- --verbose -x';
    expect(c.exec(line)).toEqual(ok(`apiVersion: v1
kind: Pod
metadata:
  annotations:
    team: core
  creationTimestamp: null
  labels:
    app: hazelcast
    env: prod
  name: hazelcast
  namespace: team
spec:
  containers:
  - args:
    - --verbose
    - -x
    env:
    - name: DNS_DOMAIN
      value: cluster
    - name: POD_NAMESPACE
      value: default
    image: hazelcast/hazelcast:5.3
    imagePullPolicy: IfNotPresent
    name: hazelcast
    ports:
    - containerPort: 5701
    resources: {}
    securityContext:
      privileged: true
  dnsPolicy: ClusterFirst
  restartPolicy: Never
status: {}
`));
    const bb = JSON.parse(mustExec(c, 'kubectl run bb --image=busybox --command --dry-run=client -o json -- sleep 3600'));
    expect(bb.spec.containers[0]).toEqual({ command: ['sleep', '3600'], image: 'busybox', name: 'bb', resources: {} });
    expect(c.exec('kubectl run nginx --image=nginx --dry-run=client')).toEqual(ok('pod/nginx created (dry run)\n'));
    expect(c.exec('kubectl run nginx --image=nginx --dry-run=server')).toEqual(ok('pod/nginx created (server dry run)\n'));
    expect(c.exec('kubectl run nginx --image=nginx --dry-run=client -o name')).toEqual(ok('pod/nginx\n'));
    expect(inDefault(c, 'Pod')).toHaveLength(0);
  });

  it('with --expose prints the Service first, then the Pod, as kubectl does', () => {
    const c = createCluster({ seed: 1 });
    const service = `apiVersion: v1
kind: Service
metadata:
  creationTimestamp: null
  name: nginx
spec:
  ports:
  - port: 80
    protocol: TCP
    targetPort: 80
  selector:
    run: nginx
status:
  loadBalancer: {}
`;
    const pod = NGINX_POD.replace('    name: nginx\n    resources', '    name: nginx\n    ports:\n    - containerPort: 80\n    resources');
    expect(c.exec('kubectl run nginx --image=nginx --port=80 --expose --dry-run=client -o yaml')).toEqual(ok(`${service}---\n${pod}`));
    // --labels label the Service too and become its selector.
    const labelled = c.exec('kubectl run web --image=nginx --port=8080 --expose -l app=web --dry-run=client -o yaml').stdout.split('---\n')[0];
    expect(labelled).toContain('metadata:\n  creationTimestamp: null\n  labels:\n    app: web\n  name: web\n');
    expect(labelled).toContain('  selector:\n    app: web\n');
  });

  it('creates a Pod that runs and a Service whose EndpointSlice routes to it', () => {
    const c = clusterWithNodes(1);
    expect(c.exec('kubectl run web --image=nginx:1.27 --port=80 --expose')).toEqual(ok('service/web created\npod/web created\n'));
    mustExec(c, 'kubectl run client --image=busybox --command -- sleep 3600');
    c.advance(30);
    expect(mustExec(c, 'kubectl get pod web client -o jsonpath={.items[*].status.phase}')).toBe('Running Running');
    const podIP = mustExec(c, 'kubectl get pod web -o jsonpath={.status.podIP}');
    expect(mustExec(c, 'kubectl get endpointslices -l kubernetes.io/service-name=web -o jsonpath={.items[0].endpoints[0].addresses[0]}')).toBe(podIP);
    expect(mustExec(c, 'sim trace request http://web/ --from client')).toMatch(/result: 200 OK/);
    expect(c.exec('kubectl get pod client -o jsonpath={.spec.containers[0].command}').stdout).toBe('["sleep","3600"]');
  });

  it('answers bad input with kubectl\'s errors and changes nothing', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl run taken --image=nginx');
    const before = JSON.stringify([inDefault(c, 'Pod').map((p) => p.metadata.name), inDefault(c, 'Service').map((s) => s.metadata.name)]);
    const cases: [string, string][] = [
      ['kubectl run web', 'error: required flag(s) "image" not set'],
      ['kubectl run --image=nginx', 'error: NAME is required for run\nSee \'kubectl run -h\' for help and examples'],
      ['kubectl run --image=nginx -- sleep 1', 'error: NAME is required for run\nSee \'kubectl run -h\' for help and examples'],
      ['kubectl run web --image=nginx --pod-running-timeout=0s', 'error: --pod-running-timeout must be higher than zero\nSee \'kubectl run -h\' for help and examples'],
      ['kubectl run web --image=', 'error: --image is required'],
      ['kubectl run web --image=NGINX', 'error: Invalid image name "NGINX": invalid reference format'],
      ['kubectl run web --image=nginx -t', 'error: -i/--stdin is required for containers with -t/--tty=true\nSee \'kubectl run -h\' for help and examples'],
      ['kubectl run web --image=nginx --expose', 'error: --port must be set when exposing a service\nSee \'kubectl run -h\' for help and examples'],
      ['kubectl run web --image=nginx --restart=Sometimes', 'error: invalid restart policy: Sometimes\nSee \'kubectl run -h\' for help and examples'],
      ['kubectl run web --image=nginx --rm', 'error: --rm should only be used for attached containers\nSee \'kubectl run -h\' for help and examples'],
      ['kubectl run web --image=busybox -i --dry-run=client', "error: --dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)\nSee 'kubectl run -h' for help and examples"],
      ['kubectl run web --image=nginx --image-pull-policy=Sometimes', 'error: invalid image pull policy: Sometimes\nSee \'kubectl run -h\' for help and examples'],
      ['kubectl run web --image=nginx --env=1A=b', 'error: invalid env: 1A=b'],
      ['kubectl run web --image=nginx --env=NOVALUE', 'error: invalid env: NOVALUE'],
      ['kubectl run web --image=nginx --labels=app', 'error: unexpected label spec: app'],
      ['kubectl run web --image=nginx --labels==web', 'error: unexpected empty label key'],
      ['kubectl run web --image=nginx --annotations=note', 'error: invalid annotations format: note'],
      ['kubectl run web --image=nginx --port=http', 'error: strconv.Atoi: parsing "http": invalid syntax'],
      ['kubectl run web --image=nginx --dry-run=maybe', 'error: Invalid dry-run value (maybe). Must be "none", "server", or "client".'],
      ['kubectl run web --image=nginx -o wide', 'error: unable to match a printer suitable for the output format "wide", allowed formats are: json,jsonpath,name,yaml'],
      ['kubectl run web --image=nginx --overrides={', 'error: Invalid JSON Patch'],
      ['kubectl run web --image=nginx --overrides={} --override-type=xml', 'error: invalid override type: xml'],
      ['kubectl run taken --image=nginx', 'Error from server (AlreadyExists): pods "taken" already exists'],
      ['kubectl run sh --image=busybox -it --restart=Never -- sh', 'error: kubectl run cannot attach to a container in this terminal (-i, -t, --attach, --rm): run the pod without them, then use kubectl logs NAME or kubectl exec NAME -- COMMAND'],
      ['kubectl run web --image=nginx --bogus', "error: unknown flag: --bogus\nSee 'kubectl run --help' for usage."],
    ];
    for (const [line, stderr] of cases) expect(c.exec(line), line).toEqual(fail(`${stderr}\n`));
    expect(JSON.stringify([inDefault(c, 'Pod').map((p) => p.metadata.name), inDefault(c, 'Service').map((s) => s.metadata.name)])).toBe(before);
  });

  it('keeps the Pod when the Service of --expose cannot be created, and says why', () => {
    const c = createCluster({ seed: 1 });
    mustExec(c, 'kubectl run web --image=nginx --port=80 --expose');
    mustExec(c, 'kubectl delete pod web');
    expect(c.exec('kubectl run web --image=nginx --port=80 --expose')).toEqual({ code: 1, stdout: 'pod/web created\n', stderr: 'Error from server (AlreadyExists): services "web" already exists\n' });
  });

  it('applies --overrides as a merge patch, or strategic / json with --override-type', () => {
    const c = createCluster({ seed: 1 });
    const get = (line: string) => JSON.parse(mustExec(c, `${line} --dry-run=client -o json`)) as { spec: Record<string, unknown> & { containers: Record<string, unknown>[] } };
    expect(get(`kubectl run web --image=nginx --overrides='{"spec":{"nodeSelector":{"disk":"ssd"}}}'`).spec.nodeSelector).toEqual({ disk: 'ssd' });
    const strategic = get(`kubectl run web --image=nginx --override-type=strategic --overrides='{"spec":{"containers":[{"name":"web","resources":{"limits":{"cpu":"1"}}}]}}'`);
    expect(strategic.spec.containers).toEqual([{ image: 'nginx', name: 'web', resources: { limits: { cpu: '1' } } }]);
    const json = get(`kubectl run web --image=nginx --override-type=json --overrides='[{"op":"replace","path":"/spec/restartPolicy","value":"Never"}]'`);
    expect(json.spec.restartPolicy).toBe('Never');
  });
});

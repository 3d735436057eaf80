import { describe, expect, it } from 'vitest';
import { createCluster } from '../../../index.ts';

const fresh = () => createCluster({ seed: 1 });

describe('kubectl create service clusterip | nodeport | loadbalancer | externalname', () => {
  it('prints the Service kubectl builds: app=NAME selector and label, one TCP port per --tcp named after it', () => {
    expect(fresh().exec('kubectl create service clusterip my-cs --tcp=5678:8080 --dry-run=client -o yaml').stdout).toBe(`apiVersion: v1
kind: Service
metadata:
  creationTimestamp: null
  labels:
    app: my-cs
  name: my-cs
spec:
  ports:
  - name: 5678-8080
    port: 5678
    protocol: TCP
    targetPort: 8080
  selector:
    app: my-cs
  type: ClusterIP
status:
  loadBalancer: {}
`);
  });

  it('creates each type; the API server allocates what the type needs', () => {
    const c = fresh();
    expect(c.exec('kubectl create service clusterip my-cs --tcp=5678:8080,80').stdout).toBe('service/my-cs created\n');
    expect(c.exec('kubectl create service nodeport my-ns --tcp=80:http --node-port=30080').stdout).toBe('service/my-ns created\n');
    expect(c.exec('kubectl create svc clusterip headless --clusterip=None').stdout).toBe('service/headless created\n');
    expect(c.exec('kubectl create service externalname ext --external-name bar.com').stdout).toBe('service/ext created\n');
    expect(c.exec('kubectl create service loadbalancer lb --tcp=443 -n kube-system').stdout).toBe('service/lb created\n');
    const ports = (name: string, ns = 'default') => c.exec(`kubectl get svc ${name} -n ${ns} -o jsonpath={.spec.ports}`).stdout;
    expect(JSON.parse(ports('my-cs'))).toEqual([
      { name: '5678-8080', port: 5678, protocol: 'TCP', targetPort: 8080 },
      { name: '80', port: 80, protocol: 'TCP', targetPort: 80 },
    ]);
    expect(JSON.parse(ports('my-ns'))).toEqual([{ name: '80-http', nodePort: 30080, port: 80, protocol: 'TCP', targetPort: 'http' }]);
    expect(c.exec('kubectl get svc headless -o jsonpath={.spec.clusterIP}').stdout).toBe('None');
    expect(c.exec('kubectl get svc ext -o jsonpath={.spec.type}/{.spec.externalName}').stdout).toBe('ExternalName/bar.com');
    expect(c.exec('kubectl get svc lb -n kube-system -o jsonpath={.spec.type}').stdout).toBe('LoadBalancer');
  });

  it.each([
    ['clusterip x', 'at least one tcp port specifier must be provided'],
    // Each service type has its own flags: --clusterip is clusterip's only.
    ['nodeport x --clusterip=None', "unknown flag: --clusterip\nSee 'kubectl create service nodeport --help' for usage."],
    ['externalname x', 'required flag(s) "external-name" not set'],
    ['externalname x --external-name=Not_A_Host', 'invalid service external name Not_A_Host'],
    ['clusterip x --tcp=abc', 'strconv.ParseUint: parsing "abc": invalid syntax'],
    ['clusterip x --tcp=70000', 'strconv.ParseUint: parsing "70000": value out of range'],
    ['clusterip x --tcp=80:0', 'must be between 1 and 65535, inclusive'],
    ['clusterip x --tcp=80:Web_Port', 'must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)'],
    ['foo x', 'unknown command "foo" for "kubectl create service"'],
    ['nodeport x --tcp=80 --node-port=80', 'failed to create NodePort service: Service "x" is invalid: spec.ports[0].nodePort: Invalid value: 80: provided port is not in the valid range. The range of valid ports is 30000-32767'],
  ])('create service %s → %s', (args, msg) => {
    const c = fresh();
    expect(c.exec(`kubectl create service ${args}`)).toEqual({ code: 1, stdout: '', stderr: `error: ${msg}\n` });
    expect(c.exec('kubectl get svc -o name').stdout).toBe('service/kubernetes\n');
  });
});

import { describe, expect, it } from 'vitest';
import { createCluster } from '../../../index.ts';
import { mustExec } from '../../../testing/fixtures.ts';

const apply = (yaml: string) => {
  const c = createCluster({ seed: 21, cni: 'none' });
  mustExec(c, 'kubectl apply -f -', yaml);
  c.advance(5);
  return c;
};

describe('kubectl get/describe service', () => {
  it('prints the columns of every Service type', () => {
    const c = apply(`apiVersion: v1
kind: Service
metadata: {name: cip}
spec: {clusterIP: 10.96.0.20, selector: {app: a}, ports: [{name: a, port: 80}, {name: b, port: 443, protocol: TCP}]}
---
apiVersion: v1
kind: Service
metadata: {name: np}
spec: {type: NodePort, clusterIP: 10.96.0.21, ports: [{port: 80, nodePort: 30080}]}
---
apiVersion: v1
kind: Service
metadata: {name: ext}
spec: {type: ExternalName, externalName: api.example.com}
---
apiVersion: v1
kind: Service
metadata: {name: hl}
spec: {clusterIP: None, selector: {app: a}}
`);
    expect(mustExec(c, 'kubectl get svc cip np ext hl')).toBe(`NAME   TYPE           CLUSTER-IP   EXTERNAL-IP       PORT(S)          AGE
cip    ClusterIP      10.96.0.20   <none>            80/TCP,443/TCP   5s
np     NodePort       10.96.0.21   <none>            80:30080/TCP     5s
ext    ExternalName   <none>       api.example.com   <none>           5s
hl     ClusterIP      None         <none>            <none>           5s
`);
    expect(c.exec('kubectl create -f -', 'apiVersion: v1\nkind: Service\nmetadata: {name: two}\nspec: {ports: [{port: 80}, {port: 81}]}\n').stderr)
      .toBe('The Service "two" is invalid: \n* spec.ports[0].name: Required value\n* spec.ports[1].name: Required value\n');
  });

  it('shows a LoadBalancer address from the pool', () => {
    const c = apply('apiVersion: v1\nkind: Service\nmetadata: {name: lb}\nspec: {type: LoadBalancer, clusterIP: 10.96.0.30, ports: [{port: 80, nodePort: 31000}]}\n');
    expect(mustExec(c, 'kubectl get svc lb')).toMatch(/^lb\s+LoadBalancer\s+10\.96\.0\.30\s+172\.18\.255\.201\s+80:31000\/TCP/m);
    expect(mustExec(c, 'kubectl describe svc lb')).toContain('LoadBalancer Ingress:     172.18.255.201');
    expect(mustExec(c, 'kubectl get events --field-selector involvedObject.name=lb')).toContain('IPAllocated');
  });

  it('describes a Service like kubectl', () => {
    const c = apply('apiVersion: v1\nkind: Service\nmetadata: {name: np}\nspec: {type: NodePort, clusterIP: 10.96.0.21, selector: {app: a}, ports: [{name: http, port: 80, targetPort: web, nodePort: 30080}]}\n');
    expect(mustExec(c, 'kubectl describe svc np')).toBe(`Name:                     np
Namespace:                default
Labels:                   <none>
Annotations:              <none>
Selector:                 app=a
Type:                     NodePort
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.96.0.21
IPs:                      10.96.0.21
Port:                     http  80/TCP
TargetPort:               web/TCP
NodePort:                 http  30080/TCP
Endpoints:                
Session Affinity:         None
External Traffic Policy:  Cluster
Internal Traffic Policy:  Cluster
Events:                   <none>
`);
  });
});

import { describe, expect, it } from 'vitest';
import { createCluster } from '../../../index.ts';
import { mustExec } from '../../../testing/fixtures.ts';

const POLICY = `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: test-network-policy
  namespace: default
spec:
  podSelector:
    matchLabels:
      role: db
  policyTypes: [Ingress, Egress]
  ingress:
  - from:
    - ipBlock:
        cidr: 172.17.0.0/16
        except: [172.17.1.0/24]
    - namespaceSelector:
        matchLabels: {project: myproject}
      podSelector:
        matchLabels: {role: frontend}
    ports:
    - protocol: TCP
      port: 6379
  - ports:
    - port: 32000
      endPort: 32768
  egress:
  - to:
    - ipBlock: {cidr: 10.0.0.0/24}
    ports: [{protocol: TCP, port: 5978}]
`;

describe('kubectl get/describe networkpolicy', () => {
  it('prints NAME, POD-SELECTOR and AGE, and describes each direction', () => {
    const c = createCluster({ seed: 1 });
    mustExec(c, 'kubectl apply -f -', POLICY);
    mustExec(c, 'kubectl apply -f -', 'apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: {name: default-deny}\nspec: {podSelector: {}}\n');
    c.advance(5);
    expect(mustExec(c, 'kubectl get netpol')).toBe('NAME                  POD-SELECTOR   AGE\ndefault-deny          <none>         5s\ntest-network-policy   role=db        5s\n');
    expect(mustExec(c, 'kubectl describe networkpolicy test-network-policy').replace(/Annotations:.*\n(?:\s{2,}.*\n)*/, '')).toBe(`Name:         test-network-policy
Namespace:    default
Created on:   2026-01-01 00:00:00 +0000 UTC
Labels:       <none>
Spec:
  PodSelector:     role=db
  Allowing ingress traffic:
    To Port: 6379/TCP
    From:
      IPBlock:
        CIDR: 172.17.0.0/16
        Except: 172.17.1.0/24
    From:
      NamespaceSelector: project=myproject
      PodSelector: role=frontend
    ----------
    To Port Range: 32000-32768/TCP
    From: <any> (traffic not restricted by source)
  Allowing egress traffic:
    To Port: 5978/TCP
    To:
      IPBlock:
        CIDR: 10.0.0.0/24
        Except: 
  Policy Types: Ingress, Egress
`);
    expect(mustExec(c, 'kubectl describe netpol default-deny')).toContain(`Spec:
  PodSelector:     <none> (Allowing the specific traffic to all pods in this namespace)
  Allowing ingress traffic:
    <none> (Selected pods are isolated for ingress connectivity)
  Not affecting egress traffic
  Policy Types: Ingress
`);
  });
});

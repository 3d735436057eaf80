// The default/kubernetes Service the API server keeps (its "kubernetes service" controller): ClusterIP 10.96.0.1,
// the first address of the Service range, port https 443 to the API server's 6443, with its EndpointSlice.
// SIMULATION: the API server's address is 172.18.0.1 on the node network.
import type { Addon } from './addons.ts';

export const API_SERVER_IP = '172.18.0.1';

export function kubernetesServiceAddon(): Addon {
  return {
    name: 'kubernetes-service',
    manifest: `apiVersion: v1
kind: Service
metadata:
  name: kubernetes
  namespace: default
  labels:
    component: apiserver
    provider: kubernetes
spec:
  type: ClusterIP
  clusterIP: 10.96.0.1
  sessionAffinity: None
  ports:
  - name: https
    port: 443
    protocol: TCP
    targetPort: 6443
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: kubernetes
  namespace: default
  labels:
    kubernetes.io/service-name: kubernetes
addressType: IPv4
endpoints:
- addresses:
  - ${API_SERVER_IP}
  conditions:
    ready: true
ports:
- name: https
  port: 6443
  protocol: TCP
`,
  };
}

// The default/kubernetes Service the API server keeps (its "kubernetes service" controller): ClusterIP 10.96.0.1,
// the first address of the Service range, port https 443 to the API server's 6443, with its EndpointSlice and its
// Endpoints.
// SIMULATION: the API server's address is 172.18.0.1 on the node network.
import type { Endpoints } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../api/object.ts';
import type { Store } from '../apiserver/store.ts';
import type { SeededRng } from '../sim/rng.ts';
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

/**
 * The API server's endpoint reconciler (the lease reconciler of pkg/controlplane/reconcilers): the default/kubernetes
 * Endpoints with the API server's address and port 6443 named https, labelled so the mirroring controller leaves it
 * alone (the reconciler writes the slice itself). Made when missing (a new cluster, or a snapshot from before it
 * existed), with a uid from `rng`, not the store's.
 * Simplification: made at start only, not rewritten every 10 s (--endpoint-reconciler-interval) if changed or removed.
 */
export function ensureKubernetesEndpoints(store: Store, rng: SeededRng): void {
  if (store.tryGet('Endpoints', 'default', 'kubernetes')) return;
  const ep: Endpoints = {
    apiVersion: 'v1', kind: 'Endpoints',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' } },
    subsets: [{ addresses: [{ ip: API_SERVER_IP }], ports: [{ name: 'https', port: 6443, protocol: 'TCP' }] }],
  };
  store.create(ep as KubeObject, { uid: rng.uuid() });
}

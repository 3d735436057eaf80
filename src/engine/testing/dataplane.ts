// The data-plane tests' common ground (port-forward, the network tools, ping): the nginx Deployment they serve, the
// sleeping pods they run tools from, and a cluster whose pods have started and whose endpoints are written.
import { createCluster, type KubesimCluster } from '../index.ts';
import { mustExec, untilNodesReady } from './fixtures.ts';

/** Deployment web: nginx 1.27.3 pods labelled app=web, with `ports` (flow YAML) on its container when given. */
export function webDeployment(replicas: number, ports?: string): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: nginx, image: 'nginx:1.27.3'${ports ? `, ports: ${ports}` : ''}}]}
`;
}

/** A pod whose one container sleeps (the tools are exec'd into it), and the document separator after it. */
export function sleeperPod(name: string, image: string): string {
  return `apiVersion: v1
kind: Pod
metadata: {name: ${name}}
spec: {containers: [{name: c, image: ${image}, command: [sleep, infinity]}]}
---
`;
}

/** Nodes w1 and w2 (8 CPUs, 32Gi each) on the given pod network, both Ready. */
export function twoNodeCluster(seed: number, cni: 'calico' | 'flannel'): KubesimCluster {
  const c = createCluster({ seed, cni });
  mustExec(c, 'sim node add w1 --cpu 8 --memory 32Gi');
  mustExec(c, 'sim node add w2 --cpu 8 --memory 32Gi');
  untilNodesReady(c);
  return c;
}

/** Apply the manifests and let 30 s pass: images pulled, containers started, endpoints written. */
export function serving(c: KubesimCluster, manifests: string): KubesimCluster {
  mustExec(c, 'kubectl apply -f -', manifests);
  c.advance(30);
  return c;
}

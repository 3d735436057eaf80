// Shared test fixtures: manifests and a cluster with worker nodes.
import { createCluster, type KubeObject, type KubesimCluster } from '../index.ts';

export function deploymentYaml(name: string, replicas: number, opts: { image?: string; cpu?: string; memory?: string; strategy?: string } = {}): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      app: ${name}
${opts.strategy ? `  strategy:\n${opts.strategy}\n` : ''}  template:
    metadata:
      labels:
        app: ${name}
    spec:
      containers:
      - name: app
        image: ${opts.image ?? 'nginx:1.27'}
        resources:
          requests:
            cpu: ${opts.cpu ?? '100m'}
            memory: ${opts.memory ?? '128Mi'}
`;
}

/** A cluster with n worker nodes, returned once they are Ready (their CNI pods run, about two seconds). */
export function clusterWithNodes(n = 3, seed = 1, size = '--cpu 4 --memory 16Gi'): KubesimCluster {
  const c = createCluster({ seed });
  for (let i = 1; i <= n; i++) {
    const r = c.exec(`sim node add w${i} ${size}`);
    if (r.code !== 0) throw new Error(r.stderr);
  }
  untilNodesReady(c);
  return c;
}

interface NodeLike { status?: { conditions?: { type: string; status: string }[] }; spec?: { taints?: { key: string }[] } }

/** Advance in small steps until every node is Ready and untainted by the node lifecycle controller (at most 60 s). */
export function untilNodesReady(c: KubesimCluster): void {
  const readyNode = (n: NodeLike) => n.status?.conditions?.some((x) => x.type === 'Ready' && x.status === 'True')
    && !(n.spec?.taints ?? []).some((t) => t.key === 'node.kubernetes.io/not-ready');
  for (let i = 0; i < 600 && !(c.list('Node') as unknown as NodeLike[]).every(readyNode); i++) c.advance(0.1);
}

/** The objects of a kind in the default namespace: a test's own, without the cluster's system addons. */
export function inDefault(c: KubesimCluster, kind: string): KubeObject[] {
  return c.list(kind).filter((o) => o.metadata.namespace === 'default');
}

export function mustExec(c: KubesimCluster, line: string, stdin?: string): string {
  const r = c.exec(line, stdin);
  if (r.code !== 0) throw new Error(`${line} failed: ${r.stderr}`);
  return r.stdout;
}

interface PodLike { metadata: { name?: string; deletionTimestamp?: string; labels?: Record<string, string> }; spec?: { nodeName?: string }; status?: { phase?: string } }

/** The default namespace's pods (those of app when given). */
export function pods(c: KubesimCluster, app?: string): PodLike[] {
  return (inDefault(c, 'Pod') as unknown as PodLike[]).filter((p) => !app || p.metadata.labels?.app === app);
}

// Shared test fixtures: manifests and a cluster with worker nodes.
import { createCluster, type KubesimCluster } from '../index.ts';

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

export function clusterWithNodes(n = 3, seed = 1, size = '--cpu 4 --memory 16Gi'): KubesimCluster {
  const c = createCluster({ seed });
  for (let i = 1; i <= n; i++) {
    const r = c.exec(`sim node add w${i} ${size}`);
    if (r.code !== 0) throw new Error(r.stderr);
  }
  return c;
}

export function mustExec(c: KubesimCluster, line: string, stdin?: string): string {
  const r = c.exec(line, stdin);
  if (r.code !== 0) throw new Error(`${line} failed: ${r.stderr}`);
  return r.stdout;
}

interface PodLike { metadata: { name?: string; deletionTimestamp?: string; labels?: Record<string, string> }; spec?: { nodeName?: string }; status?: { phase?: string } }

export function pods(c: KubesimCluster, app?: string): PodLike[] {
  return (c.list('Pod') as unknown as PodLike[]).filter((p) => !app || p.metadata.labels?.app === app);
}

// Manifests and helpers for StatefulSet and DaemonSet scenario tests.
import type { KubesimCluster } from '../index.ts';
import type { KubeObject } from '../api/object.ts';

export interface StatefulSetOptions {
  replicas?: number;
  image?: string;
  policy?: 'OrderedReady' | 'Parallel';
  /** The updateStrategy block, as YAML lines under "updateStrategy:". */
  strategy?: string;
  minReadySeconds?: number;
  revisionHistoryLimit?: number;
}

export function statefulSetYaml(name: string, o: StatefulSetOptions = {}): string {
  return `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: ${name}
spec:
  serviceName: ${name}-svc
  replicas: ${o.replicas ?? 3}
${o.policy ? `  podManagementPolicy: ${o.policy}\n` : ''}${o.minReadySeconds ? `  minReadySeconds: ${o.minReadySeconds}\n` : ''}${o.revisionHistoryLimit !== undefined ? `  revisionHistoryLimit: ${o.revisionHistoryLimit}\n` : ''}${o.strategy ? `  updateStrategy:\n${o.strategy}\n` : ''}  selector:
    matchLabels:
      app: ${name}
  template:
    metadata:
      labels:
        app: ${name}
    spec:
      containers:
      - name: app
        image: ${o.image ?? 'nginx:1.27'}
        volumeMounts:
        - name: data
          mountPath: /data
  volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: ["ReadWriteOnce"]
      resources:
        requests:
          storage: 1Gi
`;
}

export interface DaemonSetOptions {
  image?: string;
  /** The rollingUpdate block's fields, e.g. { maxUnavailable: 2 } or { maxSurge: 1, maxUnavailable: 0 }. */
  rollingUpdate?: Record<string, string | number>;
  onDelete?: boolean;
  nodeSelector?: Record<string, string>;
  tolerations?: string;
  minReadySeconds?: number;
}

export function daemonSetYaml(name: string, o: DaemonSetOptions = {}): string {
  const strategy = o.onDelete ? '  updateStrategy:\n    type: OnDelete\n'
    : o.rollingUpdate ? `  updateStrategy:\n    type: RollingUpdate\n    rollingUpdate:\n${Object.entries(o.rollingUpdate).map(([k, v]) => `      ${k}: ${JSON.stringify(v)}`).join('\n')}\n` : '';
  const nodeSelector = o.nodeSelector ? `      nodeSelector:\n${Object.entries(o.nodeSelector).map(([k, v]) => `        ${k}: "${v}"`).join('\n')}\n` : '';
  return `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: ${name}
spec:
${o.minReadySeconds ? `  minReadySeconds: ${o.minReadySeconds}\n` : ''}${strategy}  selector:
    matchLabels:
      app: ${name}
  template:
    metadata:
      labels:
        app: ${name}
    spec:
${nodeSelector}${o.tolerations ?? ''}      containers:
      - name: agent
        image: ${o.image ?? 'fluentd:v1'}
`;
}

export interface WorkloadPod extends KubeObject {
  metadata: KubeObject['metadata'];
  spec?: { nodeName?: string; hostname?: string; subdomain?: string; containers: { image?: string }[]; affinity?: unknown; tolerations?: unknown[]; volumes?: unknown[] };
  status?: { phase?: string; conditions?: { type: string; status: string; lastTransitionTime?: string }[] };
}

/** The pods a controller owns, by the controller's name. */
export function podsOf(c: KubesimCluster, owner: string): WorkloadPod[] {
  return (c.list('Pod') as WorkloadPod[]).filter((p) => p.metadata.ownerReferences?.some((r) => r.controller && r.name === owner));
}

export function isReady(p: WorkloadPod): boolean {
  return !!p.status?.conditions?.some((x) => x.type === 'Ready' && x.status === 'True');
}

/** Events about one object, oldest first: "Reason message". */
export function eventsFor(c: KubesimCluster, kind: string, name: string): string[] {
  const events = c.list('Event') as unknown as { involvedObject: { kind: string; name: string }; reason: string; message: string; firstTimestamp: string; metadata: { name: string } }[];
  return events.filter((e) => e.involvedObject.kind === kind && e.involvedObject.name === name)
    .sort((a, b) => a.firstTimestamp.localeCompare(b.firstTimestamp) || a.metadata.name.localeCompare(b.metadata.name))
    .map((e) => `${e.reason} ${e.message}`);
}

/** Advance one second at a time, calling check after each step. */
export function stepFor(c: KubesimCluster, seconds: number, check: () => void): void {
  for (let i = 0; i < seconds; i++) {
    c.advance(1);
    check();
  }
}

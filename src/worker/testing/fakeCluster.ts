// A tiny stand-in for the engine in worker tests: it stores objects and emits watch events, nothing more.
import type { ApplyResult, ClusterSnapshot, ExecResult, KubeObject, KubesimCluster, WatchEvent } from '../../engine/index.ts';

/** The part of the headless API the host drives; the rest (GPUs, traffic, timelines …) the fake leaves out. */
export type CoreCluster = Pick<KubesimCluster, 'exec' | 'apply' | 'advance' | 'advanceUntil' | 'step' | 'runUntilIdle' | 'now' | 'setFile' | 'list' | 'onChange' | 'snapshot'>;

export const EPOCH = Date.UTC(2025, 0, 1);

export class FakeCluster implements CoreCluster {
  nowMs: number;
  readonly objects = new Map<string, KubeObject>();
  readonly listeners = new Set<(e: WatchEvent) => void>();
  readonly commands: string[] = [];
  advanced: number[] = [];
  snapshots = 0;

  constructor(snapshot?: ClusterSnapshot) {
    this.nowMs = snapshot?.nowMs ?? EPOCH;
    for (const o of snapshot?.objects ?? []) this.objects.set(keyOf(o), o);
  }

  readonly files = new Map<string, string>();

  setFile(name: string, text: string | undefined): void {
    if (text === undefined) this.files.delete(name); else this.files.set(name, text);
  }

  exec(line: string): ExecResult {
    this.commands.push(line);
    const m = /^sim node add (\S+)(?: --cpu (\S+))?(?: --memory (\S+))?/.exec(line);
    if (m) {
      this.put(node(m[1], m[2] ?? '8', m[3] ?? '32Gi'));
      return { code: 0, stdout: `node/${m[1]} added\n`, stderr: '' };
    }
    if (line === 'kubectl get nodes') return { code: 0, stdout: [...this.objects.keys()].join('\n'), stderr: '' };
    return { code: 1, stdout: '', stderr: `error: unknown command "${line}"\n` };
  }

  apply(yamlText: string): ApplyResult {
    const bad = yamlText.includes('bad');
    return {
      code: bad ? 1 : 0,
      stdout: bad ? '' : 'deployment.apps/web created\n',
      stderr: bad ? 'error: bad\n' : '',
      documents: [{ index: 0, startLine: 1, endLine: 3, ok: !bad, message: bad ? 'error: bad' : 'deployment.apps/web created' }],
    };
  }

  advance(seconds: number): void {
    this.advanced.push(seconds);
    this.nowMs += Math.round(seconds * 1000);
  }

  /** As if an event were due every 100 ms of virtual time: shouldStop is asked after each. */
  advanceUntil(seconds: number, shouldStop: () => boolean): number {
    let left = Math.round(seconds * 1000);
    while (left > 0) {
      const ms = Math.min(left, 100);
      this.advance(ms / 1000);
      left -= ms;
      if (shouldStop()) break;
    }
    return left / 1000;
  }

  step(): boolean {
    this.nowMs += 1000;
    return true;
  }

  runUntilIdle(): boolean {
    return true;
  }

  /** The fake as the host's createCluster returns it (the host only calls CoreCluster's methods on it). */
  asCluster(): KubesimCluster {
    return this as unknown as KubesimCluster;
  }

  // No data plane and no GPUs: the read models are empty.
  gpuDevices(): [] { return []; }
  trafficMetrics(): [] { return []; }
  serviceEndpoints(): [] { return []; }
  trafficSources(): [] { return []; }
  readonly cni = { installed: (): [] => [], status: (): [] => [] };

  now(): number {
    return this.nowMs;
  }

  list(kind: string): KubeObject[] {
    return [...this.objects.values()].filter((o) => o.kind === kind);
  }

  onChange(listener: (e: WatchEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(): ClusterSnapshot {
    this.snapshots++;
    return { version: 1, seed: 1, nowMs: this.nowMs, resourceVersion: 1, rngState: [1, 2, 3, 4], objects: [...this.objects.values()] };
  }

  put(o: KubeObject): void {
    const type = this.objects.has(keyOf(o)) ? 'MODIFIED' : 'ADDED';
    this.objects.set(keyOf(o), o);
    for (const l of this.listeners) l({ type, object: o });
  }

  remove(o: KubeObject): void {
    this.objects.delete(keyOf(o));
    for (const l of this.listeners) l({ type: 'DELETED', object: o });
  }
}

function keyOf(o: KubeObject): string {
  return `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;
}

export function node(name: string, cpu = '4', memory = '16Gi'): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name }, creationTimestamp: new Date(EPOCH).toISOString() },
    spec: {},
    status: {
      capacity: { cpu, memory, pods: '110' },
      allocatable: { cpu, memory, pods: '110' },
      conditions: [{ type: 'Ready', status: 'True' }],
    },
  };
}

export interface PodOptions {
  nodeName?: string;
  phase?: string;
  cpu?: string;
  memory?: string;
  running?: boolean;
  waiting?: string;
  deleting?: boolean;
  owner?: string;
}

export function pod(name: string, o: PodOptions = {}): KubeObject {
  const running = o.running ?? o.phase === 'Running';
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'default',
      uid: `uid-${name}`,
      creationTimestamp: new Date(EPOCH).toISOString(),
      ...(o.deleting ? { deletionTimestamp: new Date(EPOCH + 5000).toISOString() } : {}),
      ...(o.owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: o.owner, uid: 'rs', controller: true }] } : {}),
    },
    spec: {
      ...(o.nodeName ? { nodeName: o.nodeName } : {}),
      containers: [{ name: 'c', image: 'nginx:1.27', resources: { requests: { cpu: o.cpu ?? '100m', memory: o.memory ?? '128Mi' } } }],
    },
    status: {
      phase: o.phase ?? 'Pending',
      ...(o.nodeName && (running || o.waiting)
        ? {
            containerStatuses: [{
              name: 'c', image: 'nginx:1.27', imageID: '', restartCount: 0, ready: running,
              state: running ? { running: {} } : { waiting: { reason: o.waiting } },
            }],
          }
        : {}),
    },
  };
}

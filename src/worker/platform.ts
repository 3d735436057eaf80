// The ML platform as the page shows it: Kueue's queues (pending and admitted workloads per ClusterQueue and
// LocalQueue), GPU quota and occupancy per ResourceFlavor, and each workload's wait. Read from the cluster's
// objects when the page asks (a few times a second while the view is open).
import type { Node, Pod } from 'kubernetes-types/core/v1';
import type { KubesimCluster } from '../engine/index.ts';
import type { KubeObject } from '../engine/api/object.ts';
import { resourceAmount } from '../engine/api/pod.ts';
import { workloadUsage } from '../engine/operators/kueue/quota.ts';
import {
  findCondition, hasQuota, isEvicted, isFinished, isPending, WL,
  type ClusterQueue, type LocalQueue, type ResourceFlavor, type Workload,
} from '../engine/operators/kueue/types.ts';

export const GPU = 'nvidia.com/gpu';

export interface PlatformQuota { flavor: string; nominal: number; used: number; borrowed: number }
export interface ClusterQueueView { name: string; cohort: string; strategy: string; pending: number; admitted: number; gpus: PlatformQuota[] }
export interface LocalQueueView { namespace: string; name: string; clusterQueue: string; pending: number; admitted: number }
export interface FlavorView { name: string; product: string; nodes: number; gpus: number; gpusInUse: number; quota: number; reserved: number }
export type WorkloadState = 'pending' | 'admitted' | 'evicted' | 'finished';
export interface WorkloadView { namespace: string; name: string; owner: string; queue: string; clusterQueue: string; state: WorkloadState; priority: number; gpus: number; flavor: string; waitSeconds: number; message: string }
export interface PlatformView { installed: boolean; clusterQueues: ClusterQueueView[]; localQueues: LocalQueueView[]; flavors: FlavorView[]; workloads: WorkloadView[] }

function list<T>(c: KubesimCluster, kind: string): (T & KubeObject)[] {
  try { return c.list(kind) as (T & KubeObject)[]; } catch { return []; } // the kind is not served (Kueue not installed)
}

const byName = (a: KubeObject, b: KubeObject) => (a.metadata.namespace ?? '').localeCompare(b.metadata.namespace ?? '') || a.metadata.name!.localeCompare(b.metadata.name!);
const seconds = (from: string | undefined, to: number) => (from ? Math.max(0, Math.round((to - Date.parse(from)) / 1000)) : 0);

function state(w: Workload): WorkloadState {
  if (isFinished(w)) return 'finished';
  if (isEvicted(w) && hasQuota(w)) return 'evicted';
  return hasQuota(w) ? 'admitted' : 'pending';
}

export function platformView(c: KubesimCluster): PlatformView {
  const now = c.now();
  const cqs = list<ClusterQueue>(c, 'ClusterQueue').sort(byName);
  const workloads = list<Workload>(c, 'Workload').sort(byName);
  const lqs = list<LocalQueue>(c, 'LocalQueue').sort(byName);
  const gpuUse = new Map<string, number>(); // per flavor/cq
  for (const w of workloads) {
    if (!hasQuota(w) || isFinished(w)) continue;
    for (const [k, v] of workloadUsage(w)) {
      if (!k.endsWith(`/${GPU}`)) continue;
      const key = `${w.status!.admission!.clusterQueue}|${k.slice(0, -GPU.length - 1)}`;
      gpuUse.set(key, (gpuUse.get(key) ?? 0) + v);
    }
  }
  const clusterQueues = cqs.map((cq): ClusterQueueView => ({
    name: cq.metadata.name!, cohort: cq.spec.cohort ?? '', strategy: cq.spec.queueingStrategy ?? 'BestEffortFIFO',
    pending: cq.status?.pendingWorkloads ?? 0, admitted: cq.status?.admittedWorkloads ?? 0,
    gpus: (cq.spec.resourceGroups ?? []).flatMap((g) => g.flavors.flatMap((f) => f.resources.filter((r) => r.name === GPU).map((r) => {
      const nominal = resourceAmount(GPU, r.nominalQuota);
      const used = gpuUse.get(`${cq.metadata.name}|${f.name}`) ?? 0;
      return { flavor: f.name, nominal, used, borrowed: Math.max(0, used - nominal) };
    }))),
  }));
  const nodes = list<Node>(c, 'Node');
  const pods = list<Pod>(c, 'Pod').filter((p) => p.spec?.nodeName && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed');
  const flavors = list<ResourceFlavor>(c, 'ResourceFlavor').sort(byName).map((f): FlavorView => {
    const labels = Object.entries(f.spec?.nodeLabels ?? {});
    const matching = nodes.filter((n) => labels.every(([k, v]) => n.metadata?.labels?.[k] === v));
    const names = new Set(matching.map((n) => n.metadata!.name!));
    const inUse = pods.filter((p) => names.has(p.spec!.nodeName!)).reduce((n, p) => n + (p.spec!.containers ?? []).reduce((m, ct) => m + Number(ct.resources?.limits?.[GPU] ?? 0), 0), 0);
    const quota = clusterQueues.reduce((n, q) => n + q.gpus.filter((g) => g.flavor === f.metadata.name).reduce((m, g) => m + g.nominal, 0), 0);
    const reserved = clusterQueues.reduce((n, q) => n + q.gpus.filter((g) => g.flavor === f.metadata.name).reduce((m, g) => m + g.used, 0), 0);
    return {
      name: f.metadata.name!, product: f.spec?.nodeLabels?.['nvidia.com/gpu.product'] ?? labels.map(([k, v]) => `${k}=${v}`).join(','),
      nodes: matching.length, gpus: matching.reduce((n, nd) => n + Number(nd.status?.allocatable?.[GPU] ?? 0), 0), gpusInUse: inUse, quota, reserved,
    };
  });
  const localQueues = lqs.map((q): LocalQueueView => ({ namespace: q.metadata.namespace!, name: q.metadata.name!, clusterQueue: q.spec.clusterQueue, pending: q.status?.pendingWorkloads ?? 0, admitted: q.status?.admittedWorkloads ?? 0 }));
  const views = workloads.map((w): WorkloadView => {
    const st = state(w);
    const reserved = findCondition(w.status?.conditions, WL.quotaReserved);
    const queuedSince = findCondition(w.status?.conditions, WL.evicted)?.lastTransitionTime ?? w.metadata.creationTimestamp;
    const gpuFlavor = w.status?.admission?.podSetAssignments.map((p) => p.flavors[GPU]).find(Boolean) ?? '';
    return {
      namespace: w.metadata.namespace!, name: w.metadata.name!, owner: w.metadata.ownerReferences?.[0] ? `${w.metadata.ownerReferences[0].kind}/${w.metadata.ownerReferences[0].name}` : '',
      queue: w.spec.queueName ?? '', clusterQueue: w.status?.admission?.clusterQueue ?? '', state: st, priority: w.spec.priority ?? 0,
      gpus: w.spec.podSets.reduce((n, ps) => n + ps.count * (ps.template.spec?.containers ?? []).reduce((m, ct) => m + Number(ct.resources?.limits?.[GPU] ?? ct.resources?.requests?.[GPU] ?? 0), 0), 0),
      flavor: gpuFlavor,
      // Pending: waiting so far; admitted: how long it waited.
      waitSeconds: isPending(w) ? seconds(queuedSince, now) : seconds(w.metadata.creationTimestamp, Date.parse(reserved?.lastTransitionTime ?? w.metadata.creationTimestamp!)),
      message: reserved?.status === 'False' ? reserved.message : '',
    };
  });
  return { installed: c.list('CustomResourceDefinition').some((d) => d.metadata.name === 'workloads.kueue.x-k8s.io'), clusterQueues, localQueues, flavors, workloads: views };
}

// The RayCluster controller (KubeRay's raycluster_controller): a head pod and its Service
// (<cluster>-head-svc: GCS 6379, dashboard 8265, client 10001, metrics 8080), worker pods per group up to its
// replicas (created and deleted one by one, newest first), the autoscaler's replicas written into the spec, and
// the status: state ready once the head runs, desired and available workers, the resources asked for, endpoints.
// Simplification: no suspend, no GCS fault tolerance; a worker's ray start is its container's args.
import type { Pod, PodTemplateSpec, Service } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { objectKey, splitKey } from '../../api/object.ts';
import { isPodReady, podRequests } from '../../api/pod.ts';
import { Quantity } from '../../api/quantity.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { Controller } from '../../client/controller.ts';
import type { EventRecorder } from '../../client/events.ts';
import { CONTROLLER_INDEX, controllerIndexFunc, type Informer } from '../../client/informer.ts';
import { controllerRef, type OperatorDeps } from '../operator.ts';
import { desiredReplicas } from './autoscaler.ts';
import { HEAD_GROUP, HEAD_PORTS, RAY_LABELS, type RayCluster, type RayClusterStatus, type WorkerGroupSpec } from './types.ts';

type P = Pod & KubeObject;
const alive = (p: P) => !p.metadata.deletionTimestamp && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed';
export const headServiceName = (rc: RayCluster) => `${rc.metadata.name}-head-svc`;

export class RayClusterController extends Controller {
  private readonly clusters: Informer<RayCluster>;
  private readonly pods: Informer<P>;
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(private readonly deps: OperatorDeps) {
    super('raycluster-controller', deps.clock);
    this.clusters = deps.informers.informerFor<RayCluster>('RayCluster');
    this.pods = deps.informers.informerFor<P>('Pod');
    this.pods.addIndexer(CONTROLLER_INDEX, controllerIndexFunc);
    this.event = deps.recorder.forSource({ component: 'raycluster-controller' });
  }

  start(): void {
    this.clusters.addEventHandler({ add: (o) => this.queue.add(objectKey(o)), update: (_p, o) => this.queue.add(objectKey(o)) });
    const owner = (p: P) => {
      const ref = p.metadata.ownerReferences?.find((r) => r.controller && r.kind === 'RayCluster');
      if (ref) this.queue.add(`${p.metadata.namespace}/${ref.name}`);
    };
    this.pods.addEventHandler({ add: owner, update: (_o, p) => owner(p), delete: owner });
  }

  protected sync(key: string): void {
    const { namespace, name } = splitKey(key);
    const rc = this.clusters.getByName(namespace, name);
    if (!rc || rc.metadata.deletionTimestamp) return;
    // The autoscaler's decision lands in the spec, as KubeRay's autoscaler patches workerGroupSpecs[].replicas.
    const want = desiredReplicas(rc);
    if (want && want.some((n, i) => n !== (rc.spec.workerGroupSpecs![i].replicas ?? 0))) {
      const workerGroupSpecs = rc.spec.workerGroupSpecs!.map((g, i) => ({ ...g, replicas: want[i] }));
      this.deps.store.update<RayCluster>({ ...rc, spec: { ...rc.spec, workerGroupSpecs } });
      return; // the update brings the next sync
    }
    const pods = this.pods.listByIndex(CONTROLLER_INDEX, rc.metadata.uid!).filter(alive);
    const head = pods.filter((p) => p.metadata.labels?.[RAY_LABELS.nodeType] === 'head');
    if (!head.length) this.createPod(rc, 'head', HEAD_GROUP, rc.spec.headGroupSpec.template, rc.spec.headGroupSpec.rayStartParams);
    this.ensureService(rc);
    for (const g of rc.spec.workerGroupSpecs ?? []) this.reconcileGroup(rc, g, pods.filter((p) => p.metadata.labels?.[RAY_LABELS.nodeType] === 'worker' && p.metadata.labels?.[RAY_LABELS.group] === g.groupName));
    this.updateStatus(rc, pods);
  }

  private reconcileGroup(rc: RayCluster, g: WorkerGroupSpec, pods: P[]): void {
    const replicas = Math.min(g.maxReplicas ?? Number.MAX_SAFE_INTEGER, Math.max(g.minReplicas ?? 0, g.replicas ?? 0));
    for (let i = pods.length; i < replicas; i++) this.createPod(rc, 'worker', g.groupName, g.template, g.rayStartParams);
    const extra = [...pods].sort((a, b) => (b.metadata.creationTimestamp ?? '').localeCompare(a.metadata.creationTimestamp ?? '') || b.metadata.name!.localeCompare(a.metadata.name!)).slice(0, Math.max(0, pods.length - replicas));
    for (const p of extra) {
      try {
        this.deps.store.delete('Pod', p.metadata.namespace, p.metadata.name!);
        this.event(rc, 'Normal', 'DeletedWorkerPod', `Deleted worker Pod ${p.metadata.namespace}/${p.metadata.name}`);
      } catch (e) {
        if (!isStatusError(e, 'NotFound')) throw e;
      }
    }
  }

  private createPod(rc: RayCluster, type: 'head' | 'worker', group: string, template: PodTemplateSpec, params: Record<string, string> | undefined): void {
    const ns = rc.metadata.namespace!, name = rc.metadata.name!;
    const t = structuredClone(template);
    const spec = t.spec ?? { containers: [] };
    const flags = Object.entries(params ?? {}).map(([k, v]) => ` --${k}=${v}`).join('');
    const start = type === 'head'
      ? `ulimit -n 65536; ray start --head${flags} --block`
      : `ulimit -n 65536; ray start --address=${headServiceName(rc)}.${ns}.svc.cluster.local:${HEAD_PORTS['gcs-server']}${flags} --block`;
    const c0 = spec.containers[0];
    if (c0 && !c0.command && !c0.args) { c0.command = ['/bin/bash', '-lc', '--']; c0.args = [start]; }
    const labels = {
      ...(t.metadata?.labels ?? {}),
      [RAY_LABELS.cluster]: name, [RAY_LABELS.nodeType]: type, [RAY_LABELS.group]: group, [RAY_LABELS.isRayNode]: 'yes',
      'app.kubernetes.io/name': 'kuberay', 'app.kubernetes.io/created-by': 'kuberay-operator',
    };
    const generateName = type === 'head' ? `${name}-head-` : `${name}-${group}-worker-`;
    const pod = this.deps.store.create<P>({
      apiVersion: 'v1', kind: 'Pod',
      metadata: { generateName, namespace: ns, labels, ...(t.metadata?.annotations ? { annotations: t.metadata.annotations } : {}), ownerReferences: [controllerRef(rc)] },
      spec,
    });
    this.event(rc, 'Normal', type === 'head' ? 'CreatedHeadPod' : 'CreatedWorkerPod', `Created ${type} Pod ${ns}/${pod.metadata.name}`);
  }

  private ensureService(rc: RayCluster): void {
    const name = headServiceName(rc);
    if (this.deps.store.tryGet('Service', rc.metadata.namespace, name)) return;
    this.deps.store.create<Service & KubeObject>({
      apiVersion: 'v1', kind: 'Service',
      metadata: { name, namespace: rc.metadata.namespace, labels: { [RAY_LABELS.cluster]: rc.metadata.name!, [RAY_LABELS.nodeType]: 'head', 'app.kubernetes.io/name': 'kuberay', 'app.kubernetes.io/created-by': 'kuberay-operator' }, ownerReferences: [controllerRef(rc)] },
      spec: {
        type: (rc.spec.headGroupSpec.serviceType as 'ClusterIP' | 'NodePort' | 'LoadBalancer' | undefined) ?? 'ClusterIP',
        selector: { [RAY_LABELS.cluster]: rc.metadata.name!, [RAY_LABELS.nodeType]: 'head' },
        ports: Object.entries(HEAD_PORTS).map(([n, port]) => ({ name: n, port, targetPort: port, protocol: 'TCP' as const, appProtocol: 'tcp' })),
      },
    });
    this.event(rc, 'Normal', 'CreatedService', `Created service ${rc.metadata.namespace}/${name}`);
  }

  private updateStatus(rc: RayCluster, pods: P[]): void {
    const groups = rc.spec.workerGroupSpecs ?? [];
    const replicasOf = (g: WorkerGroupSpec) => Math.min(g.maxReplicas ?? Number.MAX_SAFE_INTEGER, Math.max(g.minReplicas ?? 0, g.replicas ?? 0));
    const head = pods.find((p) => p.metadata.labels?.[RAY_LABELS.nodeType] === 'head');
    const workers = pods.filter((p) => p.metadata.labels?.[RAY_LABELS.nodeType] === 'worker');
    const total = (res: string) => {
      const sum = (t: PodTemplateSpec, n: number) => n * (podRequests({ spec: t.spec } as Pod)[res] ?? 0);
      return sum(rc.spec.headGroupSpec.template, 1) + groups.reduce((n, g) => n + sum(g.template, replicasOf(g)), 0);
    };
    const svc = this.deps.store.tryGet<Service>('Service', rc.metadata.namespace, headServiceName(rc));
    const status: RayClusterStatus = {
      ...(head && isPodReady(head) ? { state: 'ready' } : rc.status?.state ? { state: rc.status.state } : {}),
      desiredWorkerReplicas: groups.reduce((n, g) => n + replicasOf(g), 0),
      availableWorkerReplicas: workers.filter((p) => p.status?.phase === 'Running' && isPodReady(p)).length,
      minWorkerReplicas: groups.reduce((n, g) => n + (g.minReplicas ?? 0), 0),
      maxWorkerReplicas: groups.reduce((n, g) => n + (g.maxReplicas ?? 0), 0),
      desiredCPU: Quantity.fromMilli(total('cpu')).toString(),
      desiredMemory: Quantity.fromValue(total('memory'), 'BinarySI').toString(),
      desiredGPU: String(total('nvidia.com/gpu')),
      endpoints: Object.fromEntries(Object.entries(HEAD_PORTS).map(([n, p]) => [n, String(p)])),
      head: { ...(head ? { podName: head.metadata.name, podIP: head.status?.podIP } : {}), serviceName: headServiceName(rc), ...(svc?.spec?.clusterIP ? { serviceIP: svc.spec.clusterIP } : {}) },
      observedGeneration: rc.metadata.generation,
    };
    if (jsonEqual(status, rc.status ?? {})) return;
    this.deps.store.update<RayCluster>({ ...rc, status }, { subresource: 'status' });
  }
}

// The InferenceService controller: a Deployment of the model server (GPUs per replica, a readiness probe on
// /health), a Service in front of it and a HorizontalPodAutoscaler between the replica bounds; the status
// reports ready replicas, the URL, the autoscaler's average queue length and a Ready condition. The autoscaler
// scales on the pods' request queue (the num_requests_waiting custom metric, network/traffic/custommetrics.ts)
// or on CPU utilization (spec.scaleMetric).
// Simplification: the HPA's metrics and bounds are kept in line with the spec, its behavior is left to the user.
import type { Deployment } from 'kubernetes-types/apps/v1';
import type { HorizontalPodAutoscaler, MetricSpec } from 'kubernetes-types/autoscaling/v2';
import type { PodTemplateSpec, Service } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { objectKey, splitKey } from '../../api/object.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { Controller } from '../../client/controller.ts';
import type { EventRecorder } from '../../client/events.ts';
import type { Informer } from '../../client/informer.ts';
import { controllerRef, type Condition, type OperatorDeps } from '../operator.ts';

interface Spec { model: string; image?: string; gpusPerReplica?: number; minReplicas?: number; maxReplicas?: number; port?: number; scaleMetric?: 'queueLength' | 'cpu'; targetQueueLength?: number; targetCPUUtilizationPercentage?: number }
interface Status { readyReplicas?: number; url?: string; averageRequestsWaiting?: string; conditions?: Condition[] }
export type InferenceService = KubeObject & { spec: Spec; status?: Status };

const LABEL = 'serving.kubesim.io/inferenceservice';
/** The per-pod queue gauge the custom metrics API serves (network/traffic/custommetrics.ts), vLLM's vllm:num_requests_waiting. */
const NUM_REQUESTS_WAITING = 'num_requests_waiting';

export class InferenceServiceController extends Controller {
  private readonly services: Informer<InferenceService>;
  private readonly deployments: Informer<Deployment & KubeObject>;
  private readonly hpas: Informer<HorizontalPodAutoscaler & KubeObject>;
  private readonly event: ReturnType<EventRecorder['forSource']>;

  constructor(private readonly deps: OperatorDeps) {
    super('inferenceservice-controller', deps.clock);
    this.services = deps.informers.informerFor<InferenceService>('InferenceService');
    this.deployments = deps.informers.informerFor<Deployment & KubeObject>('Deployment');
    this.hpas = deps.informers.informerFor<HorizontalPodAutoscaler & KubeObject>('HorizontalPodAutoscaler');
    this.event = deps.recorder.forSource({ component: 'inferenceservice-controller' });
  }

  start(): void {
    this.services.addEventHandler({ add: (o) => this.queue.add(objectKey(o)), update: (_p, o) => this.queue.add(objectKey(o)) });
    const owner = (d: KubeObject) => {
      const ref = d.metadata.ownerReferences?.find((r) => r.controller && r.kind === 'InferenceService');
      if (ref) this.queue.add(`${d.metadata.namespace}/${ref.name}`);
    };
    this.deployments.addEventHandler({ add: owner, update: (_p, d) => owner(d), delete: owner });
    this.hpas.addEventHandler({ add: owner, update: (_p, h) => owner(h), delete: owner });
  }

  protected sync(key: string): void {
    const { namespace, name } = splitKey(key);
    const isvc = this.services.getByName(namespace, name);
    if (!isvc || isvc.metadata.deletionTimestamp) return;
    const s = isvc.spec;
    const labels = { [LABEL]: name, 'app.kubernetes.io/name': name };
    const port = s.port ?? 8000;
    const limits: Record<string, string> = s.gpusPerReplica ? { 'nvidia.com/gpu': String(s.gpusPerReplica) } : {};
    const template: PodTemplateSpec = {
      metadata: { labels },
      spec: {
        containers: [{
          name: 'vllm', image: s.image ?? 'vllm/vllm-openai:v0.6.3', args: ['--model', s.model, '--port', String(port)],
          ports: [{ name: 'http', containerPort: port }],
          resources: { requests: { cpu: '1', memory: '4Gi' }, limits },
          readinessProbe: { httpGet: { path: '/health', port } },
        }],
      },
    };
    const deploy = this.deps.store.tryGet<Deployment>('Deployment', namespace, name);
    if (!deploy) {
      this.deps.store.create<Deployment & KubeObject>({
        apiVersion: 'apps/v1', kind: 'Deployment',
        metadata: { name, namespace, labels, ownerReferences: [controllerRef(isvc)] },
        spec: { replicas: s.minReplicas ?? 1, selector: { matchLabels: labels }, template },
      });
      this.event(isvc, 'Normal', 'DeploymentCreated', `Created Deployment ${name}`);
    } else if (!jsonEqual(deploy.spec?.template?.spec?.containers?.[0]?.args, ['--model', s.model, '--port', String(port)]) || !jsonEqual(deploy.spec?.template?.spec?.containers?.[0]?.resources?.limits ?? {}, limits)) {
      // The replica count belongs to the autoscaler: only the pod template is brought back in line.
      this.deps.store.patch('Deployment', namespace, name, { spec: { template } }, { type: 'strategic' });
    }
    if (!this.deps.store.tryGet('Service', namespace, name)) {
      this.deps.store.create<Service & KubeObject>({
        apiVersion: 'v1', kind: 'Service',
        metadata: { name, namespace, labels, ownerReferences: [controllerRef(isvc)] },
        spec: { selector: labels, ports: [{ name: 'http', port: 80, targetPort: port }] },
      });
    }
    const hpaSpec = {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
      minReplicas: s.minReplicas ?? 1, maxReplicas: s.maxReplicas ?? 3,
      metrics: [hpaMetric(s)],
    };
    const hpa = this.deps.store.tryGet<HorizontalPodAutoscaler>('HorizontalPodAutoscaler', namespace, name);
    if (!hpa) {
      this.deps.store.create<HorizontalPodAutoscaler & KubeObject>({ apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name, namespace, labels, ownerReferences: [controllerRef(isvc)] }, spec: hpaSpec });
    } else if (hpa.spec?.minReplicas !== hpaSpec.minReplicas || hpa.spec?.maxReplicas !== hpaSpec.maxReplicas || !jsonEqual(hpa.spec?.metrics, hpaSpec.metrics)) {
      // A merge patch replaces the metrics list as a whole.
      this.deps.store.patch('HorizontalPodAutoscaler', namespace, name, { spec: { minReplicas: hpaSpec.minReplicas, maxReplicas: hpaSpec.maxReplicas, metrics: hpaSpec.metrics } });
    }
    this.updateStatus(isvc, hpa);
  }

  private updateStatus(isvc: InferenceService, hpa: HorizontalPodAutoscaler | undefined): void {
    const { namespace, name } = isvc.metadata;
    const ready = this.deployments.getByName(namespace, name!)?.status?.readyReplicas ?? 0;
    const now = this.deps.clock.nowRFC3339();
    const prev = isvc.status?.conditions?.find((c) => c.type === 'Ready');
    const cond: Condition = ready > 0
      ? { type: 'Ready', status: 'True', reason: 'MinimumReplicasAvailable', message: `${ready} replica(s) serving ${isvc.spec.model}` }
      : { type: 'Ready', status: 'False', reason: 'NoReplicasReady', message: 'waiting for a replica of the model server to become ready' };
    cond.lastTransitionTime = prev?.status === cond.status ? prev.lastTransitionTime : now;
    const queue = hpa?.status?.currentMetrics?.find((m) => m.type === 'Pods' && m.pods?.metric.name === NUM_REQUESTS_WAITING)?.pods?.current.averageValue;
    const status: Status = { readyReplicas: ready, url: `http://${name}.${namespace}.svc.cluster.local`, ...(queue !== undefined ? { averageRequestsWaiting: queue } : {}), conditions: [cond] };
    if (jsonEqual(status, isvc.status ?? {})) return;
    if (prev?.status !== cond.status && cond.status === 'True') this.event(isvc, 'Normal', 'Ready', cond.message!);
    this.deps.store.update({ ...isvc, status }, { subresource: 'status' });
  }
}

/** The autoscaler's metric: the average queue length per pod (a Pods metric), or CPU utilization. */
function hpaMetric(s: Spec): MetricSpec {
  if (s.scaleMetric === 'cpu') return { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: s.targetCPUUtilizationPercentage ?? 80 } } };
  return { type: 'Pods', pods: { metric: { name: NUM_REQUESTS_WAITING }, target: { type: 'AverageValue', averageValue: String(s.targetQueueLength ?? 5) } } };
}

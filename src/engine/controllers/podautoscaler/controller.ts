// HorizontalPodAutoscaler controller (pkg/controller/podautoscaler/horizontal.go): every 15 s each HPA reads its
// target's scale, asks the replica calculator for a count per metric, stabilizes and rate-limits the largest, writes
// the target's spec.replicas and reports conditions, current metrics and Events.
import type { HorizontalPodAutoscaler, HorizontalPodAutoscalerCondition, HorizontalPodAutoscalerStatus, MetricSpec, MetricStatus } from 'kubernetes-types/autoscaling/v2';
import type { Pod } from 'kubernetes-types/core/v1';
import type { LabelSelector } from 'kubernetes-types/meta/v1';
import { selectorFromLabelSelector } from '../../api/labels.ts';
import type { KubeObject } from '../../api/object.ts';
import { objectKey, splitKey } from '../../api/object.ts';
import { Quantity } from '../../api/quantity.ts';
import { isStatusError, notFound, StatusError } from '../../apiserver/errors.ts';
import type { Store } from '../../apiserver/store.ts';
import { jsonEqual } from '../../apiserver/patch/mergepatch.ts';
import { Controller } from '../../client/controller.ts';
import type { EventRecorder } from '../../client/events.ts';
import type { Informer, SharedInformerFactory } from '../../client/informer.ts';
import type { RateLimiter } from '../../client/workqueue.ts';
import type { SimClock } from '../../sim/clock.ts';
import { getRawMetric, getResourceMetric, MetricsError, type PodMetricsSource } from './metrics.ts';
import { newHistory, normalizeWithBehavior, normalizeWithoutBehavior, storeScaleEvent, type HPAHistory } from './normalize.ts';
import { rawResourceReplicas, resourceReplicas } from './replicas.ts';

type HPA = HorizontalPodAutoscaler & KubeObject;
type P = Pod & KubeObject;

/** --horizontal-pod-autoscaler-sync-period. */
export const HPA_SYNC_PERIOD_MS = 15_000;
/** Kinds whose scale subresource is served (spec.replicas, selector from spec.selector). */
const SCALABLE = new Set(['Deployment', 'ReplicaSet', 'StatefulSet']);

/** FixedItemIntervalRateLimiter: every HPA, failed or not, is looked at again one sync period later. */
class FixedInterval implements RateLimiter {
  when(): number { return HPA_SYNC_PERIOD_MS; }
  forget(): void {}
  numRequeues(): number { return 0; }
}

class ReconcileError extends Error {}

interface Scale { replicas: number; selector: LabelSelector | undefined; target: KubeObject }

export class HorizontalController extends Controller {
  private readonly hpaInformer: Informer<HPA>;
  private readonly podInformer: Informer<P>;
  private readonly event: ReturnType<EventRecorder['forSource']>;
  private readonly history = new Map<string, HPAHistory>();

  constructor(private readonly store: Store, clock: SimClock, informers: SharedInformerFactory, recorder: EventRecorder, private readonly metrics: PodMetricsSource) {
    super('horizontal-pod-autoscaler', clock, new FixedInterval());
    this.hpaInformer = informers.informerFor<HPA>('HorizontalPodAutoscaler');
    this.podInformer = informers.informerFor<P>('Pod');
    this.event = recorder.forSource({ component: 'horizontal-pod-autoscaler' });
  }

  start(): void {
    // enqueueHPA adds rate limited: a new or changed HPA is looked at within one sync period, never sooner.
    this.hpaInformer.addEventHandler({
      add: (h) => this.queue.addAfter(objectKey(h), HPA_SYNC_PERIOD_MS),
      update: (_o, h) => this.queue.addAfter(objectKey(h), HPA_SYNC_PERIOD_MS),
      delete: (h) => this.queue.add(objectKey(h)),
    });
  }

  protected sync(key: string): void {
    const { namespace, name } = splitKey(key);
    const hpa = this.hpaInformer.getByName(namespace, name);
    if (!hpa) { this.history.delete(key); return; }
    this.queue.addAfter(key, HPA_SYNC_PERIOD_MS);
    this.reconcile(key, structuredClone(hpa) as HPA);
  }

  private reconcile(key: string, hpa: HPA): void {
    const original: HorizontalPodAutoscalerStatus = structuredClone(hpa.status ?? { desiredReplicas: 0 });
    const status: HorizontalPodAutoscalerStatus = hpa.status ?? { desiredReplicas: 0 };
    hpa.status = status;
    const ref = hpa.spec!.scaleTargetRef;
    const reference = `${ref.kind}/${ref.name}`;
    const now = this.clock.now();

    let scale: Scale;
    try {
      scale = this.getScale(hpa);
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      this.event(hpa, 'Warning', 'FailedGetScale', msg);
      this.setCondition(hpa, 'AbleToScale', 'False', 'FailedGetScale', `the HPA controller was unable to get the target's current scale: ${msg}`);
      this.updateStatusIfNeeded(original, hpa);
      throw new ReconcileError(`failed to query scale subresource for ${reference}: ${msg}`);
    }
    this.setCondition(hpa, 'AbleToScale', 'True', 'SucceededGetScale', "the HPA controller was able to get the target's current scale");
    const current = scale.replicas;
    if (!this.history.has(key)) this.history.set(key, newHistory(current, now));
    const h = this.history.get(key)!;

    const min = hpa.spec!.minReplicas ?? 1;
    const max = hpa.spec!.maxReplicas;
    let desired = 0;
    let reason = '';
    let rescale = true;
    let statuses: MetricStatus[] | null = null;
    if (current === 0 && min !== 0) {
      rescale = false;
      this.setCondition(hpa, 'ScalingActive', 'False', 'ScalingDisabled', 'scaling is disabled since the replica count of the target is zero');
    } else if (current > max) {
      reason = 'Current number of replicas above Spec.MaxReplicas';
      desired = max;
    } else if (current < min) {
      reason = 'Current number of replicas below Spec.MinReplicas';
      desired = min;
    } else {
      const computed = this.computeReplicasForMetrics(hpa, scale);
      statuses = computed.statuses;
      if (computed.replicas === -1) {
        this.setStatus(hpa, current, status.desiredReplicas, statuses, false);
        this.updateStatusIfNeeded(original, hpa);
        this.event(hpa, 'Warning', 'FailedComputeMetricsReplicas', computed.error!);
        throw new ReconcileError(`failed to compute desired number of replicas based on listed metrics for ${reference}: ${computed.error}`);
      }
      desired = computed.replicas;
      if (desired > current) reason = `${computed.metric} above target`;
      if (desired < current) reason = 'All metrics below target';
      const behavior = hpa.spec!.behavior;
      const n = behavior ? normalizeWithBehavior(h, now, current, desired, min, max, behavior) : normalizeWithoutBehavior(h, now, current, desired, min, max);
      this.setCondition(hpa, 'AbleToScale', 'True', n.able.reason, n.able.message);
      this.setCondition(hpa, 'ScalingLimited', n.limited.status ? 'True' : 'False', n.limited.reason, n.limited.message);
      desired = n.replicas;
      rescale = desired !== current;
    }

    if (rescale) {
      try {
        this.store.update({ ...scale.target, spec: { ...(scale.target.spec as object), replicas: desired } });
      } catch (e) {
        if (!isStatusError(e)) throw e;
        this.event(hpa, 'Warning', 'FailedRescale', `New size: ${desired}; reason: ${reason}; error: ${e.message}`);
        this.setCondition(hpa, 'AbleToScale', 'False', 'FailedUpdateScale', `the HPA controller was unable to update the target scale: ${e.message}`);
        this.setStatus(hpa, current, status.desiredReplicas, statuses, false);
        this.updateStatusIfNeeded(original, hpa);
        throw new ReconcileError(`failed to rescale ${reference}: ${e.message}`);
      }
      this.setCondition(hpa, 'AbleToScale', 'True', 'SucceededRescale', `the HPA controller was able to update the target scale to ${desired}`);
      this.event(hpa, 'Normal', 'SuccessfulRescale', `New size: ${desired}; reason: ${reason}`);
      storeScaleEvent(h, hpa.spec!.behavior, current, desired, now);
    } else {
      desired = current;
    }
    this.setStatus(hpa, current, desired, statuses, rescale);
    this.updateStatusIfNeeded(original, hpa);
  }

  /** The scale subresource of the target: its replicas and its pods' selector. */
  private getScale(hpa: HPA): Scale {
    const ref = hpa.spec!.scaleTargetRef;
    const group = (ref.apiVersion ?? '').includes('/') ? ref.apiVersion!.split('/')[0] : '';
    const info = this.store.kinds.byKindName(ref.kind);
    if (!info || info.group !== group) throw new Error(`no matches for kind "${ref.kind}" in group "${group}"`);
    if (!SCALABLE.has(info.kind)) throw new StatusError({ reason: 'NotFound', code: 404, message: 'the server could not find the requested resource' });
    const target = this.store.tryGet(info.kind, hpa.metadata.namespace, ref.name);
    if (!target) throw notFound(info, ref.name);
    const spec = target.spec as { replicas?: number; selector?: LabelSelector } | undefined;
    return { replicas: spec?.replicas ?? 1, selector: spec?.selector, target };
  }

  /** computeReplicasForMetrics: the largest proposal over all metrics; -1 when every metric failed. */
  private computeReplicasForMetrics(hpa: HPA, scale: Scale): { replicas: number; metric: string; statuses: MetricStatus[]; error?: string } {
    const specs = hpa.spec!.metrics ?? [];
    const statuses: MetricStatus[] = specs.map(() => ({ type: '' }) as MetricStatus);
    if (!scale.selector) {
      const msg = 'selector is required';
      this.event(hpa, 'Warning', 'SelectorRequired', msg);
      this.setCondition(hpa, 'ScalingActive', 'False', 'InvalidSelector', "the HPA target's scale is missing a selector");
      return { replicas: -1, metric: '', statuses, error: msg };
    }
    const selector = selectorFromLabelSelector(scale.selector);
    const pods = this.podInformer.listByIndex('namespace', hpa.metadata.namespace!).filter((p) => selector.matches(p.metadata.labels));
    let replicas = 0;
    let metric = '';
    let invalid = 0;
    let firstError: string | undefined;
    let firstCondition: { reason: string; message: string } | undefined;
    specs.forEach((spec, i) => {
      try {
        const r = this.computeForMetric(hpa, spec, scale.replicas, pods);
        statuses[i] = r.status;
        if (replicas === 0 || r.replicas > replicas) { replicas = r.replicas; metric = r.metric; }
      } catch (e) {
        if (!(e instanceof MetricsError)) throw e;
        if (invalid === 0) {
          firstError = e.message;
          firstCondition = { reason: e.reason ?? 'FailedGetResourceMetric', message: `the HPA was unable to compute the replica count: ${e.inner ?? e.message}` };
        }
        invalid++;
      }
    });
    const error = firstError && `invalid metrics (${invalid} invalid out of ${specs.length}), first error is: ${firstError}`;
    if (invalid >= specs.length || (invalid > 0 && replicas < scale.replicas)) {
      this.setCondition(hpa, 'ScalingActive', 'False', firstCondition!.reason, firstCondition!.message);
      return { replicas: -1, metric: '', statuses, error };
    }
    this.setCondition(hpa, 'ScalingActive', 'True', 'ValidMetricFound', `the HPA was able to successfully calculate a replica count from ${metric}`);
    return { replicas, metric, statuses, error };
  }

  /** computeReplicasForMetric for Resource metrics and Pods metrics (the custom metrics API for pods). */
  private computeForMetric(hpa: HPA, spec: MetricSpec, current: number, pods: P[]): { replicas: number; metric: string; status: MetricStatus } {
    const fail = (msg: string, wrap: string, reason = 'FailedGetResourceMetric') => {
      // getUnableComputeReplicaCountCondition: the Event and condition carry the inner error, the returned one is wrapped.
      this.event(hpa, 'Warning', reason, msg);
      return new MetricsError(`${wrap}${msg}`, reason, msg);
    };
    if (spec.type === 'Pods' && spec.pods) {
      // computeStatusForPodsMetric: GetMetricReplicas is the plain-metric calculation over the pods' values.
      const metricName = spec.pods.metric.name;
      const now = this.clock.now();
      const names = new Set(pods.map((p) => p.metadata.name!));
      try {
        let metrics;
        try {
          metrics = getRawMetric(this.metrics, metricName, hpa.metadata.namespace!, (n) => names.has(n), now);
        } catch (e) {
          throw new MetricsError(`unable to get metric ${metricName}: ${(e as Error).message}`);
        }
        const r = rawResourceReplicas(current, Quantity.parse(spec.pods.target.averageValue!).milliValue(), '', pods, metrics, now);
        return {
          replicas: r.replicas, metric: `pods metric ${metricName}`,
          status: { type: 'Pods', pods: { metric: { name: metricName, ...(spec.pods.metric.selector ? { selector: spec.pods.metric.selector } : {}) }, current: { averageValue: Quantity.fromMilli(r.usage).toString() } } },
        };
      } catch (e) {
        if (!(e instanceof MetricsError)) throw e;
        throw fail(e.message, 'failed to get pods metric value: ', 'FailedGetPodsMetric');
      }
    }
    if (spec.type !== 'Resource' || !spec.resource) {
      // Simplification: no external metrics API nor custom metrics for objects are served.
      throw fail(`unable to get metric ${spec.type}: the server could not find the requested resource`, '', `FailedGet${spec.type}Metric`);
    }
    const resource = spec.resource.name;
    const target = spec.resource.target;
    const wrap = `failed to get ${resource} resource metric value: `;
    const now = this.clock.now();
    const names = new Set(pods.map((p) => p.metadata.name!));
    const fetch = () => {
      try {
        return getResourceMetric(this.metrics, resource, hpa.metadata.namespace!, (n) => names.has(n), now);
      } catch (e) {
        throw new MetricsError(`unable to get metrics for resource ${resource}: ${(e as Error).message}`);
      }
    };
    if (target.averageValue !== undefined) {
      try {
        const r = rawResourceReplicas(current, Quantity.parse(target.averageValue).milliValue(), resource, pods, fetch(), now);
        return { replicas: r.replicas, metric: `${resource} resource`, status: { type: 'Resource', resource: { name: resource, current: { averageValue: Quantity.fromMilli(r.usage).toString() } } } };
      } catch (e) {
        if (!(e instanceof MetricsError)) throw e;
        throw fail(`failed to get ${resource} usage: ${e.message}`, wrap);
      }
    }
    if (target.averageUtilization === undefined) {
      throw fail('invalid resource metric source: neither an average utilization target nor an average value (usage) target was set', wrap);
    }
    try {
      const r = resourceReplicas(current, target.averageUtilization, resource, pods, fetch(), now);
      return {
        replicas: r.replicas,
        metric: `${resource} resource utilization (percentage of request)`,
        status: { type: 'Resource', resource: { name: resource, current: { averageUtilization: r.utilization, averageValue: Quantity.fromMilli(r.rawAverage).toString() } } },
      };
    } catch (e) {
      if (!(e instanceof MetricsError)) throw e;
      throw fail(`failed to get ${resource} utilization: ${e.message}`, wrap);
    }
  }

  /** setConditionInList: a changed status moves lastTransitionTime; reason and message always follow. */
  private setCondition(hpa: HPA, type: string, status: 'True' | 'False', reason: string, message: string): void {
    const conditions = (hpa.status!.conditions ??= []);
    let c = conditions.find((x) => x.type === type);
    if (!c) {
      c = { type, status } as HorizontalPodAutoscalerCondition;
      conditions.push(c);
      c.lastTransitionTime = this.clock.nowRFC3339();
    } else if (c.status !== status) c.lastTransitionTime = this.clock.nowRFC3339();
    c.status = status;
    c.reason = reason;
    c.message = message;
  }

  private setStatus(hpa: HPA, current: number, desired: number, metrics: MetricStatus[] | null, rescale: boolean): void {
    const s = hpa.status!;
    hpa.status = {
      ...(metrics ? { currentMetrics: metrics } : { currentMetrics: null as unknown as MetricStatus[] }),
      ...(current ? { currentReplicas: current } : {}),
      desiredReplicas: desired,
      ...(rescale ? { lastScaleTime: this.clock.nowRFC3339() } : s.lastScaleTime ? { lastScaleTime: s.lastScaleTime } : {}),
      ...(s.conditions ? { conditions: s.conditions } : {}),
    };
  }

  private updateStatusIfNeeded(original: HorizontalPodAutoscalerStatus, hpa: HPA): void {
    if (jsonEqual(original, hpa.status)) return;
    try {
      this.store.update(hpa, { subresource: 'status' });
    } catch (e) {
      if (!isStatusError(e)) throw e;
      throw new ReconcileError(`failed to update status for ${hpa.metadata.name}: ${e.message}`);
    }
  }
}

// Spec versus status for one object: the desired fields beside the observed ones, which pairs differ, and the
// component whose loop closes the gap. Pairs follow the fields upstream controllers compare (the Deployment
// controller's replicas against ready/available, the kubelet's containers against containerStatuses …).
import type { KubeObject } from '../engine/index.ts';

export interface SpecStatusRow {
  /** Path of the desired value ("spec.replicas", "spec.containers[web].image"). */
  desiredPath: string;
  desired: string;
  observedPath: string;
  observed: string;
  differs: boolean;
}

export interface SpecStatusView {
  /** The components that reconcile the object, as upstream names them ("deployment-controller", "kubelet on w1"). */
  reconcilers: string[];
  rows: SpecStatusRow[];
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function get(obj: unknown, path: string): unknown {
  let v: unknown = obj;
  for (const part of path.split('.')) v = isObj(v) ? v[part] : undefined;
  return v;
}

function show(v: unknown): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function row(desiredPath: string, desired: unknown, observedPath: string, observed: unknown, differs?: boolean): SpecStatusRow {
  const d = show(desired), o = show(observed);
  return { desiredPath, desired: d, observedPath, observed: o, differs: differs ?? d !== o };
}

/** One desired path against several observed ones (spec.replicas vs status.readyReplicas …); absent counts are 0. */
function counts(obj: unknown, desiredPath: string, observed: string[], defaultDesired = 1): SpecStatusRow[] {
  const want = (get(obj, desiredPath) as number | undefined) ?? defaultDesired;
  return observed.map((p) => row(desiredPath, want, p, (get(obj, p) as number | undefined) ?? 0));
}

function generation(obj: KubeObject): SpecStatusRow[] {
  const g = obj.metadata?.generation;
  if (g === undefined || !isObj((obj as Json).status)) return [];
  return [row('metadata.generation', g, 'status.observedGeneration', get(obj, 'status.observedGeneration') ?? '')];
}

function condition(obj: unknown, type: string): string {
  const list = get(obj, 'status.conditions');
  const c = Array.isArray(list) ? (list as Json[]).find((x) => x.type === type) : undefined;
  if (!c) return '';
  return c.reason ? `${show(c.status)} (${show(c.reason)})` : show(c.status);
}

function containerState(s: Json | undefined): string {
  const state = s && isObj(s.state) ? s.state : undefined;
  if (!state) return '';
  if (isObj(state.running)) return s?.ready ? 'running, ready' : 'running, not ready';
  if (isObj(state.waiting)) return `waiting (${show(state.waiting.reason)})`;
  if (isObj(state.terminated)) return `terminated (${show(state.terminated.reason)})`;
  return '';
}

function podRows(pod: Json): SpecStatusRow[] {
  const spec = isObj(pod.spec) ? pod.spec : {};
  const status = isObj(pod.status) ? pod.status : {};
  const rows: SpecStatusRow[] = [];
  const nodeName = show(spec.nodeName);
  rows.push(row('spec.nodeName', nodeName, 'status.conditions[PodScheduled]', condition(pod, 'PodScheduled'), condition(pod, 'PodScheduled') !== 'True'));
  const terminal = status.phase === 'Succeeded' || status.phase === 'Failed';
  for (const [field, statusField] of [['initContainers', 'initContainerStatuses'], ['containers', 'containerStatuses']] as const) {
    const list = Array.isArray(spec[field]) ? (spec[field] as Json[]) : [];
    const statuses = Array.isArray(status[statusField]) ? (status[statusField] as Json[]) : [];
    for (const c of list) {
      const s = statuses.find((x) => x.name === c.name);
      const name = show(c.name);
      rows.push(row(`spec.${field}[${name}].image`, c.image, `status.${statusField}[${name}].image`, s?.image ?? ''));
      if (field === 'containers') {
        const state = containerState(s);
        rows.push(row(`spec.${field}[${name}]`, 'running, ready', `status.${statusField}[${name}].state`, state, !terminal && state !== 'running, ready'));
      }
    }
  }
  rows.push(row('spec', 'Running', 'status.phase', status.phase ?? 'Pending', status.phase !== 'Running' && !terminal));
  return rows;
}

function serviceRows(svc: Json, related: KubeObject[]): SpecStatusRow[] {
  const selector = get(svc, 'spec.selector');
  const name = get(svc, 'metadata.name');
  let ready = 0, total = 0;
  for (const s of related) {
    if (s.kind !== 'EndpointSlice' || s.metadata?.labels?.['kubernetes.io/service-name'] !== name) continue;
    for (const e of ((s as Json).endpoints as Json[] | undefined) ?? []) {
      total++;
      if (get(e, 'conditions.ready') !== false) ready++;
    }
  }
  const rows = [row('spec.selector', selector ?? '', 'EndpointSlices (ready/total)', `${ready}/${total}`, isObj(selector) && ready === 0)];
  if (get(svc, 'spec.type') === 'LoadBalancer') {
    const ingress = get(svc, 'status.loadBalancer.ingress');
    rows.push(row('spec.type', 'LoadBalancer', 'status.loadBalancer.ingress', ingress ?? '', !Array.isArray(ingress) || ingress.length === 0));
  }
  return rows;
}

function nodeRows(node: Json): SpecStatusRow[] {
  const unschedulable = !!get(node, 'spec.unschedulable');
  return [
    row('spec.unschedulable', unschedulable, 'status.conditions[Ready]', condition(node, 'Ready'), condition(node, 'Ready') !== 'True'),
    row('spec.podCIDR', get(node, 'spec.podCIDR') ?? '', 'status.addresses', ((get(node, 'status.addresses') as Json[] | undefined) ?? []).map((a) => a.address).join(', '), false),
  ];
}

/** Same-named fields of spec and status (custom resources and kinds without a table of their own). */
function genericRows(obj: Json): SpecStatusRow[] {
  const spec = isObj(obj.spec) ? obj.spec : {};
  const status = isObj(obj.status) ? obj.status : {};
  const rows: SpecStatusRow[] = [];
  for (const k of Object.keys(spec)) if (k in status) rows.push(row(`spec.${k}`, spec[k], `status.${k}`, status[k]));
  if ('replicas' in spec && 'readyReplicas' in status) rows.push(row('spec.replicas', spec.replicas, 'status.readyReplicas', status.readyReplicas));
  return rows;
}

function rowsFor(obj: KubeObject, related: KubeObject[]): SpecStatusRow[] {
  const o = obj as Json;
  switch (obj.kind) {
    case 'Deployment':
      return [...counts(o, 'spec.replicas', ['status.replicas', 'status.updatedReplicas', 'status.readyReplicas', 'status.availableReplicas']), ...generation(obj)];
    case 'ReplicaSet':
      return [...counts(o, 'spec.replicas', ['status.replicas', 'status.readyReplicas', 'status.availableReplicas']), ...generation(obj)];
    case 'StatefulSet':
      return [...counts(o, 'spec.replicas', ['status.replicas', 'status.readyReplicas', 'status.currentReplicas', 'status.updatedReplicas']), ...generation(obj)];
    case 'DaemonSet':
      return [...counts(o, 'status.desiredNumberScheduled', ['status.currentNumberScheduled', 'status.updatedNumberScheduled', 'status.numberReady', 'status.numberAvailable'], 0), ...generation(obj)];
    case 'Job': {
      const done = condition(o, 'Complete') === 'True' || condition(o, 'Failed') === 'True';
      return [
        ...counts(o, 'spec.completions', ['status.succeeded']),
        row('spec.parallelism', get(o, 'spec.parallelism') ?? 1, 'status.active', get(o, 'status.active') ?? 0, !done && (get(o, 'status.active') ?? 0) !== (get(o, 'spec.parallelism') ?? 1)),
      ];
    }
    case 'HorizontalPodAutoscaler':
      return [row('status.desiredReplicas', get(o, 'status.desiredReplicas') ?? '', 'status.currentReplicas', get(o, 'status.currentReplicas') ?? '')];
    case 'PersistentVolumeClaim':
      return [
        row('spec.resources.requests.storage', get(o, 'spec.resources.requests.storage'), 'status.capacity.storage', get(o, 'status.capacity.storage') ?? ''),
        row('spec.volumeName', get(o, 'spec.volumeName') ?? '', 'status.phase', get(o, 'status.phase') ?? '', get(o, 'status.phase') !== 'Bound'),
      ];
    case 'Pod': return podRows(o);
    case 'Service': return serviceRows(o, related);
    case 'Node': return nodeRows(o);
    default: return [...genericRows(o), ...generation(obj)];
  }
}

const CONTROLLERS: Record<string, string[]> = {
  Deployment: ['deployment-controller'],
  ReplicaSet: ['replicaset-controller'],
  StatefulSet: ['statefulset-controller'],
  DaemonSet: ['daemonset-controller'],
  Job: ['job-controller'],
  CronJob: ['cronjob-controller'],
  HorizontalPodAutoscaler: ['horizontal-pod-autoscaler'],
  PodDisruptionBudget: ['disruption-controller'],
  Service: ['endpointslice-controller', 'kube-proxy'],
  Node: ['kubelet', 'node-lifecycle-controller'],
  PersistentVolumeClaim: ['persistentvolume-binder-controller'],
  PersistentVolume: ['persistentvolume-binder-controller'],
  Namespace: ['namespace-controller'],
  Ingress: ['ingress controller'],
};

/** Who closes the gap: the upstream controller's name, the kubelet of the pod's node, or the custom resource's operator. */
export function reconcilersOf(obj: KubeObject): string[] {
  if (obj.kind === 'Pod') {
    const node = (obj as Json & { spec?: { nodeName?: string; schedulerName?: string } }).spec;
    return node?.nodeName ? [`kubelet on ${node.nodeName}`] : [node?.schedulerName ?? 'default-scheduler'];
  }
  if (obj.kind === 'Node') return [`kubelet on ${obj.metadata?.name ?? ''}`, 'node-lifecycle-controller'];
  const known = CONTROLLERS[obj.kind];
  if (known) return known;
  const group = obj.apiVersion.includes('/') ? obj.apiVersion.split('/')[0] : '';
  if (group && !group.endsWith('.k8s.io') && !['apps', 'batch', 'policy', 'autoscaling'].includes(group)) return [`${group} operator`];
  return [];
}

/** `related` are other objects the comparison reads (EndpointSlices for a Service). */
export function specStatusView(obj: KubeObject, related: KubeObject[] = []): SpecStatusView {
  return { reconcilers: reconcilersOf(obj), rows: rowsFor(obj, related) };
}

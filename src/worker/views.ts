// Kubernetes objects → the compact view models the page draws (see protocol.ts). Runs in the worker, which
// may use the engine's own helpers (Quantity, pod requests) so the page never parses Kubernetes itself.
import type { Event as KubeEvent, Node, Pod } from 'kubernetes-types/core/v1';
import { controllerOf, podRequests, resourceAmount } from '../engine/api/pod.ts';
import { NODE_GROUP_LABEL } from '../engine/autoscaler/cloudprovider.ts';
import { hasDeletionTaint } from '../engine/autoscaler/scaledown.ts';
import type { EventView, NodeView, PodView, ResourceAmounts, TaintView } from './protocol.ts';

function ms(timestamp: string | undefined): number {
  if (!timestamp) return 0;
  const t = Date.parse(timestamp);
  return Number.isFinite(t) ? t : 0;
}

/** The STATUS and READY columns of `kubectl get pods`, as kubectl's printPod computes them. */
export function podStatus(pod: Pod): { status: string; ready: string; restarts: number } {
  const status = pod.status ?? {};
  const containers = pod.spec?.containers ?? [];
  const initContainers = pod.spec?.initContainers ?? [];
  let restarts = 0;
  let readyContainers = 0;
  let reason = status.reason || status.phase || 'Pending';

  let initializing = false;
  const initStatuses = status.initContainerStatuses ?? [];
  for (let i = 0; i < initStatuses.length; i++) {
    const c = initStatuses[i];
    restarts += c.restartCount ?? 0;
    const terminated = c.state?.terminated;
    const waiting = c.state?.waiting;
    const restartable = initContainers.find((ic) => ic.name === c.name)?.restartPolicy === 'Always';
    if (terminated && terminated.exitCode === 0) continue;
    if (restartable && c.started) continue;
    if (terminated) {
      reason = terminated.reason
        ? `Init:${terminated.reason}`
        : terminated.signal
          ? `Init:Signal:${terminated.signal}`
          : `Init:ExitCode:${terminated.exitCode}`;
    } else if (waiting?.reason && waiting.reason !== 'PodInitializing') {
      reason = `Init:${waiting.reason}`;
    } else {
      reason = `Init:${i}/${initContainers.length}`;
    }
    initializing = true;
    break;
  }

  const initializedTrue = status.conditions?.some((c) => c.type === 'Initialized' && c.status === 'True');
  if (!initializing || initializedTrue) {
    restarts = 0;
    let hasRunning = false;
    const statuses = status.containerStatuses ?? [];
    for (let i = statuses.length - 1; i >= 0; i--) {
      const c = statuses[i];
      restarts += c.restartCount ?? 0;
      const waiting = c.state?.waiting;
      const terminated = c.state?.terminated;
      if (waiting?.reason) reason = waiting.reason;
      else if (terminated?.reason) reason = terminated.reason;
      else if (terminated) reason = terminated.signal ? `Signal:${terminated.signal}` : `ExitCode:${terminated.exitCode}`;
      else if (c.ready && c.state?.running) {
        hasRunning = true;
        readyContainers++;
      }
    }
    if (reason === 'Completed' && hasRunning) {
      reason = status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ? 'Running' : 'NotReady';
    }
  }

  const phaseTerminal = status.phase === 'Succeeded' || status.phase === 'Failed';
  if (pod.metadata?.deletionTimestamp && status.reason === 'NodeLost') reason = 'Unknown';
  else if (pod.metadata?.deletionTimestamp && !phaseTerminal) reason = 'Terminating';

  return { status: reason, ready: `${readyContainers}/${containers.length}`, restarts };
}

export function podView(pod: Pod): PodView {
  const meta = pod.metadata ?? {};
  const namespace = meta.namespace ?? 'default';
  const name = meta.name ?? '';
  const owner = controllerOf(pod);
  const requests = podRequests(pod);
  const { status, ready, restarts } = podStatus(pod);
  return {
    key: `${namespace}/${name}`,
    namespace,
    name,
    uid: meta.uid ?? '',
    nodeName: pod.spec?.nodeName ?? '',
    phase: pod.status?.phase ?? 'Pending',
    status,
    ready,
    restarts,
    ownerKind: owner?.kind ?? '',
    ownerName: owner?.name ?? '',
    cpuMilli: requests.cpu ?? 0,
    memoryBytes: requests.memory ?? 0,
    ...withGpus(gpuCount(requests)),
    podIP: pod.status?.podIP ?? '',
    terminating: !!meta.deletionTimestamp,
    createdMs: ms(meta.creationTimestamp),
  };
}

/**
 * GPU devices in a resource list: whole GPUs of any vendor (`<vendor>/gpu`) and NVIDIA MIG slices.
 * Simplification: a MIG slice counts as one device, whatever its size.
 */
function gpuCount(list: Record<string, number | string>, parse: (r: string, v: number | string) => number = (_r, v) => Number(v)): number {
  let n = 0;
  for (const [r, v] of Object.entries(list)) if (r.endsWith('/gpu') || r.startsWith('nvidia.com/mig-')) n += parse(r, v) || 0;
  return n;
}

/** `{ gpus }` only when there are some, so views of clusters without GPUs keep their shape. */
function withGpus(n: number): { gpus?: number } {
  return n > 0 ? { gpus: n } : {};
}

/** Does this pod count against its node's resources? (The scheduler ignores terminal pods.) */
export function podOccupiesNode(p: PodView): boolean {
  return p.nodeName !== '' && p.phase !== 'Succeeded' && p.phase !== 'Failed';
}

function amounts(list: Record<string, string | number> | undefined): ResourceAmounts {
  const get = (r: string) => {
    const v = list?.[r];
    if (v === undefined) return 0;
    try {
      return resourceAmount(r, v);
    } catch {
      return 0;
    }
  };
  return { cpuMilli: get('cpu'), memoryBytes: get('memory'), pods: get('pods'), ...withGpus(gpuCount(list ?? {}, (r) => get(r))) };
}

const ROLE_PREFIX = 'node-role.kubernetes.io/';

export function nodeView(node: Node, requested: ResourceAmounts): NodeView {
  const labels = { ...(node.metadata?.labels ?? {}) };
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(labels)) {
    if (k.startsWith(ROLE_PREFIX) && k.length > ROLE_PREFIX.length) roles.add(k.slice(ROLE_PREFIX.length));
    else if (k === 'kubernetes.io/role' && v) roles.add(v);
  }
  const capacity = amounts(node.status?.capacity as Record<string, string> | undefined);
  const allocatableList = node.status?.allocatable as Record<string, string> | undefined;
  const taints: TaintView[] = (node.spec?.taints ?? []).map((t) => ({ key: t.key, value: t.value ?? '', effect: t.effect }));
  const readyCondition = node.status?.conditions?.find((c) => c.type === 'Ready');
  const ready = readyCondition?.status === 'True';
  const view: NodeView = {
    name: node.metadata?.name ?? '',
    ready,
    roles: [...roles].sort(),
    capacity,
    allocatable: allocatableList ? amounts(allocatableList) : capacity,
    requested,
    labels,
    unschedulable: !!node.spec?.unschedulable,
    taints,
    createdMs: ms(node.metadata?.creationTimestamp),
  };
  if (!ready) view.notReadyMessage = readyCondition ? readyCondition.message || readyCondition.reason || '' : '';
  if (node.spec?.podCIDR) view.podCIDR = node.spec.podCIDR;
  const group = node.metadata?.labels?.[NODE_GROUP_LABEL];
  if (group) view.nodeGroup = group;
  if (hasDeletionTaint(node)) view.scalingDown = true;
  return view;
}

export function eventView(ev: KubeEvent): EventView {
  const namespace = ev.metadata?.namespace ?? 'default';
  const io = ev.involvedObject ?? {};
  return {
    key: `${namespace}/${ev.metadata?.name ?? ''}`,
    type: ev.type ?? 'Normal',
    reason: ev.reason ?? '',
    object: `${io.kind ?? ''}/${io.name ?? ''}`,
    message: ev.message ?? '',
    count: ev.count ?? ev.series?.count ?? 1,
    lastMs: ms(ev.lastTimestamp) || ms(ev.series?.lastObservedTime) || ms(ev.eventTime) || ms(ev.firstTimestamp) || ms(ev.metadata?.creationTimestamp),
  };
}

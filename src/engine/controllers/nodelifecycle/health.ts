// tryUpdateNodeHealth: the node lifecycle controller's view of each node's health signals (the Ready condition's
// heartbeat and the node Lease's renewTime), timestamped with its own clock, and the verdict once they go
// silent for longer than the grace period: every kubelet-owned condition becomes Unknown.
import type { Lease } from 'kubernetes-types/coordination/v1';
import type { Node, NodeCondition, NodeStatus } from 'kubernetes-types/core/v1';
import { toRFC3339 } from '../../sim/clock.ts';
import { getNodeCondition } from '../nodeutil.ts';

/** --node-monitor-period. */
export const NODE_MONITOR_PERIOD_MS = 5_000;
/** --node-monitor-grace-period (v1.32 default). */
export const NODE_MONITOR_GRACE_PERIOD_MS = 50_000;
/** --node-startup-grace-period: for a node that has never posted a Ready condition. */
export const NODE_STARTUP_GRACE_PERIOD_MS = 60_000;

/** The conditions the controller turns Unknown; NetworkUnavailable is managed by the control plane. */
export const KUBELET_CONDITION_TYPES = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'];

export interface NodeHealth {
  /** When this controller last saw a health signal change (its own time, never the kubelet's). */
  probeTimestamp: number;
  readyTransitionTimestamp: number;
  status: NodeStatus | undefined;
  lease?: Lease;
}

export interface HealthVerdict {
  health: NodeHealth;
  gracePeriodMs: number;
  /** The Ready condition as the node carried it. */
  observedReady: NodeCondition;
  /** The Ready condition after this pass (undefined when the node never had one and still has none). */
  currentReady: NodeCondition | undefined;
  /** The node with its conditions turned Unknown: the status the controller must write. */
  update?: Node;
}

export interface HealthConfig { monitorGraceMs: number; startupGraceMs: number }

const DEFAULT_CONFIG: HealthConfig = { monitorGraceMs: NODE_MONITOR_GRACE_PERIOD_MS, startupGraceMs: NODE_STARTUP_GRACE_PERIOD_MS };

function renewedAfter(saved: Lease | undefined, observed: Lease): boolean {
  if (!saved) return true;
  if (saved === observed) return false;
  return Date.parse(saved.spec?.renewTime ?? '') < Date.parse(observed.spec?.renewTime ?? '');
}

export function tryUpdateNodeHealth(node: Node, saved: NodeHealth | undefined, lease: Lease | undefined, now: number, cfg: HealthConfig = DEFAULT_CONFIG): HealthVerdict {
  const current = getNodeCondition(node, 'Ready');
  let health = saved;
  let gracePeriodMs: number;
  let observedReady: NodeCondition;
  if (!current) {
    // The kubelet never posted status: judge it from its creation, with the longer startup grace.
    const ts = node.metadata?.creationTimestamp;
    const created = Date.parse(ts ?? '') || now;
    observedReady = { type: 'Ready', status: 'Unknown', lastHeartbeatTime: ts, lastTransitionTime: ts };
    gracePeriodMs = cfg.startupGraceMs;
    health = health ? { ...health, status: node.status } : { status: node.status, probeTimestamp: created, readyTransitionTimestamp: created };
  } else {
    observedReady = { ...current };
    gracePeriodMs = cfg.monitorGraceMs;
  }
  const savedReady = getNodeCondition(health, 'Ready');
  if (!health) {
    health = { status: node.status, probeTimestamp: now, readyTransitionTimestamp: now };
  } else if (!savedReady && current) {
    // Newly observed (or the controller restarted with the node already there).
    health = { status: node.status, probeTimestamp: now, readyTransitionTimestamp: now };
  } else if (savedReady && !current) {
    health = { status: node.status, probeTimestamp: now, readyTransitionTimestamp: now };
  } else if (savedReady && current && savedReady.lastHeartbeatTime !== current.lastHeartbeatTime) {
    const transition = savedReady.lastTransitionTime !== current.lastTransitionTime ? now : health.readyTransitionTimestamp;
    health = { status: node.status, probeTimestamp: now, readyTransitionTimestamp: transition };
  }
  // A renewed Lease always counts as a probe: a kubelet that renews its lease but never posts status is healthy.
  if (lease && renewedAfter(health.lease, lease)) health = { ...health, lease, probeTimestamp: now };

  if (now <= health.probeTimestamp + gracePeriodMs) return { health, gracePeriodMs, observedReady, currentReady: current };

  const nowTs = toRFC3339(now);
  const status: NodeStatus = structuredClone(node.status ?? {});
  const conditions = status.conditions ?? [];
  for (const type of KUBELET_CONDITION_TYPES) {
    const i = conditions.findIndex((c) => c.type === type);
    if (i < 0) {
      conditions.push({ type, status: 'Unknown', reason: 'NodeStatusNeverUpdated', message: 'Kubelet never posted node status.', lastHeartbeatTime: node.metadata?.creationTimestamp, lastTransitionTime: nowTs });
    } else if (conditions[i].status !== 'Unknown') {
      conditions[i] = { ...conditions[i], status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastTransitionTime: nowTs };
    }
  }
  status.conditions = conditions;
  const currentReady = conditions.find((c) => c.type === 'Ready');
  if (sameCondition(currentReady, observedReady)) return { health, gracePeriodMs, observedReady, currentReady };
  return { health, gracePeriodMs, observedReady, currentReady, update: { ...node, status } };
}

function sameCondition(a: NodeCondition | undefined, b: NodeCondition): boolean {
  return !!a && a.status === b.status && a.reason === b.reason && a.message === b.message
    && a.lastHeartbeatTime === b.lastHeartbeatTime && a.lastTransitionTime === b.lastTransitionTime;
}

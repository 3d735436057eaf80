// Zones and their disruption states (nodelifecycle ComputeZoneState, nodetopology.GetZoneKey): how many nodes of
// a zone are not Ready decides how fast the controller may taint them, or whether it stops altogether.
import type { Node, NodeCondition } from 'kubernetes-types/core/v1';

export type ZoneState = 'Initial' | 'Normal' | 'PartialDisruption' | 'FullDisruption';

export interface EvictionConfig {
  /** --node-eviction-rate: nodes tainted per second in a healthy zone. */
  evictionLimiterQPS: number;
  /** --secondary-node-eviction-rate: in a partially disrupted zone of a large cluster. */
  secondaryEvictionLimiterQPS: number;
  /** --large-cluster-size-threshold. */
  largeClusterThreshold: number;
  /** --unhealthy-zone-threshold: the share of not-Ready nodes that makes a zone partially disrupted. */
  unhealthyZoneThreshold: number;
}

export const DEFAULT_EVICTION_CONFIG: EvictionConfig = {
  evictionLimiterQPS: 0.1,
  secondaryEvictionLimiterQPS: 0.01,
  largeClusterThreshold: 50,
  unhealthyZoneThreshold: 0.55,
};

/** Nodes with this label never count towards their zone's disruption. */
export const LABEL_EXCLUDE_DISRUPTION = 'node.kubernetes.io/exclude-disruption';

/** GetZoneKey: region and zone (the deprecated failure-domain labels first); "" when the node has neither. */
export function zoneKey(node: Node): string {
  const l = node.metadata?.labels ?? {};
  const zone = l['failure-domain.beta.kubernetes.io/zone'] ?? l['topology.kubernetes.io/zone'] ?? '';
  const region = l['failure-domain.beta.kubernetes.io/region'] ?? l['topology.kubernetes.io/region'] ?? '';
  return region === '' && zone === '' ? '' : `${region}:\u0000:${zone}`;
}

/** ComputeZoneState: no Ready node is a full disruption; more than 2 and at least the threshold share, partial. */
export function computeZoneState(readyConditions: readonly (NodeCondition | undefined)[], cfg: EvictionConfig = DEFAULT_EVICTION_CONFIG): { notReady: number; state: ZoneState } {
  const ready = readyConditions.filter((c) => c?.status === 'True').length;
  const notReady = readyConditions.length - ready;
  if (ready === 0 && notReady > 0) return { notReady, state: 'FullDisruption' };
  if (notReady > 2 && notReady / readyConditions.length >= cfg.unhealthyZoneThreshold) return { notReady, state: 'PartialDisruption' };
  return { notReady, state: 'Normal' };
}

/** The tainting rate for a zone in a state (HealthyQPSFunc, ReducedQPSFunc). */
export function zoneQPS(state: ZoneState, zoneSize: number, cfg: EvictionConfig = DEFAULT_EVICTION_CONFIG): number {
  if (state === 'PartialDisruption') return zoneSize > cfg.largeClusterThreshold ? cfg.secondaryEvictionLimiterQPS : 0;
  return cfg.evictionLimiterQPS;
}

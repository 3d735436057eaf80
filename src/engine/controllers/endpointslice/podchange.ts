// Which pod updates concern the EndpointSlice controller (k8s.io/endpointslice/util's podEndpointsChanged): a
// status write that changes no endpoint (a container's restart count, a condition other than Ready) queues no
// Service, as upstream's pod handler.
import type { Pod } from 'kubernetes-types/core/v1';
import { isPodReady } from '../../api/pod.ts';

export interface PodEndpointsChange {
  /** The pod's endpoint may have changed: deletion, readiness or IPs. */
  podChanged: boolean;
  /** The Services selecting the pod may have changed: labels, hostname or subdomain. */
  labelsChanged: boolean;
}

export function podEndpointsChanged(old: Pod, cur: Pod): PodEndpointsChange {
  const labelsChanged = !sameLabels(old.metadata?.labels, cur.metadata?.labels)
    || old.spec?.hostname !== cur.spec?.hostname || old.spec?.subdomain !== cur.spec?.subdomain;
  return { podChanged: endpointChanged(old, cur), labelsChanged };
}

function endpointChanged(old: Pod, cur: Pod): boolean {
  // Upstream compares the two deletionTimestamp pointers, which differ for any two versions of a terminating pod.
  if (old.metadata?.deletionTimestamp || cur.metadata?.deletionTimestamp) return true;
  if (isPodReady(old) !== isPodReady(cur)) return true;
  const a = old.status?.podIPs ?? [];
  const b = cur.status?.podIPs ?? [];
  if (a.length !== b.length) return true;
  for (let i = 0; i < a.length; i++) if (a[i].ip !== b[i].ip) return true;
  return false;
}

/** reflect.DeepEqual of two label maps (no labels and empty labels select the same Services). */
function sameLabels(a: Readonly<Record<string, string>> | undefined, b: Readonly<Record<string, string>> | undefined): boolean {
  if (a === b) return true;
  const ka = Object.keys(a ?? {});
  if (ka.length !== Object.keys(b ?? {}).length) return false;
  for (const k of ka) if (a![k] !== b?.[k]) return false;
  return true;
}

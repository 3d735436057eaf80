// A pod's effective requests and limits as quantities (component-helpers resource.PodRequests / PodLimits): the sum
// of the app and sidecar containers, or the largest init container (with the sidecars started before it) if bigger.
import type { Container, Pod } from 'kubernetes-types/core/v1';
import { add, parseResourceList, type ResourceList } from './resources.ts';

export type ResourceField = 'requests' | 'limits';

function containerList(c: Container, field: ResourceField): ResourceList {
  return parseResourceList(c.resources?.[field] as Record<string, string> | undefined);
}

/** maxResourceList: the larger quantity of each resource. */
function maxOf(a: ResourceList, b: ResourceList): ResourceList {
  const out: ResourceList = { ...a };
  for (const [name, q] of Object.entries(b)) if (!(name in out) || q.cmp(out[name]) > 0) out[name] = q;
  return out;
}

/**
 * AggregateContainerRequests / AggregateContainerLimits, plus the pod overhead when asked for (the quota evaluator
 * counts it; the LimitRanger's simplified copy does not). Overhead adds to limits only where a limit is set.
 */
export function podResourceList(pod: Pod, field: ResourceField, withOverhead = false): ResourceList {
  let sum: ResourceList = {};
  for (const c of pod.spec?.containers ?? []) sum = add(sum, containerList(c, field));
  let sidecars: ResourceList = {};
  let init: ResourceList = {};
  for (const c of pod.spec?.initContainers ?? []) {
    const own = containerList(c, field);
    if (c.restartPolicy === 'Always') {
      sum = add(sum, own);
      sidecars = add(sidecars, own);
      init = maxOf(init, sidecars);
    } else {
      init = maxOf(init, add(own, sidecars));
    }
  }
  sum = maxOf(sum, init);
  if (withOverhead && pod.spec?.overhead) {
    const overhead = parseResourceList(pod.spec.overhead as Record<string, string>);
    if (field === 'requests') sum = add(sum, overhead);
    else for (const name of Object.keys(sum)) if (name in overhead) sum[name] = sum[name].add(overhead[name]);
  }
  return sum;
}

// What a downwardAPI volume file holds (pkg/volume/downwardapi CollectData): one field or resource of the pod,
// with labels and annotations as the kubelet formats a whole map (fieldpath.FormatMap).
import type { DownwardAPIVolumeFile, Pod } from 'kubernetes-types/core/v1';
import { goQuote } from '../../../api/validation.ts';
import { fieldValue, resourceValue } from '../envvars.ts';

/** fieldpath.FormatMap: `key="value"` lines (Go %q quoting) sorted by key, without a final newline. */
export function formatMap(m: Record<string, string> | undefined): string {
  return Object.keys(m ?? {}).sort().map((k) => `${k}=${goQuote(m![k])}`).join('\n');
}

/** One item's content; `allocatable` stands in for unset limits, as the kubelet defaults them. */
export function downwardFileContent(pod: Pod, item: DownwardAPIVolumeFile, allocatable: Record<string, string>): string {
  if (item.fieldRef) {
    const path = item.fieldRef.fieldPath;
    if (path === 'metadata.labels') return formatMap(pod.metadata?.labels);
    if (path === 'metadata.annotations') return formatMap(pod.metadata?.annotations);
    return fieldValue(pod, path);
  }
  if (item.resourceFieldRef) {
    const ref = item.resourceFieldRef;
    const c = pod.spec?.containers.find((x) => x.name === ref.containerName) ?? pod.spec?.containers[0];
    return c ? resourceValue(c, ref.resource, ref.divisor, allocatable) : '';
  }
  return '';
}

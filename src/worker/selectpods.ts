// The map's label-selector filter, evaluated in the worker with the engine's own selector parser (the
// page never parses Kubernetes itself): the keys of the Pods whose labels match, or kubectl's parse error.
import type { Pod } from 'kubernetes-types/core/v1';
import { parseSelector } from '../engine/api/labels.ts';

/** "namespace/name" of every pod whose labels match `selector` (kubectl -l grammar). Throws on a bad selector. */
export function selectPods(pods: Iterable<Pod>, selector: string): string[] {
  const sel = parseSelector(selector.trim());
  const keys: string[] = [];
  for (const p of pods) {
    if (sel.matches(p.metadata?.labels ?? {})) keys.push(`${p.metadata?.namespace ?? 'default'}/${p.metadata?.name ?? ''}`);
  }
  return keys;
}

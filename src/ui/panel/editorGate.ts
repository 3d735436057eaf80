// Monaco is the page's heaviest piece (megabytes of script and a long first layout). It starts loading once
// the cluster is on screen, so the map and the terminal are usable first; until then the plain editor stands in.
import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

/** Let the editor load, after the next idle moment (or a second at most). Idempotent. */
export function openEditorGate(): void {
  if (open) return;
  const release = () => {
    open = true;
    for (const l of listeners) l();
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(release, { timeout: 1000 });
  else setTimeout(release, 0);
}

export function useEditorGate(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
  );
}

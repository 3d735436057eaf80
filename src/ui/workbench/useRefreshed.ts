// A worker read that refreshes as the cluster changes (at most every REFRESH_MS): the drawer's panels.
import { useEffect, useState } from 'react';
import { useClusterViewEvery, type ClusterViewStore } from '../state/clusterStore.ts';

const REFRESH_MS = 500;

export type Loaded<T> = { ok: true; value: T } | { ok: false; error: string } | undefined;

export function useRefreshed<T>(store: ClusterViewStore, read: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const seq = useClusterViewEvery(store, (s) => s.seq, REFRESH_MS);
  const [state, setState] = useState<Loaded<T>>();
  useEffect(() => {
    let live = true;
    read().then(
      (value) => live && setState({ ok: true, value }),
      (e: unknown) => live && setState({ ok: false, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => void (live = false);
  }, [seq, ...deps]);
  return state;
}

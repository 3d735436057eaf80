// The page's copy of the data-plane view (GPUs, pod network, Services, traffic): one store the node cards, the
// map's traffic edges and the panels read. The dock polls the worker a few times a second while the page is visible.
import { useEffect, useSyncExternalStore } from 'react';
import type { EngineClient } from '../../worker/client.ts';
import type { DataPlaneView } from '../../worker/protocol.ts';

export const EMPTY_DATA_PLANE: DataPlaneView = { gpus: [], cni: { installed: [], nodes: [], podCIDRs: { clusterCIDR: '', nodeCIDRMaskSize: 0, capacity: 0, allocated: 0 } }, services: [], sources: [], serviceTraffic: [], podTraffic: {} };

/**
 * Wall ms between reads: the panels and edges refresh about three times a second.
 * Simplification: the page pulls the whole (small) view instead of receiving deltas on the change feed.
 */
const POLL_MS = 350;

let current = EMPTY_DATA_PLANE;
let currentJson = '';
const listeners = new Set<() => void>();

/** Keep the new view only when something changed, so selectors see stable references. */
export function setDataPlane(view: DataPlaneView): void {
  const json = JSON.stringify(view);
  if (json === currentJson) return;
  currentJson = json;
  current = view;
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useDataPlane(): DataPlaneView {
  return useSyncExternalStore(subscribe, () => current);
}

/** Read the worker's view now and then; stops while the tab is hidden. */
export function useDataPlanePolling(engine: EngineClient): void {
  useEffect(() => {
    let live = true;
    let inFlight = false;
    const poll = () => {
      if (inFlight || document.visibilityState === 'hidden') return;
      inFlight = true;
      engine.dataPlane().then(
        (v) => live && setDataPlane(v),
        () => undefined, // not initialized yet
      ).finally(() => {
        inFlight = false;
      });
    };
    poll();
    const id = setInterval(poll, POLL_MS);
    return () => {
      live = false;
      clearInterval(id);
    };
  }, [engine]);
}

// What the map shows on top of the cluster views: the nodes a scheduling explanation judged (while the
// detail drawer is open on a pod), the selected object, and the node menu. Passed by context so flow nodes
// (rendered by xyflow) re-render only when it changes.
import { createContext, useContext } from 'react';

/** How the scheduler's last attempt judged a node. */
export type NodeVerdict =
  | { state: 'rejected'; plugin: string; reason: string }
  | { state: 'feasible'; score?: number }
  | { state: 'chosen'; score?: number }
  | { state: 'nominated' }
  | { state: 'skipped' };

export interface MapOverlay {
  verdicts: ReadonlyMap<string, NodeVerdict>;
  /** "namespace/name" of the pod open in the drawer. */
  selectedPod?: string;
  /** Name of the node open in the drawer. */
  selectedNode?: string;
  openNodeMenu?(node: string, anchor: DOMRect): void;
}

export const NO_OVERLAY: MapOverlay = { verdicts: new Map() };

export const MapOverlayContext = createContext<MapOverlay>(NO_OVERLAY);

export function useMapOverlay(): MapOverlay {
  return useContext(MapOverlayContext);
}

// What the map shows on top of the cluster views: the nodes a scheduling explanation judged (while the
// detail drawer is open on a pod), the selected object, and the node menu. Passed by context so flow nodes
// (rendered by xyflow) re-render only when it changes.
import { createContext, useContext } from 'react';
import type { PodView } from '../../worker/protocol.ts';
import type { Point, TileCentres } from './layout.ts';

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

/** What a click on a pod tile does (the map sets it; tiles are drawn deep inside xyflow's nodes). */
export const PodClickContext = createContext<((pod: PodView) => void) | undefined>(undefined);

export function usePodClick(): ((pod: PodView) => void) | undefined {
  return useContext(PodClickContext);
}

/** Show a level of the map: '' the whole cluster, a group key, or `group#slice` (aggregated tiles set it). */
export const MapFocusContext = createContext<(focus: string) => void>(() => undefined);

export function useMapFocus(): (focus: string) => void {
  return useContext(MapFocusContext);
}

/** Where the map drew each pod (centre, flow coordinates) and the top of the drawing: traffic edges use it. */
export interface PodPositions {
  podAt: TileCentres;
  top: number;
  /** Screen pixels at the canvas's top that the floating toolbar covers: framing keeps content below them. */
  coveredTop: number;
}

export const PodPositionsContext = createContext<PodPositions>({ podAt: new Map<string, Point>(), top: 0, coveredTop: 0 });

export function usePodPositions(): PodPositions {
  return useContext(PodPositionsContext);
}

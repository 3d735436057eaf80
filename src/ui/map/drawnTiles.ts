// What the map's canvases show, as data: end-to-end tests and the page benchmark read the tiles here
// (`window.__kubesimTiles()`), since a painted tile has no element of its own.
import { TILE } from './layout.ts';
import { RING, tileOrigin } from './tileGrid.ts';
import type { SlotGrid } from './tileSlots.ts';
import { podMotion, podTone } from './tone.ts';

interface Grid {
  pods: SlotGrid;
  perRow: number;
  selectedPod?: string;
}

/** Mounted grids, keyed by their element (culled cards are unmounted, so their tiles are not drawn). */
const grids = new Map<HTMLElement, Grid>();

export function registerGrid(el: HTMLElement, grid: Grid): () => void {
  grids.set(el, grid);
  return () => {
    if (grids.get(el) === grid) grids.delete(el);
  };
}

/** A pod tile as the map drew it (end-to-end tests read these through e2e/helpers.ts). */
export interface DrawnTile {
  pod: string;
  namespace: string;
  /** '' for a pod in the unscheduled lane. */
  node: string;
  /** The owner's name ('' for a bare pod). */
  owner: string;
  tone: string;
  /** '' | 'pulse' | 'flash' | 'fade' */
  motion: string;
  selected: boolean;
  /** Centre in the viewport, CSS pixels: page.mouse.click(x, y) clicks it. */
  x: number;
  y: number;
  /** Drawn on a laid-out card (what Playwright's toBeVisible checked of a tile element). */
  visible: boolean;
  /** The centre lies inside the map's visible area. */
  inView: boolean;
}

function drawnTiles(): DrawnTile[] {
  const out: DrawnTile[] = [];
  const ordered = [...grids.entries()].sort(([a], [b]) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  for (const [el, grid] of ordered) {
    if (!el.isConnected) continue;
    const rect = el.getBoundingClientRect();
    const zoom = rect.width / Math.max(1, el.offsetWidth);
    const view = el.closest('[data-testid=map-canvas]')?.getBoundingClientRect();
    grid.pods.forEach((p, i) => {
      if (!p) return;
      const o = tileOrigin(i, grid.perRow);
      // The grid element spans the ring margin too: tiles start RING in.
      const x = rect.left + (RING + o.x + TILE / 2) * zoom;
      const y = rect.top + (RING + o.y + TILE / 2) * zoom;
      out.push({
        pod: p.name, namespace: p.namespace, node: p.nodeName, owner: p.ownerName,
        tone: podTone(p), motion: podMotion(p), selected: grid.selectedPod === p.key, x, y,
        visible: rect.width > 0 && rect.height > 0,
        inView: !!view && x >= view.left && x <= view.right && y >= view.top && y <= view.bottom,
      });
    });
  }
  return out;
}

declare global {
  interface Window {
    __kubesimTiles?: () => DrawnTile[];
  }
}

if (typeof window !== 'undefined') window.__kubesimTiles = drawnTiles;

// The pod tiles of one card (or the lane) as a grid painted on canvases: where tile i sits, which tile a point
// hits, and how tiles and their rings are drawn. Pure apart from the canvas context it is handed.
import { TILE, TILE_GAP } from './layout.ts';
import type { PodTone } from './tone.ts';

/** From one tile's left edge to the next one's. */
export const STEP = TILE + TILE_GAP;
/** Room around the grid for the rings drawn outside a tile (selection: 2 px gap + 2 px accent). */
export const RING = 4;
const RADIUS = 4;

export interface GridSize {
  width: number;
  height: number;
}

/** The CSS size of a grid of `count` tiles, `perRow` to a row (without the ring margin). */
export function gridSize(count: number, perRow: number): GridSize {
  const rows = Math.max(1, Math.ceil(count / perRow));
  return { width: perRow * STEP - TILE_GAP, height: rows * STEP - TILE_GAP };
}

/** Top-left corner of tile `index` in grid coordinates. */
export function tileOrigin(index: number, perRow: number): { x: number; y: number } {
  return { x: (index % perRow) * STEP, y: Math.floor(index / perRow) * STEP };
}

/** The tile under a point in grid coordinates, or -1 over a gap or past the last tile. */
export function tileAt(x: number, y: number, perRow: number, count: number): number {
  if (x < 0 || y < 0) return -1;
  const col = Math.floor(x / STEP);
  const row = Math.floor(y / STEP);
  if (col >= perRow || x - col * STEP >= TILE || y - row * STEP >= TILE) return -1;
  const index = row * perRow + col;
  return index < count ? index : -1;
}

/** The colours the stylesheet gives the tones and rings (read once per theme: tilePalette.ts). */
export interface TilePalette {
  tones: Readonly<Record<PodTone, string>>;
  surface: string;
  accent: string;
}

export interface PaintedTile {
  index: number;
  tone: PodTone;
  /** CrashLoopBackOff: a ring in the failed colour, which the canvas's flash animation brightens. */
  flash: boolean;
}

/** Size a canvas for a grid at `scale` device pixels per CSS pixel and clear it; returns its context. */
export function prepareCanvas(canvas: HTMLCanvasElement, size: GridSize, scale: number): CanvasRenderingContext2D | null {
  const w = Math.ceil((size.width + 2 * RING) * scale);
  const h = Math.ceil((size.height + 2 * RING) * scale);
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, w, h);
  ctx.setTransform(scale, 0, 0, scale, RING * scale, RING * scale);
  return ctx;
}

function tilePath(ctx: CanvasRenderingContext2D, tiles: readonly PaintedTile[], perRow: number, grow = 0): void {
  ctx.beginPath();
  for (const t of tiles) {
    const o = tileOrigin(t.index, perRow);
    ctx.roundRect(o.x - grow, o.y - grow, TILE + 2 * grow, TILE + 2 * grow, RADIUS + grow);
  }
}

/**
 * Paint tiles: one path and one fill per tone (thousands of tiles cost a few dozen canvas calls), a thin inner
 * edge, stripes on Terminating tiles, and the failed-colour ring of a crash-looping container.
 */
export function drawTiles(ctx: CanvasRenderingContext2D, tiles: readonly PaintedTile[], perRow: number, palette: TilePalette): void {
  const byTone = new Map<PodTone, PaintedTile[]>();
  for (const t of tiles) {
    let list = byTone.get(t.tone);
    if (!list) byTone.set(t.tone, (list = []));
    list.push(t);
  }
  const flashing = tiles.filter((t) => t.flash);
  if (flashing.length) {
    tilePath(ctx, flashing, perRow, 2);
    ctx.fillStyle = palette.tones.failed;
    ctx.fill();
  }
  for (const [tone, list] of byTone) {
    tilePath(ctx, list, perRow);
    ctx.fillStyle = palette.tones[tone];
    ctx.fill();
    if (tone === 'terminating') drawStripes(ctx, list, perRow);
  }
  tilePath(ctx, tiles, perRow, -0.5);
  ctx.strokeStyle = 'rgb(0 0 0 / 12%)';
  ctx.lineWidth = 1;
  ctx.stroke();
}

/** The diagonal stripes the stylesheet gave Terminating tiles (135°, 3 px clear, 2 px light). */
function drawStripes(ctx: CanvasRenderingContext2D, tiles: readonly PaintedTile[], perRow: number): void {
  ctx.save();
  tilePath(ctx, tiles, perRow);
  ctx.clip();
  ctx.beginPath();
  for (const t of tiles) {
    const o = tileOrigin(t.index, perRow);
    for (let d = 4; d < 2 * TILE; d += 5) {
      ctx.moveTo(o.x + d, o.y);
      ctx.lineTo(o.x + d - TILE, o.y + TILE);
    }
  }
  ctx.strokeStyle = 'rgb(255 255 255 / 35%)';
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.restore();
}

/** A ring around one tile: a gap in the surface colour, then the accent (selection: width 2; hover: 1.5). */
export function drawRing(ctx: CanvasRenderingContext2D, index: number, perRow: number, palette: TilePalette, width: number): void {
  const o = tileOrigin(index, perRow);
  ctx.beginPath();
  ctx.roundRect(o.x - 2 - width / 2, o.y - 2 - width / 2, TILE + 4 + width, TILE + 4 + width, RADIUS + 2 + width / 2);
  ctx.strokeStyle = palette.accent;
  ctx.lineWidth = width;
  ctx.stroke();
  ctx.beginPath();
  ctx.roundRect(o.x - 1, o.y - 1, TILE + 2, TILE + 2, RADIUS + 1);
  ctx.strokeStyle = palette.surface;
  ctx.lineWidth = 2;
  ctx.stroke();
}

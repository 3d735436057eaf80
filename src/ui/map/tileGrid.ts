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

function tilePath(ctx: OffscreenCanvasRenderingContext2D, grow = 0): void {
  ctx.beginPath();
  ctx.roundRect(-grow, -grow, TILE + 2 * grow, TILE + 2 * grow, RADIUS + grow);
}

/** How far a sprite reaches outside its tile: the crash-loop ring. It stays inside the tile's half of the gap. */
const SPRITE_MARGIN = 2;

/**
 * One tile drawn at the origin: its tone, a thin inner edge, stripes when Terminating, and the failed-colour ring
 * of a crash-looping container.
 */
function drawTile(ctx: OffscreenCanvasRenderingContext2D, tone: PodTone, flash: boolean, palette: TilePalette): void {
  if (flash) {
    tilePath(ctx, SPRITE_MARGIN);
    ctx.fillStyle = palette.tones.failed;
    ctx.fill();
  }
  tilePath(ctx);
  ctx.fillStyle = palette.tones[tone];
  ctx.fill();
  if (tone === 'terminating') drawStripes(ctx);
  tilePath(ctx, -0.5);
  ctx.strokeStyle = 'rgb(0 0 0 / 12%)';
  ctx.lineWidth = 1;
  ctx.stroke();
}

/** The diagonal stripes the stylesheet gave Terminating tiles (135°, 3 px clear, 2 px light). */
function drawStripes(ctx: OffscreenCanvasRenderingContext2D): void {
  ctx.save();
  tilePath(ctx);
  ctx.clip();
  ctx.beginPath();
  for (let d = 4; d < 2 * TILE; d += 5) {
    ctx.moveTo(d, 0);
    ctx.lineTo(d - TILE, TILE);
  }
  ctx.strokeStyle = 'rgb(255 255 255 / 35%)';
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.restore();
}

/**
 * Tiles are stamped from sprites, one per tone, flash and scale: a blit per tile. Filling rounded paths (and
 * clipping stripes) for every tile of a card on every change made rasterising the canvases the largest part of
 * the page's frame commits.
 */
const sprites = new WeakMap<TilePalette, Map<number, Map<string, OffscreenCanvas>>>();

function spritesFor(palette: TilePalette, scale: number): Map<string, OffscreenCanvas> {
  let byScale = sprites.get(palette);
  if (!byScale) sprites.set(palette, (byScale = new Map()));
  let byLook = byScale.get(scale);
  if (!byLook) byScale.set(scale, (byLook = new Map()));
  return byLook;
}

function tileSprite(byLook: Map<string, OffscreenCanvas>, palette: TilePalette, scale: number, tile: PaintedTile): OffscreenCanvas {
  const look = tile.flash ? `${tile.tone} flash` : tile.tone;
  let sprite = byLook.get(look);
  if (!sprite) {
    const side = Math.ceil((TILE + 2 * SPRITE_MARGIN) * scale);
    sprite = new OffscreenCanvas(side, side);
    const ctx = sprite.getContext('2d')!;
    ctx.setTransform(scale, 0, 0, scale, SPRITE_MARGIN * scale, SPRITE_MARGIN * scale);
    drawTile(ctx, tile.tone, tile.flash, palette);
    byLook.set(look, sprite);
  }
  return sprite;
}

/** What a tile canvas shows, so the next paint touches only the places that changed. */
export interface CanvasTiles {
  perRow: number;
  scale: number;
  palette: TilePalette;
  /** Rows of places the canvas has room for: at least the grid's, a power of two. */
  rows: number;
  width: number;
  height: number;
  /** Per place in the grid, the sprite stamped there. */
  drawn: (OffscreenCanvas | undefined)[];
}

/** A place's own cell in device pixels: the tile and half the gap around it, so neighbouring cells never overlap. */
function cellBounds(index: number, perRow: number, scale: number): [number, number, number, number] {
  const o = tileOrigin(index, perRow);
  const half = TILE_GAP / 2;
  const x = Math.round((RING + o.x - half) * scale);
  const y = Math.round((RING + o.y - half) * scale);
  return [x, y, Math.round((RING + o.x + TILE + half) * scale) - x, Math.round((RING + o.y + TILE + half) * scale) - y];
}

/**
 * Paint `tiles` on a canvas for a grid of `size`. After `shown` (what the last call returned) only the places
 * whose sprite changed are cleared and stamped. The canvas only grows (a new width, scale or palette starts it
 * afresh): during a rollout a card's grid, and the lane's much more, gains and loses rows many times a second,
 * and each resize reallocated the canvas and repainted it whole. Its memory is bounded by the most tiles the
 * grid has had (the lane draws at most LANE_TILES).
 */
export function paintTiles(
  canvas: HTMLCanvasElement, shown: CanvasTiles | undefined, tiles: readonly PaintedTile[],
  perRow: number, size: GridSize, scale: number, palette: TilePalette,
): CanvasTiles | undefined {
  const width = Math.ceil((size.width + 2 * RING) * scale);
  const needed = Math.round((size.height + TILE_GAP) / STEP);
  const fits = shown !== undefined && shown.perRow === perRow && shown.scale === scale && shown.palette === palette &&
    shown.width === width && canvas.width === width && canvas.height === shown.height;
  // Rows in powers of two: each new canvas size is a new backing store, made in the GPU process.
  const rows = fits && shown.rows >= needed ? shown.rows : 2 ** Math.ceil(Math.log2(needed));
  const same = fits && shown.rows === rows;
  const room = { width: size.width, height: rows * STEP - TILE_GAP };
  const ctx = same ? canvas.getContext('2d') : prepareCanvas(canvas, room, scale);
  if (!ctx) return undefined;
  // The canvas may reach below the grid (pod-grid clips it): its CSS height is its rows', not the grid's.
  if (!same) canvas.style.height = `${room.height + 2 * RING}px`;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  const byLook = spritesFor(palette, scale);
  const before = same ? shown.drawn : [];
  const drawn: (OffscreenCanvas | undefined)[] = [];
  for (const t of tiles) drawn[t.index] = tileSprite(byLook, palette, scale, t);
  for (let i = 0; i < Math.max(before.length, drawn.length); i++) {
    const sprite = drawn[i];
    if (before[i] === sprite) continue;
    if (before[i]) ctx.clearRect(...cellBounds(i, perRow, scale));
    if (!sprite) continue;
    const o = tileOrigin(i, perRow);
    ctx.drawImage(sprite, Math.round((RING + o.x - SPRITE_MARGIN) * scale), Math.round((RING + o.y - SPRITE_MARGIN) * scale));
  }
  return { perRow, scale, palette, rows, width, height: canvas.height, drawn };
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

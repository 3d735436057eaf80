import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TILE, TILE_GAP, TILES_PER_ROW, tilePosition, PADDING, HEADER_HEIGHT } from './layout.ts';
import { gridSize, paintTiles, RING, STEP, tileAt, tileOrigin, type CanvasTiles, type PaintedTile, type TilePalette } from './tileGrid.ts';
import type { PodTone } from './tone.ts';

describe('tile grid', () => {
  it.each([
    // x, y, perRow, count → index
    [0, 0, 10, 5, 0],
    [TILE - 0.01, TILE - 0.01, 10, 5, 0],
    [TILE, 0, 10, 5, -1], // the gap right of tile 0
    [STEP, 0, 10, 5, 1],
    [4 * STEP + 1, 1, 10, 5, 4],
    [5 * STEP + 1, 1, 10, 5, -1], // past the last tile
    [1, STEP + 1, 10, 15, 10],
    [10 * STEP + 1, 1, 10, 15, -1], // right of the last column
    [-1, 3, 10, 5, -1],
  ])('tileAt(%d, %d, perRow %d, count %d) = %d', (x, y, perRow, count, want) => {
    expect(tileAt(x, y, perRow, count)).toBe(want);
  });

  it('sizes the grid to whole rows of tiles, one row at least', () => {
    expect(gridSize(0, 10)).toEqual({ width: 10 * STEP - TILE_GAP, height: TILE });
    expect(gridSize(11, 10)).toEqual({ width: 10 * STEP - TILE_GAP, height: 2 * STEP - TILE_GAP });
  });

  it('puts tiles where the layout puts traffic endpoints (card coordinates)', () => {
    for (const i of [0, 1, TILES_PER_ROW, 2 * TILES_PER_ROW + 3]) {
      const o = tileOrigin(i, TILES_PER_ROW);
      expect({ x: PADDING + o.x, y: HEADER_HEIGHT + o.y }).toEqual(tilePosition(i, TILES_PER_ROW, HEADER_HEIGHT));
    }
  });

  it('every point of a tile hits that tile, and only it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 500 }), fc.nat(), fc.integer({ min: 0, max: TILE * 8 - 1 }), fc.integer({ min: 0, max: TILE * 8 - 1 }), (perRow, count, n, dx8, dy8) => {
        // Eighths of a pixel: a pointer's coordinates, without float sums that round onto the next tile's edge.
        const [dx, dy] = [dx8 / 8, dy8 / 8];
        const i = n % count;
        const o = tileOrigin(i, perRow);
        expect(tileAt(o.x + dx, o.y + dy, perRow, count)).toBe(i);
        // Inside the grid but in a gap: no tile.
        expect(tileAt(o.x + TILE + (dx / TILE) * (TILE_GAP - 0.5), o.y + dy, perRow, count)).toBe(-1);
      }),
    );
  });
});

/**
 * A canvas that remembers which sprite covers each cell: drawImage stamps the cell its position falls in,
 * clearRect empties the cells it covers, resizing empties them all. Sprites are fake OffscreenCanvases.
 */
class CellCanvas {
  cells = new Map<number, object>();
  calls: string[] = [];
  style: { height?: string } = {};
  private w = 0;
  private h = 0;
  constructor(private perRow: number, private scale: number) {}
  get width() { return this.w; }
  set width(v: number) { this.w = v; this.cells.clear(); }
  get height() { return this.h; }
  set height(v: number) { this.h = v; this.cells.clear(); }
  private cellAt(x: number, y: number): number {
    const col = Math.floor((x / this.scale - RING + TILE_GAP / 2) / STEP);
    const row = Math.floor((y / this.scale - RING + TILE_GAP / 2) / STEP);
    return row * this.perRow + col;
  }
  getContext() {
    return {
      setTransform: () => {},
      clearRect: (x: number, y: number, w: number, h: number) => {
        this.calls.push('clear');
        for (const [i] of this.cells) {
          const o = tileOrigin(i, this.perRow);
          const cx = (RING + o.x + TILE / 2) * this.scale;
          const cy = (RING + o.y + TILE / 2) * this.scale;
          if (cx >= x && cx < x + w && cy >= y && cy < y + h) this.cells.delete(i);
        }
      },
      drawImage: (sprite: object, x: number, y: number) => {
        this.calls.push('draw');
        // The sprite's tile starts SPRITE_MARGIN (2 CSS px) in from its corner.
        this.cells.set(this.cellAt(x + 2 * this.scale + 1, y + 2 * this.scale + 1), sprite);
      },
    };
  }
}

class FakeOffscreenCanvas {
  constructor(public width: number, public height: number) {}
  getContext() {
    const noop = () => {};
    return new Proxy({}, { get: (_, k) => (k === 'canvas' ? this : noop), set: () => true });
  }
}

describe('paintTiles', () => {
  const palette: TilePalette = { tones: { pending: '#a', running: '#b', succeeded: '#c', failed: '#d', terminating: '#e', unknown: '#f' }, surface: '#0', accent: '#1' };
  const tones: PodTone[] = ['pending', 'running', 'failed', 'terminating'];
  const g = globalThis as { OffscreenCanvas?: unknown };
  const had = g.OffscreenCanvas;
  beforeAll(() => { g.OffscreenCanvas = FakeOffscreenCanvas; });
  afterAll(() => { g.OffscreenCanvas = had; });

  function paint(canvas: CellCanvas, shown: CanvasTiles | undefined, tiles: PaintedTile[], perRow: number, count: number, scale: number) {
    return paintTiles(canvas as unknown as HTMLCanvasElement, shown, tiles, perRow, gridSize(count, perRow), scale, palette);
  }

  it('touches only the places whose tile changed', () => {
    const canvas = new CellCanvas(10, 1);
    const first = paint(canvas, undefined, [0, 1, 2].map((index) => ({ index, tone: 'running', flash: false })), 10, 3, 1);
    // The first paint clears the whole canvas, then stamps each tile.
    expect(canvas.calls).toEqual(['clear', 'draw', 'draw', 'draw']);
    canvas.calls = [];
    const second = paint(canvas, first, [{ index: 0, tone: 'running', flash: false }, { index: 2, tone: 'pending', flash: false }], 10, 3, 1);
    // Place 1 emptied, place 2 cleared and stamped, place 0 left alone.
    expect(canvas.calls).toEqual(['clear', 'clear', 'draw']);
    canvas.calls = [];
    paint(canvas, second, [{ index: 0, tone: 'running', flash: false }, { index: 2, tone: 'pending', flash: false }], 10, 3, 1);
    expect(canvas.calls).toEqual([]);
  });

  it('keeps its rows as the grid shrinks and grows back, so a row coming and going does not repaint it all', () => {
    const canvas = new CellCanvas(10, 1);
    const tiles = (n: number) => Array.from({ length: n }, (_, index) => ({ index, tone: 'running' as PodTone, flash: false }));
    let shown = paint(canvas, undefined, tiles(40), 10, 40, 1);
    const tall = canvas.height;
    // Four rows of tiles, room for four (rows come in powers of two).
    expect(canvas.style.height).toBe(`${4 * STEP - TILE_GAP + 2 * RING}px`);
    canvas.calls = [];
    shown = paint(canvas, shown, tiles(30), 10, 30, 1); // one row fewer
    expect(canvas.height).toBe(tall);
    expect(canvas.calls).toEqual(Array(10).fill('clear'));
    canvas.calls = [];
    shown = paint(canvas, shown, tiles(40), 10, 40, 1); // and back
    expect(canvas.calls).toEqual(Array(10).fill('draw'));
    shown = paint(canvas, shown, tiles(0), 10, 0, 1); // empty: still the same canvas
    expect(canvas.height).toBe(tall);
    shown = paint(canvas, shown, tiles(50), 10, 50, 1); // more rows than it has: it grows, to eight
    expect(shown!.rows).toBe(8);
    const taller = canvas.height;
    paint(canvas, shown, tiles(80), 10, 80, 1); // eight rows: room enough
    expect(canvas.height).toBe(taller);
  });

  it('whatever the sequence of paints, the canvas shows exactly the last tiles', () => {
    const tile = fc.record({ index: fc.nat(29), tone: fc.constantFrom(...tones), flash: fc.boolean() });
    fc.assert(
      fc.property(fc.constantFrom(0.5, 0.75, 1, 1.25, 2), fc.array(fc.record({ tiles: fc.uniqueArray(tile, { selector: (t) => t.index, maxLength: 30 }), scale: fc.constantFrom(0.5, 0.75, 1, 1.25, 2), rescale: fc.boolean() }), { minLength: 1, maxLength: 8 }), (scale0, steps) => {
        const perRow = 6;
        let scale = scale0;
        let canvas = new CellCanvas(perRow, scale);
        let shown: CanvasTiles | undefined;
        const sprites = new Map<string, object>();
        for (const step of steps) {
          if (step.rescale && step.scale !== scale) {
            scale = step.scale;
            // The zoom step changed: a fresh canvas model at the new scale (the real canvas is resized).
            canvas = new CellCanvas(perRow, scale);
          }
          // The grid is as long as its last tile: it gains and loses rows from step to step.
          shown = paint(canvas, shown, step.tiles, perRow, Math.max(1, ...step.tiles.map((t) => t.index + 1)), scale);
          const want = new Map(step.tiles.map((t) => [t.index, `${t.tone} ${t.flash}`]));
          const got = new Map([...canvas.cells].map(([i, s]) => {
            let look = [...sprites].find(([, v]) => v === s)?.[0];
            if (!look) {
              const t = step.tiles.find((x) => x.index === i)!;
              look = `${t.tone} ${t.flash}`;
              sprites.set(look, s);
            }
            return [i, look];
          }));
          expect(got).toEqual(want);
        }
      }),
    );
  });
});

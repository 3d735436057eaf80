import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TILE, TILE_GAP, TILES_PER_ROW, tilePosition, PADDING, HEADER_HEIGHT } from './layout.ts';
import { gridSize, STEP, tileAt, tileOrigin } from './tileGrid.ts';

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

// The Pods of a card or the unscheduled lane, painted as tiles on canvases: one canvas per motion (still,
// pulse, flash, fade) so each motion is a compositor animation of one element, and one canvas on top for the
// hover and selection rings. Thousands of tiles were thousands of elements that React created, styled and laid
// out on every change; painted, a card's change is a few dozen canvas calls. The grid element takes the
// pointer: hit testing finds the tile, the tooltip is written when the pointer first rests on one.
import { memo, useCallback, useLayoutEffect, useMemo, useRef, type MouseEvent } from 'react';
import { useStore, type ReactFlowState } from '@xyflow/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { PodView } from '../../worker/protocol.ts';
import { formatBytes, formatCpu } from '../format.ts';
import { cachedT } from '../i18n/cachedT.ts';
import { registerGrid } from './drawnTiles.ts';
import { PADDING } from './layout.ts';
import { useMapOverlay, usePodClick } from './mapContext.ts';
import { drawRing, gridSize, paintTiles, prepareCanvas, RING, tileAt, type CanvasTiles, type GridSize, type TilePalette } from './tileGrid.ts';
import { useTilePalette } from './tilePalette.ts';
import type { SlotGrid } from './tileSlots.ts';
import { podTone, tilesByMotion, type PodMotion, type PodTone } from './tone.ts';

function podTitle(t: TFunction, p: PodView): string {
  const lines = [
    t('map.podTitle', {
      name: p.namespace === 'default' ? p.name : `${p.namespace}/${p.name}`,
      status: p.status, ready: p.ready, restarts: p.restarts,
      cpu: formatCpu(p.cpuMilli), memory: formatBytes(p.memoryBytes),
    }),
  ];
  if (p.nodeName) lines.push(t('map.podNode', { node: p.nodeName }));
  if (p.podIP) lines.push(t('map.podIP', { ip: p.podIP }));
  if (p.ownerKind) lines.push(t('map.podOwner', { owner: `${p.ownerKind}/${p.ownerName}` }));
  lines.push(t('map.podDescribe'));
  return lines.join('\n');
}

const STATES_SLOT = '\u241f';

/** What a screen reader hears for a card's tiles: the count per status (the canvas itself says nothing). */
function gridLabel(t: TFunction, pods: SlotGrid): string {
  const counts = new Map<PodTone, number>();
  let count = 0;
  for (const p of pods) {
    if (!p) continue;
    count++;
    counts.set(podTone(p), (counts.get(podTone(p)) ?? 0) + 1);
  }
  const states = [...counts].map(([tone, n]) => `${n} ${cachedT(t, `map.legend.${tone}`)}`).join(', ');
  // The states vary too much to cache whole labels: translate per count with a slot, then fill the slot in.
  return cachedT(t, 'map.podGrid', { count, states: STATES_SLOT }).replace(STATES_SLOT, states);
}

/**
 * Device pixels per CSS pixel: the screen's ratio times the map's zoom, in quarter steps (a card re-renders
 * when the step changes, not on every wheel tick), so tiles stay sharp zoomed in and cheap zoomed out.
 */
function zoomStep(s: ReactFlowState): number {
  return Math.min(4, Math.max(0.25, Math.ceil(s.transform[2] * 4) / 4));
}

interface Layer {
  motion: PodMotion;
  tiles: { pod: PodView; index: number }[];
  perRow: number;
  size: GridSize;
  scale: number;
  palette: TilePalette;
}

function sameLayer(a: Layer, b: Layer): boolean {
  return (
    a.motion === b.motion && a.perRow === b.perRow && a.scale === b.scale && a.palette === b.palette &&
    a.size.width === b.size.width && a.size.height === b.size.height &&
    a.tiles.length === b.tiles.length && a.tiles.every((x, i) => x.pod === b.tiles[i].pod && x.index === b.tiles[i].index)
  );
}

/**
 * Every canvas of a motion runs in the same phase (started at the document timeline's zero), so when the motions
 * step at speed (pagemap.css) all their tiles change on the same few frames a second. The canvases that started
 * moving are put in phase together at the next frame: getAnimations() recalculates style at once, and in a
 * rollout canvases start moving many times a second, each commit between them dirtying style again.
 */
const starting = new Set<HTMLCanvasElement>();

function putInPhase(canvas: HTMLCanvasElement): void {
  if (!starting.size) {
    requestAnimationFrame(() => {
      for (const c of starting) for (const a of c.getAnimations?.() ?? []) a.startTime = 0;
      starting.clear();
    });
  }
  starting.add(canvas);
}

/** Canvases in this order, bottom to top. */
const MOTIONS: readonly PodMotion[] = ['', 'pulse', 'flash', 'fade'];
const NO_TILES: Layer['tiles'] = [];

/**
 * The tiles of one motion on their own canvas; the places that changed are repainted (tileGrid.ts paintTiles).
 * A canvas with no tiles stays mounted but still: a new canvas is a new backing store made in the GPU process.
 */
const MotionCanvas = memo(function MotionCanvas(layer: Layer) {
  const ref = useRef<HTMLCanvasElement>(null);
  const shown = useRef<CanvasTiles>(undefined);
  const moving = layer.motion !== '' && layer.tiles.length > 0;
  useLayoutEffect(() => {
    if (moving) putInPhase(ref.current!);
  }, [moving]);
  useLayoutEffect(() => {
    const painted = layer.tiles.map(({ pod, index }) => ({ index, tone: podTone(pod), flash: layer.motion === 'flash' }));
    shown.current = paintTiles(ref.current!, shown.current, painted, layer.perRow, layer.size, layer.scale, layer.palette);
  });
  return <canvas ref={ref} className={`pod-canvas${layer.tiles.length ? ` motion-${layer.motion || 'still'}` : ''}`} />;
}, sameLayer);

/** `pods`: the tiles in their places, null for a hole (a pod that has gone; tileSlots.ts). */
export function PodTiles({ pods, perRow, top }: { pods: SlotGrid; perRow: number; top: number }) {
  const { t } = useTranslation();
  const onPodClick = usePodClick();
  const selectedPod = useMapOverlay().selectedPod;
  const palette = useTilePalette();
  const scale = useStore(zoomStep) * (window.devicePixelRatio || 1);
  const size = gridSize(pods.length, perRow);
  const byMotion = useMemo(() => tilesByMotion(pods), [pods]);
  // The motions this grid has had tiles of: their canvases stay (see MotionCanvas).
  const motions = useRef(new Set<PodMotion>()).current;
  for (const m of byMotion.keys()) motions.add(m);
  const grid = useRef<HTMLDivElement>(null);
  const rings = useRef<HTMLCanvasElement>(null);
  const hovered = useRef(-1);
  const selected = selectedPod ? pods.findIndex((p) => p?.key === selectedPod) : -1;
  const label = useMemo(() => gridLabel(t, pods), [t, pods]);

  // The rings canvas has pixels only while a tile is hovered or selected.
  const paintRings = useCallback(() => {
    const canvas = rings.current!;
    // The hovered place may have become a hole (or gone) since the pointer moved.
    const hover = pods[hovered.current] ? hovered.current : -1;
    if (hover < 0 && selected < 0) {
      // Setting a size, even the same one, resets the canvas: this runs whenever the grid changes size.
      if (canvas.width) canvas.width = 0;
      if (canvas.height) canvas.height = 0;
      return;
    }
    const ctx = prepareCanvas(canvas, size, scale);
    if (!ctx) return;
    if (selected >= 0) drawRing(ctx, selected, perRow, palette, 2);
    if (hover >= 0 && hover !== selected) drawRing(ctx, hover, perRow, palette, 1.5);
  }, [pods.length, selected, size.width, size.height, scale, perRow, palette]);
  useLayoutEffect(paintRings, [paintRings]);
  useLayoutEffect(() => registerGrid(grid.current!, { pods, perRow, selectedPod }), [pods, perRow, selectedPod]);

  const indexAt = (e: MouseEvent<HTMLDivElement>): number => {
    const el = e.currentTarget;
    const r = el.getBoundingClientRect();
    const zoom = r.width / Math.max(1, el.offsetWidth);
    return tileAt((e.clientX - r.left) / zoom - RING, (e.clientY - r.top) / zoom - RING, perRow, pods.length);
  };
  const hover = (e: MouseEvent<HTMLDivElement>, at: number) => {
    const pod = at >= 0 ? pods[at] : null;
    const i = pod ? at : -1;
    if (i === hovered.current) return;
    hovered.current = i;
    e.currentTarget.title = pod ? podTitle(t, pod) : '';
    e.currentTarget.style.cursor = pod ? 'pointer' : '';
    paintRings();
  };

  return (
    <div
      ref={grid}
      className="pod-grid"
      data-testid="pod-grid"
      data-count={pods.length}
      role="img"
      aria-label={label}
      style={{ left: PADDING - RING, top: top - RING, width: size.width + 2 * RING, height: size.height + 2 * RING }}
      onMouseMove={(e) => hover(e, indexAt(e))}
      onMouseLeave={(e) => hover(e, -1)}
      onClick={(e) => {
        const pod = pods[indexAt(e)];
        if (!pod) return;
        e.stopPropagation();
        onPodClick?.(pod);
      }}
    >
      {MOTIONS.filter((m) => motions.has(m)).map((motion) => (
        <MotionCanvas key={motion || 'still'} motion={motion} tiles={byMotion.get(motion) ?? NO_TILES} perRow={perRow} size={size} scale={scale} palette={palette} />
      ))}
      <canvas ref={rings} className="pod-canvas pod-rings" />
    </div>
  );
}

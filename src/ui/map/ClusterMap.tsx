// The cluster map, in two modes: Nodes (grouped by zone, pool or GPU model, with capacity bars and pods as
// tiles; aggregated tiles when the cluster is too large to draw node by node) and Owners (what owns, selects,
// mounts and binds what, laid out by elkjs in a worker). Filters live in the query string (useMapFilters).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Background, BackgroundVariant, Controls, Panel, ReactFlow, ReactFlowProvider, useNodesInitialized, useReactFlow,
  type FitViewOptions, type NodeTypes, type OnMove,
} from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import type { EngineClient } from '../../worker/client.ts';
import { isSystemNamespace } from '../../worker/namespaces.ts';
import type { ObjectRef, PodView } from '../../worker/protocol.ts';
import { useClusterView, type ClusterViewStore } from '../state/clusterStore.ts';
import { cachedT } from '../i18n/cachedT.ts';
import { TracePath } from '../traffic/TracePath.tsx';
import { TrafficEdges } from '../traffic/TrafficEdges.tsx';
import { BADGE_HEIGHT, BADGE_LIFT } from '../traffic/edges.ts';
import type { MapFilters } from './filters.ts';
import { AggregateTile, BandCard } from './GroupCards.tsx';
import { KubeNodeCard, LaneCard } from './KubeNodeCard.tsx';
import { AGG_HEIGHT, AGG_WIDTH, layoutCluster, type MapNode } from './layout.ts';
import { MapFocusContext, PodClickContext, PodPositionsContext } from './mapContext.ts';
import { MapCrumbs, MapToolbar } from './MapToolbar.tsx';
import { OwnerCanvas } from './OwnerCanvas.tsx';
import { useShownPods } from './shownPods.ts';
import { TileSlots } from './tileSlots.ts';
import { useBoxSize } from './useBoxSize.ts';
import { useFlowNodes } from './useFlowNodes.ts';
import { TONES, type PodTone } from './tone.ts';
import { useMapFilters } from './useMapFilters.ts';
import { useSelectedPods } from './useSelectedPods.ts';
import './pagemap.css';

export { isSystemNamespace };

/** Past this many Kubernetes nodes on screen only the cards in view are rendered (xyflow culling). */
const CULL_ABOVE = 24;
/** Zooming in this far over an aggregated tile opens it (fitView never zooms past 1.25, so only the user does). */
const OPEN_ZOOM = 1.6;
/** Room at the top for the filter bar and legend, which float over the canvas, until the bar is measured. */
const PADDING = { top: '150px', right: '6%', bottom: '6%', left: '6%' } as const;
const FIT: FitViewOptions = { padding: PADDING, maxZoom: 1.25 };
/** The toolbar panel's margin from the canvas's top edge (xyflow's Panel). */
const PANEL_MARGIN = 15;
/**
 * Below the measured bar, the traffic badges' row above the grid (BADGE_LIFT plus a badge, at fitView's largest
 * zoom) stays in view: without it the badges sat under the filter bar.
 */
const BADGE_ROOM = Math.ceil((BADGE_LIFT + BADGE_HEIGHT + 8) * 1.25);

const nodeTypes: NodeTypes = { kubeNode: KubeNodeCard, lane: LaneCard, band: BandCard, aggregate: AggregateTile };

export interface ClusterMapProps {
  store: ClusterViewStore;
  /** The worker: label selectors and the owner view are computed there. */
  engine?: EngineClient;
  onPodClick?(pod: PodView): void;
  /** Open an object of the owner view in the detail drawer. */
  onOpen?(ref: ObjectRef): void;
  colorMode?: 'system' | 'light' | 'dark';
}

function Legend({ counts }: { counts: ReadonlyMap<PodTone, number> }) {
  const { t } = useTranslation();
  return (
    <div className="map-legend" aria-label={cachedT(t, 'map.legendTitle')} data-testid="map-legend">
      {TONES.map((tone) => (
        <span key={tone} className="legend-item" data-tone={tone} data-count={counts.get(tone) ?? 0}>
          <span className={`legend-swatch tone-${tone}`} />
          {cachedT(t, `map.legend.${tone}`)}
          <span className="legend-count">{counts.get(tone) ?? 0}</span>
        </span>
      ))}
    </div>
  );
}

export function SystemToggle({ count, shown, onChange }: { count: number; shown: boolean; onChange(v: boolean): void }) {
  const { t } = useTranslation();
  return (
    <label className="system-toggle" data-testid="system-pods-toggle" data-count={count}>
      <input type="checkbox" checked={shown} onChange={(e) => onChange(e.target.checked)} />
      {cachedT(t, 'map.systemPods', { count })}
    </label>
  );
}

interface CanvasProps extends ClusterMapProps {
  filters: MapFilters;
  setFilters(patch: Partial<MapFilters>): void;
}

function NodesCanvas({ store, engine, onPodClick, colorMode = 'system', filters, setFilters }: CanvasProps) {
  const { t } = useTranslation();
  const allPods = useClusterView(store, (s) => s.pods);
  const kubeNodes = useClusterView(store, (s) => s.nodes);
  const ready = useClusterView(store, (s) => s.ready);
  const [showSystem, setShowSystem] = useState(false);
  const selected = useSelectedPods(engine, filters.selector, allPods);

  const criteria = useMemo(() => ({ filters, showSystem, selected: selected.keys }), [filters, showSystem, selected.keys]);
  const shown = useShownPods(allPods, criteria);

  // Tiles keep their places from one layout to the next (tileSlots.ts).
  const slots = useRef(new TileSlots()).current;
  const layout = useMemo(
    () => layoutCluster({ nodes: kubeNodes.values(), podsByNode: shown.byNode, groupBy: filters.groupBy, focus: filters.focus, slots }),
    [kubeNodes, shown.byNode, filters.groupBy, filters.focus, slots],
  );
  const [nodes, onNodesChange] = useFlowNodes(layout.nodes);

  // Re-frame when what is drawn changes shape (a level, a group, nodes coming or going), not for every pod; and,
  // until the user pans or zooms, when the map's box changes size (panels settling on a busy page) or the cards
  // are first measured, so the first framing is never one made for a box or cards that are gone.
  const flow = useReactFlow();
  const box = useRef<HTMLDivElement>(null);
  const boxSize = useBoxSize(box);
  const measured = useNodesInitialized();
  const toolbar = useRef<HTMLDivElement>(null);
  const toolbarHeight = Number(useBoxSize(toolbar).split('x')[1] ?? 0);
  const positions = useMemo(() => ({ podAt: layout.podAt, top: 0, coveredTop: PANEL_MARGIN + toolbarHeight }), [layout.podAt, toolbarHeight]);
  const fit = useMemo<FitViewOptions>(() => (toolbarHeight ? { ...FIT, padding: { ...PADDING, top: `${PANEL_MARGIN + toolbarHeight + BADGE_ROOM}px` } } : FIT), [toolbarHeight]);
  const frameKey = `${layout.level}|${filters.focus}|${layout.groupBy}|${kubeNodes.size}`;
  const framed = useRef({ frameKey: '', fitKey: '' });
  const userMoved = useRef(false);
  useEffect(() => {
    const fitKey = `${frameKey}|${boxSize}|${measured}|${toolbarHeight}`;
    if (!ready || framed.current.fitKey === fitKey) return;
    if (framed.current.frameKey !== frameKey) userMoved.current = false;
    framed.current = { frameKey, fitKey };
    if (userMoved.current) return;
    const id = requestAnimationFrame(() => void flow.fitView({ ...fit, duration: 200 }));
    return () => cancelAnimationFrame(id);
  }, [frameKey, boxSize, measured, toolbarHeight, fit, ready, flow]);
  const onMoveStart: OnMove = useCallback((event) => { if (event) userMoved.current = true; }, []);

  const focus = useCallback((f: string) => setFilters({ focus: f }), [setFilters]);
  // Zooming in opens a tile once per gesture: the zoom must drop below OPEN_ZOOM (as fitView leaves it) first.
  const armed = useRef(true);
  const onMoveEnd: OnMove = useCallback(
    (event, vp) => {
      if (vp.zoom < OPEN_ZOOM) armed.current = true;
      if (!event || !armed.current || layout.level !== 'groups' || vp.zoom < OPEN_ZOOM || !box.current) return;
      const cx = (box.current.clientWidth / 2 - vp.x) / vp.zoom;
      const cy = (box.current.clientHeight / 2 - vp.y) / vp.zoom;
      const hit = layout.nodes.find(
        (n) => n.type === 'aggregate' && cx >= n.position.x && cx <= n.position.x + AGG_WIDTH && cy >= n.position.y && cy <= n.position.y + AGG_HEIGHT,
      );
      if (hit?.type !== 'aggregate') return;
      armed.current = false;
      focus(hit.data.summary.key);
    },
    [layout, focus],
  );

  return (
    <div ref={box} className="map-canvas" data-level={layout.level} data-testid="map-canvas">
      <PodClickContext.Provider value={onPodClick}>
        <MapFocusContext.Provider value={focus}>
          <ReactFlow<MapNode>
            nodes={nodes}
            onNodesChange={onNodesChange}
            onMoveStart={onMoveStart}
            onMoveEnd={onMoveEnd}
            nodeTypes={nodeTypes}
            nodesDraggable={false}
            nodesConnectable={false}
            elementsSelectable={false}
            onlyRenderVisibleElements={kubeNodes.size > CULL_ABOVE}
            minZoom={0.05}
            maxZoom={2.5}
            fitView
            fitViewOptions={fit}
            colorMode={colorMode}
            proOptions={{ hideAttribution: true }}
          >
            <Background variant={BackgroundVariant.Dots} gap={16} size={1} />
            {/* Only the overlays read where pods are drawn: a provider around the whole map made React walk every
                card for readers each time the positions changed, which is with every frame in a rollout. */}
            <PodPositionsContext.Provider value={positions}>
              <TrafficEdges />
              <TracePath />
            </PodPositionsContext.Provider>
            <Controls showInteractive={false} position="bottom-right" fitViewOptions={fit} />
            <Panel position="top-left">
              <div className="map-toolbar" ref={toolbar} data-testid="map-toolbar">
                <MapToolbar filters={filters} onChange={setFilters} namespaces={shown.namespaces} selectorError={selected.error} shown={shown.count} total={allPods.size} />
                <div className="map-toolbar-row">
                  <Legend counts={shown.toneCounts} />
                  {shown.systemCount > 0 && <SystemToggle count={shown.systemCount} shown={showSystem} onChange={setShowSystem} />}
                </div>
                <MapCrumbs crumbs={layout.crumbs} groupBy={layout.groupBy} onFocus={focus} />
              </div>
            </Panel>
            {ready && kubeNodes.size === 0 && (
              <Panel position="top-center">
                <div className="map-empty">{t('map.empty')}</div>
              </Panel>
            )}
          </ReactFlow>
        </MapFocusContext.Provider>
      </PodClickContext.Provider>
    </div>
  );
}

/** From this speed on, the bars jump instead of gliding: a glide is a layout and paint per frame per bar. */
const FAST_SPEED = 10;

export function ClusterMap(props: ClusterMapProps) {
  const [filters, setFilters] = useMapFilters();
  const fast = useClusterView(props.store, (s) => s.clock.playing && s.clock.speed >= FAST_SPEED);
  return (
    <div className="cluster-map" data-testid="cluster-map" data-mode={filters.mode} data-fast={fast}>
      <ReactFlowProvider key={filters.mode}>
        {filters.mode === 'owners' ? (
          <OwnerCanvas {...props} filters={filters} setFilters={setFilters} />
        ) : (
          <NodesCanvas {...props} filters={filters} setFilters={setFilters} />
        )}
      </ReactFlowProvider>
    </div>
  );
}

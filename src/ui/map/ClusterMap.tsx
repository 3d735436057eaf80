// The cluster map: Nodes as groups with capacity bars, Pods as tiles inside them, an "Unscheduled" lane.
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Background, BackgroundVariant, Controls, Panel, ReactFlow, ReactFlowProvider, useEdgesState, useNodesState,
  useReactFlow, type Edge, type NodeMouseHandler, type NodeTypes,
} from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import type { PodView } from '../../worker/protocol.ts';
import { useClusterView, type ClusterViewStore } from '../state/clusterStore.ts';
import { KubeNodeCard, LaneCard } from './KubeNodeCard.tsx';
import { layoutCluster, mergeNodes, type MapNode } from './layout.ts';
import { PodTile } from './PodTile.tsx';
import { podTone, TONES } from './tone.ts';
import { TracePath } from '../traffic/TracePath.tsx';
import { TrafficEdges } from '../traffic/TrafficEdges.tsx';

/** Namespaces of add-ons (CNI, DNS, kube-proxy): their pods are hidden on the map unless asked for. */
const SYSTEM_NAMESPACES = new Set(['calico-system', 'tigera-operator', 'local-path-storage']);

export function isSystemNamespace(ns: string): boolean {
  return ns.startsWith('kube-') || SYSTEM_NAMESPACES.has(ns);
}

/** Past this many pods only the flow nodes in view are rendered (xyflow culling). */
const CULL_ABOVE = 300;

const nodeTypes: NodeTypes = { kubeNode: KubeNodeCard, lane: LaneCard, pod: PodTile };

export interface ClusterMapProps {
  store: ClusterViewStore;
  onPodClick?(pod: PodView): void;
  colorMode?: 'system' | 'light' | 'dark';
}

function Legend({ pods }: { pods: ReadonlyMap<string, PodView> }) {
  const { t } = useTranslation();
  const counts = useMemo(() => {
    const c = new Map<string, number>();
    for (const p of pods.values()) {
      const tone = podTone(p);
      c.set(tone, (c.get(tone) ?? 0) + 1);
    }
    return c;
  }, [pods]);
  return (
    <div className="map-legend" aria-label={t('map.legendTitle')} data-testid="map-legend">
      {TONES.map((tone) => (
        <span key={tone} className="legend-item" data-tone={tone} data-count={counts.get(tone) ?? 0}>
          <span className={`legend-swatch tone-${tone}`} />
          {t(`map.legend.${tone}`)}
          <span className="legend-count">{counts.get(tone) ?? 0}</span>
        </span>
      ))}
    </div>
  );
}

function SystemToggle({ count, shown, onChange }: { count: number; shown: boolean; onChange(v: boolean): void }) {
  const { t } = useTranslation();
  return (
    <label className="system-toggle" data-testid="system-pods-toggle" data-count={count}>
      <input type="checkbox" checked={shown} onChange={(e) => onChange(e.target.checked)} />
      {t('map.systemPods', { count })}
    </label>
  );
}

function MapCanvas({ store, onPodClick, colorMode = 'system' }: ClusterMapProps) {
  const { t } = useTranslation();
  const allPods = useClusterView(store, (s) => s.pods);
  const [showSystem, setShowSystem] = useState(false);
  const systemCount = useMemo(() => {
    let n = 0;
    for (const p of allPods.values()) if (isSystemNamespace(p.namespace)) n++;
    return n;
  }, [allPods]);
  const pods = useMemo(() => {
    if (showSystem || systemCount === 0) return allPods;
    return new Map([...allPods].filter(([, p]) => !isSystemNamespace(p.namespace)));
  }, [allPods, showSystem, systemCount]);
  const kubeNodes = useClusterView(store, (s) => s.nodes);
  const ready = useClusterView(store, (s) => s.ready);
  const [nodes, setNodes, onNodesChange] = useNodesState<MapNode>([]);
  const [edges, , onEdgesChange] = useEdgesState<Edge>([]);
  const flow = useReactFlow();

  useEffect(() => {
    setNodes((prev) => mergeNodes(prev, layoutCluster(kubeNodes.values(), pods.values())));
  }, [kubeNodes, pods, setNodes]);

  // Re-frame when Nodes come or go (not for every pod: that would fight the user's pan and zoom).
  const groupCount = kubeNodes.size;
  const framed = useRef(-1);
  useEffect(() => {
    if (!ready || framed.current === groupCount) return;
    framed.current = groupCount;
    const id = requestAnimationFrame(() => void flow.fitView({ padding: 0.12, maxZoom: 1.25, duration: 200 }));
    return () => cancelAnimationFrame(id);
  }, [groupCount, ready, flow]);

  const onNodeClick: NodeMouseHandler<MapNode> = useMemo(
    () => (_e, node) => {
      if (node.type === 'pod') onPodClick?.(node.data.pod);
    },
    [onPodClick],
  );

  return (
    <ReactFlow<MapNode, Edge>
      nodes={nodes}
      edges={edges}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onNodeClick={onNodeClick}
      nodeTypes={nodeTypes}
      nodesDraggable={false}
      nodesConnectable={false}
      elementsSelectable={false}
      onlyRenderVisibleElements={pods.size > CULL_ABOVE}
      minZoom={0.05}
      maxZoom={2.5}
      fitView
      fitViewOptions={{ padding: 0.12, maxZoom: 1.25 }}
      colorMode={colorMode}
      proOptions={{ hideAttribution: true }}
    >
      <Background variant={BackgroundVariant.Dots} gap={16} size={1} />
      <TrafficEdges />
      <TracePath />
      <Controls showInteractive={false} position="bottom-right" fitViewOptions={{ padding: 0.12, maxZoom: 1.25 }} />
      <Panel position="top-left">
        <div className="map-toolbar">
          <Legend pods={pods} />
          {systemCount > 0 && <SystemToggle count={systemCount} shown={showSystem} onChange={setShowSystem} />}
        </div>
      </Panel>
      {ready && kubeNodes.size === 0 && (
        <Panel position="top-center">
          <div className="map-empty">{t('map.empty')}</div>
        </Panel>
      )}
    </ReactFlow>
  );
}

export function ClusterMap(props: ClusterMapProps) {
  return (
    <div className="cluster-map" data-testid="cluster-map">
      <ReactFlowProvider>
        <MapCanvas {...props} />
      </ReactFlowProvider>
    </div>
  );
}

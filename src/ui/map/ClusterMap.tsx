// The cluster map: Nodes as groups with capacity bars, Pods as tiles inside them, an "Unscheduled" lane.
import { useEffect, useMemo, useRef } from 'react';
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

const nodeTypes: NodeTypes = { kubeNode: KubeNodeCard, lane: LaneCard, pod: PodTile };

export interface ClusterMapProps {
  store: ClusterViewStore;
  onPodClick?(pod: PodView): void;
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

function MapCanvas({ store, onPodClick }: ClusterMapProps) {
  const { t } = useTranslation();
  const pods = useClusterView(store, (s) => s.pods);
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
      minZoom={0.15}
      maxZoom={2.5}
      fitView
      fitViewOptions={{ padding: 0.12, maxZoom: 1.25 }}
      colorMode="system"
      proOptions={{ hideAttribution: true }}
    >
      <Background variant={BackgroundVariant.Dots} gap={16} size={1} />
      <Controls showInteractive={false} position="bottom-right" fitViewOptions={{ padding: 0.12, maxZoom: 1.25 }} />
      <Panel position="top-left">
        <Legend pods={pods} />
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

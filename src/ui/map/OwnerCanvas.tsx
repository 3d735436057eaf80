// The owner view: Deployment → ReplicaSet → Pods, StatefulSet/DaemonSet/Job → Pods, Service → the Pods it
// selects, Pod → PVC → PV, custom resources → what their operators own. The worker builds the graph
// (owners.ts), elkjs lays it out in its own worker; both are redone as the cluster changes, at most every 1.5 s.
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Background, BackgroundVariant, Controls, Panel, ReactFlow, useEdgesState, useNodesState, useReactFlow,
  type FitViewOptions, type NodeMouseHandler, type NodeTypes,
} from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { useClusterView, useClusterViewEvery } from '../state/clusterStore.ts';
import type { ClusterMapProps } from './ClusterMap.tsx';
import { elkInWorker } from './elkWorker.ts';
import type { MapFilters } from './filters.ts';
import { MapToolbar } from './MapToolbar.tsx';
import { OwnerCard } from './OwnerCard.tsx';
import { layoutOwners, type OwnerEdge, type OwnerFlowNode } from './ownerLayout.ts';

const nodeTypes: NodeTypes = { owner: OwnerCard };
const FIT: FitViewOptions = { padding: { top: '130px', right: '5%', bottom: '5%', left: '5%' }, maxZoom: 1.25 };
/** Pods drawn one by one per owner; objects drawn at most. */
const PODS_PER_OWNER = 6;
const MAX_OBJECTS = 800;

interface Props extends ClusterMapProps {
  filters: MapFilters;
  setFilters(patch: Partial<MapFilters>): void;
}

type Status = { state: 'loading' } | { state: 'ready'; omitted: number; count: number } | { state: 'failed'; message: string };

export function OwnerCanvas({ store, engine, onOpen, colorMode = 'system', filters, setFilters }: Props) {
  const { t } = useTranslation();
  const seq = useClusterViewEvery(store, (s) => s.seq, 1500);
  const pods = useClusterView(store, (s) => s.pods);
  const [nodes, setNodes, onNodesChange] = useNodesState<OwnerFlowNode>([]);
  const [edges, setEdges, onEdgesChange] = useEdgesState<OwnerEdge>([]);
  const [status, setStatus] = useState<Status>({ state: 'loading' });
  const [selectorError, setSelectorError] = useState<string | undefined>();
  const flow = useReactFlow();
  const { namespace, kind, selector, search } = filters;
  const query = `${namespace}\n${kind}\n${selector}\n${search}`;
  const framed = useRef('');

  // One request at a time: a change while one runs asks for one more run after it, so a slow machine still
  // sees results (cancelling on every change would starve) and never shows an older graph over a newer one.
  const latest = useRef({ namespace, kind, selector, search, query });
  latest.current = { namespace, kind, selector, search, query };
  const running = useRef<'idle' | 'running' | 'again'>('idle');
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true; // again after StrictMode's trial unmount
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!engine) return;
    if (running.current !== 'idle') {
      running.current = 'again';
      return;
    }
    const run = async () => {
      running.current = 'running';
      const q = latest.current;
      try {
        const graph = await engine.ownerGraph({ namespace: q.namespace, kind: q.kind, selector: q.selector, search: q.search, podsPerOwner: PODS_PER_OWNER, maxNodes: MAX_OBJECTS });
        const laid = await layoutOwners(elkInWorker(), graph);
        if (!mounted.current) return;
        setSelectorError(undefined);
        setNodes(laid.nodes);
        setEdges(laid.edges);
        setStatus({ state: 'ready', omitted: graph.omitted, count: graph.nodes.length });
        if (framed.current !== q.query) {
          framed.current = q.query;
          requestAnimationFrame(() => void flow.fitView({ ...FIT, duration: 200 }));
        }
      } catch (e) {
        if (!mounted.current) return;
        const message = e instanceof Error ? e.message : String(e);
        if (q.selector && /selector|requirement/i.test(message)) setSelectorError(message);
        else setStatus({ state: 'failed', message });
      }
      const again = (running.current as string) === 'again'; // set by a change while the request ran
      running.current = 'idle';
      if (again && mounted.current) void run();
    };
    void run();
  }, [engine, query, seq, setNodes, setEdges, flow]);

  const ns = useMemo(() => [...new Set([...pods.values()].map((p) => p.namespace))], [pods]);
  const onNodeClick: NodeMouseHandler<OwnerFlowNode> = (_e, node) => {
    const o = node.data.object;
    if (o.more === undefined) onOpen?.({ kind: o.kind, namespace: o.namespace, name: o.name });
  };

  return (
    <div className="map-canvas owner-canvas" data-testid="owner-canvas" data-state={status.state} data-count={status.state === 'ready' ? status.count : 0}>
      <ReactFlow<OwnerFlowNode, OwnerEdge>
        nodes={nodes}
        edges={edges}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onNodeClick={onNodeClick}
        nodeTypes={nodeTypes}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        onlyRenderVisibleElements={nodes.length > 200}
        minZoom={0.05}
        maxZoom={2.5}
        fitViewOptions={FIT}
        colorMode={colorMode}
        proOptions={{ hideAttribution: true }}
      >
        <Background variant={BackgroundVariant.Dots} gap={16} size={1} />
        <Controls showInteractive={false} position="bottom-right" fitViewOptions={FIT} />
        <Panel position="top-left">
          <div className="map-toolbar">
            <MapToolbar filters={filters} onChange={setFilters} namespaces={ns} selectorError={selectorError} shown={0} total={0} />
            <div className="owner-status-line" data-testid="owner-status">
              {status.state === 'loading' && t('pagemap.owners.loading')}
              {status.state === 'failed' && <span role="alert">{t('pagemap.owners.failed', { message: status.message })}</span>}
              {status.state === 'ready' && status.count === 0 && t('pagemap.owners.empty')}
              {status.state === 'ready' && status.omitted > 0 && t('pagemap.owners.omitted', { count: status.omitted })}
            </div>
          </div>
        </Panel>
      </ReactFlow>
    </div>
  );
}

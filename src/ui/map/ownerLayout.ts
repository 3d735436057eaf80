// The owner view's positions: the worker's owner graph laid out left to right by elkjs's layered algorithm
// (owners before what they own, Services before the Pods they select, claims before volumes). The layout
// runs in elkjs's own Web Worker (elkWorker.ts) so a large graph never blocks the page.
import type { Edge, Node as FlowNode } from '@xyflow/react';
import type { ELK, ElkNode } from 'elkjs/lib/elk-api.js';
import type { OwnerGraphView, OwnerNodeView, OwnerRelation } from '../../worker/protocol.ts';

export const OWNER_WIDTH = 210;
export const OWNER_HEIGHT = 50;

export type OwnerFlowNode = FlowNode<{ object: OwnerNodeView }, 'owner'>;
export type OwnerEdge = Edge<{ relation: OwnerRelation }>;

const LAYOUT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.layered.spacing.nodeNodeBetweenLayers': '70',
  'elk.spacing.nodeNode': '14',
  'elk.spacing.componentComponent': '36',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.separateConnectedComponents': 'true',
};

export function toElkGraph(g: OwnerGraphView): ElkNode {
  return {
    id: 'root',
    layoutOptions: LAYOUT_OPTIONS,
    children: g.nodes.map((n) => ({ id: n.id, width: OWNER_WIDTH, height: OWNER_HEIGHT })),
    edges: g.edges.map((e) => ({ id: e.id, sources: [e.source], targets: [e.target] })),
  };
}

/** xyflow nodes and edges at the positions elkjs chose. */
export function fromElk(g: OwnerGraphView, laidOut: ElkNode): { nodes: OwnerFlowNode[]; edges: OwnerEdge[] } {
  const at = new Map((laidOut.children ?? []).map((c) => [c.id, { x: c.x ?? 0, y: c.y ?? 0 }]));
  return {
    nodes: g.nodes.map((object) => ({
      id: object.id, type: 'owner', position: at.get(object.id) ?? { x: 0, y: 0 }, width: OWNER_WIDTH, height: OWNER_HEIGHT,
      data: { object }, draggable: false, selectable: false, connectable: false,
    })),
    edges: g.edges.map((e) => ({
      id: e.id, source: e.source, target: e.target, data: { relation: e.relation },
      className: `owner-edge owner-edge-${e.relation}`, animated: e.relation === 'selects', selectable: false, focusable: false,
    })),
  };
}

export async function layoutOwners(elk: ELK, g: OwnerGraphView) {
  return fromElk(g, await elk.layout(toElkGraph(g)));
}

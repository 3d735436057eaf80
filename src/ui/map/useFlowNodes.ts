// The map's xyflow nodes, merged with the layout in the render that produced it. `useNodesState` plus a
// `setNodes` in an effect rendered the whole map twice for every change the feed brought.
import { useCallback, useMemo, useReducer, useRef } from 'react';
import { applyNodeChanges, type OnNodesChange } from '@xyflow/react';
import { mergeNodes, type MapNode } from './layout.ts';

export function useFlowNodes(layoutNodes: MapNode[]): [MapNode[], OnNodesChange<MapNode>] {
  // The list xyflow last saw, with what it measured. Written during render: mergeNodes is a pure function of
  // this list and the layout, so a render React throws away still leaves a valid list behind.
  const current = useRef<MapNode[]>([]);
  const [changes, changed] = useReducer((n: number) => n + 1, 0);
  const nodes = useMemo(() => {
    return (current.current = mergeNodes(current.current, layoutNodes));
  }, [layoutNodes, changes]);
  const onNodesChange: OnNodesChange<MapNode> = useCallback((list) => {
    current.current = applyNodeChanges(list, current.current);
    changed();
  }, []);
  return [nodes, onNodesChange];
}

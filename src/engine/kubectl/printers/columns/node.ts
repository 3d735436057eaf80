// kubectl get nodes: NAME STATUS ROLES AGE VERSION, wide INTERNAL-IP EXTERNAL-IP OS-IMAGE KERNEL-VERSION
// CONTAINER-RUNTIME; and the node.k8s.io RuntimeClasses.
import type { Node } from 'kubernetes-types/core/v1';
import type { RuntimeClass } from 'kubernetes-types/node/v1';
import { translateTimestampSince } from '../time.ts';
import { typed, type TableDef } from './column.ts';

const LABEL_NODE_ROLE_PREFIX = 'node-role.kubernetes.io/';
const NODE_LABEL_ROLE = 'kubernetes.io/role';

/** Roles from node-role.kubernetes.io/<role> labels and a kubernetes.io/role=<role> label, sorted. */
export function findNodeRoles(node: Node): string[] {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata?.labels ?? {})) {
    if (k.startsWith(LABEL_NODE_ROLE_PREFIX)) {
      const role = k.slice(LABEL_NODE_ROLE_PREFIX.length);
      if (role) roles.add(role);
    } else if (k === NODE_LABEL_ROLE && v !== '') {
      roles.add(v);
    }
  }
  return [...roles].sort();
}

/** "Ready", "NotReady", "Unknown" (no Ready condition), plus ",SchedulingDisabled" when cordoned. */
export function nodeStatus(node: Node): string {
  const status: string[] = [];
  const ready = (node.status?.conditions ?? []).filter((c) => c.type === 'Ready').pop();
  if (ready) status.push(ready.status === 'True' ? ready.type : `Not${ready.type}`);
  if (status.length === 0) status.push('Unknown');
  if (node.spec?.unschedulable) status.push('SchedulingDisabled');
  return status.join(',');
}

function address(node: Node, type: string): string {
  return (node.status?.addresses ?? []).find((a) => a.type === type)?.address ?? '<none>';
}

export const nodeTable: TableDef = {
  columns: [
    { name: 'Name' }, { name: 'Status' }, { name: 'Roles' }, { name: 'Age' }, { name: 'Version' },
    { name: 'Internal-IP', wide: true }, { name: 'External-IP', wide: true }, { name: 'OS-Image', wide: true },
    { name: 'Kernel-Version', wide: true }, { name: 'Container-Runtime', wide: true },
  ],
  row(obj, { now }) {
    const node = typed<Node>(obj);
    const info = node.status?.nodeInfo;
    const roles = findNodeRoles(node).join(',');
    return [
      node.metadata?.name ?? '', nodeStatus(node), roles || '<none>',
      translateTimestampSince(node.metadata?.creationTimestamp, now), info?.kubeletVersion ?? '',
      address(node, 'InternalIP'), address(node, 'ExternalIP'), info?.osImage || '<unknown>',
      info?.kernelVersion || '<unknown>', info?.containerRuntimeVersion || '<unknown>',
    ];
  },
};

/** kubectl get runtimeclasses: NAME HANDLER AGE (printRuntimeClass). */
export const runtimeClassTable: TableDef = {
  columns: [{ name: 'Name' }, { name: 'Handler' }, { name: 'Age' }],
  row(obj, { now }) {
    const rc = typed<RuntimeClass>(obj);
    return [rc.metadata?.name ?? '', rc.handler ?? '', translateTimestampSince(rc.metadata?.creationTimestamp, now)];
  },
};

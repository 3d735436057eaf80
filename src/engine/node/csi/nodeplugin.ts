// The driver's node plugin registering with the kubelet (node-driver-registrar → the kubelet's plugin manager):
// NodeGetInfo's node ID, volume limit and topology go into the node's CSINode object, which the scheduler's
// NodeVolumeLimits plugin and the provisioner read.
import type { Node } from 'kubernetes-types/core/v1';
import type { CSINode } from 'kubernetes-types/storage/v1';
import type { KubeObject } from '../../api/object.ts';
import { isStatusError } from '../../apiserver/errors.ts';
import type { Store } from '../../apiserver/store.ts';
import type { SimCSIDriver } from './driver.ts';

export function registerCSIDriver(store: Store, driver: SimCSIDriver, node: Node & KubeObject): void {
  const name = node.metadata.name!;
  const info = driver.nodeGetInfo(name, node.metadata.labels ?? {});
  const entry = {
    name: driver.name, nodeID: info.nodeId, allocatable: { count: info.maxVolumesPerNode },
    ...(info.accessibleTopology ? { topologyKeys: Object.keys(info.accessibleTopology.segments) } : {}),
  };
  const existing = store.tryGet<CSINode>('CSINode', undefined, name);
  if (existing) {
    if (existing.spec.drivers.some((d) => d.name === driver.name)) return;
    store.update({ ...existing, spec: { drivers: [...existing.spec.drivers, entry] } } as CSINode & KubeObject);
    return;
  }
  try {
    store.create<CSINode & KubeObject>({
      apiVersion: 'storage.k8s.io/v1', kind: 'CSINode',
      metadata: { name, ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name, uid: node.metadata.uid! }] },
      spec: { drivers: [entry] },
    });
  } catch (e) {
    if (!isStatusError(e, 'AlreadyExists')) throw e;
  }
}

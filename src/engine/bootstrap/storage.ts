// The storage addon: the simulated CSI driver's CSIDriver object and the default StorageClass "standard" that
// provisions through it (as a managed cluster ships one). WaitForFirstConsumer lets volumes follow the scheduler's
// choice of zone; expansion is allowed.
import { CSI_DRIVER_NAME } from '../node/csi/driver.ts';
import type { Addon } from './addons.ts';

export function storageAddon(): Addon {
  return {
    name: 'csi-kubesim',
    manifest: `apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: ${CSI_DRIVER_NAME}
spec:
  attachRequired: true
  podInfoOnMount: false
  volumeLifecycleModes:
  - Persistent
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: standard
  annotations:
    storageclass.kubernetes.io/is-default-class: "true"
provisioner: ${CSI_DRIVER_NAME}
reclaimPolicy: Delete
volumeBindingMode: WaitForFirstConsumer
allowVolumeExpansion: true
`,
  };
}

import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../api/object.ts';
import { SimClock } from '../../../sim/clock.ts';
import { SeededRng } from '../../../sim/rng.ts';
import { StatusError } from '../../errors.ts';
import { Store } from '../../store.ts';

function newStore(): Store {
  const s = new Store(new SimClock(), new SeededRng(7));
  s.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  return s;
}

function message(write: () => unknown): string {
  try {
    write();
  } catch (e) {
    if (e instanceof StatusError) return e.message;
    throw e;
  }
  return 'accepted';
}

const pvc = (spec: Record<string, unknown>): KubeObject => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data', namespace: 'default' }, spec });
const pv = (spec: Record<string, unknown>): KubeObject => ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv1' }, spec });
const sc = (fields: Record<string, unknown>): KubeObject => ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'fast' }, ...fields });

describe('storage defaults', () => {
  it('defaults as a v1.32 API server does', () => {
    const s = newStore();
    expect(s.create(pvc({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } }))).toMatchObject({ spec: { volumeMode: 'Filesystem' }, status: { phase: 'Pending' } });
    expect(s.create(pv({ capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/mnt' } }))).toMatchObject({ spec: { persistentVolumeReclaimPolicy: 'Retain', volumeMode: 'Filesystem' }, status: { phase: 'Pending' } });
    expect(s.create(sc({ provisioner: 'example.com/x' }))).toMatchObject({ reclaimPolicy: 'Delete', volumeBindingMode: 'Immediate' });
    expect(s.create({ apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name: 'x.example.com' }, spec: {} }).spec).toEqual({
      attachRequired: true, podInfoOnMount: false, storageCapacity: false, fsGroupPolicy: 'ReadWriteOnceWithFSType', requiresRepublish: false, seLinuxMount: false, volumeLifecycleModes: ['Persistent'],
    });
    const va: KubeObject = { apiVersion: 'storage.k8s.io/v1', kind: 'VolumeAttachment', metadata: { name: 'va' }, spec: { attacher: 'x', nodeName: 'w1', source: { persistentVolumeName: 'pv1' } } };
    expect(s.create(va).status).toEqual({ attached: false });
  });
});

describe('storage validation (upstream messages)', () => {
  const cases: [string, KubeObject, string][] = [
    ['claim without access modes or storage', pvc({ resources: { requests: {} } }),
      'PersistentVolumeClaim "data" is invalid: [spec.accessModes: Required value: at least 1 access mode is required, spec.resources[storage]: Required value]'],
    ['claim with an unknown access mode', pvc({ accessModes: ['ReadWriteSome'], resources: { requests: { storage: '1Gi' } } }),
      'PersistentVolumeClaim "data" is invalid: spec.accessModes: Unsupported value: "ReadWriteSome": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"'],
    ['claim asking for no storage', pvc({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '0' } } }),
      'PersistentVolumeClaim "data" is invalid: spec.resources[storage]: Invalid value: "0": must be greater than zero'],
    ['volume without a source', pv({ capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'] }),
      'PersistentVolume "pv1" is invalid: spec: Required value: must specify a volume type'],
    ['volume with a bad reclaim policy', pv({ capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], persistentVolumeReclaimPolicy: 'Keep', hostPath: { path: '/mnt' } }),
      'PersistentVolume "pv1" is invalid: spec.persistentVolumeReclaimPolicy: Unsupported value: "Keep": supported values: "Delete", "Recycle", "Retain"'],
    ['class without provisioner', sc({ volumeBindingMode: 'Later' }),
      'StorageClass.storage.k8s.io "fast" is invalid: [provisioner: Required value, volumeBindingMode: Unsupported value: "Later": supported values: "Immediate", "WaitForFirstConsumer"]'],
  ];
  it.each(cases)('%s', (_name, obj, want) => {
    expect(message(() => newStore().create(obj))).toBe(want);
  });

  it('forbids changing a class, and a claim before it is bound', () => {
    const s = newStore();
    const created = s.create(sc({ provisioner: 'example.com/x', parameters: { type: 'ssd' } }));
    expect(message(() => s.update({ ...created, parameters: { type: 'hdd' }, reclaimPolicy: 'Retain' }))).toBe(
      'StorageClass.storage.k8s.io "fast" is invalid: [parameters: Forbidden: updates to parameters are forbidden., reclaimPolicy: Forbidden: updates to reclaimPolicy are forbidden.]');
    const claim = s.create(pvc({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } }));
    expect(message(() => s.update({ ...claim, spec: { ...claim.spec as object, accessModes: ['ReadWriteMany'] } }))).toBe(
      'PersistentVolumeClaim "data" is invalid: spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims');
  });
});

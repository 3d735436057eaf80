// Property: whatever claims and volumes come and go, a claim is bound to at most one volume and a volume to at most
// one claim (no claim is ever misbound), and once the binder settles every Bound claim and its volume point at each
// other.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCluster, type KubesimCluster } from '../../../index.ts';

interface Obj { metadata: { name: string; uid: string }; spec?: { volumeName?: string; claimRef?: { uid?: string; name?: string } }; status?: { phase?: string } }

const SIZES = ['500Mi', '1Gi', '2Gi', '5Gi'];
const CLASSES = ['', 'manual'];

type Op =
  | { op: 'pv'; i: number; size: number; cls: number; policy: 'Retain' | 'Delete' }
  | { op: 'pvc'; j: number; size: number; cls: number; volume?: number }
  | { op: 'deletePv'; i: number }
  | { op: 'deletePvc'; j: number }
  | { op: 'advance'; s: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('pv' as const), i: fc.nat(5), size: fc.nat(3), cls: fc.nat(1), policy: fc.constantFrom('Retain' as const, 'Delete' as const) }),
  fc.record({ op: fc.constant('pvc' as const), j: fc.nat(5), size: fc.nat(3), cls: fc.nat(1), volume: fc.option(fc.nat(5), { nil: undefined }) }),
  fc.record({ op: fc.constant('deletePv' as const), i: fc.nat(5) }),
  fc.record({ op: fc.constant('deletePvc' as const), j: fc.nat(5) }),
  fc.record({ op: fc.constant('advance' as const), s: fc.integer({ min: 0, max: 20 }) }),
);

function apply(c: KubesimCluster, o: Op): void {
  switch (o.op) {
    case 'pv':
      c.exec('kubectl apply -f -', `apiVersion: v1\nkind: PersistentVolume\nmetadata: {name: pv${o.i}}\nspec:\n  storageClassName: "${CLASSES[o.cls]}"\n  capacity: {storage: ${SIZES[o.size]}}\n  accessModes: [ReadWriteOnce]\n  persistentVolumeReclaimPolicy: ${o.policy}\n  hostPath: {path: /mnt/pv${o.i}}\n`);
      break;
    case 'pvc':
      c.exec('kubectl apply -f -', `apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: c${o.j}}\nspec:\n  storageClassName: "${CLASSES[o.cls]}"\n${o.volume === undefined ? '' : `  volumeName: pv${o.volume}\n`}  accessModes: [ReadWriteOnce]\n  resources: {requests: {storage: ${SIZES[o.size]}}}\n`);
      break;
    case 'deletePv': c.exec(`kubectl delete pv pv${o.i} --ignore-not-found`); break;
    case 'deletePvc': c.exec(`kubectl delete pvc c${o.j} --ignore-not-found`); break;
    case 'advance': c.advance(o.s); break;
  }
}

function checkAtMostOne(c: KubesimCluster): void {
  const pvs = c.list('PersistentVolume') as unknown as Obj[];
  const claims = c.list('PersistentVolumeClaim') as unknown as Obj[];
  const boundTo = claims.filter((x) => x.status?.phase === 'Bound').map((x) => x.spec?.volumeName);
  expect(new Set(boundTo).size, `claims sharing a volume: ${boundTo}`).toBe(boundTo.length);
  expect((c.list('Event') as unknown as { reason: string }[]).filter((e) => e.reason === 'ClaimMisbound')).toEqual([]);
  for (const pvc of claims) {
    const bound = pvs.filter((v) => v.spec?.claimRef?.uid === pvc.metadata.uid && v.status?.phase === 'Bound');
    expect(bound.length, `claim ${pvc.metadata.name} bound by ${bound.map((v) => v.metadata.name)}`).toBeLessThanOrEqual(1);
    if (bound.length === 1 && pvc.status?.phase === 'Bound') expect(pvc.spec?.volumeName).toBe(bound[0].metadata.name);
  }
}

describe('PersistentVolume binder', () => {
  it('binds a claim to at most one volume, and settles to a consistent pairing', () => {
    fc.assert(fc.property(fc.array(opArb, { maxLength: 25 }), (ops) => {
      const c = createCluster({ seed: 7 });
      for (const o of ops) {
        apply(c, o);
        c.advance(1);
        checkAtMostOne(c);
      }
      c.advance(30);
      checkAtMostOne(c);
      const pvcs = c.list('PersistentVolumeClaim') as unknown as Obj[];
      for (const pv of c.list('PersistentVolume') as unknown as Obj[]) {
        if (pv.status?.phase !== 'Bound') continue;
        const claim = pvcs.find((x) => x.metadata.uid === pv.spec?.claimRef?.uid);
        expect(claim?.spec?.volumeName, `volume ${pv.metadata.name}`).toBe(pv.metadata.name);
      }
    }), { numRuns: 30, seed: 5 });
  }, 120_000);
});

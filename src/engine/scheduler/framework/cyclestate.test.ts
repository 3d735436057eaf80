import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { clusterWithNodes, mustExec } from '../../testing/fixtures.ts';
import { PodTopologySpread } from '../plugins/PodTopologySpread.ts';
import { VolumeBinding } from '../plugins/VolumeBinding.ts';
import type { Pod } from 'kubernetes-types/core/v1';
import { CycleState } from './interface.ts';

describe('CycleState.hostSelected', () => {
  it('keeps exactly the data written for binding, in its clones too', () => {
    const writes = fc.array(fc.record({ key: fc.constantFrom('a', 'b', 'c', 'd'), value: fc.integer(), binding: fc.boolean() }));
    fc.assert(fc.property(writes, (ws) => {
      const state = new CycleState();
      const last = new Map<string, number>();
      const binding = new Set<string>();
      for (const w of ws) {
        if (w.binding) state.writeForBinding(w.key, w.value);
        else state.write(w.key, w.value);
        last.set(w.key, w.value);
        if (w.binding) binding.add(w.key);
      }
      const clone = state.clone();
      state.hostSelected();
      clone.hostSelected();
      for (const key of ['a', 'b', 'c', 'd']) {
        const want = binding.has(key) ? last.get(key) : undefined;
        expect(state.read(key)).toBe(want);
        expect(clone.read(key)).toBe(want);
      }
    }));
  });
});

const claimPod = `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 1Gi}}
---
apiVersion: v1
kind: Pod
metadata:
  name: app
  labels: {app: web}
spec:
  topologySpreadConstraints:
  - {maxSkew: 1, topologyKey: kubernetes.io/hostname, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}}}
  - {maxSkew: 1, topologyKey: kubernetes.io/hostname, whenUnsatisfiable: ScheduleAnyway, labelSelector: {matchLabels: {app: web}}}
  containers:
  - name: app
    image: nginx:1.27
    volumeMounts:
    - {name: data, mountPath: /data}
  volumes:
  - name: data
    persistentVolumeClaim: {claimName: data}
`;

describe('the state a binding cycle holds', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it("keeps VolumeBinding's decisions for PreBind and drops the Filter and Score data", () => {
    const seen: Record<string, string[]> = {};
    const keys = ['PreFilterVolumeBinding', 'PreFilterPodTopologySpread', 'PreScorePodTopologySpread'];
    const record = (point: string, state: CycleState, pod: Pod) => { if (pod.metadata?.name === 'app') seen[point] = keys.filter((k) => state.read(k) !== undefined); };
    const filter = VolumeBinding.prototype.filter;
    const preBind = VolumeBinding.prototype.preBind;
    const preScore = PodTopologySpread.prototype.preScore;
    vi.spyOn(VolumeBinding.prototype, 'filter').mockImplementation(function (this: VolumeBinding, ...args) { record('filter', args[0], args[1]); return filter.apply(this, args); });
    vi.spyOn(VolumeBinding.prototype, 'preBind').mockImplementation(function (this: VolumeBinding, ...args) { record('preBind', args[0], args[1]); return preBind.apply(this, args); });
    vi.spyOn(PodTopologySpread.prototype, 'preScore').mockImplementation(function (this: PodTopologySpread, ...args) { const s = preScore.apply(this, args); record('preScore', args[0], args[1]); return s; });
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', claimPod);
    c.advance(30);
    expect(seen).toEqual({
      filter: ['PreFilterVolumeBinding', 'PreFilterPodTopologySpread'],
      preScore: ['PreFilterVolumeBinding', 'PreFilterPodTopologySpread', 'PreScorePodTopologySpread'],
      preBind: ['PreFilterVolumeBinding'],
    });
    // PreBind found its decision: the claim names the pod's node, and the pod runs.
    const pod = c.list('Pod').find((p) => p.metadata?.name === 'app') as Pod;
    const claim = c.list('PersistentVolumeClaim')[0];
    expect(claim.metadata?.annotations?.['volume.kubernetes.io/selected-node']).toBe(pod.spec?.nodeName);
    expect(pod.status?.phase).toBe('Running');
  });
});

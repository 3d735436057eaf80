// podEndpointsChanged: the cases of upstream's TestPodChanged (k8s.io/endpointslice/util).
import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1';
import type { MutableMeta } from '../../api/object.ts';
import { podEndpointsChanged } from './podchange.ts';

const base: Pod = {
  metadata: { name: 'pod', namespace: 'default', labels: { app: 'web' }, resourceVersion: '1' },
  spec: { containers: [{ name: 'c' }], nodeName: 'w1' },
  status: { podIP: '10.244.0.5', podIPs: [{ ip: '10.244.0.5' }], conditions: [{ type: 'Ready', status: 'True' }] },
};
const edit = (f: (p: Pod) => void): Pod => { const p = structuredClone(base); (p.metadata as MutableMeta).resourceVersion = '2'; f(p); return p; };

describe('podEndpointsChanged', () => {
  it.each<[string, Pod, boolean, boolean]>([
    ['nothing an endpoint shows (a restart count)', edit((p) => { p.status!.containerStatuses = [{ name: 'c', restartCount: 1, ready: true, image: 'i', imageID: '' }]; }), false, false],
    ['an annotation', edit((p) => { p.metadata!.annotations = { a: 'b' }; }), false, false],
    ['deletion', edit((p) => { (p.metadata as MutableMeta).deletionTimestamp = '2026-01-01T00:00:00Z'; }), true, false],
    ['readiness', edit((p) => { p.status!.conditions![0].status = 'False'; }), true, false],
    ['a pod IP added', edit((p) => { p.status!.podIPs!.push({ ip: 'fd00::5' }); }), true, false],
    ['a pod IP changed', edit((p) => { p.status!.podIPs = [{ ip: '10.244.0.6' }]; }), true, false],
    ['labels', edit((p) => { p.metadata!.labels = { app: 'db' }; }), false, true],
    ['hostname', edit((p) => { p.spec!.hostname = 'h'; }), false, true],
    ['subdomain', edit((p) => { p.spec!.subdomain = 's'; }), false, true],
    ['labels and readiness', edit((p) => { p.metadata!.labels = { app: 'db' }; p.status!.conditions![0].status = 'False'; }), true, true],
  ])('%s', (_name, cur, podChanged, labelsChanged) => {
    expect(podEndpointsChanged(base, cur)).toEqual({ podChanged, labelsChanged });
  });

  it('a terminating pod changes with every version, as upstream compares the timestamps by pointer', () => {
    const terminating = edit((p) => { (p.metadata as MutableMeta).deletionTimestamp = '2026-01-01T00:00:00Z'; });
    expect(podEndpointsChanged(terminating, structuredClone(terminating)).podChanged).toBe(true);
  });
});

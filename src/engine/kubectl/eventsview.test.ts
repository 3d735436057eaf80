import { describe, expect, it } from 'vitest';
import { clusterWithNodes, mustExec } from '../testing/fixtures.ts';
import { parse } from 'yaml';

describe('events.k8s.io/v1 Event (a view of the stored core Events)', () => {
  it('lists the same Events, in the events.k8s.io shape when printed as objects', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: app, image: nginx:1.27}]\n');
    c.advance(10);
    const core = mustExec(c, 'kubectl get events');
    expect(mustExec(c, 'kubectl get events.events.k8s.io')).toBe(core);
    const list = parse(mustExec(c, 'kubectl get events.v1.events.k8s.io -o yaml'));
    const scheduled = list.items.find((e: { reason: string }) => e.reason === 'Scheduled');
    const coreEv = parse(mustExec(c, `kubectl get events ${scheduled.metadata.name} -o yaml`));
    expect(scheduled).toEqual({
      apiVersion: 'events.k8s.io/v1', kind: 'Event', metadata: coreEv.metadata,
      eventTime: coreEv.eventTime ?? null,
      reportingController: 'default-scheduler', reportingInstance: coreEv.reportingInstance,
      reason: 'Scheduled', regarding: coreEv.involvedObject, note: 'Successfully assigned default/p to w1', type: 'Normal',
      ...(coreEv.source?.component ? { deprecatedSource: coreEv.source } : {}),
      ...(coreEv.firstTimestamp ? { deprecatedFirstTimestamp: coreEv.firstTimestamp, deprecatedLastTimestamp: coreEv.lastTimestamp } : {}),
      ...(coreEv.count ? { deprecatedCount: coreEv.count } : {}),
    });
    expect(mustExec(c, `kubectl get ev.events.k8s.io ${scheduled.metadata.name} -o jsonpath={.note}`).trimEnd()).toBe('Successfully assigned default/p to w1');
    expect(mustExec(c, 'kubectl api-resources')).toMatch(/\nevents +ev +events\.k8s\.io\/v1 +true +Event\n/);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clusterWithNodes, inDefault, mustExec } from '../../testing/fixtures.ts';
import { daemonSetYaml, eventsFor, isReady, podsOf, stepFor, type WorkloadPod } from '../../testing/workloads.ts';
import type { KubesimCluster } from '../../index.ts';

const ds = (c: KubesimCluster, name = 'agent') => JSON.parse(mustExec(c, `kubectl get ds ${name} -o json`));
const live = (c: KubesimCluster, name = 'agent') => podsOf(c, name).filter((p) => !p.metadata.deletionTimestamp);
const nodeOf = (p: WorkloadPod) => p.spec?.nodeName ?? '';
const byNode = (pods: WorkloadPod[]) => Object.fromEntries(pods.map((p) => [nodeOf(p), p.spec?.containers[0].image]));

/** Nodes among `nodes` without a ready pod that is not being deleted. */
function unavailableNodes(c: KubesimCluster, nodes: string[]): string[] {
  const ok = new Set(live(c).filter(isReady).map(nodeOf));
  return nodes.filter((n) => !ok.has(n));
}

describe('DaemonSet placement', () => {
  it('runs one pod per node, bound by the scheduler through node affinity, with the daemon tolerations', () => {
    const c = clusterWithNodes(3);
    expect(mustExec(c, 'kubectl apply -f -', daemonSetYaml('agent'))).toBe('daemonset.apps/agent created\n');
    c.advance(20);
    const pods = live(c);
    expect(pods.map(nodeOf).sort()).toEqual(['w1', 'w2', 'w3']);
    for (const p of pods) {
      expect(p.spec?.affinity).toEqual({ nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [nodeOf(p)] }] }] } } });
      expect(p.spec?.tolerations).toEqual([
        { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
        { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
        { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
        { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
        { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
        { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
      ]);
      expect(p.metadata.labels).toEqual({ app: 'agent', 'controller-revision-hash': expect.stringMatching(/^[bcdfghjklmnpqrstvwxz2456789]+$/), 'pod-template-generation': '1' });
    }
    const events = eventsFor(c, 'DaemonSet', 'agent');
    expect(events).toHaveLength(3);
    expect(events.every((e) => /^SuccessfulCreate Created pod: agent-[a-z0-9]{5}$/.test(e))).toBe(true);
    expect(eventsFor(c, 'Pod', pods[0].metadata.name!)[0]).toBe(`Scheduled Successfully assigned default/${pods[0].metadata.name} to ${nodeOf(pods[0])}`);
    expect(ds(c).status).toEqual({ currentNumberScheduled: 3, desiredNumberScheduled: 3, numberMisscheduled: 0, numberReady: 3, numberAvailable: 3, updatedNumberScheduled: 3, observedGeneration: 1 });
    expect(mustExec(c, 'kubectl get ds')).toMatch(/^NAME\s+DESIRED\s+CURRENT\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+NODE SELECTOR\s+AGE\nagent\s+3\s+3\s+3\s+3\s+3\s+<none>\s+20s\n$/);
    expect(mustExec(c, 'kubectl describe ds agent')).toContain([
      'Selector:       app=agent', 'Node-Selector:  <none>', 'Labels:         <none>', 'Annotations:    deprecated.daemonset.template.generation: 1',
      'Desired Number of Nodes Scheduled: 3', 'Current Number of Nodes Scheduled: 3', 'Number of Nodes Scheduled with Up-to-date Pods: 3',
      'Number of Nodes Scheduled with Available Pods: 3', 'Number of Nodes Misscheduled: 0', 'Pods Status:  3 Running / 0 Waiting / 0 Succeeded / 0 Failed',
    ].join('\n'));
    expect(mustExec(c, 'kubectl get ds -o wide')).toMatch(/CONTAINERS\s+IMAGES\s+SELECTOR\nagent\s.*\sagent\s+fluentd:v1\s+app=agent\n$/);
  });

  it('puts a pod on a node added later, and none on a node tainted NoSchedule it does not tolerate', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'sim node add gpu --taints dedicated=gpu:NoSchedule');
    mustExec(c, 'kubectl apply -f -', daemonSetYaml('agent'));
    c.advance(20);
    expect(live(c).map(nodeOf).sort()).toEqual(['w1', 'w2']);
    mustExec(c, 'sim node add w3');
    c.advance(20);
    expect(live(c).map(nodeOf).sort()).toEqual(['w1', 'w2', 'w3']);
    expect(ds(c).status).toMatchObject({ desiredNumberScheduled: 3, numberReady: 3 });
    const tolerating = daemonSetYaml('gpu-agent', { tolerations: '      tolerations:\n      - key: dedicated\n        operator: Exists\n        effect: NoSchedule\n' });
    mustExec(c, 'kubectl apply -f -', tolerating);
    c.advance(20);
    expect(live(c, 'gpu-agent').map(nodeOf).sort()).toEqual(['gpu', 'w1', 'w2', 'w3']);
  });

  it('follows the nodeSelector', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'sim node add ssd-1 --labels disk=ssd');
    mustExec(c, 'sim node add ssd-2 --labels disk=ssd');
    mustExec(c, 'kubectl apply -f -', daemonSetYaml('agent', { nodeSelector: { disk: 'ssd' } }));
    c.advance(20);
    expect(live(c).map(nodeOf).sort()).toEqual(['ssd-1', 'ssd-2']);
    expect(mustExec(c, 'kubectl get ds')).toMatch(/agent\s+2\s+2\s+2\s+2\s+2\s+disk=ssd\s+20s/);
  });

  it('loses the pod of a node that is removed (the pod garbage collector collects it)', () => {
    const c = clusterWithNodes(3);
    mustExec(c, 'kubectl apply -f -', daemonSetYaml('agent'));
    c.advance(20);
    expect(mustExec(c, 'kubectl delete node w2')).toBe('node "w2" deleted\n');
    // The DaemonSet controller does not watch node deletions: it learns when the orphaned pod goes.
    c.advance(20);
    expect(podsOf(c, 'agent').map(nodeOf).sort()).toEqual(['w1', 'w2', 'w3']);
    c.advance(60);
    expect(podsOf(c, 'agent').map(nodeOf).sort()).toEqual(['w1', 'w3']);
    expect(ds(c).status).toMatchObject({ desiredNumberScheduled: 2, currentNumberScheduled: 2, numberAvailable: 2 });
  });

  it('replaces a deleted pod and is cleaned up with its pods and revisions', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', daemonSetYaml('agent'));
    c.advance(20);
    const victim = live(c)[0];
    mustExec(c, `kubectl delete pod ${victim.metadata.name}`);
    c.advance(40);
    expect(live(c).map(nodeOf).sort()).toEqual(['w1', 'w2']);
    expect(live(c).map((p) => p.metadata.name)).not.toContain(victim.metadata.name);
    mustExec(c, 'kubectl delete ds agent');
    c.advance(60);
    expect(podsOf(c, 'agent')).toHaveLength(0);
    expect(inDefault(c, 'ControllerRevision')).toHaveLength(0);
  });
});

describe('DaemonSet updates', () => {
  it('never has more than maxUnavailable nodes without a ready pod during a rolling update', () => {
    const c = clusterWithNodes(4);
    const nodes = ['w1', 'w2', 'w3', 'w4'];
    mustExec(c, 'kubectl apply -f -', daemonSetYaml('agent'));
    c.advance(30);
    const first = ds(c);
    mustExec(c, 'kubectl apply -f -', daemonSetYaml('agent', { image: 'fluentd:v2' }));
    let worst = 0;
    stepFor(c, 150, () => {
      worst = Math.max(worst, unavailableNodes(c, nodes).length);
      expect(worst).toBeLessThanOrEqual(1);
    });
    expect(worst).toBe(1);
    expect(byNode(live(c))).toEqual({ w1: 'fluentd:v2', w2: 'fluentd:v2', w3: 'fluentd:v2', w4: 'fluentd:v2' });
    const done = ds(c);
    expect(done.metadata.annotations['deprecated.daemonset.template.generation']).toBe('2');
    expect(done.status).toMatchObject({ updatedNumberScheduled: 4, numberAvailable: 4, observedGeneration: 2 });
    expect(live(c).every((p) => p.metadata.labels!['pod-template-generation'] === '2')).toBe(true);
    const revs = JSON.parse(mustExec(c, 'kubectl get controllerrevisions -o json')).items;
    expect(revs.map((r: { revision: number }) => r.revision).sort()).toEqual([1, 2]);
    expect(revs.every((r: { metadata: { name: string } }) => r.metadata.name.startsWith('agent-'))).toBe(true);
    expect(first.metadata.uid).toBe(done.metadata.uid);
  });

  it('rounds a maxUnavailable percentage up', () => {
    const c = clusterWithNodes(3);
    const nodes = ['w1', 'w2', 'w3'];
    mustExec(c, 'kubectl apply -f -', daemonSetYaml('agent', { rollingUpdate: { maxUnavailable: '50%' } }));
    c.advance(30);
    mustExec(c, 'kubectl apply -f -', daemonSetYaml('agent', { rollingUpdate: { maxUnavailable: '50%' }, image: 'fluentd:v2' }));
    let worst = 0;
    stepFor(c, 120, () => { worst = Math.max(worst, unavailableNodes(c, nodes).length); });
    // 50% of 3 nodes is 1.5: a DaemonSet takes 2 down at a time (a Deployment would take 1).
    expect(worst).toBe(2);
    expect(byNode(live(c))).toEqual({ w1: 'fluentd:v2', w2: 'fluentd:v2', w3: 'fluentd:v2' });
  });

  it('surges a new pod beside the old one, keeping every node available', () => {
    const c = clusterWithNodes(3);
    const nodes = ['w1', 'w2', 'w3'];
    const ru = { maxSurge: 1, maxUnavailable: 0 };
    mustExec(c, 'kubectl apply -f -', daemonSetYaml('agent', { rollingUpdate: ru }));
    c.advance(30);
    mustExec(c, 'kubectl apply -f -', daemonSetYaml('agent', { rollingUpdate: ru, image: 'fluentd:v2' }));
    let maxOnNode = 0;
    stepFor(c, 150, () => {
      expect(unavailableNodes(c, nodes)).toEqual([]);
      const counts = new Map<string, number>();
      for (const p of live(c)) if (nodeOf(p)) counts.set(nodeOf(p), (counts.get(nodeOf(p)) ?? 0) + 1);
      maxOnNode = Math.max(maxOnNode, ...counts.values());
    });
    expect(maxOnNode).toBe(2);
    expect(byNode(live(c))).toEqual({ w1: 'fluentd:v2', w2: 'fluentd:v2', w3: 'fluentd:v2' });
    expect(live(c)).toHaveLength(3);
  });

  it('OnDelete replaces a pod with the new template only when it is deleted', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', daemonSetYaml('agent', { onDelete: true }));
    c.advance(20);
    mustExec(c, 'kubectl apply -f -', daemonSetYaml('agent', { onDelete: true, image: 'fluentd:v2' }));
    c.advance(40);
    expect(byNode(live(c))).toEqual({ w1: 'fluentd:v1', w2: 'fluentd:v1' });
    const onW2 = live(c).find((p) => nodeOf(p) === 'w2')!;
    mustExec(c, `kubectl delete pod ${onW2.metadata.name}`);
    c.advance(40);
    expect(byNode(live(c))).toEqual({ w1: 'fluentd:v1', w2: 'fluentd:v2' });
    expect(ds(c).status).toMatchObject({ updatedNumberScheduled: 1, currentNumberScheduled: 2 });
  });
});

describe('DaemonSet admission', () => {
  it('defaults a RollingUpdate of one unavailable and no surge, and the template generation', () => {
    const c = clusterWithNodes(0);
    mustExec(c, 'kubectl apply -f -', daemonSetYaml('agent'));
    const d = ds(c);
    expect(d.spec).toMatchObject({ revisionHistoryLimit: 10, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } } });
    expect(d.metadata.annotations['deprecated.daemonset.template.generation']).toBe('1');
  });

  it('rejects both maxSurge and maxUnavailable, and a selector change', () => {
    const c = clusterWithNodes(0);
    const both = c.exec('kubectl apply -f -', daemonSetYaml('agent', { rollingUpdate: { maxSurge: 1, maxUnavailable: 1 } }));
    expect(both.stderr).toBe('The DaemonSet "agent" is invalid: spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:0, IntVal:1, StrVal:""}: may not be set when maxUnavailable is non-zero\n');
    const neither = c.exec('kubectl apply -f -', daemonSetYaml('agent', { rollingUpdate: { maxSurge: 0, maxUnavailable: 0 } }));
    expect(neither.stderr).toBe('The DaemonSet "agent" is invalid: spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0\n');
    mustExec(c, 'kubectl apply -f -', daemonSetYaml('agent'));
    const moved = c.exec('kubectl apply -f -', daemonSetYaml('agent').replace(/app: agent/g, 'app: other'));
    expect(moved.stderr).toMatch(/^The DaemonSet "agent" is invalid: spec.selector: Invalid value: v1.LabelSelector\{MatchLabels:map\[string\]string\{"app":"other"\}, MatchExpressions:\[\]v1.LabelSelectorRequirement\(nil\)\}: field is immutable\n$/);
  });
});

describe('DaemonSet invariants', () => {
  it('never runs two pods on a node beyond what maxSurge allows, whatever happens', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('image' as const), tag: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('node' as const) }),
      fc.record({ kind: fc.constant('delete' as const), index: fc.nat(5) }),
      fc.record({ kind: fc.constant('wait' as const), s: fc.integer({ min: 1, max: 20 }) }),
    );
    const strategies = fc.constantFrom<Record<string, string | number>>({ maxUnavailable: 1 }, { maxUnavailable: '50%' }, { maxSurge: 1, maxUnavailable: 0 }, { maxSurge: '100%', maxUnavailable: 0 });
    fc.assert(fc.property(fc.array(op, { minLength: 1, maxLength: 6 }), strategies, (ops, rollingUpdate) => {
      const c = clusterWithNodes(2);
      let tag = 1, nodes = 2;
      const surge = rollingUpdate.maxSurge !== undefined;
      const apply = () => mustExec(c, 'kubectl apply -f -', daemonSetYaml('agent', { rollingUpdate, image: `fluentd:v${tag}` }));
      apply();
      const check = () => {
        const perNode = new Map<string, number>();
        for (const p of live(c)) {
          const target = nodeOf(p) || JSON.stringify(p.spec?.affinity);
          perNode.set(target, (perNode.get(target) ?? 0) + 1);
        }
        for (const n of perNode.values()) expect(n).toBeLessThanOrEqual(surge ? 2 : 1);
      };
      for (const o of ops) {
        if (o.kind === 'image') { tag = o.tag; apply(); }
        else if (o.kind === 'node') mustExec(c, `sim node add w${++nodes}`);
        else if (o.kind === 'delete') { const p = live(c)[o.index]; if (p) mustExec(c, `kubectl delete pod ${p.metadata.name} --wait=false`); }
        stepFor(c, o.kind === 'wait' ? o.s : 2, check);
      }
      stepFor(c, 200, check);
      const pods = live(c);
      expect(pods.map(nodeOf).sort()).toEqual(Array.from({ length: nodes }, (_, i) => `w${i + 1}`).sort());
      expect(pods.every((p) => isReady(p) && p.spec?.containers[0].image === `fluentd:v${tag}`)).toBe(true);
    }), { numRuns: 12, seed: 11 });
  }, 120_000);
});

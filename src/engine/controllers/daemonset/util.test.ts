import type { Node, PodSpec, Taint } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deepFreeze } from '../../api/object.ts';
import { planRollingUpdate } from './rolling.ts';
import { nodeShouldRunDaemonPod, surgeCount, targetNodeName, unavailableCount, withDaemonTolerations, type DS, type P } from './util.ts';

const node = (name: string, labels: Record<string, string> = {}, taints: Taint[] = []): Node => ({ metadata: { name, labels }, spec: { taints } });
const ds = (podSpec: Partial<PodSpec> = {}, rollingUpdate: Record<string, string | number> = { maxUnavailable: 1, maxSurge: 0 }): DS => ({
  apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent', namespace: 'default', uid: 'ds' },
  spec: { selector: { matchLabels: { app: 'agent' } }, updateStrategy: { type: 'RollingUpdate', rollingUpdate }, template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'a' }], ...podSpec } } },
});

describe('nodeShouldRunDaemonPod', () => {
  it.each<[string, Node, Partial<PodSpec>, [boolean, boolean]]>([
    ['a plain node', node('n'), {}, [true, true]],
    ['an untolerated NoSchedule taint: no new pod, the running one stays', node('n', {}, [{ key: 'k', effect: 'NoSchedule' }]), {}, [false, true]],
    ['an untolerated NoExecute taint: nothing runs', node('n', {}, [{ key: 'k', value: 'v', effect: 'NoExecute' }]), {}, [false, false]],
    ['a tolerated taint', node('n', {}, [{ key: 'k', value: 'v', effect: 'NoExecute' }]), { tolerations: [{ key: 'k', operator: 'Equal', value: 'v' }] }, [true, true]],
    ['a cordoned node (daemon pods tolerate it)', node('n', {}, [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }]), {}, [true, true]],
    ['a not-ready node', node('n', {}, [{ key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }]), {}, [true, true]],
    ['network-unavailable without hostNetwork', node('n', {}, [{ key: 'node.kubernetes.io/network-unavailable', effect: 'NoSchedule' }]), {}, [false, true]],
    ['network-unavailable with hostNetwork', node('n', {}, [{ key: 'node.kubernetes.io/network-unavailable', effect: 'NoSchedule' }]), { hostNetwork: true }, [true, true]],
    ['a nodeSelector it misses', node('n', { disk: 'hdd' }), { nodeSelector: { disk: 'ssd' } }, [false, false]],
    ['a nodeSelector it matches', node('n', { disk: 'ssd' }), { nodeSelector: { disk: 'ssd' } }, [true, true]],
    ['node affinity Gt on a number', node('n', { gen: '5' }), { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'gen', operator: 'Gt', values: ['3'] }] }] } } } }, [true, true]],
    ['node affinity Gt on a label that is not a number', node('n', { gen: 'five' }), { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'gen', operator: 'Gt', values: ['3'] }] }] } } } }, [false, false]],
    ['node affinity on metadata.name', node('n'), { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'NotIn', values: ['n'] }] }] } } } }, [false, false]],
    ['an empty affinity term', node('n'), { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{}] } } } }, [false, false]],
    ['a template naming another node', node('n'), { nodeName: 'm' }, [false, false]],
  ])('%s', (_name, n, podSpec, [shouldRun, shouldContinueRunning]) => {
    expect(nodeShouldRunDaemonPod(n, ds(podSpec))).toEqual({ shouldRun, shouldContinueRunning });
  });

  it('replaces a toleration that matches a daemon one but differs (tolerationSeconds)', () => {
    const spec = withDaemonTolerations({ containers: [], tolerations: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 }] });
    expect(spec.tolerations?.[0]).toEqual({ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' });
    expect(spec.tolerations).toHaveLength(6);
  });

  it('finds the node of an unscheduled pod in its node affinity', () => {
    const pod: P = { apiVersion: 'v1', kind: 'Pod', metadata: {}, spec: { containers: [], affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['w2'] }] }] } } } } };
    expect(targetNodeName(pod)).toBe('w2');
    expect(targetNodeName({ ...pod, spec: { ...pod.spec!, nodeName: 'w1' } })).toBe('w1');
  });
});

describe('nodeShouldRunDaemonPod on stored (frozen) objects', () => {
  // A node's versions as the API server stores them: a status write keeps the frozen spec and labels, a spec or
  // label write brings new ones. The remembered placement must be what a fresh evaluation says, every time.
  const labelSets: Record<string, string>[] = [{}, { disk: 'ssd' }, { disk: 'hdd' }, { disk: 'ssd', gen: '5' }];
  const taintSets: Taint[][] = [[], [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }], [{ key: 'k', effect: 'NoSchedule' }], [{ key: 'k', effect: 'NoExecute' }]];
  const templates = [
    ds(),
    ds({ nodeSelector: { disk: 'ssd' } }),
    ds({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'gen', operator: 'Gt', values: ['3'] }] }] } } } }),
    ds({ tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoSchedule' }] }),
  ].map((d) => deepFreeze(d));
  const write = fc.oneof(
    fc.record({ type: fc.constant('status' as const) }),
    fc.record({ type: fc.constant('labels' as const), i: fc.nat(labelSets.length - 1) }),
    fc.record({ type: fc.constant('taints' as const), i: fc.nat(taintSets.length - 1) }),
  );

  it('property: the remembered placement equals a fresh one after any sequence of node writes', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.nat(2), write), { maxLength: 40 }), (writes) => {
      const nodes = ['a', 'b', 'c'].map((n) => deepFreeze(node(n)));
      for (const [i, w] of writes) {
        const old = nodes[i];
        const next: Node = w.type === 'status' ? { ...old, metadata: { ...old.metadata }, status: { phase: 'Running' } }
          : w.type === 'labels' ? { ...old, metadata: { ...old.metadata, labels: { ...labelSets[w.i] } } }
          : { ...old, metadata: { ...old.metadata }, spec: { taints: taintSets[w.i].map((t) => ({ ...t })) } };
        nodes[i] = deepFreeze(next);
        for (const n of nodes) for (const d of templates) expect(nodeShouldRunDaemonPod(n, d)).toEqual(nodeShouldRunDaemonPod(structuredClone(n), structuredClone(d)));
      }
    }));
  });
});

describe('rollout arithmetic', () => {
  it.each<[string | number, number, number]>([['10%', 5, 1], ['25%', 8, 2], ['50%', 3, 2], ['100%', 3, 3], [2, 10, 2]])('maxUnavailable %j of %d nodes is %d (percentages round up)', (v, n, want) => {
    expect(unavailableCount(ds({}, { maxUnavailable: v, maxSurge: 0 }), n)).toBe(want);
    expect(surgeCount(ds({}, { maxUnavailable: 0, maxSurge: v }), n)).toBe(want);
  });

  it('deletes old available pods up to maxUnavailable, in node order, once nothing else is down', () => {
    const nodes = ['w1', 'w2', 'w3', 'w4'].map((n) => node(n));
    const ready = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' }] };
    const pod = (n: string, hash: string, status: P['status'] = ready): P => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `agent-${n}`, labels: { 'controller-revision-hash': hash } }, spec: { nodeName: n, containers: [] }, status });
    const d = ds({}, { maxUnavailable: 2, maxSurge: 0 });
    const now = Date.parse('2026-01-01T00:01:00Z');
    const all = new Map(nodes.map((n) => [n.metadata!.name!, [pod(n.metadata!.name!, 'old')]]));
    expect(planRollingUpdate(d, nodes, all, 'new', now)).toEqual({ podsToDelete: ['agent-w1', 'agent-w2'], nodesToCreate: [] });
    // A new pod still starting counts against the budget.
    all.set('w1', [pod('w1', 'new', { phase: 'Pending' })]);
    expect(planRollingUpdate(d, nodes, all, 'new', now)).toEqual({ podsToDelete: ['agent-w2'], nodesToCreate: [] });
    // An old pod that is not available is replaced at once, whatever the budget.
    all.set('w2', [pod('w2', 'new', { phase: 'Pending' })]);
    all.set('w4', [pod('w4', 'old', { phase: 'Pending' })]);
    expect(planRollingUpdate(d, nodes, all, 'new', now)).toEqual({ podsToDelete: ['agent-w4'], nodesToCreate: [] });
  });
});

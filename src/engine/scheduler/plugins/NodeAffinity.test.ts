// NodeAffinity's PreFilterResult (upstream node_affinity_test TestNodeAffinityPriority's PreFilter cases) and how
// the scheduler evaluates only the nodes it names (schedule_one findNodesThatFitPod).
import { describe, expect, it } from 'vitest';
import type { NodeSelectorTerm, Pod } from 'kubernetes-types/core/v1';
import { CycleState } from '../framework/interface.ts';
import { Code } from '../framework/status.ts';
import { NodeAffinity } from './NodeAffinity.ts';
import { clusterWithNodes, mustExec } from '../../testing/fixtures.ts';

const names = (...values: string[]) => ({ key: 'metadata.name', operator: 'In', values });
const podWith = (terms?: NodeSelectorTerm[], nodeSelector?: Record<string, string>): Pod => ({
  metadata: { name: 'p', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'x' }], nodeSelector, affinity: terms && { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } } },
});

describe('NodeAffinity PreFilter', () => {
  const run = (p: Pod) => new NodeAffinity().preFilter(new CycleState(), p);
  it.each<[string, Pod, Code, string[] | undefined]>([
    ['nothing required: Skip', podWith(), Code.Skip, undefined],
    ['a nodeSelector only: every node', podWith(undefined, { disk: 'ssd' }), Code.Success, undefined],
    ['one term naming a node (the DaemonSet affinity)', podWith([{ matchFields: [names('w2')] }]), Code.Success, ['w2']],
    ['ANDed name requirements intersect', podWith([{ matchFields: [names('w1', 'w2'), names('w2', 'w3')] }]), Code.Success, ['w2']],
    ['ORed terms unite', podWith([{ matchFields: [names('w1')] }, { matchFields: [names('w3')] }]), Code.Success, ['w1', 'w3']],
    ['a term without names allows every node', podWith([{ matchFields: [names('w1')] }, { matchExpressions: [{ key: 'disk', operator: 'Exists' }] }]), Code.Success, undefined],
    ['NotIn names narrow nothing', podWith([{ matchFields: [{ key: 'metadata.name', operator: 'NotIn', values: ['w1'] }] }]), Code.Success, undefined],
  ])('%s', (_name, p, code, want) => {
    const { status, result } = run(p);
    expect(status.code).toBe(code);
    expect(result?.nodeNames && [...result.nodeNames].sort()).toEqual(want);
  });
  it('conflicting name requirements reject every node', () => {
    const { status } = run(podWith([{ matchFields: [names('w1'), names('w2')] }]));
    expect(status.code).toBe(Code.UnschedulableAndUnresolvable);
    expect(status.reasons).toEqual(['pod affinity terms conflict']);
  });
});

describe('PreFilterResult in the scheduling cycle', () => {
  const pinned = (node: string, extra = '') => `apiVersion: v1
kind: Pod
metadata: {name: pinned}
spec:
  ${extra}affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [${node}]}]}]
  containers: [{name: c, image: nginx:1.27}]
`;
  const failedScheduling = (c: ReturnType<typeof clusterWithNodes>) => JSON.parse(mustExec(c, 'kubectl get events -o json')).items.filter((e: { reason: string }) => e.reason === 'FailedScheduling').map((e: { message: string }) => e.message);

  it('filters only the named node and binds there', () => {
    const c = clusterWithNodes(3);
    mustExec(c, 'kubectl apply -f -', pinned('w2'));
    c.advance(5);
    expect(JSON.parse(mustExec(c, 'kubectl get pod pinned -o json')).spec.nodeName).toBe('w2');
    expect(JSON.parse(mustExec(c, 'sim explain pod pinned -o json'))).toMatchObject({ result: 'Scheduled', nodesTotal: 3, nodesEvaluated: 1, feasible: 1 });
  });

  it('counts the nodes left out as not satisfying the plugin, beside the named node\'s own verdict', () => {
    const c = clusterWithNodes(3);
    mustExec(c, 'kubectl apply -f -', pinned('w2', 'nodeSelector: {disk: ssd}\n  '));
    c.advance(5);
    // Preemption cannot help on nodes that are UnschedulableAndUnresolvable, the left-out ones included.
    expect(failedScheduling(c)).toContain("0/3 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 2 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.");
  });

  it('a node name that does not exist leaves every node out', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', pinned('gone'));
    c.advance(5);
    expect(failedScheduling(c)).toContain("0/2 nodes are available: 2 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.");
    mustExec(c, 'sim node add gone --cpu 4 --memory 16Gi');
    c.advance(10);
    expect(JSON.parse(mustExec(c, 'kubectl get pod pinned -o json')).spec.nodeName).toBe('gone');
  });
});

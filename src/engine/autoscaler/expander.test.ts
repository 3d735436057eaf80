// The expanders on hand-made options: most-pods, least-waste, and priority with upstream's ConfigMap format and
// warnings; then the priority expander in a cluster (spot before on-demand).
import { describe, expect, it } from 'vitest';
import type { Event, Node, Pod } from 'kubernetes-types/core/v1';
import { SeededRng } from '../sim/rng.ts';
import { createCluster } from '../index.ts';
import { chooseOption, parsePriorities } from './expander.ts';
import type { ScaleUpOption } from './scaleup.ts';

const template = (cpu: string, memory: string): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: 't' }, status: { allocatable: { cpu, memory, pods: '110' } } });
const pod = (cpu: string, memory: string): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', resources: { requests: { cpu, memory } } }] } });
const option = (name: string, nodeCount: number, pods: Pod[], t = template('4', '16Gi')): ScaleUpOption => ({ group: { name, maxSize: 10, target: 0, template: t, daemonSetPods: [] }, nodeCount, pods });

describe('expanders', () => {
  const rng = () => new SeededRng(1);
  it('most-pods takes the group that helps the most pods', () => {
    const a = option('a', 1, [pod('1', '1Gi')]), b = option('b', 2, [pod('1', '1Gi'), pod('1', '1Gi'), pod('1', '1Gi')]);
    expect(chooseOption([a, b], 'most-pods', rng())).toBe(b);
  });

  it('least-waste takes the machines the pods fill best (unused cpu share + unused memory share)', () => {
    const pods = [pod('3', '12Gi')];
    const big = option('big', 1, pods, template('16', '64Gi')), fit = option('fit', 1, pods, template('4', '16Gi'));
    expect(chooseOption([big, fit], 'least-waste', rng())).toBe(fit);
  });

  it('priority takes the highest priority whose expressions match the group (unanchored, as Go regexp)', () => {
    const spot = option('gpu-spot', 1, []), od = option('gpu-ondemand', 1, []), other = option('cpu', 1, []);
    const prios = parsePriorities('10:\n  - .*ondemand.*\n50:\n  - spot\n');
    const warnings: string[] = [];
    expect(chooseOption([od, spot, other], 'priority', rng(), prios, (r, m) => warnings.push(`${r} ${m}`))).toBe(spot);
    expect(warnings).toEqual(["PriorityConfigMapNotMatchedGroup Priority expander: node group cpu not found in priority expander configuration. The group won't be used."]);
    expect(chooseOption([other], 'priority', rng(), prios, () => undefined)).toBe(other);
    expect(chooseOption([spot], 'priority', rng(), undefined)).toBeUndefined();
  });

  it.each([
    ['', 'priority configuration in cluster-autoscaler-priority-expander configmap is empty; please provide valid configuration'],
    ['high:\n  - a\n', 'Can\'t parse YAML with priorities in the configmap: cannot unmarshal "high" into map[int][]string'],
    ['10:\n  - "("\n', "Can't compile regexp rule for priority 10 and rule (:"],
  ])('refuses the configuration %j', (text, message) => {
    expect(() => parsePriorities(text)).toThrow(message);
  });
});

describe('the priority expander in a cluster', () => {
  it('grows the spot group while the ConfigMap prefers it, and warns on the ConfigMap when it is invalid', () => {
    const c = createCluster({ seed: 2 });
    const run = (line: string, stdin?: string) => expect(c.exec(line, stdin).stderr, line).toBe('');
    run('sim node add base --cpu 2 --memory 8Gi');
    run('sim nodegroup add ondemand --min 0 --max 3 --cpu 4 --memory 16Gi');
    run('sim nodegroup add spot --min 0 --max 3 --cpu 4 --memory 16Gi');
    run('sim autoscaler config --expander priority');
    run('kubectl create configmap cluster-autoscaler-priority-expander -n kube-system --from-literal=priorities=not-a-map');
    run('kubectl create deployment big --image=nginx --replicas=0');
    run('kubectl set resources deployment big --requests=cpu=3');
    run('kubectl scale deployment big --replicas=1');
    c.advance(30);
    const events = () => c.list('Event') as unknown as Event[];
    expect(events().some((e) => e.reason === 'PriorityConfigMapInvalid' && e.involvedObject.name === 'cluster-autoscaler-priority-expander')).toBe(true);
    expect(events().some((e) => e.reason === 'TriggeredScaleUp')).toBe(false);
    run('kubectl apply -f -', `apiVersion: v1
kind: ConfigMap
metadata: {name: cluster-autoscaler-priority-expander, namespace: kube-system}
data:
  priorities: |-
    10:
      - ondemand
    50:
      - spot
`);
    c.advance(20);
    expect(events().filter((e) => e.reason === 'TriggeredScaleUp').map((e) => e.message)).toEqual(['pod triggered scale-up: [{spot 0->1 (max: 3)}]']);
  });
});

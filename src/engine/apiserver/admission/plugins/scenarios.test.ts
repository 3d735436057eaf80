import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1';
import { clusterWithNodes, deploymentYaml, mustExec, pods } from '../../../testing/fixtures.ts';

const podJson = (c: ReturnType<typeof clusterWithNodes>, name: string) => JSON.parse(mustExec(c, `kubectl get pod ${name} -o json`)) as Pod;

describe('admission plugins in a running cluster', () => {
  it('a LimitRange gives a Deployment\'s pods their requests and limits', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', `apiVersion: v1
kind: LimitRange
metadata:
  name: defaults
spec:
  limits:
  - type: Container
    default:
      cpu: 500m
      memory: 256Mi
    defaultRequest:
      cpu: 200m
      memory: 128Mi
`);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1).replace(/ {8}resources:\n(.*\n){3}/, ''));
    c.advance(20);
    const [p] = pods(c, 'web');
    const full = podJson(c, p.metadata.name!);
    expect(full.spec?.containers[0].resources).toEqual({ limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '200m', memory: '128Mi' } });
    expect(full.metadata?.annotations?.['kubernetes.io/limit-ranger']).toBe('LimitRanger plugin set: cpu, memory request for container app; cpu, memory limit for container app');
    expect(full.status?.qosClass).toBe('Burstable');
    expect(mustExec(c, 'kubectl get limitranges').split('\n')[1].split(/ {2,}/)).toEqual(['defaults', '2026-01-01T00:00:00Z']);
    expect(mustExec(c, 'kubectl describe limits defaults')).toBe([
      'Name:       defaults',
      'Namespace:  default',
      'Type        Resource  Min  Max  Default Request  Default Limit  Max Limit/Request Ratio',
      '----        --------  ---  ---  ---------------  -------------  -----------------------',
      'Container   cpu       -    -    200m             500m           -',
      'Container   memory    -    -    128Mi            256Mi          -',
      '',
    ].join('\n'));
  });

  it('resolves priority classes into the pod spec', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', 'apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata:\n  name: high\nvalue: 100000\ndescription: urgent\n');
    mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  priorityClassName: high\n  containers:\n  - name: app\n    image: nginx:1.27\n');
    expect(podJson(c, 'p').spec).toMatchObject({ priorityClassName: 'high', priority: 100000, preemptionPolicy: 'PreemptLowerPriority', serviceAccountName: 'default' });
    expect(mustExec(c, 'kubectl describe pod p')).toMatch(/^Priority:\s+100000\nPriority Class Name:\s+high\nService Account:\s+default\n/m);
    const r = c.exec('kubectl apply -f -', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: q\nspec:\n  priorityClassName: urgent\n  containers:\n  - name: app\n    image: nginx:1.27\n');
    expect(r).toMatchObject({ code: 1, stderr: 'Error from server (Forbidden): error when creating "STDIN": pods "q" is forbidden: no PriorityClass with name urgent was found\n' });
    expect(mustExec(c, 'kubectl get pc').split('\n').map((l) => l.split(/ {2,}/))).toEqual([
      ['NAME', 'VALUE', 'GLOBAL-DEFAULT', 'AGE', 'PREEMPTIONPOLICY'],
      ['high', '100000', 'false', '0s', 'PreemptLowerPriority'],
      ['system-cluster-critical', '2000000000', 'false', '0s', 'PreemptLowerPriority'],
      ['system-node-critical', '2000001000', 'false', '0s', 'PreemptLowerPriority'],
      [''],
    ]);
  });

  it('a ReplicaSet whose service account is missing fails to create pods, naming the generateName', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1).replace('    spec:\n      containers:', '    spec:\n      serviceAccountName: robot\n      containers:'));
    c.advance(5);
    expect(pods(c, 'web')).toHaveLength(0);
    const ev = JSON.parse(mustExec(c, 'kubectl get events -o json')).items.find((e: { reason: string }) => e.reason === 'FailedCreate');
    expect(ev.message).toMatch(/^Error creating: pods "web-[a-z0-9]+-" is forbidden: error looking up service account default\/robot: serviceaccount "robot" not found$/);
    mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: robot\n');
    c.advance(60);
    expect(pods(c, 'web')).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../cluster.ts';
import { clusterWithNodes, deploymentYaml, mustExec, pods } from '../../testing/fixtures.ts';

const quotaYaml = (hard: Record<string, string>, name = 'q') =>
  `apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: ${name}\nspec:\n  hard:\n${Object.entries(hard).map(([k, v]) => `    ${k}: "${v}"`).join('\n')}\n`;

function quotaStatus(c: ReturnType<typeof clusterWithNodes>, name = 'q') {
  return JSON.parse(mustExec(c, `kubectl get quota ${name} -o json`)).status as { hard: Record<string, string>; used: Record<string, string> };
}

describe('resource quota controller', () => {
  it('fills in status.hard and status.used, counting what already runs', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 2, { cpu: '250m', memory: '64Mi' }));
    c.advance(20);
    mustExec(c, 'kubectl apply -f -', quotaYaml({ 'requests.cpu': '2', 'requests.memory': '1Gi', pods: '10', 'count/deployments.apps': '3', 'count/replicasets.apps': '5' }));
    c.advance(1);
    expect(quotaStatus(c)).toEqual({
      hard: { 'count/deployments.apps': '3', 'count/replicasets.apps': '5', pods: '10', 'requests.cpu': '2', 'requests.memory': '1Gi' },
      used: { 'count/deployments.apps': '1', 'count/replicasets.apps': '1', pods: '2', 'requests.cpu': '500m', 'requests.memory': '128Mi' },
    });
    const [header, row] = mustExec(c, 'kubectl get quota').trimEnd().split('\n');
    expect(header.split(/ {2,}/)).toEqual(['NAME', 'AGE', 'REQUEST', 'LIMIT']);
    expect(row.split(/ {2,}/)).toEqual(['q', '1s', 'count/deployments.apps: 1/3, count/replicasets.apps: 1/5, pods: 2/10, requests.cpu: 500m/2, requests.memory: 128Mi/1Gi']);
  });

  it('keeps a Deployment below its replicas with FailedCreate events carrying the quota text', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', quotaYaml({ 'requests.cpu': '1' }));
    c.advance(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 3, { cpu: '400m' }));
    c.advance(30);
    expect(pods(c, 'web')).toHaveLength(2);
    const events = JSON.parse(mustExec(c, 'kubectl get events -o json')).items as { reason: string; message: string; involvedObject: { kind: string }; source: { component: string } }[];
    const failed = events.filter((e) => e.reason === 'FailedCreate');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]).toMatchObject({ involvedObject: { kind: 'ReplicaSet' }, source: { component: 'replicaset-controller' } });
    expect(failed[0].message).toMatch(/^Error creating: pods "web-[a-z0-9]+-[a-z0-9]{5}" is forbidden: exceeded quota: q, requested: requests\.cpu=400m, used: requests\.cpu=800m, limited: requests\.cpu=1$/);
    expect(JSON.parse(mustExec(c, 'kubectl get deploy web -o json')).status.availableReplicas ?? 0).toBeLessThan(3);
    expect(quotaStatus(c).used).toEqual({ 'requests.cpu': '800m' });

    // Raising the quota lets the ReplicaSet's retries through.
    mustExec(c, 'kubectl apply -f -', quotaYaml({ 'requests.cpu': '2' }));
    c.advance(120);
    expect(pods(c, 'web')).toHaveLength(3);
    expect(quotaStatus(c).used).toEqual({ 'requests.cpu': '1200m' });
  });

  it('gives back what deleted pods used (replenishment)', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', quotaYaml({ pods: '3', 'requests.memory': '1Gi' }));
    c.advance(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 3));
    c.advance(20);
    expect(quotaStatus(c).used).toEqual({ pods: '3', 'requests.memory': '384Mi' });
    mustExec(c, 'kubectl scale deploy web --replicas 1');
    c.advance(40);
    expect(quotaStatus(c).used).toEqual({ pods: '1', 'requests.memory': '128Mi' });
  });

  it('repairs a wrong status on the full resync', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', quotaYaml({ 'count/configmaps': '5' }));
    c.advance(1);
    const store = (c as unknown as Cluster).store;
    const q = store.get('ResourceQuota', 'default', 'q');
    store.update({ ...q, status: { hard: { 'count/configmaps': '5' }, used: { 'count/configmaps': '4' } } }, { subresource: 'status' });
    c.advance(5 * 60);
    // The namespace's one ConfigMap is the root CA publisher's kube-root-ca.crt.
    expect(quotaStatus(c).used).toEqual({ 'count/configmaps': '1' });
  });

  it('describes a quota in kubectl\'s table', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', quotaYaml({ 'requests.memory': '1G', 'limits.cpu': '2', pods: '4' }));
    c.advance(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1, { memory: '512Mi' }).replace('            memory: 512Mi', '            memory: 512Mi\n          limits:\n            cpu: 500m'));
    c.advance(10);
    expect(mustExec(c, 'kubectl describe quota q')).toBe([
      'Name:            q',
      'Namespace:       default',
      'Resource         Used       Hard',
      '--------         ----       ----',
      'limits.cpu       500m       2',
      'pods             1          4',
      'requests.memory  536870912  1G',
      '',
    ].join('\n'));
  });
});

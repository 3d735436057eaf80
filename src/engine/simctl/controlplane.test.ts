import type { Lease } from 'kubernetes-types/coordination/v1';
import type { Event, Node, Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { clusterWithNodes, deploymentYaml, mustExec, pods } from '../testing/fixtures.ts';
import { CONNECTION_REFUSED } from './controlplane.ts';

const running = (c: ReturnType<typeof clusterWithNodes>) => pods(c, 'web').filter((p) => p.status?.phase === 'Running' && !p.metadata.deletionTimestamp).length;

describe('sim controlplane', () => {
  it('status lists the three components, Running by default', () => {
    const c = clusterWithNodes(1);
    expect(mustExec(c, 'sim controlplane status')).toBe(
      'COMPONENT                 STATUS\nkube-apiserver            Running\nkube-controller-manager   Running\nkube-scheduler            Running\n');
    expect(c.exec('sim controlplane start scheduler').stderr).toBe('error: kube-scheduler is already running\n');
    expect(c.exec('sim controlplane stop etcd').stderr).toBe('error: usage: sim controlplane stop|start apiserver|controller-manager|scheduler, or sim controlplane status\n');
  });

  it('a stopped controller-manager does nothing about a scale-up until it starts, then catches up', () => {
    const c = clusterWithNodes(3);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 2));
    c.advance(30);
    expect(mustExec(c, 'sim controlplane stop controller-manager')).toBe('kube-controller-manager stopped\n');
    expect(mustExec(c, 'sim controlplane status')).toContain('kube-controller-manager   Stopped');
    mustExec(c, 'kubectl scale deployment web --replicas=5');
    c.advance(120);
    expect(pods(c, 'web')).toHaveLength(2);
    const deploy = JSON.parse(mustExec(c, 'kubectl get deploy web -o json'));
    expect(deploy.spec.replicas).toBe(5);
    expect(deploy.status.observedGeneration).toBe(1);
    mustExec(c, 'sim controlplane start controller-manager');
    c.advance(30);
    expect(running(c)).toBe(5);
    expect(JSON.parse(mustExec(c, 'kubectl get deploy web -o json')).status).toMatchObject({ observedGeneration: 2, readyReplicas: 5 });
  });

  it('a stopped scheduler leaves new pods Pending until it starts', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'sim controlplane stop scheduler');
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 2));
    c.advance(60);
    expect(pods(c, 'web').map((p) => `${p.status?.phase}:${p.spec?.nodeName ?? ''}`)).toEqual(['Pending:', 'Pending:']);
    mustExec(c, 'sim controlplane start scheduler');
    c.advance(30);
    expect(running(c)).toBe(2);
  });

  it('a stopped API server refuses kubectl and hears nothing; the kubelets keep their containers running', () => {
    const c = clusterWithNodes(3);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 3));
    c.advance(30);
    const rv = (c.list('Lease') as Lease[]).map((l) => l.spec?.renewTime);
    const names = pods(c, 'web').map((p) => p.metadata.name).sort();
    expect(mustExec(c, 'sim controlplane stop apiserver')).toBe('kube-apiserver stopped\n');
    expect(c.exec('kubectl get pods')).toEqual({ code: 1, stdout: '', stderr: `${CONNECTION_REFUSED}\n` });
    expect(CONNECTION_REFUSED).toBe('The connection to the server 127.0.0.1:6443 was refused - did you specify the right host or port?');
    expect(mustExec(c, 'sim controlplane status')).toBe(
      'COMPONENT                 STATUS\nkube-apiserver            Stopped\nkube-controller-manager   Running (API server unreachable)\nkube-scheduler            Running (API server unreachable)\n');
    const before = c.list('Event').length;
    c.advance(300);
    // No writes: leases were not renewed, no events were recorded, nothing was marked Unknown.
    expect((c.list('Lease') as Lease[]).map((l) => l.spec?.renewTime)).toEqual(rv);
    expect(c.list('Event')).toHaveLength(before);
    expect(c.exec('sim pod kill x').stderr).toBe(`error: ${CONNECTION_REFUSED}\n`);

    mustExec(c, 'sim controlplane start apiserver');
    c.advance(60);
    const nodes = c.list('Node') as Node[];
    expect(nodes.map((n) => n.status?.conditions?.find((x) => x.type === 'Ready')?.status)).toEqual(['True', 'True', 'True']);
    expect(nodes.every((n) => !(n.spec?.taints ?? []).length)).toBe(true);
    expect(running(c)).toBe(3);
    expect(pods(c, 'web').map((p) => p.metadata.name).sort()).toEqual(names);
    expect((c.list('Event') as unknown as Event[]).filter((e) => e.reason === 'NodeNotReady')).toEqual([]);
  });

  it('a scale-up made just before the API server stops completes once it is back', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    c.advance(30);
    mustExec(c, 'kubectl scale deployment web --replicas=4');
    mustExec(c, 'sim controlplane stop apiserver');
    c.advance(60);
    mustExec(c, 'sim controlplane start apiserver');
    c.advance(60);
    expect(running(c)).toBe(4);
    expect((c.list('Pod') as Pod[]).every((p) => p.status?.conditions?.find((x) => x.type === 'Ready')?.status === 'True')).toBe(true);
  });
});

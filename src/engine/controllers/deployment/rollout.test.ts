import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clusterWithNodes, deploymentYaml, inDefault, mustExec } from '../../testing/fixtures.ts';
import type { KubesimCluster } from '../../index.ts';
import { resolveFenceposts } from './util.ts';
import { getScaledValueFromIntOrPercent as scaledValue } from '../../api/intstr.ts';

interface P { metadata: { deletionTimestamp?: string; labels: Record<string, string> }; spec: { containers: { image: string }[] }; status?: { conditions?: { type: string; status: string }[] } }
interface RS { spec: { replicas: number } }

const ready = (p: P) => !p.metadata.deletionTimestamp && !!p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True');

function strategy(maxSurge: string | number, maxUnavailable: string | number) {
  return `    type: RollingUpdate\n    rollingUpdate:\n      maxSurge: ${maxSurge}\n      maxUnavailable: ${maxUnavailable}`;
}

describe('rolling update', () => {
  it('resolves fenceposts like upstream: maxSurge rounds up, maxUnavailable down', () => {
    expect(scaledValue('25%', 10, true)).toBe(3);
    expect(scaledValue('25%', 10, false)).toBe(2);
    expect(resolveFenceposts({ spec: { replicas: 3, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: '10%' } } } } as never)).toEqual({ maxSurge: 0, maxUnavailable: 1 });
  });

  it('property: never more than replicas+maxSurge pods requested, never fewer than replicas-maxUnavailable ready, and it converges', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 8 }),
      fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('25%', '50%', '100%')),
      fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('0%', '25%', '50%')),
      (replicas, surge, unavailable) => {
        const c = clusterWithNodes(3, replicas);
        const strat = strategy(surge, unavailable);
        let r = c.exec('kubectl apply -f -', deploymentYaml('web', replicas, { strategy: strat }));
        if (r.code !== 0) {
          // Both zero is rejected by validation, as upstream.
          expect(r.stderr).toContain('may not be 0 when `maxSurge` is 0');
          return;
        }
        c.advance(60);
        const { maxSurge, maxUnavailable } = resolveFenceposts({ spec: { replicas, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: surge, maxUnavailable: unavailable } } } } as never);
        r = c.exec('kubectl apply -f -', deploymentYaml('web', replicas, { strategy: strat, image: 'nginx:1.28' }));
        expect(r.code).toBe(0);
        const minReady = replicas - Math.min(maxUnavailable, replicas);
        for (let i = 0; i < 20_000 && c.step(); i++) {
          if (c.now() > Date.UTC(2026, 0, 1, 0, 10)) break;
          const requested = (inDefault(c, 'ReplicaSet') as unknown as RS[]).reduce((s, rs) => s + rs.spec.replicas, 0);
          expect(requested).toBeLessThanOrEqual(replicas + maxSurge);
          expect((inDefault(c, 'Pod') as unknown as P[]).filter(ready).length).toBeGreaterThanOrEqual(minReady);
        }
        c.advance(120);
        const live = (inDefault(c, 'Pod') as unknown as P[]).filter((p) => !p.metadata.deletionTimestamp);
        expect(live).toHaveLength(replicas);
        expect(live.every((p) => p.spec.containers[0].image === 'nginx:1.28' && ready(p))).toBe(true);
        const d = JSON.parse(mustExec(c, 'kubectl get deploy web -o json'));
        expect(d.metadata.annotations['deployment.kubernetes.io/revision']).toBe('2');
        expect(d.status.conditions.find((x: { type: string }) => x.type === 'Progressing').reason).toBe('NewReplicaSetAvailable');
      }), { numRuns: 25 });
  }, 120_000);

  it('Recreate scales the old ReplicaSet to zero before the new one starts', () => {
    const c: KubesimCluster = clusterWithNodes(2);
    const strat = '    type: Recreate';
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 3, { strategy: strat }));
    c.advance(60);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 3, { strategy: strat, image: 'nginx:1.28' }));
    let sawBoth = false;
    for (let i = 0; i < 5000 && c.step(); i++) {
      const images = new Set((inDefault(c, 'Pod') as unknown as P[]).filter((p) => !p.metadata.deletionTimestamp).map((p) => p.spec.containers[0].image));
      if (images.size > 1) sawBoth = true;
    }
    c.advance(60);
    expect(sawBoth).toBe(false);
    const live = (inDefault(c, 'Pod') as unknown as P[]);
    expect(live.map((p) => p.spec.containers[0].image)).toEqual(['nginx:1.28', 'nginx:1.28', 'nginx:1.28']);
  });

  it('keeps revisionHistoryLimit old ReplicaSets', () => {
    const c = clusterWithNodes(2);
    const strat = '    type: RollingUpdate';
    for (let v = 0; v < 5; v++) {
      mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1, { strategy: strat, image: `nginx:1.2${v}` }).replace('spec:\n  replicas', 'spec:\n  revisionHistoryLimit: 2\n  replicas'));
      c.advance(60);
    }
    expect(inDefault(c, 'ReplicaSet')).toHaveLength(3);
  });
});

describe('rollout conditions', () => {
  const progressing = (c: KubesimCluster) => JSON.parse(mustExec(c, 'kubectl get deploy web -o json')).status.conditions.find((x: { type: string }) => x.type === 'Progressing');

  it('reports ProgressDeadlineExceeded when a rollout makes no progress for progressDeadlineSeconds', () => {
    const c = clusterWithNodes(1, 1, '--cpu 1 --memory 4Gi');
    const y = (cpu: string) => deploymentYaml('web', 2, { cpu }).replace('spec:\n  replicas', 'spec:\n  progressDeadlineSeconds: 60\n  replicas');
    mustExec(c, 'kubectl apply -f -', y('100m'));
    c.advance(30);
    expect(progressing(c)).toMatchObject({ status: 'True', reason: 'NewReplicaSetAvailable' });
    mustExec(c, 'kubectl apply -f -', y('2'));
    c.advance(30);
    expect(progressing(c)).toMatchObject({ status: 'True', reason: 'ReplicaSetUpdated' });
    c.advance(60);
    expect(progressing(c)).toMatchObject({ status: 'False', reason: 'ProgressDeadlineExceeded' });
    expect(progressing(c).message).toMatch(/^ReplicaSet "web-[a-z0-9]+" has timed out progressing\.$/);
  });

  it('marks a paused Deployment and does not roll it out until resumed', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 2));
    c.advance(30);
    mustExec(c, `kubectl patch deploy web -p '{"spec":{"paused":true}}'`);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 2, { image: 'nginx:1.28' }).replace('spec:\n  replicas', 'spec:\n  paused: true\n  replicas'));
    c.advance(30);
    expect(progressing(c)).toMatchObject({ status: 'Unknown', reason: 'DeploymentPaused', message: 'Deployment is paused' });
    expect(inDefault(c, 'ReplicaSet')).toHaveLength(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 2, { image: 'nginx:1.28' }));
    c.advance(60);
    expect(inDefault(c, 'ReplicaSet')).toHaveLength(2);
    expect(progressing(c)).toMatchObject({ status: 'True', reason: 'NewReplicaSetAvailable' });
  });
});

describe('ReplicaSet create failures', () => {
  it('reports ReplicaFailure with the quota error and keeps counting the pods it has', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: ResourceQuota\nmetadata: {name: q}\nspec:\n  hard: {pods: "2"}\n');
    c.advance(5);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 3));
    c.advance(30);
    const rs = JSON.parse(mustExec(c, 'kubectl get rs -o json')).items[0];
    expect(rs.status.replicas).toBe(2);
    expect(rs.status.conditions).toEqual([expect.objectContaining({ type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate' })]);
    expect(rs.status.conditions[0].message).toMatch(/exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2/);
    mustExec(c, 'kubectl scale deploy web --replicas=2');
    c.advance(30);
    expect(JSON.parse(mustExec(c, 'kubectl get rs -o json')).items[0].status.conditions).toBeUndefined();
  });
});

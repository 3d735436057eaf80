// Properties of the workload controllers together, on a simulated cluster under faults: a rollout never asks for
// more than replicas + maxSurge pods, no object ever has two controllers, the garbage collector leaves no object
// whose owner is gone, and drain never evicts below a PodDisruptionBudget.
import fc from 'fast-check';
import type { Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/object.ts';
import { clusterWithNodes, deploymentYaml, mustExec } from '../testing/fixtures.ts';

type Op =
  | { kind: 'stop' | 'start'; node: number }
  | { kind: 'kill' | 'delete'; pod: number }
  | { kind: 'rollout'; version: number }
  | { kind: 'create-tmp' }
  | { kind: 'delete-tmp'; cascade: 'background' | 'foreground' | 'orphan' }
  | { kind: 'advance'; seconds: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constantFrom('stop' as const, 'start' as const), node: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constantFrom('kill' as const, 'delete' as const), pod: fc.nat(20) }),
  fc.record({ kind: fc.constant('rollout' as const), version: fc.integer({ min: 25, max: 29 }) }),
  fc.constant({ kind: 'create-tmp' as const }),
  fc.record({ kind: fc.constant('delete-tmp' as const), cascade: fc.constantFrom('background' as const, 'foreground' as const, 'orphan' as const) }),
  fc.record({ kind: fc.constant('advance' as const), seconds: fc.integer({ min: 1, max: 400 }) }),
);

const controllers = (o: KubeObject) => (o.metadata.ownerReferences ?? []).filter((r) => r.controller).length;
const REPLICAS = 4;
const MAX_SURGE = 1; // 25% of 4, rounded up

describe('workload controllers under faults (property)', () => {
  it('keep rollout bounds and single controllers, and the garbage collector leaves no orphans', () => {
    fc.assert(fc.property(fc.array(op, { minLength: 1, maxLength: 10 }), (ops) => {
      const c = clusterWithNodes(3);
      mustExec(c, 'kubectl apply -f -', deploymentYaml('web', REPLICAS));
      c.advance(30);
      const violations: string[] = [];
      const stop = c.onChange(({ object }) => {
        if (controllers(object) > 1) violations.push(`${object.kind} ${object.metadata.name} has two controllers`);
        if (object.kind !== 'ReplicaSet') return;
        const requested = c.list('ReplicaSet').filter((rs) => rs.metadata.name!.startsWith('web-')).reduce((s, rs) => s + ((rs.spec as { replicas?: number }).replicas ?? 0), 0);
        if (requested > REPLICAS + MAX_SURGE) violations.push(`web's ReplicaSets ask for ${requested} pods`);
      });
      for (const o of ops) {
        const live = (c.list('Pod') as (Pod & KubeObject)[]).filter((p) => p.metadata.labels?.app && !p.metadata.deletionTimestamp).map((p) => p.metadata.name!).sort();
        if (o.kind === 'stop' || o.kind === 'start') c.exec(`sim node ${o.kind} w${o.node}`);
        else if (o.kind === 'kill' || o.kind === 'delete') {
          const name = live[o.pod % Math.max(1, live.length)];
          if (name) c.exec(o.kind === 'kill' ? `sim pod kill ${name}` : `kubectl delete pod ${name} --wait=false`);
        } else if (o.kind === 'rollout') c.exec(`kubectl set image deployment/web app=nginx:1.${o.version}`);
        else if (o.kind === 'create-tmp') c.exec('kubectl apply -f -', deploymentYaml('tmp', 2));
        else if (o.kind === 'delete-tmp') c.exec(`kubectl delete deployment tmp --cascade=${o.cascade} --wait=false`);
        else if (o.kind === 'advance') c.advance(o.seconds);
      }
      for (const line of mustExec(c, 'sim node list').trim().split('\n').slice(1)) {
        const [name, state] = line.split(/\s+/);
        if (state === 'Stopped') mustExec(c, `sim node start ${name}`);
      }
      c.advance(600);
      stop();
      expect(violations).toEqual([]);
      const uids = new Set(['ReplicaSet', 'Deployment', 'DaemonSet', 'StatefulSet', 'Job', 'Pod', 'Node'].flatMap((k) => c.list(k).map((o) => o.metadata.uid)));
      const orphans = ['ReplicaSet', 'Pod'].flatMap((k) => c.list(k)).filter((o) => (o.metadata.ownerReferences ?? []).some((r) => !uids.has(r.uid)));
      expect(orphans.map((o) => o.metadata.name)).toEqual([]);
      const web = (c.list('Pod') as (Pod & KubeObject)[]).filter((p) => p.metadata.labels?.app === 'web' && p.status?.phase === 'Running' && !p.metadata.deletionTimestamp);
      expect(web).toHaveLength(REPLICAS);
    }), { numRuns: 10, seed: 3 });
  }, 180_000);

  it('drain never evicts a pod a PodDisruptionBudget protects', () => {
    const drainOp = fc.oneof(
      fc.record({ kind: fc.constant('drain' as const), node: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('uncordon' as const), node: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('advance' as const), seconds: fc.integer({ min: 1, max: 60 }) }),
    );
    fc.assert(fc.property(fc.array(drainOp, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 3 }), (ops, minAvailable) => {
      const c = clusterWithNodes(3);
      mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 3));
      mustExec(c, 'kubectl apply -f -', `apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: web}\nspec:\n  minAvailable: ${minAvailable}\n  selector: {matchLabels: {app: web}}\n`);
      c.advance(30);
      const violations: string[] = [];
      const healthy = () => (c.list('Pod') as (Pod & KubeObject)[]).filter((p) => !p.metadata.deletionTimestamp && p.status?.conditions?.some((x) => x.type === 'Ready' && x.status === 'True')).length;
      const stop = c.onChange(({ type, object }) => {
        // An eviction marks the pod deleted: what stays healthy must still satisfy the budget.
        if (object.kind === 'Pod' && type === 'MODIFIED' && object.metadata.deletionTimestamp && healthy() < minAvailable) {
          violations.push(`evicting ${object.metadata.name} left ${healthy()} healthy pods`);
        }
      });
      for (const o of ops) {
        if (o.kind === 'drain') c.exec(`kubectl drain w${o.node} --timeout=30s`);
        else if (o.kind === 'uncordon') c.exec(`kubectl uncordon w${o.node}`);
        else if (o.kind === 'advance') c.advance(o.seconds);
      }
      stop();
      expect(violations).toEqual([]);
    }), { numRuns: 10, seed: 7 });
  }, 180_000);
});

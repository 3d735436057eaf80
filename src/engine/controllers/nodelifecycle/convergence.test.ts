// Property: whatever nodes stop, start or disappear, whatever control plane components stop and start, and
// however the Deployment is scaled meanwhile, once every remaining machine and component runs again and time passes, the control loops converge: as many Running pods as replicas,
// none on a missing node, nothing left Terminating, every node Ready and untainted.
import fc from 'fast-check';
import type { Node, Pod } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import { clusterWithNodes, deploymentYaml, inDefault, mustExec } from '../../testing/fixtures.ts';

type Op =
  | { kind: 'stop' | 'start'; node: number }
  | { kind: 'scale'; replicas: number }
  | { kind: 'advance'; seconds: number }
  | { kind: 'delete-w4' }
  | { kind: 'controlplane'; verb: 'stop' | 'start'; component: 'apiserver' | 'controller-manager' | 'scheduler' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constantFrom('stop' as const, 'start' as const), node: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('scale' as const), replicas: fc.integer({ min: 0, max: 6 }) }),
  fc.record({ kind: fc.constant('advance' as const), seconds: fc.integer({ min: 5, max: 420 }) }),
  fc.constant({ kind: 'delete-w4' as const }),
  fc.record({ kind: fc.constant('controlplane' as const), verb: fc.constantFrom('stop' as const, 'start' as const), component: fc.constantFrom('apiserver' as const, 'controller-manager' as const, 'scheduler' as const) }),
);

describe('node failures converge (property)', () => {
  it('Running pods == replicas and no pod on a missing node, after all machines are back', () => {
    fc.assert(fc.property(fc.array(op, { minLength: 1, maxLength: 8 }), (ops) => {
      const c = clusterWithNodes(4);
      mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 3));
      c.advance(30);
      let replicas = 3;
      for (const o of ops) {
        if (o.kind === 'scale') { if (c.exec(`kubectl scale deployment web --replicas=${o.replicas}`).code === 0) replicas = o.replicas; }
        else if (o.kind === 'advance') c.advance(o.seconds);
        else if (o.kind === 'delete-w4') c.exec('sim node delete w4');
        else if (o.kind === 'controlplane') c.exec(`sim controlplane ${o.verb} ${o.component}`);
        else c.exec(`sim node ${o.kind} w${o.node}`);
      }
      for (const component of ['apiserver', 'controller-manager', 'scheduler']) c.exec(`sim controlplane start ${component}`);
      for (const line of mustExec(c, 'sim node list').trim().split('\n').slice(1)) {
        const [name, state] = line.split(/\s+/);
        if (state === 'Stopped') mustExec(c, `sim node start ${name}`);
      }
      c.advance(900);
      const nodes = c.list('Node') as Node[];
      const names = new Set(nodes.map((n) => n.metadata!.name!));
      const pods = inDefault(c, 'Pod') as Pod[];
      expect(pods.filter((p) => p.status?.phase === 'Running' && !p.metadata?.deletionTimestamp)).toHaveLength(replicas);
      expect(pods.filter((p) => !names.has(p.spec?.nodeName ?? ''))).toEqual([]);
      expect(pods.filter((p) => p.metadata?.deletionTimestamp)).toEqual([]);
      for (const n of nodes) {
        expect(n.status?.conditions?.find((x) => x.type === 'Ready')?.status).toBe('True');
        expect(n.spec?.taints ?? []).toEqual([]);
      }
    }), { numRuns: 12, seed: 5 });
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import { createCluster } from '../../index.ts';
import { mustExec } from '../../testing/fixtures.ts';

const names = (c: ReturnType<typeof createCluster>, ns: string) =>
  c.list('ServiceAccount').filter((o) => o.metadata.namespace === ns).map((o) => o.metadata.name);

describe('service account controller', () => {
  it('gives every namespace a "default" ServiceAccount, the initial ones too', () => {
    const c = createCluster({ seed: 1 });
    c.advance(1);
    // Besides the controller's "default" accounts: those the addons (flannel, CoreDNS, kube-proxy) bring.
    expect(mustExec(c, 'kubectl get sa -A')).toMatch(/^NAMESPACE\s+NAME\s+SECRETS\s+AGE\ndefault\s+default\s+0\s+1s\nkube-flannel\s+default\s+0\s+1s\nkube-flannel\s+flannel\s+0\s+1s\nkube-node-lease\s+default\s+0\s+1s\nkube-public\s+default\s+0\s+1s\nkube-system\s+coredns\s+0\s+1s\nkube-system\s+default\s+0\s+1s\nkube-system\s+kube-proxy\s+0\s+1s\n$/);
    expect(c.list('Namespace').every((ns) => names(c, ns.metadata.name!).includes('default'))).toBe(true);
    mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team\n');
    c.advance(1);
    expect(names(c, 'team')).toEqual(['default']);
  });

  it('creates the default account again when it is deleted, but not in a terminating namespace', () => {
    const c = createCluster({ seed: 1 });
    mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team\n');
    c.advance(1);
    const uid = c.list('ServiceAccount').find((o) => o.metadata.namespace === 'team')!.metadata.uid;
    expect(mustExec(c, 'kubectl delete sa default -n team')).toBe('serviceaccount "default" deleted\n');
    c.advance(1);
    const again = c.list('ServiceAccount').find((o) => o.metadata.namespace === 'team');
    expect(again?.metadata.uid).not.toBe(uid);
    mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: builder\n  namespace: team\n');
    expect(names(c, 'team').sort()).toEqual(['builder', 'default']);
    // Deleting the namespace: its accounts go with it and the controller does not bring them back.
    mustExec(c, 'kubectl delete namespace team');
    c.advance(30);
    expect(names(c, 'team')).toEqual([]);
  });
});

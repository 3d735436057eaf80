import type { Namespace, NamespaceCondition } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import type { KubesimCluster } from '../../index.ts';
import { clusterWithNodes, deploymentYaml, mustExec } from '../../testing/fixtures.ts';
import { deletionConditions, updateConditions } from './conditions.ts';

const ns = (c: KubesimCluster, name: string) => (c.list('Namespace') as Namespace[]).find((n) => n.metadata?.name === name);
const inNamespace = (c: KubesimCluster, name: string) =>
  ['Pod', 'ReplicaSet', 'Deployment', 'ConfigMap', 'Event'].flatMap((k) => c.list(k)).filter((o) => o.metadata.namespace === name);

function teamWithContent(): KubesimCluster {
  const c = clusterWithNodes(2);
  mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team\n');
  mustExec(c, 'kubectl apply -n team -f -', deploymentYaml('web', 2));
  mustExec(c, 'kubectl apply -n team -f -', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  a: b\n');
  c.advance(30);
  return c;
}

describe('namespace deletion (namespace controller)', () => {
  it('turns the namespace Terminating, deletes everything in it, then removes the finalizer and the namespace', () => {
    const c = teamWithContent();
    expect(inNamespace(c, 'team').length).toBeGreaterThan(5);
    expect(mustExec(c, 'kubectl delete namespace team')).toBe('namespace "team" deleted\n');
    expect(ns(c, 'team')).toMatchObject({ spec: { finalizers: ['kubernetes'] }, status: { phase: 'Terminating' } });
    expect(ns(c, 'team')?.metadata?.deletionTimestamp).toBeDefined();
    expect(mustExec(c, 'kubectl get ns team')).toMatch(/^NAME\s+STATUS\s+AGE\nteam\s+Terminating\s+30s\n$/);

    // Nothing new may be created in it; a second delete is refused while content remains.
    const create = c.exec('kubectl apply -n team -f -', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: late\n');
    expect(create.stderr).toBe('Error from server (Forbidden): error when creating "STDIN": configmaps "late" is forbidden: unable to create new content in namespace team because it is being terminated\n');
    expect(c.exec('kubectl delete ns team').stderr).toBe('Error from server (Conflict): Operation cannot be fulfilled on namespaces "team": The system is ensuring all content is removed from this namespace.  Upon completion, this namespace will automatically be purged by the system.\n');

    // The controller waits 5 s, then deletes the content; graceful pod deletions take a moment more.
    c.advance(4);
    // Its own ConfigMap and the root CA publisher's kube-root-ca.crt (not created again: the namespace is terminating).
    expect(inNamespace(c, 'team').filter((o) => o.kind === 'ConfigMap')).toHaveLength(2);
    c.advance(2);
    expect(inNamespace(c, 'team').filter((o) => o.kind === 'ConfigMap')).toHaveLength(0);
    const conditions = ns(c, 'team')?.status?.conditions?.map((x) => `${x.type}=${x.status}`);
    expect(conditions).toEqual([
      'NamespaceDeletionDiscoveryFailure=False', 'NamespaceDeletionGroupVersionParsingFailure=False', 'NamespaceDeletionContentFailure=False',
      'NamespaceContentRemaining=True', 'NamespaceFinalizersRemaining=False',
    ]);
    expect(ns(c, 'team')?.status?.conditions?.find((x) => x.type === 'NamespaceContentRemaining')).toMatchObject({
      reason: 'SomeResourcesRemain', message: 'Some resources are remaining: pods. has 2 resource instances',
    });

    c.advance(60);
    expect(ns(c, 'team')).toBeUndefined();
    expect(inNamespace(c, 'team')).toEqual([]);
    expect(c.exec('kubectl get ns team').stderr).toBe('Error from server (NotFound): namespaces "team" not found\n');
    // The name is free again.
    mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team\n');
    expect(ns(c, 'team')?.status?.phase).toBe('Active');
  });

  it('waits for pods that cannot be confirmed gone and says why (ContentDeletionFailed)', () => {
    const c = teamWithContent();
    mustExec(c, 'sim node stop w1');
    mustExec(c, 'sim node stop w2');
    mustExec(c, 'kubectl delete namespace team');
    c.advance(120);
    const status = ns(c, 'team')!.status!;
    const byType = (t: string) => status.conditions!.find((x) => x.type === t);
    expect(status.phase).toBe('Terminating');
    expect(byType('NamespaceDeletionContentFailure')).toMatchObject({
      status: 'True', reason: 'ContentDeletionFailed',
      message: 'Failed to delete all resource types, 1 remaining: unexpected items still remain in namespace: team for gvr: /v1, Resource=pods',
    });
    // The machines come back: their kubelets finish the deletions, and the namespace goes.
    mustExec(c, 'sim node start w1');
    mustExec(c, 'sim node start w2');
    c.advance(90);
    expect(ns(c, 'team')).toBeUndefined();
  });
});

describe('namespace conditions (status_condition_utils)', () => {
  const now = '2026-01-01T00:00:00Z';
  const later = '2026-01-01T00:01:00Z';

  it('sets every condition in order, with the ok variants when nothing failed', () => {
    const status = {};
    expect(updateConditions(status, deletionConditions({ remaining: new Map(), finalizers: new Map() }, [], now), now)).toBe(true);
    expect((status as { conditions: NamespaceCondition[] }).conditions.map((x) => [x.type, x.status, x.reason, x.message])).toEqual([
      ['NamespaceDeletionDiscoveryFailure', 'False', 'ResourcesDiscovered', 'All resources successfully discovered'],
      ['NamespaceDeletionGroupVersionParsingFailure', 'False', 'ParsedGroupVersions', 'All legacy kube types successfully parsed'],
      ['NamespaceDeletionContentFailure', 'False', 'ContentDeleted', 'All content successfully deleted, may be waiting on finalization'],
      ['NamespaceContentRemaining', 'False', 'ContentRemoved', 'All content successfully removed'],
      ['NamespaceFinalizersRemaining', 'False', 'ContentRemoved', 'All content successfully removed'],
    ]);
    expect(updateConditions(status, deletionConditions({ remaining: new Map(), finalizers: new Map() }, [], later), later)).toBe(false);
  });

  it('reports remaining resources and finalizers sorted, and moves the transition time only on a status change', () => {
    const status = {};
    updateConditions(status, [], now);
    const totals = { remaining: new Map([['pods.', 2], ['deployments.apps', 1]]), finalizers: new Map([['example.com/hold', 1]]) };
    expect(updateConditions(status, deletionConditions(totals, [], later), later)).toBe(true);
    const conds = (status as { conditions: NamespaceCondition[] }).conditions;
    expect(conds[3]).toMatchObject({ status: 'True', reason: 'SomeResourcesRemain', message: 'Some resources are remaining: deployments.apps has 1 resource instances, pods. has 2 resource instances', lastTransitionTime: later });
    expect(conds[4]).toMatchObject({ status: 'True', reason: 'SomeFinalizerRemain', message: 'Some finalizers are remaining: example.com/hold in 1 resource instances' });
    expect(conds[0].lastTransitionTime).toBe(now);
  });
});

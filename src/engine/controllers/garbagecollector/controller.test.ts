import { describe, expect, it } from 'vitest';
import { clusterWithNodes, deploymentYaml, inDefault, mustExec, pods } from '../../testing/fixtures.ts';

describe('garbage collector', () => {
  it('background: dependents go after the owner', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 3));
    c.advance(30);
    mustExec(c, 'kubectl delete deployment web');
    expect(inDefault(c, 'Deployment')).toHaveLength(0);
    c.advance(60);
    expect(inDefault(c, 'ReplicaSet')).toHaveLength(0);
    expect(pods(c, 'web')).toHaveLength(0);
  });

  it('orphan: dependents stay and lose their owner reference', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 3));
    c.advance(30);
    mustExec(c, 'kubectl delete deployment web --cascade=orphan');
    c.advance(30);
    expect(inDefault(c, 'Deployment')).toHaveLength(0);
    const rs = inDefault(c, 'ReplicaSet');
    expect(rs).toHaveLength(1);
    expect(rs[0].metadata.ownerReferences).toBeUndefined();
    expect(pods(c, 'web').filter((p) => p.status?.phase === 'Running')).toHaveLength(3);
  });

  it('foreground: the owner stays, marked for deletion, until its dependents are gone', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 2));
    c.advance(30);
    mustExec(c, 'kubectl delete deployment web --cascade=foreground');
    const d = inDefault(c, 'Deployment')[0];
    expect(d.metadata.deletionTimestamp).toBeDefined();
    expect(d.metadata.finalizers).toEqual(['foregroundDeletion']);
    c.advance(0.5);
    expect(inDefault(c, 'Deployment')).toHaveLength(1);
    c.advance(60);
    expect(inDefault(c, 'Deployment')).toHaveLength(0);
    expect(inDefault(c, 'ReplicaSet')).toHaveLength(0);
    expect(pods(c)).toHaveLength(0);
  });

  it('rejects an unknown cascade value like kubectl', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    expect(c.exec('kubectl delete deploy web --cascade=sideways').stderr).toBe('error: invalid cascade value (sideways). Must be "background", "foreground", or "orphan".\n');
  });
});

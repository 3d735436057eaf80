import { describe, expect, it } from 'vitest';
import { createCluster } from '../../index.ts';
import { deploymentYaml, inDefault, mustExec } from '../../testing/fixtures.ts';

const ok = (stdout: string, stderr = '') => ({ code: 0, stdout, stderr });

/**
 * A Deployment on a cluster without nodes: three events, one a Warning that repeats as the scheduler retries after
 * its 1 s and 2 s backoff (no plugin rejected the pod, so it does not wait for a cluster event).
 */
function cluster() {
  const c = createCluster({ seed: 1 });
  mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
  c.advance(5);
  return c;
}

describe('kubectl events', () => {
  it('lists events oldest first with LAST SEEN TYPE REASON OBJECT MESSAGE', () => {
    const c = cluster();
    const pod = inDefault(c, 'Pod')[0].metadata.name;
    const rs = inDefault(c, 'ReplicaSet')[0].metadata.name;
    expect(c.exec('kubectl events')).toEqual(ok([
      'LAST SEEN         TYPE      REASON              OBJECT                      MESSAGE',
      `5s                Normal    ScalingReplicaSet   Deployment/web              Scaled up replica set ${rs} from 0 to 1`,
      `5s                Normal    SuccessfulCreate    ReplicaSet/${rs}   Created pod: ${pod}`,
      `2s (x3 over 5s)   Warning   FailedScheduling    Pod/${pod}    no nodes available to schedule pods`,
      '',
    ].join('\n')));
  });

  it('filters with --for and --types, and adds NAMESPACE with -A', () => {
    const c = cluster();
    const pod = inDefault(c, 'Pod')[0].metadata.name;
    expect(c.exec('kubectl events --for deployment/web')).toEqual(ok(
      'LAST SEEN   TYPE     REASON              OBJECT           MESSAGE\n5s          Normal   ScalingReplicaSet   Deployment/web   Scaled up replica set ' + inDefault(c, 'ReplicaSet')[0].metadata.name + ' from 0 to 1\n'));
    // -A also shows the CoreDNS pods of kube-system, which do not fit anywhere either; they were created first.
    const dns = c.list('Pod').filter((p) => p.metadata.namespace === 'kube-system').map((p) => p.metadata.name);
    expect(dns).toHaveLength(2);
    const all = c.exec('kubectl events -A --types=warning');
    expect(all).toMatchObject({ code: 0, stderr: '' });
    const lines = all.stdout.split('\n');
    expect(lines[0]).toBe('NAMESPACE     LAST SEEN         TYPE      REASON             OBJECT                       MESSAGE');
    expect(lines.slice(1, 3).sort()).toEqual(dns.map((name) => `kube-system   2s (x3 over 5s)   Warning   FailedScheduling   Pod/${name}   no nodes available to schedule pods`).sort());
    expect(lines.slice(3)).toEqual([`default       2s (x3 over 5s)   Warning   FailedScheduling   Pod/${pod}     no nodes available to schedule pods`, '']);
    expect(c.exec('kubectl events -o json --for deployment/web').stdout).toMatch(/^\{\n {4}"apiVersion": "v1",\n {4}"items": \[/);
  });

  it('says when there is nothing, and what is wrong', () => {
    const c = createCluster({ seed: 1 });
    expect(c.exec('kubectl events')).toEqual(ok('', 'No events found in default namespace.\n'));
    expect(c.exec('kubectl events -A')).toEqual(ok('', 'No events found.\n'));
    expect(c.exec('kubectl events --for deploy').stderr).toBe('error: --for must be in resource/name form\n');
    expect(c.exec('kubectl events --types=Bad').stderr).toBe('error: valid --types are Normal or Warning\n');
    expect(c.exec('kubectl events --for bogus/x').stderr).toBe('error: the server doesn\'t have a resource type "bogus"\n');
  });
});

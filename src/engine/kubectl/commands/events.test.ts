import { describe, expect, it } from 'vitest';
import { createCluster } from '../../index.ts';
import { deploymentYaml, mustExec } from '../../testing/fixtures.ts';

const ok = (stdout: string, stderr = '') => ({ code: 0, stdout, stderr });

/** A Deployment on a cluster without nodes: three events, one a Warning. */
function cluster() {
  const c = createCluster({ seed: 1 });
  mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
  c.advance(5);
  return c;
}

describe('kubectl events', () => {
  it('lists events oldest first with LAST SEEN TYPE REASON OBJECT MESSAGE', () => {
    const c = cluster();
    const pod = c.list('Pod')[0].metadata.name;
    const rs = c.list('ReplicaSet')[0].metadata.name;
    expect(c.exec('kubectl events')).toEqual(ok([
      'LAST SEEN   TYPE      REASON              OBJECT                      MESSAGE',
      `5s          Normal    ScalingReplicaSet   Deployment/web              Scaled up replica set ${rs} from 0 to 1`,
      `5s          Normal    SuccessfulCreate    ReplicaSet/${rs}   Created pod: ${pod}`,
      `5s          Warning   FailedScheduling    Pod/${pod}    no nodes available to schedule pods`,
      '',
    ].join('\n')));
  });

  it('filters with --for and --types, and adds NAMESPACE with -A', () => {
    const c = cluster();
    const pod = c.list('Pod')[0].metadata.name;
    expect(c.exec('kubectl events --for deployment/web')).toEqual(ok(
      'LAST SEEN   TYPE     REASON              OBJECT           MESSAGE\n5s          Normal   ScalingReplicaSet   Deployment/web   Scaled up replica set ' + c.list('ReplicaSet')[0].metadata.name + ' from 0 to 1\n'));
    expect(c.exec('kubectl events -A --types=warning')).toEqual(ok(
      `NAMESPACE   LAST SEEN   TYPE      REASON             OBJECT                     MESSAGE\ndefault     5s          Warning   FailedScheduling   Pod/${pod}   no nodes available to schedule pods\n`));
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

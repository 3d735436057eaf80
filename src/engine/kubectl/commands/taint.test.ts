import { describe, expect, it } from 'vitest';
import { clusterWithNodes, deploymentYaml, mustExec, pods } from '../../testing/fixtures.ts';

const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' });
const fail = (stderr: string) => ({ code: 1, stdout: '', stderr });

const taints = (c: ReturnType<typeof clusterWithNodes>) => c.exec('kubectl get node w1 -o jsonpath={.spec.taints}').stdout;

describe('kubectl taint', () => {
  it('keeps a pod Pending with the scheduler\'s taint message until the taint goes', () => {
    const c = clusterWithNodes(1);
    expect(c.exec('kubectl taint nodes w1 dedicated=gpu:NoSchedule')).toEqual(ok('node/w1 tainted\n'));
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    c.advance(10);
    expect(pods(c, 'web')[0].status?.phase).toBe('Pending');
    expect(c.exec(`kubectl get pods -o jsonpath='{.items[0].status.conditions[?(@.type=="PodScheduled")].message}'`).stdout)
      .toBe('0/1 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.');
    expect(c.exec('kubectl taint nodes w1 dedicated:NoSchedule-')).toEqual(ok('node/w1 untainted\n'));
    c.advance(10);
    expect(pods(c, 'web')[0].status?.phase).toBe('Running');
  });

  it('adds, overwrites and removes taints by key and by key and effect', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl taint nodes w1 dedicated=gpu:NoSchedule');
    expect(c.exec('kubectl taint nodes w1 dedicated=gpu:NoSchedule')).toEqual(fail('error: node w1 already has dedicated taint(s) with same effect(s) and --overwrite is false\n'));
    expect(c.exec('kubectl taint nodes w1 dedicated=cpu:NoSchedule --overwrite')).toEqual(ok('node/w1 modified\n'));
    expect(c.exec('kubectl taint node w1 dedicated=cpu:NoExecute')).toEqual(ok('node/w1 tainted\n'));
    expect(taints(c)).toBe('[{"effect":"NoExecute","key":"dedicated","value":"cpu"},{"effect":"NoSchedule","key":"dedicated","value":"cpu"}]');
    expect(c.exec('kubectl taint nodes w1 dedicated-')).toEqual(ok('node/w1 untainted\n'));
    expect(taints(c)).toBe('');
    expect(c.exec('kubectl taint nodes w1 dedicated-')).toEqual(fail('error: taint "dedicated" not found\n'));
    expect(c.exec('kubectl taint nodes w1 dedicated:NoSchedule-')).toEqual(fail('error: taint "dedicated:NoSchedule" not found\n'));
  });

  it('selects nodes with --all and -l', () => {
    const c = clusterWithNodes(2);
    expect(c.exec('kubectl taint nodes --all maintenance:NoSchedule')).toEqual(ok('node/w1 tainted\nnode/w2 tainted\n'));
    mustExec(c, 'kubectl label node w2 zone=b');
    expect(c.exec('kubectl taint nodes -l zone=b maintenance:NoSchedule-')).toEqual(ok('node/w2 untainted\n'));
  });

  it('reports kubectl\'s errors for malformed commands', () => {
    const c = clusterWithNodes(1);
    expect(c.exec('kubectl taint nodes w1 k=v:Bad')).toEqual(fail("error: invalid taint effect: Bad, unsupported taint effect\nSee 'kubectl taint -h' for help and examples\n"));
    // Without ":" the whole argument is the key, which "=" makes invalid.
    expect(c.exec('kubectl taint nodes w1 k=v')).toEqual(fail("error: invalid taint spec: k=v, name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')\nSee 'kubectl taint -h' for help and examples\n"));
    expect(c.exec('kubectl taint pods w1 k=v:NoSchedule')).toEqual(fail('error: invalid resource type pods, only node types are supported\n'));
    expect(c.exec('kubectl taint nodes w1')).toEqual(fail('error: at least one taint update is required\n'));
    expect(c.exec('kubectl taint nodes k=v:NoSchedule')).toEqual(fail("error: at least one resource name must be specified since 'all' parameter is not set\n"));
    expect(c.exec('kubectl taint nodes w1 k=v:NoSchedule k-')).toEqual(fail('error: can not both modify and remove the following taint(s) in the same command: {"k":""}\n'));
    expect(c.exec('kubectl taint nodes w1 k=v:NoSchedule w2')).toEqual(fail('error: all resources must be specified before taint changes: w2\n'));
    expect(c.exec('kubectl taint nodes w9 k=v:NoSchedule')).toEqual(fail('Error from server (NotFound): nodes "w9" not found\n'));
  });
});

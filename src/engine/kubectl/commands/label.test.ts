import { describe, expect, it } from 'vitest';
import { clusterWithNodes, deploymentYaml, mustExec } from '../../testing/fixtures.ts';

const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' });
const fail = (stderr: string) => ({ code: 1, stdout: '', stderr });

function cluster() {
  const c = clusterWithNodes(1);
  mustExec(c, 'kubectl create namespace team');
  mustExec(c, 'kubectl create configmap a --from-literal=k=v');
  mustExec(c, 'kubectl create configmap b --from-literal=k=v');
  return c;
}

const labels = (c: ReturnType<typeof cluster>, name: string) => c.exec(`kubectl get configmap ${name} -o jsonpath={.metadata.labels}`).stdout;

describe('kubectl label', () => {
  it('labels, refuses to overwrite without --overwrite, and removes', () => {
    const c = cluster();
    expect(c.exec('kubectl label configmap a tier=db')).toEqual(ok('configmap/a labeled\n'));
    expect(c.exec('kubectl label configmap a tier=db')).toEqual(ok('configmap/a not labeled\n'));
    expect(c.exec('kubectl label configmap a tier=web')).toEqual(fail("error: 'tier' already has a value (db), and --overwrite is false\n"));
    expect(c.exec('kubectl label cm/a tier=web --overwrite')).toEqual(ok('configmap/a labeled\n'));
    expect(labels(c, 'a')).toBe('{"tier":"web"}');
    expect(c.exec('kubectl label configmap a tier-')).toEqual(ok('configmap/a unlabeled\n'));
    expect(labels(c, 'a')).toBe('');
    expect(c.exec('kubectl label configmap a tier-')).toEqual(ok('label "tier" not found.\nconfigmap/a not labeled\n'));
  });

  it('selects with --all and -l, lists, and says what is wrong', () => {
    const c = cluster();
    // --all takes the namespace's kube-root-ca.crt too (the root CA publisher keeps one in every namespace).
    expect(c.exec('kubectl label configmaps --all env=prod')).toEqual(ok('configmap/a labeled\nconfigmap/b labeled\nconfigmap/kube-root-ca.crt labeled\n'));
    expect(c.exec('kubectl label configmap kube-root-ca.crt env-')).toEqual(ok('configmap/kube-root-ca.crt unlabeled\n'));
    expect(c.exec('kubectl label configmaps -l env=prod team=sre')).toEqual(ok('configmap/a labeled\nconfigmap/b labeled\n'));
    expect(c.exec('kubectl label configmap a --list')).toEqual(ok('env=prod\nteam=sre\n'));
    expect(c.exec('kubectl label namespace team tier=x')).toEqual(ok('namespace/team labeled\n'));
    expect(c.exec('kubectl label configmap a')).toEqual(fail('error: at least one label update is required\n'));
    expect(c.exec('kubectl label configmap a x=1=2')).toEqual(fail('error: invalid label spec: x=1=2\n'));
    expect(c.exec('kubectl label configmap a x=1 x-')).toEqual(fail('error: can not both modify and remove a label in the same command\n'));
    expect(c.exec('kubectl label configmap zz x=1')).toEqual(fail('Error from server (NotFound): configmaps "zz" not found\n'));
    expect(c.exec('kubectl label x=1 configmap a')).toEqual(fail('error: all resources must be specified before label changes: configmap\n'));
  });
});

describe('kubectl annotate', () => {
  it('annotates, refuses to overwrite a different value without --overwrite, and removes', () => {
    const c = cluster();
    expect(c.exec('kubectl annotate configmap a owner=alice')).toEqual(ok('configmap/a annotated\n'));
    expect(c.exec('kubectl annotate configmap a owner=bob')).toEqual(fail("error: --overwrite is false but found the following declared annotation(s): 'owner' already has a value (alice)\n"));
    expect(c.exec('kubectl annotate configmap a owner=bob --overwrite')).toEqual(ok('configmap/a annotated\n'));
    expect(c.exec('kubectl annotate configmap a owner-')).toEqual(ok('configmap/a annotated\n'));
    expect(c.exec('kubectl get configmap a -o jsonpath={.metadata.annotations}').stdout).toBe('');
  });

  it('records a change cause on a Deployment', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    c.advance(10);
    expect(c.exec('kubectl annotate deployment web kubernetes.io/change-cause="first release"')).toEqual(ok('deployment.apps/web annotated\n'));
    expect(c.exec("kubectl get deploy web -o jsonpath='{.metadata.annotations.kubernetes\\.io/change-cause}'").stdout).toBe('first release');
  });
});

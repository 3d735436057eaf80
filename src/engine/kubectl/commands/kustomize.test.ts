// kubectl kustomize and -k through kubectl's commands: FilenameOptions' rules, and each verb reading the build.
import { describe, expect, it } from 'vitest';
import { clusterWithNodes } from '../../testing/fixtures.ts';

function cluster() {
  const c = clusterWithNodes(1);
  c.setFile('app/kustomization.yaml', 'namePrefix: dev-\nconfigMapGenerator:\n- name: cfg\n  literals:\n  - a=b\n  options:\n    disableNameSuffixHash: true\n');
  return c;
}

describe('kubectl -k', () => {
  it.each([
    ['kubectl apply -f x.yaml -k app', 'error: only one of -f or -k can be specified\n'],
    ['kubectl kustomize a b', 'error: specify one path to kustomization.yaml\n'],
    ['kubectl apply -k nope', "error: must build at directory: not a valid directory: evalsymlink failure on 'nope' : lstat nope: no such file or directory\n"],
    ['kubectl kustomize', "error: unable to find one of 'kustomization.yaml', 'kustomization.yml' or 'Kustomization' in directory '.'\n"],
  ])('%s', async (line, stderr) => {
    expect(await cluster().exec(line)).toEqual({ code: 1, stdout: '', stderr });
  });

  it('create, delete, apply, diff, replace: each verb reads the kustomization', async () => {
    const c = cluster();
    expect(await c.exec('kubectl create -k app')).toEqual({ code: 0, stdout: 'configmap/dev-cfg created\n', stderr: '' });
    expect(await c.exec('kubectl delete -k app')).toEqual({ code: 0, stdout: 'configmap "dev-cfg" deleted\n', stderr: '' });
    expect(await c.exec('kubectl apply -k app')).toEqual({ code: 0, stdout: 'configmap/dev-cfg created\n', stderr: '' });
    expect((await c.exec('kubectl diff -k app')).code).toBe(0);
    c.setFile('app/kustomization.yaml', 'namePrefix: dev-\nconfigMapGenerator:\n- name: cfg\n  literals:\n  - a=c\n  options:\n    disableNameSuffixHash: true\n');
    const diff = await c.exec('kubectl diff -k app');
    expect(diff.code).toBe(1);
    expect(diff.stdout).toContain('-  a: b\n+  a: c');
    expect(await c.exec('kubectl replace -k app')).toEqual({ code: 0, stdout: 'configmap/dev-cfg replaced\n', stderr: '' });
    expect((await c.exec('kubectl get cm dev-cfg -o jsonpath={.data.a}')).stdout).toBe('c');
    expect(await c.exec('kubectl delete -k app')).toEqual({ code: 0, stdout: 'configmap "dev-cfg" deleted\n', stderr: '' });
  });
});

import { describe, expect, it } from 'vitest';
import { clusterWithNodes, deploymentYaml, mustExec } from '../../testing/fixtures.ts';
import { LAST_APPLIED } from './apply.ts';

const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' });
const fail = (stderr: string) => ({ code: 1, stdout: '', stderr });
const POD = 'apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - {name: app, image: "nginx:1.27"}\n';
const CM = (v: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm, labels: {a: "1"}}\ndata: {k: "${v}"}\n`;

describe('kubectl replace', () => {
  it('puts the whole object: what the file leaves out is gone; the file\'s resourceVersion must be current', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', CM('1'));
    expect(c.exec('kubectl replace -f -', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm}\ndata: {k: "2"}\n')).toEqual(ok('configmap/cm replaced\n'));
    const cm = JSON.parse(mustExec(c, 'kubectl get cm cm -o json'));
    expect(cm.data).toEqual({ k: '2' });
    // The labels and apply's annotation were not in the file.
    expect(cm.metadata.labels).toBeUndefined();
    expect(cm.metadata.annotations).toBeUndefined();
    const stale = mustExec(c, 'kubectl get cm cm -o yaml');
    mustExec(c, 'kubectl label cm cm x=y');
    expect(c.exec('kubectl replace -f -', stale)).toEqual(fail('Error from server (Conflict): error when replacing "STDIN": Operation cannot be fulfilled on configmaps "cm": the object has been modified; please apply your changes to the latest version and try again\n'));
  });

  it('edits a running pod from its own YAML (only what a pod update may change)', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', POD);
    c.advance(10);
    const live = mustExec(c, 'kubectl get pod p -o yaml');
    expect(c.exec('kubectl replace -f -', live.replace('image: nginx:1.27', 'image: nginx:1.28'))).toEqual(ok('pod/p replaced\n'));
    expect(mustExec(c, 'kubectl get pod p -o jsonpath={.spec.containers[0].image}')).toBe('nginx:1.28');
    // The bare manifest lacks what the API server and the scheduler filled in (nodeName, tolerations, …).
    expect(c.exec('kubectl replace -f -', POD.replace('1.27', '1.29')).stderr).toMatch(/^The Pod "p" is invalid: spec: Forbidden: pod updates may not change fields other than `spec.containers\[\*\].image`/);
  });

  it('--save-config writes the last-applied annotation; an annotation in the file is kept up to date', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl create -f -', CM('1'));
    mustExec(c, 'kubectl replace --save-config -f -', CM('2'));
    const annotation = () => JSON.parse(mustExec(c, 'kubectl get cm cm -o json')).metadata.annotations?.[LAST_APPLIED];
    expect(JSON.parse(annotation()).data).toEqual({ k: '2' });
    mustExec(c, 'kubectl replace -f -', mustExec(c, 'kubectl get cm cm -o yaml').replace('k: "2"', 'k: "3"'));
    expect(JSON.parse(annotation()).data).toEqual({ k: '3' });
  });

  it('--force deletes and creates again; an object still terminating is reported, and created by the next run', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
    const uid = () => JSON.parse(mustExec(c, 'kubectl get deploy web -o json')).metadata.uid;
    const before = uid();
    expect(c.exec('kubectl replace --force -f -', deploymentYaml('web', 2))).toEqual(ok('deployment.apps "web" deleted\ndeployment.apps/web replaced\n'));
    expect(uid()).not.toBe(before);
    mustExec(c, 'kubectl apply -f -', POD);
    c.advance(10);
    const r = c.exec('kubectl replace --force -f -', POD);
    expect(r.stdout).toBe('pod "p" deleted\n');
    expect(r.stderr).toBe('error: pod/p still terminating: kubectl replace --force waits for the deletion to finish, but virtual time does not pass inside one command; advance time and run the same command again to create it\n');
    c.advance(40);
    expect(c.exec('kubectl replace --force -f -', POD)).toEqual(ok('pod/p replaced\n'));
    // Nothing to delete: it is created.
    expect(c.exec('kubectl replace --force -f -', CM('1'))).toEqual(ok('configmap/cm replaced\n'));
  });

  it.each([
    ['kubectl replace', 'error: must specify one of -f and -k\n'],
    ['kubectl replace -f - --grace-period=3', 'error: --grace-period must have --force specified\n'],
    ['kubectl replace -f - --timeout=10s', 'error: --timeout must have --force specified\n'],
    ['kubectl replace -f - --force --dry-run=server', 'error: --dry-run can not be used when --force is set\n'],
    ['kubectl replace -f - -o wide', 'error: unable to match a printer suitable for the output format "wide", allowed formats are: json,jsonpath,name,yaml\n'],
  ])('%s is refused before any change', (cmd, stderr) => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', CM('1'));
    const before = mustExec(c, 'kubectl get cm cm -o yaml');
    expect(c.exec(cmd, CM('2'))).toEqual(fail(stderr));
    expect(mustExec(c, 'kubectl get cm cm -o yaml')).toBe(before);
  });

  it('dry runs change nothing and say so', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', CM('1'));
    expect(c.exec('kubectl replace -f - --dry-run=server', CM('2'))).toEqual(ok('configmap/cm replaced (server dry run)\n'));
    expect(c.exec('kubectl replace -f - --dry-run=client -o name', CM('2'))).toEqual(ok('configmap/cm\n'));
    expect(mustExec(c, 'kubectl get cm cm -o jsonpath={.data.k}')).toBe('1');
  });
});

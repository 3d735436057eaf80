import { describe, expect, it } from 'vitest';
import type { KubesimCluster } from '../../../index.ts';
import { clusterWithNodes, deploymentYaml, inDefault, mustExec } from '../../../testing/fixtures.ts';

const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' });
const fail = (stderr: string, stdout = '') => ({ code: 1, stdout, stderr });

/** A Deployment "web" at revision 2 (nginx:1.28), its revision 1 (nginx:1.27) kept. */
function webAtRevision2(): KubesimCluster {
  const c = clusterWithNodes(2);
  mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 3));
  c.advance(30);
  mustExec(c, 'kubectl set image deployment/web app=nginx:1.28');
  c.advance(60);
  return c;
}

const image = (c: KubesimCluster) => c.exec('kubectl get deploy web -o jsonpath={.spec.template.spec.containers[0].image}').stdout;

function hashOf(c: KubesimCluster, revision: string): string {
  const rs = inDefault(c, 'ReplicaSet').find((r) => r.metadata.annotations?.['deployment.kubernetes.io/revision'] === revision)!;
  return rs.metadata.labels!['pod-template-hash'];
}

describe('kubectl rollout status', () => {
  it('prints the current state once, as --watch=false does, from spec update to rolled out', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 3));
    expect(c.exec('kubectl rollout status deployment/web')).toEqual(ok('Waiting for deployment spec update to be observed...\n'));
    c.advance(0.5);
    expect(c.exec('kubectl rollout status deployment/web')).toEqual(ok('Waiting for deployment "web" rollout to finish: 0 of 3 updated replicas are available...\n'));
    c.advance(30);
    expect(c.exec('kubectl rollout status deploy web')).toEqual(ok('deployment "web" successfully rolled out\n'));
    mustExec(c, 'kubectl set image deployment/web app=nginx:1.28');
    c.advance(1);
    expect(c.exec('kubectl rollout status deployment/web')).toEqual(ok('Waiting for deployment "web" rollout to finish: 1 out of 3 new replicas have been updated...\n'));
  });

  it('appends the warning of a pod that cannot start', () => {
    const c = webAtRevision2();
    mustExec(c, 'kubectl set image deployment/web app=nginx:doesnotexist');
    c.advance(60);
    expect(c.exec('kubectl rollout status deployment/web').stdout).toBe(
      'Waiting for deployment "web" rollout to finish: 1 out of 3 new replicas have been updated... (Warning: ImagePullBackOff - Back-off pulling image "nginx:doesnotexist")\n');
  });

  it('checks a pinned revision and refuses kinds without a status viewer', () => {
    const c = webAtRevision2();
    expect(c.exec('kubectl rollout status deployment/web --revision=1')).toEqual(fail('error: desired revision (1) is different from the running revision (2)\n'));
    expect(c.exec('kubectl rollout status deployment/web --revision=2')).toEqual(ok('deployment "web" successfully rolled out\n'));
    const rs = inDefault(c, 'ReplicaSet')[0].metadata.name;
    expect(c.exec(`kubectl rollout status rs/${rs}`)).toEqual(fail('error: no status viewer has been implemented for ReplicaSet.apps\n'));
    expect(c.exec('kubectl rollout status deployment/nope')).toEqual(fail('Error from server (NotFound): deployments.apps "nope" not found\n'));
    expect(c.exec('kubectl rollout status')).toEqual(fail('error: required resource not specified\n'));
  });
});

describe('kubectl rollout history', () => {
  it('lists revisions with their change cause', () => {
    const c = webAtRevision2();
    expect(c.exec('kubectl rollout history deployment/web')).toEqual(ok('deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n\n'));
  });

  it('shows the pod template of one revision', () => {
    const c = webAtRevision2();
    expect(c.exec('kubectl rollout history deployment/web --revision=1')).toEqual(ok(`deployment.apps/web with revision #1
Pod Template:
  Labels:\tapp=web
\tpod-template-hash=${hashOf(c, '1')}
  Containers:
   app:
    Image:\tnginx:1.27
    Port:\t<none>
    Host Port:\t<none>
    Requests:
      cpu:\t100m
      memory:\t128Mi
    Environment:\t<none>
    Mounts:\t<none>
  Volumes:\t<none>
  Node-Selectors:\t<none>
  Tolerations:\t<none>

`));
    expect(c.exec('kubectl rollout history deployment/web --revision=7')).toEqual(fail('error: unable to find the specified revision\n'));
  });
});

describe('kubectl rollout undo', () => {
  it('restores the previous template; revision 1 comes back as revision 3', () => {
    const c = webAtRevision2();
    const hash1 = hashOf(c, '1');
    expect(c.exec('kubectl rollout undo deployment/web')).toEqual(ok('deployment.apps/web rolled back\n'));
    expect(image(c)).toBe('nginx:1.27');
    c.advance(60);
    expect(c.exec('kubectl rollout history deployment/web').stdout).toBe('deployment.apps/web \nREVISION  CHANGE-CAUSE\n2         <none>\n3         <none>\n\n');
    expect(hashOf(c, '3')).toBe(hash1);
    expect(c.exec("kubectl get deploy web -o jsonpath='{.metadata.annotations.deployment\\.kubernetes\\.io/revision}'").stdout).toBe('3');
  });

  it('goes to a given revision, skips one that is already current and reports unknown ones', () => {
    const c = webAtRevision2();
    expect(c.exec('kubectl rollout undo deployment/web --to-revision=2')).toEqual(ok('deployment.apps/web skipped rollback (current template already matches revision 2)\n'));
    expect(c.exec('kubectl rollout undo deployment/web --to-revision=9')).toEqual(fail('error: unable to find specified revision 9 in history\n'));
    expect(c.exec('kubectl rollout undo deployment/web --to-revision=1')).toEqual(ok('deployment.apps/web rolled back\n'));
    expect(image(c)).toBe('nginx:1.27');
  });

  it('refuses a paused Deployment and one without history', () => {
    const c = webAtRevision2();
    mustExec(c, 'kubectl rollout pause deployment/web');
    expect(c.exec('kubectl rollout undo deployment/web')).toEqual(fail("error: you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume deployment/web' and try again\n"));
    mustExec(c, 'kubectl apply -f -', deploymentYaml('api', 1));
    c.advance(10);
    expect(c.exec('kubectl rollout undo deployment/api')).toEqual(fail('error: no rollout history found for deployment "api"\n'));
  });
});

describe('kubectl rollout restart | pause | resume', () => {
  it('restart stamps the template with the virtual time and rolls new pods', () => {
    const c = webAtRevision2();
    const before = inDefault(c, 'Pod').map((p) => p.metadata.name);
    expect(c.exec('kubectl rollout restart deployment/web')).toEqual(ok('deployment.apps/web restarted\n'));
    expect(c.exec("kubectl get deploy web -o jsonpath='{.spec.template.metadata.annotations.kubectl\\.kubernetes\\.io/restartedAt}'").stdout)
      .toBe(new Date(c.now() - (c.now() % 1000)).toISOString().replace('.000Z', 'Z'));
    c.advance(120);
    const after = inDefault(c, 'Pod').filter((p) => !p.metadata.deletionTimestamp).map((p) => p.metadata.name);
    expect(after).toHaveLength(3);
    expect(after.some((n) => before.includes(n))).toBe(false);
  });

  it('pause and resume, with the "already" errors', () => {
    const c = webAtRevision2();
    expect(c.exec('kubectl rollout pause deployment/web')).toEqual(ok('deployment.apps/web paused\n'));
    expect(c.exec('kubectl rollout pause deployment/web')).toEqual(fail('error: deployments.apps "web" is already paused\n'));
    expect(c.exec('kubectl rollout restart deployment/web')).toEqual(fail('error: deployments.apps "web" can\'t restart paused deployment (run rollout resume first)\n'));
    expect(c.exec('kubectl rollout resume deployment/web')).toEqual(ok('deployment.apps/web resumed\n'));
    expect(c.exec('kubectl rollout resume deployment/web')).toEqual(fail('error: deployments.apps "web" is not paused\n'));
    expect(c.exec('kubectl get deploy web -o jsonpath={.spec.paused}').stdout).toBe('');
    const rs = inDefault(c, 'ReplicaSet')[0].metadata.name;
    expect(c.exec(`kubectl rollout pause rs ${rs}`)).toEqual(fail(`error: replicasets.apps "${rs}" pausing is not supported\n`));
    expect(c.exec('kubectl rollout bogus deployment/web')).toEqual(fail('error: unknown command "bogus" for "kubectl rollout"\n'));
  });
});

describe('kubectl rollout on a StatefulSet', () => {
  const sts = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  replicas: 2
  selector:
    matchLabels:
      app: db
  template:
    metadata:
      labels:
        app: db
    spec:
      containers:
      - name: db
        image: nginx:1.27
`;

  it('history lists revisions only; undo patches the recorded template back', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', sts);
    c.advance(60);
    mustExec(c, 'kubectl set image statefulset/db db=nginx:1.28');
    c.advance(120);
    expect(c.exec('kubectl rollout history statefulset/db')).toEqual(ok('statefulset.apps/db \nREVISION\n1\n2\n\n'));
    // The defaulted RollingUpdate strategy has a partition (0): kubectl reports a partitioned roll out.
    expect(c.exec('kubectl rollout status sts/db')).toEqual(ok('partitioned roll out complete: 2 new pods have been updated...\n'));
    expect(c.exec('kubectl rollout undo statefulset/db')).toEqual(ok('statefulset.apps/db rolled back\n'));
    expect(c.exec('kubectl get sts db -o jsonpath={.spec.template.spec.containers[0].image}').stdout).toBe('nginx:1.27');
    expect(c.exec('kubectl rollout undo statefulset/db --to-revision=5')).toEqual(fail('error: unable to find specified revision 5 in history\n'));
  });
});

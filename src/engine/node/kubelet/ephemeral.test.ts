import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1';
import { createCluster, type KubesimCluster } from '../../index.ts';
import { clusterWithNodes, mustExec } from '../../testing/fixtures.ts';

const podJson = (c: KubesimCluster, name: string) => JSON.parse(c.exec(`kubectl get pod ${name} -o json`).stdout) as Pod;
/** The [reason, message] of the Events about one container (by its field path), oldest first. */
function eventsFor(c: KubesimCluster, path: string): string[][] {
  const { items } = JSON.parse(c.exec('kubectl get events -o json').stdout) as { items: { reason: string; message: string; involvedObject: { fieldPath?: string } }[] };
  return items.filter((e) => e.involvedObject.fieldPath === path).map((e) => [e.reason, e.message]);
}

function runningWeb(): KubesimCluster {
  const c = clusterWithNodes(1);
  mustExec(c, 'kubectl apply -f -', `apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers:
  - {name: web, image: nginx:1.27, readinessProbe: {tcpSocket: {port: 80}}}
`);
  c.advance(30);
  return c;
}

describe('the kubelet and ephemeral containers', () => {
  it('pulls and starts an added one once, with upstream Events, and reports it apart from the pod\'s containers', () => {
    const c = runningWeb();
    mustExec(c, 'kubectl debug web -it --image=busybox:1.36 -c dbg --target=web --profile=general');
    c.advance(5);
    expect(eventsFor(c, 'spec.ephemeralContainers{dbg}')).toEqual([
      ['Pulling', 'Pulling image "busybox:1.36"'],
      ['Pulled', expect.stringMatching(/^Successfully pulled image "busybox:1\.36" in \S+ \(\S+ including waiting\)\. Image size: \d+ bytes\.$/)],
      ['Created', 'Created container: dbg'],
      ['Started', 'Started container dbg'],
    ]);
    const pod = podJson(c, 'web');
    expect(pod.status?.ephemeralContainerStatuses).toEqual([{
      name: 'dbg', state: { running: { startedAt: expect.any(String) } }, lastState: {}, ready: false, restartCount: 0,
      image: 'docker.io/library/busybox:1.36', imageID: expect.stringMatching(/^docker\.io\/library\/busybox@sha256:/), containerID: expect.stringMatching(/^containerd:\/\//),
    }]);
    // Not in the pod's readiness, its READY column or its containerStatuses.
    expect(pod.status?.containerStatuses?.map((s) => s.name)).toEqual(['web']);
    expect(pod.status?.conditions?.find((x) => x.type === 'Ready')?.status).toBe('True');
    expect(c.exec('kubectl get pod web --no-headers').stdout).toMatch(/^web\s+1\/1\s+Running\s+0\s/);
    // exec and logs reach it by name.
    expect(c.exec('kubectl exec web -c dbg -- echo hi')).toEqual({ code: 0, stdout: 'hi\n', stderr: '' });
    expect(c.exec('kubectl logs web -c dbg')).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(c.exec('kubectl describe pod web').stdout).toMatch(/\nEphemeral Containers:\n {2}dbg:\n {4}Container ID: +containerd:\/\/\w+\n {4}Image: +busybox:1\.36\n/);
  });

  it('never restarts one that exited, and the pod goes on as before', () => {
    const c = runningWeb();
    mustExec(c, 'kubectl debug web --image=busybox -c once --profile=general -- sh -c "echo bye; exit 3"');
    c.advance(60);
    const s = podJson(c, 'web').status!;
    expect(s.ephemeralContainerStatuses?.[0]).toMatchObject({ name: 'once', restartCount: 0, state: { terminated: { exitCode: 3, reason: 'Error' } } });
    expect(s.phase).toBe('Running');
    expect(eventsFor(c, 'spec.ephemeralContainers{once}').filter(([reason]) => reason === 'Started')).toHaveLength(1);
    expect(c.exec('kubectl logs web -c once').stdout).toBe('bye\n');
  });

  it('a pod restored from a snapshot keeps its running ephemeral container', () => {
    const c = runningWeb();
    mustExec(c, 'kubectl debug web -i --image=busybox -c dbg --profile=general');
    c.advance(5);
    const restored = createCluster({ snapshot: c.snapshot() });
    restored.advance(5);
    expect(podJson(restored, 'web').status?.ephemeralContainerStatuses?.[0]).toMatchObject({ name: 'dbg', state: { running: {} } });
    expect(restored.exec('kubectl exec web -c dbg -- echo still')).toEqual({ code: 0, stdout: 'still\n', stderr: '' });
    expect(eventsFor(restored, 'spec.ephemeralContainers{dbg}').filter(([reason]) => reason === 'Started')).toHaveLength(1);
  });
});

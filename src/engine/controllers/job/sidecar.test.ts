// A Job whose pod has a native sidecar (an init container with restartPolicy Always): the Job completes when the
// main container does; the kubelet stops the sidecar then, and the pod Succeeds.
import { describe, expect, it } from 'vitest';
import { clusterWithNodes, mustExec } from '../../testing/fixtures.ts';

const job = `apiVersion: batch/v1
kind: Job
metadata:
  name: batch
spec:
  backoffLimit: 0
  template:
    spec:
      restartPolicy: Never
      initContainers:
      - name: proxy
        image: busybox:1.36
        restartPolicy: Always
        command: ["sh", "-c", "echo proxy up; sleep infinity"]
      containers:
      - name: main
        image: busybox:1.36
        command: ["sh", "-c", "echo working; sleep 20; echo done"]
`;

interface PodJson {
  status: {
    phase: string;
    initContainerStatuses: { name: string; started?: boolean; state: { running?: unknown; terminated?: { exitCode: number; reason: string } } }[];
    containerStatuses: { name: string; state: { running?: unknown; terminated?: { exitCode: number; reason: string } } }[];
  };
}

describe('a Job with a native sidecar', () => {
  it('completes when its main container does, and the sidecar is stopped', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', job);
    c.advance(15);
    const running = JSON.parse(mustExec(c, 'kubectl get pods -l job-name=batch -o json')).items[0] as PodJson;
    expect(running.status.phase).toBe('Running');
    expect(running.status.initContainerStatuses[0]).toMatchObject({ name: 'proxy', started: true, state: { running: expect.anything() } });
    expect(running.status.containerStatuses[0].state.running).toBeDefined();
    // sh as PID 1 ignores SIGTERM: the sidecar goes at the 30 s grace period's SIGKILL, then the pod Succeeds.
    c.advance(60);
    const done = JSON.parse(mustExec(c, 'kubectl get pods -l job-name=batch -o json')).items[0] as PodJson;
    expect(done.status.phase).toBe('Succeeded');
    expect(done.status.containerStatuses[0].state.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
    expect(done.status.initContainerStatuses[0].state.terminated).toMatchObject({ exitCode: 137 });
    const conditions = JSON.parse(mustExec(c, 'kubectl get job batch -o json')).status.conditions as { type: string; status: string }[];
    expect(conditions.map((x) => `${x.type}=${x.status}`)).toEqual(['SuccessCriteriaMet=True', 'Complete=True']);
    expect(mustExec(c, 'kubectl logs job/batch -c proxy')).toBe('proxy up\n');
  });
});

// Jobs end to end, headless: real pods scheduled and run by the simulated kubelet, whose containers exit.
import { describe, expect, it } from 'vitest';
import { clusterWithNodes, mustExec } from '../../testing/fixtures.ts';

const T0 = Date.UTC(2026, 0, 1);
const sec = (ts: string): number => (Date.parse(ts) - T0) / 1000;

function jobYaml(name: string, command: string, spec = ''): string {
  return `apiVersion: batch/v1
kind: Job
metadata:
  name: ${name}
spec:
${spec}  template:
    spec:
      containers:
      - name: main
        image: busybox:1.36
        command: ["sh", "-c", "${command}"]
      restartPolicy: Never
`;
}

interface PodJson { metadata: { name: string; creationTimestamp: string; labels: Record<string, string>; finalizers?: string[] }; spec: { hostname?: string }; status: { phase: string; containerStatuses?: { state: { terminated?: { finishedAt: string; exitCode: number } } }[] } }

describe('Jobs on a simulated cluster', () => {
  it('retries a failing pod after 10 s, 20 s, 40 s and fails the Job at its backoff limit', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', jobYaml('fail', 'sleep 2; exit 1', '  backoffLimit: 3\n'));
    c.advance(150);
    const pods = (JSON.parse(mustExec(c, 'kubectl get pods -o json')).items as PodJson[])
      .sort((a, b) => sec(a.metadata.creationTimestamp) - sec(b.metadata.creationTimestamp));
    expect(pods).toHaveLength(4);
    const created = pods.map((p) => sec(p.metadata.creationTimestamp));
    const finished = pods.map((p) => sec(p.status.containerStatuses![0].state.terminated!.finishedAt));
    expect(pods.every((p) => p.status.phase === 'Failed' && !p.metadata.finalizers)).toBe(true);
    expect(created[0]).toBe(0);
    // Each replacement waits out the backoff from its predecessor's finish, to the second.
    expect(created.slice(1).map((t, i) => t - finished[i])).toEqual([10, 20, 40]);
    // Each pod runs its two seconds (plus the kubelet's start-up) before exiting with 1.
    for (let i = 0; i < 4; i++) expect(finished[i] - created[i]).toBeGreaterThanOrEqual(2);
    const job = JSON.parse(mustExec(c, 'kubectl get job fail -o json'));
    expect(job.status).toMatchObject({ failed: 4, ready: 0, terminating: 0, startTime: '2026-01-01T00:00:00Z', uncountedTerminatedPods: {} });
    expect(job.status.conditions.map((x: { type: string; reason: string }) => `${x.type}/${x.reason}`)).toEqual(['FailureTarget/BackoffLimitExceeded', 'Failed/BackoffLimitExceeded']);
    // The Job syncs a second after the pod event that ends it.
    expect(sec(job.status.conditions[1].lastTransitionTime)).toBe(finished[3] + 1);
    const events = mustExec(c, 'kubectl get events --field-selector involvedObject.kind=Job');
    expect(events).toMatch(/Warning\s+BackoffLimitExceeded\s+job\/fail\s+Job has reached the specified backoff limit/);
    // A failed Job has no completionTime: its duration runs on, as kubectl prints it.
    expect(mustExec(c, 'kubectl get job fail')).toBe('NAME   STATUS   COMPLETIONS   DURATION   AGE\nfail   Failed   0/1           2m30s      2m30s\n');
  });

  it('is deterministic: the same seed gives the same objects and events, byte for byte', () => {
    const run = () => {
      const c = clusterWithNodes(1, 7);
      mustExec(c, 'kubectl apply -f -', jobYaml('fail', 'sleep 1; exit 3', '  backoffLimit: 2\n  parallelism: 2\n  completions: 3\n'));
      c.advance(120);
      return mustExec(c, 'kubectl get jobs,pods,events -o json');
    };
    expect(run()).toBe(run());
  });

  it('runs an Indexed Job: one pod per index, with hostname <job>-<index>, until every index succeeded', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', jobYaml('idx', 'sleep 3', '  completionMode: Indexed\n  completions: 4\n  parallelism: 2\n'));
    c.advance(2);
    const first = JSON.parse(mustExec(c, 'kubectl get pods -o json')).items as PodJson[];
    expect(first.map((p) => p.spec.hostname).sort()).toEqual(['idx-0', 'idx-1']);
    expect(first.map((p) => p.metadata.name.replace(/-[a-z0-9]{5}$/, '')).sort()).toEqual(['idx-0', 'idx-1']);
    c.advance(30);
    const all = JSON.parse(mustExec(c, 'kubectl get pods -o json')).items as PodJson[];
    expect(all.map((p) => p.metadata.labels['batch.kubernetes.io/job-completion-index']).sort()).toEqual(['0', '1', '2', '3']);
    const job = JSON.parse(mustExec(c, 'kubectl get job idx -o json'));
    expect(job.status).toMatchObject({ succeeded: 4, completedIndexes: '0-3' });
    expect(job.status.conditions.map((x: { type: string }) => x.type)).toEqual(['SuccessCriteriaMet', 'Complete']);
    expect(mustExec(c, 'kubectl get jobs')).toMatch(/^idx\s+Complete\s+4\/4\s/m);
  });

  it('deletes a finished Job and its pods ttlSecondsAfterFinished later', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', jobYaml('short', 'sleep 5', '  ttlSecondsAfterFinished: 20\n'));
    c.advance(15);
    const done = JSON.parse(mustExec(c, 'kubectl get job short -o json'));
    const completed = sec(done.status.completionTime);
    c.advance(completed + 20 - 15 - 1);
    expect(c.exec('kubectl get job short').code).toBe(0);
    c.advance(2);
    const r = c.exec('kubectl get jobs');
    expect(r.stderr).toBe('No resources found in default namespace.\n');
    expect(JSON.parse(mustExec(c, 'kubectl get pods -o json')).items).toHaveLength(0);
  });

  it('stops a running Job when it is suspended and restarts it when resumed', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', jobYaml('s', 'sleep 60'));
    c.advance(5);
    mustExec(c, `kubectl patch job s --type=merge -p '{"spec":{"suspend":true}}'`);
    c.advance(40);
    expect(mustExec(c, 'kubectl get job s')).toMatch(/^s\s+Suspended\s+0\/1\s/m);
    expect(JSON.parse(mustExec(c, 'kubectl get pods -o json')).items).toHaveLength(0);
    mustExec(c, `kubectl patch job s --type=merge -p '{"spec":{"suspend":false}}'`);
    c.advance(70);
    expect(mustExec(c, 'kubectl get job s')).toMatch(/^s\s+Complete\s+1\/1\s/m);
    const events = mustExec(c, 'kubectl get events --field-selector involvedObject.name=s');
    for (const reason of ['Suspended', 'SuccessfulDelete', 'Resumed', 'Completed']) expect(events).toContain(reason);
  });
});

// CronJobs end to end, headless: Jobs made on schedule, run by the simulated kubelet.
import { describe, expect, it } from 'vitest';
import { clusterWithNodes, mustExec } from '../../testing/fixtures.ts';

const MIN0 = Date.UTC(2026, 0, 1) / 60_000;

function cronYaml(name: string, command: string, spec = ''): string {
  return `apiVersion: batch/v1
kind: CronJob
metadata:
  name: ${name}
spec:
  schedule: "* * * * *"
${spec}  jobTemplate:
    spec:
      template:
        spec:
          containers:
          - name: main
            image: busybox:1.36
            command: ["sh", "-c", "${command}"]
          restartPolicy: OnFailure
`;
}

const jobNames = (out: string): string[] => out.trim().split('\n').slice(1).map((l) => l.split(/\s+/)[0]);

describe('CronJobs on a simulated cluster', () => {
  it('runs a Job every minute and keeps three successful ones', () => {
    const c = clusterWithNodes(1);
    expect(mustExec(c, 'kubectl apply -f -', cronYaml('hello', 'date; echo Hello'))).toBe('cronjob.batch/hello created\n');
    c.advance(5 * 60 + 30);
    expect(jobNames(mustExec(c, 'kubectl get jobs'))).toEqual([3, 4, 5].map((i) => `hello-${MIN0 + i}`));
    expect(mustExec(c, 'kubectl get cj')).toBe(
      'NAME    SCHEDULE    TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE\n' +
      'hello   * * * * *   <none>     False     0        30s             5m30s\n');
    const cj = JSON.parse(mustExec(c, 'kubectl get cronjob hello -o json'));
    expect(cj.status.lastScheduleTime).toBe('2026-01-01T00:05:00Z');
    expect(cj.status.lastSuccessfulTime).toMatch(/^2026-01-01T00:05:0\dZ$/);
    const events = mustExec(c, 'kubectl get events --field-selector involvedObject.kind=CronJob');
    expect(events).toContain(`Created job hello-${MIN0 + 1}`);
    expect(events).toContain(`Saw completed job: hello-${MIN0 + 1}, status: Complete`);
    expect(events).toContain(`Deleted job hello-${MIN0 + 1}`);
  });

  it('with Forbid and a starting deadline, skips the minutes a long Job still runs', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', cronYaml('slow', 'sleep 90', '  concurrencyPolicy: Forbid\n  startingDeadlineSeconds: 10\n'));
    c.advance(4 * 60 + 30);
    // 00:01 starts a Job that runs until about 00:02:32; 00:02 is held back, then too late; 00:03 starts again.
    expect(jobNames(mustExec(c, 'kubectl get jobs'))).toEqual([`slow-${MIN0 + 1}`, `slow-${MIN0 + 3}`]);
    const events = mustExec(c, 'kubectl get events --field-selector involvedObject.kind=CronJob');
    expect(events).toMatch(/Normal\s+JobAlreadyActive\s+cronjob\/slow\s+Not starting job because prior execution is running and concurrency policy is Forbid/);
    expect(mustExec(c, 'kubectl get cj slow')).toMatch(/^slow\s+\* \* \* \* \*\s+<none>\s+False\s+1\s+90s\s+4m30s$/m);
  });

  it('with Replace, replaces the running Job each minute', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', cronYaml('rep', 'sleep 300', '  concurrencyPolicy: Replace\n'));
    c.advance(3 * 60 + 30);
    expect(jobNames(mustExec(c, 'kubectl get jobs'))).toEqual([`rep-${MIN0 + 3}`]);
    const events = mustExec(c, 'kubectl get events --field-selector involvedObject.kind=CronJob');
    expect(events).toContain(`Deleted job rep-${MIN0 + 1}`);
    expect(events).toContain(`Deleted job rep-${MIN0 + 2}`);
  });
});

import { describe, expect, it } from 'vitest';
import { clusterWithNodes, mustExec } from '../../testing/fixtures.ts';

const pod = (name: string, spec: string, meta = '') => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\n${meta}spec:\n${spec}`;

function cluster() {
  const c = clusterWithNodes(1);
  mustExec(c, 'kubectl apply -f -', pod('counter', '  containers:\n  - name: count\n    image: busybox:1.36\n    args: [/bin/sh, -c, \'i=0; while true; do echo "$i: $(date)"; i=$((i+1)); sleep 1; done\']\n', '  labels: {app: demo}\n'));
  mustExec(c, 'kubectl apply -f -', pod('two', '  initContainers:\n  - name: setup\n    image: busybox:1.36\n    command: ["sh", "-c", "echo setting up"]\n  containers:\n  - name: main\n    image: busybox:1.36\n    command: ["sh", "-c", "echo main says hi; sleep infinity"]\n  - name: helper\n    image: busybox:1.36\n    command: ["sh", "-c", "echo helper; sleep infinity"]\n', '  labels: {app: demo}\n  annotations:\n    kubectl.kubernetes.io/default-container: helper\n'));
  c.advance(20);
  return c;
}

describe('kubectl logs', () => {
  it('prints the counter example of the Kubernetes docs, --tail lines of it', () => {
    const c = cluster();
    const out = mustExec(c, 'kubectl logs counter --tail 3').trimEnd().split('\n');
    expect(out).toHaveLength(3);
    expect(out[2]).toMatch(/^\d+: Thu Jan {2}1 00:00:\d\d UTC 2026$/);
    const n = Number(out[2].split(':')[0]);
    expect(out.map((l) => Number(l.split(':')[0]))).toEqual([n - 2, n - 1, n]);
  });

  it('uses the default-container annotation; --all-containers and --prefix name each line', () => {
    const c = cluster();
    expect(c.exec('kubectl logs two')).toEqual({ code: 0, stdout: 'helper\n', stderr: '' });
    expect(mustExec(c, 'kubectl logs two --all-containers --prefix')).toBe('[pod/two/setup] setting up\n[pod/two/main] main says hi\n[pod/two/helper] helper\n');
    expect(mustExec(c, 'kubectl logs pod/two -c setup')).toBe('setting up\n');
  });

  it('reads every pod of a selector, ten lines each, prefixed', () => {
    const c = cluster();
    const out = mustExec(c, 'kubectl logs -l app=demo').trimEnd().split('\n');
    expect(out.filter((l) => l.startsWith('[pod/counter/count] '))).toHaveLength(10);
    expect(out).toContain('[pod/two/helper] helper');
  });

  it('refuses what kubectl refuses', () => {
    const c = cluster();
    expect(c.exec('kubectl logs').stderr).toBe("error: expected POD or TYPE/NAME is a required argument for the logs command\nSee 'kubectl logs -h' for help and examples\n");
    expect(c.exec('kubectl logs two main -c helper').stderr).toBe('error: only one of -c or an inline [CONTAINER] arg is allowed\n');
    expect(c.exec('kubectl logs counter --tail x').stderr).toBe('error: invalid argument "x" for "--tail" flag: strconv.ParseInt: parsing "x": invalid syntax\n');
    expect(c.exec('kubectl logs counter -f').code).toBe(1);
  });
});

describe('kubectl top', () => {
  it('sorts, sums and prints all namespaces', () => {
    const c = cluster();
    mustExec(c, 'kubectl apply -f -', pod('big', '  containers:\n  - name: app\n    image: nginx:1.27\n', '  annotations:\n    kubesim.io/behavior: "app: memory=512Mi, cpu=250m"\n'));
    c.advance(10);
    const rows = mustExec(c, 'kubectl top pod --sort-by=memory --no-headers').trimEnd().split('\n');
    expect(rows[0]).toMatch(/^big\s+250m\s+512Mi\s*$/);
    const sum = mustExec(c, 'kubectl top pod --sum').trimEnd().split('\n');
    expect(sum.at(-2)).toMatch(/^\s+________\s+________\s*$/);
    expect(sum.at(-1)).toMatch(/^\s+25\dm\s+51\dMi\s*$/);
    expect(mustExec(c, 'kubectl top pod -A').split('\n')[0]).toMatch(/^NAMESPACE\s+NAME\s+CPU\(cores\)\s+MEMORY\(bytes\)\s*$/);
    expect(c.exec('kubectl top pod --sort-by=disk').stderr).toBe('error: --sort-by accepts only cpu or memory\n');
    expect(c.exec('kubectl top node nope').stderr).toBe('Error from server (NotFound): nodes "nope" not found\n');
  });
});

describe('kubectl logs svc/NAME', () => {
  it('reads a pod the Service selects (its selector is a plain map), and refuses a Service without one', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl run a --image=busybox:1.36 --labels=app=a --command -- sh -c "echo from-a; sleep 3600"');
    mustExec(c, 'kubectl run b --image=busybox:1.36 --labels=app=b --command -- sh -c "echo from-b; sleep 3600"');
    mustExec(c, 'kubectl create service clusterip b --tcp=80');
    mustExec(c, 'kubectl patch svc b -p \'{"spec":{"selector":{"app":"b"}}}\'');
    c.advance(30);
    expect(c.exec('kubectl logs svc/b')).toEqual({ code: 0, stdout: 'from-b\n', stderr: '' });
    mustExec(c, 'kubectl create service clusterip none --tcp=80');
    mustExec(c, 'kubectl patch svc none --type=json -p \'[{"op":"remove","path":"/spec/selector"}]\'');
    expect(c.exec('kubectl logs svc/none').stderr).toBe("error: cannot get the logs from *v1.Service: invalid service 'none': Service is defined without a selector\n");
    mustExec(c, 'kubectl create configmap cm');
    expect(c.exec('kubectl logs configmap/cm').stderr).toBe('error: cannot get the logs from *v1.ConfigMap: selector for *v1.ConfigMap not implemented\n');
  });
});

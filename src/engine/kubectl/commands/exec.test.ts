import { describe, expect, it } from 'vitest';
import { clusterWithNodes, mustExec, pods } from '../../testing/fixtures.ts';

const podYaml = `apiVersion: v1
kind: ConfigMap
metadata:
  name: cfg
data:
  MODE: fast
---
apiVersion: v1
kind: Pod
metadata:
  name: box
  labels: {tier: web}
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "touch /tmp/ready; rm /tmp/gone; sleep infinity"]
    resources:
      limits: {cpu: 500m, memory: 64Mi}
    env:
    - {name: GREETING, value: hello}
    - {name: MSG, value: "$(GREETING) world"}
    - name: POD_NAME
      valueFrom: {fieldRef: {fieldPath: metadata.name}}
    - name: TIER
      valueFrom: {fieldRef: {fieldPath: "metadata.labels['tier']"}}
    - name: NODE
      valueFrom: {fieldRef: {fieldPath: spec.nodeName}}
    - name: CPU_LIMIT
      valueFrom: {resourceFieldRef: {resource: limits.cpu}}
    - name: MODE
      valueFrom: {configMapKeyRef: {name: cfg, key: MODE}}
  - name: side
    image: nginx:1.27
`;

describe('kubectl exec', () => {
  it('runs commands in the container with its environment', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', podYaml);
    c.advance(30);
    expect(c.exec('kubectl exec box -c app -- env')).toEqual({
      code: 0,
      stdout: 'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\nHOSTNAME=box\nGREETING=hello\nMSG=hello world\nPOD_NAME=box\nTIER=web\nNODE=w1\nCPU_LIMIT=1\nMODE=fast\nHOME=/root\n',
      stderr: '',
    });
    expect(c.exec('kubectl exec box -- printenv MSG')).toEqual({ code: 0, stdout: 'hello world\n', stderr: 'Defaulted container "app" out of: app, side\n' });
    expect(mustExec(c, "kubectl exec box -q -c app -- sh -c 'echo $POD_NAME; hostname && cat /tmp/ready'")).toBe('box\nbox\n');
    // In double quotes the workstation's shell expands $POD_NAME first (unset there), as bash would.
    expect(mustExec(c, 'kubectl exec box -q -c app -- sh -c "echo $POD_NAME; hostname"')).toBe('\nbox\n');
    expect(c.exec('kubectl exec box -c app -- cat /tmp/gone')).toEqual({ code: 1, stdout: '', stderr: "cat: can't open '/tmp/gone': No such file or directory\ncommand terminated with exit code 1\n" });
    expect(c.exec('kubectl exec box -c app -- sh -c "nope || exit 3"')).toEqual({ code: 3, stdout: '', stderr: 'sh: nope: not found\ncommand terminated with exit code 3\n' });
    expect(c.exec('kubectl exec box -c side -- sh -c nope').stderr).toBe('sh: 1: nope: not found\ncommand terminated with exit code 127\n');
    expect(c.exec('kubectl exec box -c app -- curl localhost').stderr).toMatch(/^error: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "[0-9a-f]{64}": OCI runtime exec failed: exec failed: unable to start container process: exec: "curl": executable file not found in \$PATH: unknown\n$/);
  });

  it('refuses as kubectl, the API server and the kubelet do', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', podYaml);
    expect(c.exec('kubectl exec box -c app -- env').stderr).toBe('Error from server (BadRequest): pod box does not have a host assigned\n');
    c.advance(1);
    expect(c.exec('kubectl exec box -c app -- env').stderr).toBe('error: unable to upgrade connection: container not found ("app")\n');
    c.advance(30);
    expect(c.exec('kubectl exec box env').stderr).toBe("error: exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead\nSee 'kubectl exec -h' for help and examples\n");
    expect(c.exec('kubectl exec box').stderr).toBe('error: you must specify at least one command for the container\n');
    expect(c.exec('kubectl exec -- env').stderr).toBe('error: pod, type/name or --filename must be specified\n');
    expect(c.exec('kubectl exec box -c nope -- env').stderr).toBe('Error from server (BadRequest): container nope is not valid for pod box\n');
    expect(c.exec('kubectl exec ghost -- env').stderr).toBe('Error from server (NotFound): pods "ghost" not found\n');
    mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: Pod\nmetadata: {name: done}\nspec:\n  restartPolicy: Never\n  containers: [{name: c, image: busybox, command: [sh, -c, "true"]}]\n');
    c.advance(30);
    expect(pods(c).find((p) => p.metadata.name === 'done')?.status?.phase).toBe('Succeeded');
    expect(c.exec('kubectl exec done -- env').stderr).toBe('error: cannot exec into a container in a completed pod; current phase is Succeeded\n');
    mustExec(c, 'sim node stop w1');
    expect(c.exec('kubectl exec box -c app -- env').stderr).toMatch(/^error: error dialing backend: dial tcp 172\.18\.0\.\d+:10250: i\/o timeout\n$/);
  });
});

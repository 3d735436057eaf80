// What kubectl prints around PodSecurity: the forbidden error, "Warning: would violate PodSecurity" lines, a
// namespace label's warnings about existing pods, and the ReplicaSet's FailedCreate events.
import { describe, expect, it } from 'vitest';
import { clusterWithNodes, mustExec } from '../../../../testing/fixtures.ts';

const RESTRICTED = (c: string) => `allowPrivilegeEscalation != false (container "${c}" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "${c}" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "${c}" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "${c}" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")`;

const privilegedPod = `apiVersion: v1
kind: Pod
metadata: {name: p, namespace: x}
spec:
  containers: [{name: c, image: nginx, securityContext: {privileged: true}}]
`;

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata: {name: api, namespace: x}
spec:
  replicas: 1
  selector: {matchLabels: {app: api}}
  template:
    metadata: {labels: {app: api}}
    spec:
      containers: [{name: c, image: nginx}]
`;

function cluster() {
  const c = clusterWithNodes(1);
  mustExec(c, 'kubectl create namespace x');
  return c;
}

describe('kubectl and PodSecurity', () => {
  it('labelling a namespace warns about the existing pods that violate the new enforce level', () => {
    const c = cluster();
    mustExec(c, 'kubectl create deployment web --image=nginx --replicas=3 -n x');
    c.advance(5);
    const web = c.list('Pod').filter((p) => p.metadata.namespace === 'x').map((p) => p.metadata.name!).sort()[0];
    expect(c.exec('kubectl label ns x pod-security.kubernetes.io/enforce=restricted')).toEqual({
      code: 0,
      stdout: 'namespace/x labeled\n',
      stderr: 'Warning: existing pods in namespace "x" violate the new PodSecurity enforce level "restricted:latest"\n'
        + `Warning: ${web} (and 2 other pods): allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile\n`,
    });
    // The running pods stay: enforce judges new pods and significant updates only.
    expect(c.exec('kubectl get pods -n x --no-headers').stdout.trim().split('\n')).toHaveLength(3);
  });

  it('refuses a pod that violates enforce, as kubectl run and kubectl apply print it', () => {
    const c = cluster();
    mustExec(c, 'kubectl label ns x pod-security.kubernetes.io/enforce=restricted');
    expect(c.exec('kubectl run p --image=nginx -n x')).toEqual({ code: 1, stdout: '', stderr: `Error from server (Forbidden): pods "p" is forbidden: violates PodSecurity "restricted:latest": ${RESTRICTED('p')}\n` });
    expect(c.exec('kubectl apply -f -', privilegedPod)).toEqual({
      code: 1, stdout: '',
      stderr: `Error from server (Forbidden): error when creating "STDIN": pods "p" is forbidden: violates PodSecurity "restricted:latest": privileged (container "c" must not set securityContext.privileged=true), ${RESTRICTED('c')}\n`,
    });
  });

  it('a Deployment applies with the warn level\'s warning, and its ReplicaSet records FailedCreate', () => {
    const c = cluster();
    mustExec(c, 'kubectl label ns x pod-security.kubernetes.io/enforce=restricted pod-security.kubernetes.io/warn=restricted');
    expect(c.exec('kubectl apply -f -', deployment)).toEqual({
      code: 0,
      stdout: 'deployment.apps/api created\n',
      stderr: `Warning: would violate PodSecurity "restricted:latest": ${RESTRICTED('c')}\n`,
    });
    c.advance(2);
    const events = c.exec('kubectl get events -n x --field-selector reason=FailedCreate -o jsonpath={.items[0].message}').stdout;
    expect(events).toMatch(new RegExp(`^Error creating: pods "api-[a-z0-9]+-[a-z0-9]{5}" is forbidden: violates PodSecurity "restricted:latest": ${RESTRICTED('c').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    expect(c.exec('kubectl get pods -n x --no-headers')).toEqual({ code: 0, stdout: '', stderr: 'No resources found in x namespace.\n' });
  });

  it('refuses an invalid label value with the namespace\'s field error', () => {
    const c = cluster();
    expect(c.exec('kubectl label ns x pod-security.kubernetes.io/enforce-version=1.30')).toEqual({
      code: 1, stdout: '',
      stderr: 'The Namespace "x" is invalid: metadata.labels[pod-security.kubernetes.io/enforce-version]: Invalid value: "1.30": must be "latest" or "v1.x"\n',
    });
  });

  it('the default cluster has no PodSecurity labels: privileged pods run and kube-system addons are untouched', () => {
    const c = cluster();
    expect(c.exec('kubectl apply -f -', privilegedPod)).toEqual({ code: 0, stdout: 'pod/p created\n', stderr: '' });
    c.advance(5);
    expect(c.exec('kubectl get pods -n kube-system --no-headers').stdout).not.toMatch(/Pending|Error/);
  });
});

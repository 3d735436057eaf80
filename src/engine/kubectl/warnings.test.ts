// kubectl's warning handler: every write command prints its responses' warnings on stderr ("Warning: …"), each
// text once per command, also when the write fails; here a ValidatingAdmissionPolicy with validationActions [Warn]
// warns about every write a kubectl user sends (the control plane's own writes have no user and pass).
import { describe, expect, it } from 'vitest';
import { createCluster, type KubesimCluster } from '../index.ts';
import { deploymentYaml, mustExec } from '../testing/fixtures.ts';

const POLICY = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: kubectl-writes}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: ["", apps, autoscaling], apiVersions: ["*"], operations: [CREATE, UPDATE], resources: [pods, services, deployments, deployments/scale, horizontalpodautoscalers]}
  validations:
  - expression: "request.userInfo.username != 'kubernetes-admin'"
    message: written by kubectl
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: kubectl-writes}
spec:
  policyName: kubectl-writes
  validationActions: [Warn]
`;

const WARNING = "Warning: Validation failed for ValidatingAdmissionPolicy 'kubectl-writes' with binding 'kubectl-writes': written by kubectl\n";

/** Deployment web with two revisions (for rollout undo), then the policy. */
function cluster(): KubesimCluster {
  const c = createCluster({ seed: 1 });
  mustExec(c, 'kubectl apply -f -', deploymentYaml('web', 1));
  c.advance(1);
  mustExec(c, 'kubectl set image deployment/web app=nginx:1.26');
  c.advance(1);
  mustExec(c, 'kubectl create deployment api --image=nginx');
  mustExec(c, 'kubectl apply -f -', POLICY);
  return c;
}

describe('server warnings on every write command', () => {
  it.each([
    ['kubectl create deployment db --image=postgres', 'deployment.apps/db created\n'],
    ['kubectl create -f -', 'deployment.apps/db created\n', deploymentYaml('db', 1)],
    ['kubectl apply -f -', 'deployment.apps/web configured\n', deploymentYaml('web', 2)],
    ['kubectl replace -f -', 'deployment.apps/web replaced\n', deploymentYaml('web', 2)],
    ['kubectl scale deployment web --replicas=2', 'deployment.apps/web scaled\n'],
    [`kubectl patch deployment web -p '{"spec":{"replicas":3}}'`, 'deployment.apps/web patched\n'],
    ['kubectl set image deployment/web app=nginx:1.28', 'deployment.apps/web image updated\n'],
    ['kubectl set env deployment/web A=1', 'deployment.apps/web env updated\n'],
    ['kubectl set resources deployment/web --limits=cpu=200m', 'deployment.apps/web resource requirements updated\n'],
    ['kubectl annotate deployment web team=a', 'deployment.apps/web annotated\n'],
    ['kubectl label deployment web team=a', 'deployment.apps/web labeled\n'],
    ['kubectl rollout restart deployment/web', 'deployment.apps/web restarted\n'],
    ['kubectl rollout undo deployment/web', 'deployment.apps/web rolled back\n'],
    ['kubectl expose deployment web --port=80', 'service/web exposed\n'],
    ['kubectl autoscale deployment web --max=3', 'horizontalpodautoscaler.autoscaling/web autoscaled\n'],
    ['kubectl run p --image=nginx', 'pod/p created\n'],
  ])('%s', (line, stdout, stdin?: string) => {
    expect(cluster().exec(line, stdin)).toEqual({ code: 0, stdout, stderr: WARNING });
  });

  it('prints a text once however many responses carry it (client-go deduplicates per process)', () => {
    expect(cluster().exec('kubectl annotate deployment web api team=a')).toEqual({
      code: 0, stdout: 'deployment.apps/web annotated\ndeployment.apps/api annotated\n', stderr: WARNING,
    });
  });

  it('prints the warnings of a refused write before its error', () => {
    const c = cluster();
    mustExec(c, 'kubectl apply -f -', `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: max-replicas}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: ["*"], operations: [UPDATE], resources: [deployments/scale]}
  validations:
  - expression: "object.spec.replicas <= 5"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: max-replicas}
spec:
  policyName: max-replicas
  validationActions: [Deny]
`);
    expect(c.exec('kubectl scale deployment web --replicas=9')).toEqual({
      code: 1, stdout: '',
      stderr: `${WARNING}The deployments "web" is invalid: : ValidatingAdmissionPolicy 'max-replicas' with binding 'max-replicas' denied request: failed expression: object.spec.replicas <= 5\n`,
    });
  });
});

// The plugin through kubectl, as the Kubernetes docs' ValidatingAdmissionPolicy examples run: a refused create and
// scale, Warn's warning, params (by name, by selector, not found), matchConditions, variables, messageExpression,
// reasons, failurePolicy on evaluation errors, and the selectors and rules that narrow what a binding sees.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCluster, type KubesimCluster } from '../../../../index.ts';
import { clusterWithNodes, deploymentYaml, mustExec } from '../../../../testing/fixtures.ts';

const POLICY = (extra = '', rules = 'resources: [deployments]') => `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: demo-policy.example.com}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE, UPDATE], ${rules}}
${extra || '  validations:\n  - expression: "object.spec.replicas <= 5"\n'}`;

const BINDING = (actions = 'Deny', extra = '') => `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: demo-binding-test.example.com}
spec:
  policyName: demo-policy.example.com
  validationActions: [${actions}]
${extra}`;

const DENIED = "ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com' denied request";

function cluster(...manifests: string[]): KubesimCluster {
  const c = clusterWithNodes(1);
  for (const m of manifests) mustExec(c, 'kubectl apply -f -', m);
  return c;
}

describe('ValidatingAdmissionPolicy admission', () => {
  it('refuses a create and a scale past the limit with upstream\'s messages, and lets the rest through', () => {
    const c = cluster(POLICY('', 'resources: [deployments, deployments/scale]'), BINDING());
    expect(c.exec('kubectl create deployment web --image=nginx --replicas=6')).toEqual({
      code: 1, stdout: '', stderr: `error: failed to create deployment: deployments.apps "web" is forbidden: ${DENIED}: failed expression: object.spec.replicas <= 5\n`,
    });
    expect(c.exec('kubectl apply -f -', deploymentYaml('web', 6))).toEqual({
      code: 1, stdout: '', stderr: `The deployments "web" is invalid: : ${DENIED}: failed expression: object.spec.replicas <= 5\n`,
    });
    mustExec(c, 'kubectl create deployment web --image=nginx --replicas=2');
    expect(c.exec('kubectl scale deployment web --replicas=7')).toEqual({
      code: 1, stdout: '', stderr: `The deployments "web" is invalid: : ${DENIED}: failed expression: object.spec.replicas <= 5\n`,
    });
    expect(mustExec(c, 'kubectl scale deployment web --replicas=4')).toBe('deployment.apps/web scaled\n');
  });

  it('a rule for deployments does not see the scale subresource, as upstream', () => {
    const c = cluster(POLICY(), BINDING());
    mustExec(c, 'kubectl create deployment web --image=nginx --replicas=2');
    expect(mustExec(c, 'kubectl scale deployment web --replicas=7')).toBe('deployment.apps/web scaled\n');
  });

  it('Warn admits the request with the warning kubectl prints; the object is stored', () => {
    const c = cluster(POLICY(), BINDING('Warn'));
    expect(c.exec('kubectl apply -f -', deploymentYaml('web', 6))).toEqual({
      code: 0, stdout: 'deployment.apps/web created\n',
      stderr: "Warning: Validation failed for ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com': failed expression: object.spec.replicas <= 5\n",
    });
    expect(mustExec(c, 'kubectl get deploy web -o jsonpath={.spec.replicas}')).toBe('6');
  });

  it('Audit admits the request silently (no audit log)', () => {
    const c = cluster(POLICY(), BINDING('Audit'));
    expect(c.exec('kubectl apply -f -', deploymentYaml('web', 6))).toEqual({ code: 0, stdout: 'deployment.apps/web created\n', stderr: '' });
  });

  it('a policy without a binding does nothing', () => {
    const c = cluster(POLICY());
    expect(c.exec('kubectl create deployment web --image=nginx --replicas=9').code).toBe(0);
  });

  it('the binding\'s namespaceSelector narrows it to labelled namespaces', () => {
    const c = cluster(POLICY(), BINDING('Deny', '  matchResources:\n    namespaceSelector:\n      matchLabels: {environment: test}\n'));
    mustExec(c, 'kubectl create namespace t');
    expect(c.exec('kubectl create deployment web --image=nginx --replicas=6 -n t').code).toBe(0);
    mustExec(c, 'kubectl label namespace t environment=test');
    expect(c.exec('kubectl create deployment api --image=nginx --replicas=6 -n t').stderr).toContain(DENIED);
  });

  it('params by name: the limit comes from a ConfigMap, the message from messageExpression, the code from reason', () => {
    const c = cluster(
      POLICY(`  paramKind: {apiVersion: v1, kind: ConfigMap}
  validations:
  - expression: "object.spec.replicas <= int(params.data.maxReplicas)"
    messageExpression: "'object.spec.replicas must be no greater than ' + params.data.maxReplicas"
    reason: Forbidden
`),
      BINDING('Deny', '  paramRef: {name: limits, namespace: default, parameterNotFoundAction: Deny}\n'),
    );
    expect(c.exec('kubectl apply -f -', deploymentYaml('web', 1)).stderr).toBe(`Error from server (Invalid): error when creating "STDIN": deployments.apps "web" is forbidden: ${DENIED}: failed to configure binding: no params found for policy binding with \`Deny\` parameterNotFoundAction\n`.replace('Error from server (Invalid): error when creating "STDIN": deployments.apps "web" is forbidden: ', 'The deployments "web" is invalid: : '));
    mustExec(c, 'kubectl create configmap limits --from-literal=maxReplicas=3');
    expect(c.exec('kubectl apply -f -', deploymentYaml('web', 4))).toEqual({
      code: 1, stdout: '', stderr: `Error from server (Forbidden): error when creating "STDIN": deployments.apps "web" is forbidden: ${DENIED}: object.spec.replicas must be no greater than 3\n`,
    });
    expect(c.exec('kubectl apply -f -', deploymentYaml('web', 3)).code).toBe(0);
  });

  it('params by selector are all applied; none found with Allow admits', () => {
    const c = cluster(
      POLICY(`  paramKind: {apiVersion: v1, kind: ConfigMap}
  validations:
  - expression: "object.spec.replicas <= int(params.data.max)"
`),
      BINDING('Deny', '  paramRef: {selector: {matchLabels: {limit: "true"}}, parameterNotFoundAction: Allow}\n'),
    );
    expect(c.exec('kubectl apply -f -', deploymentYaml('web', 9)).code).toBe(0);
    mustExec(c, 'kubectl create configmap a --from-literal=max=8');
    mustExec(c, 'kubectl create configmap b --from-literal=max=4');
    mustExec(c, 'kubectl label configmap a b limit=true');
    expect(c.exec('kubectl apply -f -', deploymentYaml('api', 6)).stderr).toContain(`${DENIED}: failed expression: object.spec.replicas <= int(params.data.max)`);
    expect(c.exec('kubectl apply -f -', deploymentYaml('api', 4)).code).toBe(0);
  });

  it('a paramKind no one serves is a configuration error of the policy', () => {
    const c = cluster(POLICY(`  paramKind: {apiVersion: rules.example.com/v1, kind: ReplicaLimit}
  validations:
  - expression: "object.spec.replicas <= params.maxReplicas"
`), BINDING('Deny', '  paramRef: {name: x, parameterNotFoundAction: Deny}\n'));
    expect(c.exec('kubectl apply -f -', deploymentYaml('web', 1)).stderr).toBe(
      "The deployments \"web\" is invalid: : ValidatingAdmissionPolicy 'demo-policy.example.com' denied request: failed to configure policy: failed to find resource referenced by paramKind: 'rules.example.com/v1, Kind=ReplicaLimit'\n");
  });

  it('an evaluation error refuses under failurePolicy Fail and is ignored under Ignore', () => {
    const validations = '  validations:\n  - expression: "object.spec.template.metadata.labels.team == \'a\'"\n';
    const c = cluster(POLICY(validations), BINDING());
    expect(c.exec('kubectl apply -f -', deploymentYaml('web', 1)).stderr).toBe(
      `The deployments "web" is invalid: : ${DENIED}: expression 'object.spec.template.metadata.labels.team == 'a'' resulted in error: no such key: team\n`);
    mustExec(c, 'kubectl apply -f -', POLICY(`  failurePolicy: Ignore\n${validations}`));
    expect(c.exec('kubectl apply -f -', deploymentYaml('web', 1)).code).toBe(0);
  });

  it('matchConditions skip the requests they exclude; variables compose', () => {
    const c = cluster(POLICY(`  matchConditions:
  - name: not-kube-system
    expression: "request.namespace != 'kube-system'"
  - name: by-admin
    expression: "request.userInfo.username == 'kubernetes-admin' && 'kubeadm:cluster-admins' in request.userInfo.groups"
  variables:
  - name: images
    expression: "object.spec.template.spec.containers.map(c, c.image)"
  - name: foreign
    expression: "variables.images.filter(i, !i.startsWith('registry.example.com/'))"
  validations:
  - expression: "size(variables.foreign) == 0"
    messageExpression: "'images must come from registry.example.com: ' + variables.foreign.join(', ')"
`), BINDING());
    expect(c.exec('kubectl apply -f -', deploymentYaml('web', 1)).stderr).toBe(`The deployments "web" is invalid: : ${DENIED}: images must come from registry.example.com: nginx:1.27\n`);
    expect(c.exec('kubectl apply -f -', deploymentYaml('web', 1, { image: 'registry.example.com/nginx:1.27' })).code).toBe(0);
    // Another user's requests do not match the condition: the policy does not apply to them.
    mustExec(c, 'kubectl create clusterrolebinding jane-admin --clusterrole=cluster-admin --user=jane');
    expect(c.exec('kubectl apply -f - --as jane', deploymentYaml('api', 1)).code).toBe(0);
  });

  it('oldObject, namespaceObject and excludeResourceRules', () => {
    const c = cluster(POLICY(`  validations:
  - expression: "oldObject == null || object.spec.replicas >= oldObject.spec.replicas"
    message: replicas may only grow
  - expression: "namespaceObject.metadata.name != 'frozen'"
    message: the frozen namespace takes no deployments
`), BINDING());
    mustExec(c, 'kubectl create deployment web --image=nginx --replicas=3');
    expect(c.exec('kubectl apply -f -', deploymentYaml('web', 2)).stderr).toBe(`The deployments "web" is invalid: : ${DENIED}: replicas may only grow\n`);
    mustExec(c, 'kubectl create namespace frozen');
    expect(c.exec('kubectl create deployment web --image=nginx -n frozen').stderr).toContain('the frozen namespace takes no deployments');
    mustExec(c, 'kubectl apply -f -', POLICY(`  validations:
  - expression: "namespaceObject.metadata.name != 'frozen'"
`).replace('    resourceRules:', '    excludeResourceRules:\n    - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments], resourceNames: [legacy]}\n    resourceRules:'));
    expect(c.exec('kubectl create deployment legacy --image=nginx -n frozen').code).toBe(0);
  });

  it('prints both kinds, and keeps them (and their effect) across a snapshot', () => {
    const c = cluster(POLICY(), BINDING());
    expect(mustExec(c, 'kubectl get validatingadmissionpolicies,validatingadmissionpolicybindings')).toBe(
      'NAME                                                                             VALIDATIONS   PARAMKIND   AGE\n'
      + 'validatingadmissionpolicy.admissionregistration.k8s.io/demo-policy.example.com   1             <unset>     0s\n\n'
      + 'NAME                                                                                          POLICYNAME                PARAMREF   AGE\n'
      + 'validatingadmissionpolicybinding.admissionregistration.k8s.io/demo-binding-test.example.com   demo-policy.example.com   <unset>    0s\n');
    const restored = createCluster({ snapshot: c.snapshot() });
    expect(restored.exec('kubectl create deployment web --image=nginx --replicas=6').stderr).toContain(DENIED);
  });
});

describe('ValidatingAdmissionPolicy properties', () => {
  it('Deny refuses exactly when the expression is false; Warn and Audit never refuse, Warn warns exactly then', () => {
    const c = cluster(POLICY(`  paramKind: {apiVersion: v1, kind: ConfigMap}
  validations:
  - expression: "object.spec.replicas <= int(params.data.max)"
`));
    fc.assert(fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 10 }), fc.constantFrom('Deny', 'Warn', 'Audit'), (replicas, max, action) => {
      mustExec(c, 'kubectl apply -f -', `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: limits}\ndata: {max: "${max}"}\n`);
      mustExec(c, 'kubectl apply -f -', BINDING(action, '  paramRef: {name: limits, namespace: default, parameterNotFoundAction: Deny}\n'));
      const r = c.exec('kubectl apply --dry-run=server -f -', deploymentYaml('p', replicas));
      expect(r.code !== 0).toBe(action === 'Deny' && replicas > max);
      expect(r.stderr.startsWith('Warning: Validation failed')).toBe(action === 'Warn' && replicas > max);
    }), { numRuns: 40 });
  });
});

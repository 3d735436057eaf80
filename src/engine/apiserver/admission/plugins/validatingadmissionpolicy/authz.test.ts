// The CEL authz library in a policy: checks as the request's user answered by RBAC, service accounts, paths,
// requestResource, the decision's reason, and upstream's errors for bad arguments.
import { describe, expect, it } from 'vitest';
import type { KubesimCluster } from '../../../../index.ts';
import { clusterWithNodes, mustExec } from '../../../../testing/fixtures.ts';

/** A policy on ConfigMap creates that denies unless `expression` holds, with messageExpression to see values. */
const policy = (expression: string, messageExpression = "'denied'") => `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: authz}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [configmaps]}
  validations:
  - expression: ${JSON.stringify(expression)}
    messageExpression: ${JSON.stringify(messageExpression)}
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: authz}
spec:
  policyName: authz
  validationActions: [Deny]
`;

/** jane may create configmaps in default and read secrets there; the sa "robot" in default may list pods. */
function cluster(expression: string, messageExpression?: string): KubesimCluster {
  const c = clusterWithNodes(0);
  mustExec(c, 'kubectl create role cm --verb=create,get --resource=configmaps');
  mustExec(c, 'kubectl create rolebinding jane-cm --role=cm --user=jane');
  mustExec(c, 'kubectl create role secrets --verb=get --resource=secrets');
  mustExec(c, 'kubectl create rolebinding jane-secrets --role=secrets --user=jane');
  mustExec(c, 'kubectl create serviceaccount robot');
  mustExec(c, 'kubectl create clusterrole pods --verb=list --resource=pods');
  mustExec(c, 'kubectl create clusterrolebinding robot-pods --clusterrole=pods --serviceaccount=default:robot');
  mustExec(c, 'kubectl apply -f -', policy(expression, messageExpression));
  return c;
}

const DENIED = (message: string) => `error: failed to create configmap: configmaps "x" is forbidden: ValidatingAdmissionPolicy 'authz' with binding 'authz' denied request: ${message}\n`;

describe('the authorizer variable', () => {
  it.each([
    // The request's user: jane holds get on secrets in default only; the admin everything.
    ["authorizer.group('').resource('secrets').namespace('default').check('get').allowed()", '--as=jane', true],
    ["authorizer.group('').resource('secrets').namespace('kube-system').check('get').allowed()", '--as=jane', false],
    ["authorizer.group('').resource('secrets').namespace('default').check('delete').allowed()", '--as=jane', false],
    ["authorizer.group('').resource('secrets').namespace('kube-system').check('delete').allowed()", '', true],
    ["authorizer.group('apps').resource('deployments').namespace('default').name('web').check('get').allowed()", '--as=jane', false],
    // requestResource: the request's own (configmaps, create, in default).
    ["authorizer.requestResource.check('create').allowed()", '--as=jane', true],
    ["authorizer.requestResource.check('delete').allowed()", '--as=jane', false],
    ["authorizer.requestResource.subresource('status').check('create').allowed()", '--as=jane', false],
    // A service account's rights, whoever asks.
    ["authorizer.serviceAccount('default', 'robot').group('').resource('pods').check('list').allowed()", '--as=jane', true],
    ["authorizer.serviceAccount('default', 'robot').group('').resource('pods').check('delete').allowed()", '', false],
    // Non-resource paths: system:discovery lets everyone authenticated get /healthz.
    ["authorizer.path('/healthz').check('get').allowed()", '--as=jane', true],
    ["authorizer.path('/metrics').check('get').allowed()", '--as=jane', false],
    ["authorizer.group('').resource('pods').labelSelector('app=web').check('list').allowed() == authorizer.group('').resource('pods').check('list').allowed()", '', true],
    ["!authorizer.requestResource.check('create').errored() && authorizer.requestResource.check('create').error() == ''", '--as=jane', true],
  ])('%s (%s) is %s', (expression, as, allowed) => {
    const r = cluster(expression).exec(`kubectl create configmap x ${as}`.trim());
    expect(r.code).toBe(allowed ? 0 : 1);
    if (!allowed) expect(r.stderr).toBe(DENIED('denied'));
  });

  it.each([
    ["authorizer.requestResource.check('create').reason()", '--as=jane', 'RBAC: allowed by RoleBinding "jane-cm/default" of Role "cm" to User "jane"'],
    ["authorizer.serviceAccount('default', 'robot').group('').resource('pods').check('list').reason()", '', 'RBAC: allowed by ClusterRoleBinding "robot-pods" of ClusterRole "pods" to ServiceAccount "robot/default"'],
    ["authorizer.requestResource.check('delete').reason()", '--as=jane', ''],
  ])('the reason of %s (%s)', (expression, as, reason) => {
    const r = cluster('false', expression).exec(`kubectl create configmap x ${as}`.trim());
    // A blank messageExpression falls back to the static message.
    expect(r.stderr).toBe(DENIED(reason || 'failed expression: false'));
  });

  it.each([
    ["authorizer.path('').check('get').allowed()", 'path must not be empty'],
    ["authorizer.group('').resource(' ').check('get').allowed()", 'resource must not be empty'],
    ["authorizer.serviceAccount('default', 'Robot').group('').resource('pods').check('list').allowed()", 'Invalid service account name'],
    ["authorizer.serviceAccount('kube.system', 'robot').group('').resource('pods').check('list').allowed()", 'Invalid service account namespace'],
    ["authorizer.group('').resource('pods').check(1).allowed()", "found no matching overload for 'check' applied to 'kubernetes.authorization.ResourceCheck.(int)'"],
  ])('%s fails with upstream\'s error', (expression, error) => {
    expect(cluster(expression).exec('kubectl create configmap x').stderr).toBe(DENIED(`expression '${expression}' resulted in error: ${error}`));
  });
});

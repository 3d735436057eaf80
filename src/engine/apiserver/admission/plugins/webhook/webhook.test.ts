// Admission webhook configurations: upstream's defaults, validation texts and table, and the dispatcher's upstream
// failure messages (service not found, no endpoints, failurePolicy Ignore), selectors, and the configuration being
// the switch (deleting it stops the calls).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createCluster, type KubesimCluster } from '../../../../index.ts';
import { clusterWithNodes, mustExec } from '../../../../testing/fixtures.ts';

const config = (webhook: string, kind = 'MutatingWebhookConfiguration', name = 'hooks') => `apiVersion: admissionregistration.k8s.io/v1
kind: ${kind}
metadata: {name: ${name}}
webhooks:
${webhook}`;

const good = (extra = '', name = 'pods.example.com') => `- name: ${name}
  admissionReviewVersions: [v1]
  sideEffects: None
  clientConfig: {service: {name: hook, namespace: default, path: /mutate}}
  rules: [{operations: [CREATE], apiGroups: [""], apiVersions: [v1], resources: [pods]}]
${extra}`;

function apply(c: KubesimCluster, yaml: string) {
  return c.exec('kubectl apply -f -', yaml) as { code: number; stdout: string; stderr: string };
}

describe('MutatingWebhookConfiguration and ValidatingWebhookConfiguration', () => {
  it('default as upstream: Fail, Equivalent, empty selectors, 10 s, scope *, port 443, no reinvocation', () => {
    const c = createCluster({ seed: 1 });
    mustExec(c, 'kubectl apply -f -', config(good()));
    const w = JSON.parse(mustExec(c, 'kubectl get mutatingwebhookconfiguration hooks -o json')).webhooks[0];
    expect(w).toMatchObject({ failurePolicy: 'Fail', matchPolicy: 'Equivalent', namespaceSelector: {}, objectSelector: {}, timeoutSeconds: 10, reinvocationPolicy: 'Never' });
    expect(w.rules[0].scope).toBe('*');
    expect(w.clientConfig.service.port).toBe(443);
    mustExec(c, 'kubectl apply -f -', config(good(), 'ValidatingWebhookConfiguration'));
    expect(JSON.parse(mustExec(c, 'kubectl get validatingwebhookconfiguration hooks -o json')).webhooks[0].reinvocationPolicy).toBeUndefined();
  });

  it.each([
    ['- name: short\n  clientConfig: {service: {name: x, namespace: default}}\n', [
      'webhooks[0].name: Invalid value: "short": should be a domain with at least three segments separated by dots',
      'webhooks[0].sideEffects: Required value: must specify one of None, NoneOnDryRun',
      'webhooks[0].admissionReviewVersions: Required value: must specify one of v1, v1beta1']],
    [good('  timeoutSeconds: 31\n  failurePolicy: Sometimes\n'), [
      'webhooks[0].failurePolicy: Unsupported value: "Sometimes": supported values: "Fail", "Ignore"',
      'webhooks[0].timeoutSeconds: Invalid value: 31: the timeout value must be between 1 and 30 seconds']],
    [good() + good(), ['webhooks[1].name: Duplicate value: "pods.example.com"']],
    ['- name: a.b.c\n  admissionReviewVersions: [v2]\n  sideEffects: Some\n  clientConfig: {url: "http://x.example.com"}\n  rules: [{operations: [PATCH], apiGroups: ["*", apps], apiVersions: [v1], resources: [pods]}]\n', [
      'webhooks[0].rules[0].operations[0]: Unsupported value: "PATCH": supported values: "*", "CONNECT", "CREATE", "DELETE", "UPDATE"',
      'webhooks[0].rules[0].apiGroups: Invalid value: []string{"*", "apps"}: if \'*\' is present, must not specify other API groups',
      'webhooks[0].sideEffects: Unsupported value: "Some": supported values: "None", "NoneOnDryRun"',
      'webhooks[0].clientConfig.url: Invalid value: "http://x.example.com": \'https\' is the only allowed URL scheme',
      'webhooks[0].admissionReviewVersions: Invalid value: []string{"v2"}: must include at least one of v1, v1beta1']],
    ['- name: a.b.c\n  admissionReviewVersions: [v1]\n  sideEffects: None\n  clientConfig: {}\n  rules: []\n', ['webhooks[0].clientConfig: Required value: exactly one of url or service is required']],
  ])('rejects %#', (webhooks, errors) => {
    const c = createCluster({ seed: 1 });
    const r = apply(c, config(webhooks));
    expect(r.code).toBe(1);
    // One error prints on the line, several as a list (ToAggregate).
    const list = errors.length === 1 ? errors[0] : `\n${errors.map((e) => `* ${e}`).join('\n')}`;
    expect(r.stderr).toBe(`The MutatingWebhookConfiguration "hooks" is invalid: ${list}\n`);
  });

  it('kubectl explain documents the fields, required ones marked', () => {
    const c = createCluster({ seed: 1 });
    const out = mustExec(c, 'kubectl explain mutatingwebhookconfiguration.webhooks.clientConfig.service');
    expect(out).toContain('GROUP:      admissionregistration.k8s.io\nKIND:       MutatingWebhookConfiguration\nVERSION:    v1\n');
    expect(out).toContain('  name\t<string> -required-\n');
    expect(mustExec(c, 'kubectl explain validatingwebhookconfiguration.webhooks')).toContain('  sideEffects\t<string> -required-\n');
  });

  it('prints NAME WEBHOOKS AGE', () => {
    const c = createCluster({ seed: 1 });
    mustExec(c, 'kubectl apply -f -', config(good() + good('', 'b.example.com')));
    c.advance(5);
    expect(mustExec(c, 'kubectl get mutatingwebhookconfigurations')).toBe('NAME    WEBHOOKS   AGE\nhooks   2          5s\n');
    expect(mustExec(c, 'kubectl api-resources --api-group=admissionregistration.k8s.io')).toMatch(/\nmutatingwebhookconfigurations +admissionregistration\.k8s\.io\/v1 +false +MutatingWebhookConfiguration\n/);
  });
});

describe('MutatingAdmissionWebhook', () => {
  it('fails a matching request with upstream\'s messages until the Service has a ready endpoint; Ignore lets it through', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', config(good()));
    const refused = apply(c, 'apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: nginx}]}\n');
    expect(refused.stderr).toBe('Error from server (InternalError): error when creating "STDIN": Internal error occurred: failed calling webhook "pods.example.com": failed to call webhook: Post "https://hook.default.svc:443/mutate?timeout=10s": service "hook" not found\n');
    mustExec(c, 'kubectl create service clusterip hook --tcp=443:8443');
    expect(c.exec('kubectl run p --image=nginx').stderr).toBe('Error from server (InternalError): Internal error occurred: failed calling webhook "pods.example.com": failed to call webhook: Post "https://hook.default.svc:443/mutate?timeout=10s": no endpoints available for service "hook"\n');
    // Other kinds and non-matching operations are not sent.
    mustExec(c, 'kubectl create configmap cm');
    mustExec(c, 'kubectl patch mutatingwebhookconfiguration hooks --type=json -p \'[{"op":"replace","path":"/webhooks/0/failurePolicy","value":"Ignore"}]\'');
    expect(mustExec(c, 'kubectl run p --image=nginx')).toBe('pod/p created\n');
  });

  it('honours namespaceSelector and objectSelector, and stops when the configuration is deleted', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', config(good('  namespaceSelector: {matchLabels: {hooked: "yes"}}\n  objectSelector: {matchExpressions: [{key: skip, operator: DoesNotExist}]}\n')));
    expect(mustExec(c, 'kubectl run a --image=nginx')).toBe('pod/a created\n');
    mustExec(c, 'kubectl label namespace default hooked=yes');
    expect(c.exec('kubectl run b --image=nginx').code).toBe(1);
    expect(mustExec(c, 'kubectl run b --image=nginx --labels=skip=1')).toBe('pod/b created\n');
    mustExec(c, 'kubectl delete mutatingwebhookconfiguration hooks');
    expect(mustExec(c, 'kubectl run d --image=nginx')).toBe('pod/d created\n');
  });

  it('property: a configuration whose webhooks match nothing never changes a pod create', () => {
    fc.assert(fc.property(fc.constantFrom('Fail', 'Ignore'), fc.constantFrom('CREATE', 'UPDATE', 'DELETE'), fc.constantFrom('pods', 'configmaps', 'deployments'), (policy, op, resource) => {
      const c = createCluster({ seed: 3 });
      mustExec(c, 'kubectl apply -f -', config(`- name: x.example.com\n  admissionReviewVersions: [v1]\n  sideEffects: None\n  failurePolicy: ${policy}\n  clientConfig: {service: {name: none, namespace: default}}\n  rules: [{operations: [${op}], apiGroups: [""], apiVersions: [v1], resources: [${resource}]}]\n  objectSelector: {matchLabels: {never: "true"}}\n`));
      return c.exec('kubectl run p --image=nginx').code === 0;
    }), { numRuns: 12 });
  });
});

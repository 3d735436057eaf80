/// <reference lib="dom" />
// ValidatingAdmissionPolicy from the page: two policies and their bindings applied from the editor (one Deny,
// one Warn), a Deployment whose apply result in the editor carries the Warn binding's warning, and the Deny
// binding's refusals of a create and a scale in the terminal.
import { expect, test } from '@playwright/test';
import { expectClusterShown, runInTerminal, setEditorText } from './helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const policy = (name: string, max: number) => `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: ${name}
spec:
  matchConstraints:
    resourceRules:
      - apiGroups: ["apps"]
        apiVersions: ["v1"]
        operations: ["CREATE", "UPDATE"]
        resources: ["deployments", "deployments/scale"]
  validations:
    - expression: "object.spec.replicas <= ${max}"
`;

const binding = (name: string, policyName: string, action: string) => `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: ${name}
spec:
  policyName: ${policyName}
  validationActions: [${action}]
`;

const policies = [
  policy('demo-policy.example.com', 5), binding('demo-binding-test.example.com', 'demo-policy.example.com', 'Deny'),
  policy('soft-limit.example.com', 3), binding('soft-limit-binding.example.com', 'soft-limit.example.com', 'Warn'),
].join('---\n');

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 4
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: nginx:1.27
`;

test('policies applied from the editor warn in the editor and refuse a create and a scale in the terminal', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expectClusterShown(page, 3);
  const terminal = page.getByTestId('terminal-output');

  await setEditorText(page, policies);
  await page.getByTestId('apply').click();
  await expect(page.locator('[data-testid=apply-result][data-ok=true]')).toHaveCount(4);
  await expect(page.locator('[data-testid=apply-result][data-ok=true]').first()).toContainText('validatingadmissionpolicy.admissionregistration.k8s.io/demo-policy.example.com created');

  await setEditorText(page, deployment);
  await page.getByTestId('apply').click();
  await expect(page.locator('[data-testid=apply-result][data-ok=true]')).toContainText('deployment.apps/web created');
  await expect(page.getByTestId('apply-warning')).toHaveText(
    "Warning: Validation failed for ValidatingAdmissionPolicy 'soft-limit.example.com' with binding 'soft-limit-binding.example.com': failed expression: object.spec.replicas <= 3");

  await runInTerminal(page, 'kubectl get validatingadmissionpolicybindings');
  await expect(terminal).toContainText(/demo-binding-test\.example\.com\s+demo-policy\.example\.com\s+<unset>/);
  await runInTerminal(page, 'kubectl create deployment api --image=nginx --replicas=6');
  await expect(terminal).toContainText(
    "error: failed to create deployment: deployments.apps \"api\" is forbidden: ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com' denied request: failed expression: object.spec.replicas <= 5");
  await runInTerminal(page, 'kubectl scale deployment web --replicas=7');
  await expect(terminal).toContainText(
    "The deployments \"web\" is invalid: : ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com' denied request: failed expression: object.spec.replicas <= 5");
  await runInTerminal(page, 'kubectl get deployment web -o jsonpath={.spec.replicas}');
  await expect(terminal).toContainText('4');
});

/// <reference lib="dom" />
// Server warnings in the terminal: a ValidatingAdmissionPolicy with validationActions [Warn] (one of its
// validations asks the CEL authorizer) applied from the editor, then kubectl scale and kubectl set image, which print
// the warning on stderr before their result, as every write command does.
import { expect, test } from '@playwright/test';
import { expectClusterShown, runInTerminal, setEditorText } from './helpers.ts';

const policy = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: soft-limit
spec:
  matchConstraints:
    resourceRules:
      - apiGroups: ["apps"]
        apiVersions: ["v1"]
        operations: ["CREATE", "UPDATE"]
        resources: ["deployments", "deployments/scale"]
  validations:
    - expression: "object.spec.replicas <= 3"
      message: keep web at 3 replicas or fewer
    - expression: "authorizer.requestResource.check('delete').allowed()"
      message: only those who may delete it may change it
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: soft-limit
spec:
  policyName: soft-limit
  validationActions: [Warn]
`;

const WARNING = "Warning: Validation failed for ValidatingAdmissionPolicy 'soft-limit' with binding 'soft-limit': keep web at 3 replicas or fewer";

test('scale and set image print a Warn policy\'s warning before their result', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expectClusterShown(page, 3);
  const terminal = page.getByTestId('terminal-output');

  await setEditorText(page, policy);
  await page.getByTestId('apply').click();
  await expect(page.locator('[data-testid=apply-result][data-ok=true]')).toHaveCount(2);

  await runInTerminal(page, 'kubectl create deployment web --image=nginx --replicas=2');
  await expect(terminal).toContainText('deployment.apps/web created');
  await expect(terminal).not.toContainText('Warning:');

  await runInTerminal(page, 'kubectl scale deployment web --replicas=5');
  await expect(terminal).toContainText(`${WARNING}`);
  await expect(terminal).toContainText('deployment.apps/web scaled');

  await runInTerminal(page, 'kubectl set image deployment/web nginx=nginx:1.28');
  await expect(terminal).toContainText('deployment.apps/web image updated');
  // Once per command: the text appears a second time, for set image.
  await expect.poll(async () => ((await terminal.textContent()) ?? '').split(WARNING).length - 1).toBe(2);
  // The admin may delete deployments: the authorizer's validation never warned.
  await expect(terminal).not.toContainText('only those who may delete it');
});

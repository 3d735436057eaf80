/// <reference lib="dom" />
// Pod Security admission from the page: a namespace labelled restricted in the terminal refuses a privileged pod
// applied from the editor; a Deployment applies with the warn level's warning, and its ReplicaSet's FailedCreate
// events carry the forbidden message.
import { expect, test } from '@playwright/test';
import { expectClusterShown, runInTerminal, setEditorText } from './helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const privilegedPod = `apiVersion: v1
kind: Pod
metadata:
  name: p
  namespace: x
spec:
  containers:
    - name: c
      image: nginx:1.27
      securityContext:
        privileged: true
`;

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  namespace: x
spec:
  replicas: 1
  selector:
    matchLabels:
      app: api
  template:
    metadata:
      labels:
        app: api
    spec:
      containers:
        - name: c
          image: nginx:1.27
`;

test('a restricted namespace refuses a privileged pod and warns about a Deployment whose pods it then refuses', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expectClusterShown(page, 3);
  const terminal = page.getByTestId('terminal-output');

  await runInTerminal(page, 'kubectl create namespace x');
  await expect(terminal).toContainText('namespace/x created');
  await runInTerminal(page, 'kubectl label ns x pod-security.kubernetes.io/enforce=restricted pod-security.kubernetes.io/warn=restricted');
  await expect(terminal).toContainText('namespace/x labeled');

  await setEditorText(page, privilegedPod);
  await page.getByTestId('apply').click();
  await expect(page.locator('[data-testid=apply-result][data-ok=false]')).toContainText(
    'Error from server (Forbidden): error when creating "STDIN": pods "p" is forbidden: violates PodSecurity "restricted:latest": privileged (container "c" must not set securityContext.privileged=true), allowPrivilegeEscalation != false');

  await setEditorText(page, deployment);
  await page.getByTestId('apply').click();
  await expect(page.locator('[data-testid=apply-result][data-ok=true]')).toContainText('deployment.apps/api created');
  await expect(page.getByTestId('apply-warning')).toHaveText(
    'Warning: would violate PodSecurity "restricted:latest": allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")');

  await page.getByTestId('time-advance-10m').click();
  await runInTerminal(page, 'kubectl get events -n x --field-selector reason=FailedCreate');
  await expect(terminal).toContainText(/FailedCreate\s+replicaset\/api-[a-z0-9]+\s+.*Error creating: pods "api-[a-z0-9]+-[a-z0-9]{5}" is forbidden: violates PodSecurity "restricted:latest"/);
  await runInTerminal(page, 'kubectl get pods -n x');
  await expect(terminal).toContainText('No resources found in x namespace.');
});

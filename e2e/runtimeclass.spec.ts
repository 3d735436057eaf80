/// <reference lib="dom" />
// RuntimeClass in the page: classes applied from the editor, a node whose containerd has the kata runtime (added
// with the header's form), a pod steered to it by the class's node selector and charged the class's overhead, and a
// pod whose handler no machine has, stuck in ContainerCreating with the kubelet's FailedCreatePodSandBox event.
import { expect, test } from '@playwright/test';
import { expectClusterShown, runInTerminal, setEditorText } from './helpers.ts';

const classes = `apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata:
  name: kata
handler: kata
overhead:
  podFixed: {cpu: 250m, memory: 120Mi}
scheduling:
  nodeSelector: {runtime: kata}
---
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata:
  name: gvisor
handler: runsc
`;

test('a RuntimeClass steers a pod, charges its overhead, and a missing runtime fails the sandbox', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expectClusterShown(page, 3);
  const terminal = page.getByTestId('terminal-output');

  await setEditorText(page, classes);
  await page.getByTestId('apply').click();
  await expect(page.locator('[data-testid=apply-result][data-ok=true]')).toHaveCount(2);

  // The header's "Add nodes" form writes the command.
  await page.getByTestId('nodes-menu-button').click();
  await page.getByTestId('nodes-name').fill('k1');
  await page.getByTestId('nodes-labels').fill('runtime=kata');
  await page.getByTestId('nodes-runtimeHandlers').fill('kata');
  await expect(page.getByTestId('nodes-preview')).toHaveText('sim node add k1 --labels runtime=kata --runtime-handlers kata');
  await page.getByTestId('nodes-add').click();
  await expect(terminal).toContainText('node/k1 added');
  await runInTerminal(page, 'sim node list');
  await expect(terminal).toContainText(/k1\s+Running.*runc,kata/);

  await runInTerminal(page, `kubectl run secure --image=nginx --overrides='{"spec":{"runtimeClassName":"kata"}}'`);
  await expect(terminal).toContainText('pod/secure created');
  await runInTerminal(page, `kubectl run sandboxed --image=nginx --overrides='{"spec":{"runtimeClassName":"gvisor"}}'`);
  await expect(terminal).toContainText('pod/sandboxed created');
  await runInTerminal(page, `kubectl run nope --image=nginx --overrides='{"spec":{"runtimeClassName":"missing"}}'`);
  await expect(terminal).toContainText('Error from server (Forbidden): pods "nope" is forbidden: pod rejected: RuntimeClass "missing" not found');
  await runInTerminal(page, 'sim advance 30s');

  await runInTerminal(page, 'kubectl get runtimeclasses');
  await expect(terminal).toContainText(/gvisor\s+runsc/);
  await runInTerminal(page, 'kubectl get pod secure -o wide');
  await expect(terminal).toContainText(/secure\s+1\/1\s+Running.*k1/);
  await runInTerminal(page, 'kubectl describe node k1');
  await expect(terminal).toContainText(/default\s+secure\s+250m \(6%\)\s+0 \(0%\)\s+120Mi/);

  await runInTerminal(page, 'kubectl describe pod sandboxed');
  await expect(terminal).toContainText('Runtime Class Name:  gvisor');
  await expect(terminal).toContainText('Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for "runsc" is configured');
  await runInTerminal(page, 'kubectl get pod sandboxed');
  await expect(terminal).toContainText(/sandboxed\s+0\/1\s+ContainerCreating/);
});

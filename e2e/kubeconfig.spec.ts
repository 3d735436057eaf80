// The first thing many learners type: a namespace for the current context. kubectl then works there, Tab
// completes names there, and the kubeconfig is part of the saved cluster, so a reload keeps it.
import { expect, test } from '@playwright/test';
import { expectClusterShown, runInTerminal } from './helpers.ts';

test('kubectl config set-context --current --namespace sticks: commands, completion and a reload follow it', async ({ page }) => {
  test.setTimeout(120_000); // a long journey on a busy machine
  await page.goto('/');
  await expectClusterShown(page, 3);
  const output = page.getByTestId('terminal-output');
  const input = page.getByTestId('terminal-input');

  await runInTerminal(page, 'kubectl config set-context --current --namespace=kube-system');
  await expect(output).toContainText('Context "kubernetes-admin@kubernetes" modified.');
  await runInTerminal(page, 'kubectl get pods');
  await expect(output).toContainText(/coredns-\S+\s+\d\/1\s+\w+/);
  await expect(output).not.toContainText('No resources found');

  // Tab completes pod names in the context's namespace.
  await input.fill('kubectl logs cored');
  await input.press('Tab');
  await expect(input).toHaveValue(/^kubectl logs coredns-/);
  await input.fill('');

  // Pausing saves the cluster (the kubeconfig with it); a reload restores it.
  await page.getByTestId('time-pause').click();
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-saved', 'true');
  await page.reload();
  await expectClusterShown(page, 3);
  await runInTerminal(page, 'kubectl config current-context');
  await expect(output).toContainText('kubernetes-admin@kubernetes');
  await runInTerminal(page, 'kubectl config get-contexts');
  await expect(output).toContainText(/\*\s+kubernetes-admin@kubernetes\s+kubernetes\s+kubernetes-admin\s+kube-system/);
  await runInTerminal(page, 'kubectl get pods');
  await expect(output).toContainText(/coredns-\S+\s+\d\/1/);
  await expect(output).not.toContainText('No resources found');

  // Back to the default namespace, where this cluster runs nothing yet.
  await runInTerminal(page, 'kubectl config set-context --current --namespace=default');
  await runInTerminal(page, 'kubectl get pods');
  await expect(output).toContainText('No resources found in default namespace.');
});

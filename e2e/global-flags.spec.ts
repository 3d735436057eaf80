// kubectl's persistent flags before the verb, and the terminal's prompt naming the context's namespace: a learner
// sees where commands without -n go, after set-context and after a reload.
import { expect, test } from '@playwright/test';
import { expectClusterShown, runInTerminal } from './helpers.ts';

test('kubectl -n before the verb works; the prompt shows the context namespace and keeps it over a reload', async ({ page }) => {
  test.setTimeout(120_000); // a long journey on a busy machine
  await page.goto('/');
  await expectClusterShown(page, 3);
  const output = page.getByTestId('terminal-output');
  const badge = page.getByTestId('terminal-namespace');

  await runInTerminal(page, 'kubectl -n kube-system get pods');
  await expect(output).toContainText(/coredns-\S+\s+\d\/1\s+\w+/);
  await expect(output).not.toContainText('unknown command');
  await expect(badge).toHaveCount(0); // the default namespace needs no reminder

  await runInTerminal(page, 'kubectl config set-context --current --namespace=kube-system');
  await expect(output).toContainText('Context "kubernetes-admin@kubernetes" modified.');
  await expect(badge).toHaveText('(kube-system)');
  await expect(badge).toHaveAttribute('title', /kube-system/);

  // Pausing saves the cluster (the kubeconfig with it); a reload restores the prompt.
  await page.getByTestId('time-pause').click();
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-saved', 'true');
  await page.reload();
  await expectClusterShown(page, 3);
  await expect(badge).toHaveText('(kube-system)');

  // set-context's own --namespace shadows the persistent one, -n included, as in kubectl.
  await runInTerminal(page, 'kubectl -n default config set-context --current');
  await expect(output).toContainText("error: unknown shorthand flag: 'n' in -n");
  await expect(badge).toHaveText('(kube-system)');
  await runInTerminal(page, 'kubectl config set-context --current --namespace=default');
  await expect(badge).toHaveCount(0);
});

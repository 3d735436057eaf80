/// <reference lib="dom" />
// `kubectl exec -it POD -- sh` in the page: the terminal becomes the container's shell, with busybox's prompt and
// working directory, until `exit`.
import { expect, test } from '@playwright/test';
import { expectClusterShown, runInTerminal } from './helpers.ts';

test('kubectl exec -it opens a shell in the container: cd, cat, ls, a missing file, exit', async ({ page }) => {
  test.setTimeout(120_000); // long journeys on a busy machine
  await page.goto('/');
  await expectClusterShown(page, 3);
  const output = page.getByTestId('terminal-output');
  const prompt = page.getByTestId('terminal-shell-prompt');

  await runInTerminal(page, 'kubectl run bb --image=busybox:1.36 --command -- sleep infinity');
  await expect(output).toContainText('pod/bb created');
  await runInTerminal(page, 'sim advance 30s');
  await runInTerminal(page, 'kubectl get pod bb');
  await expect(output).toContainText(/bb\s+1\/1\s+Running/);

  await runInTerminal(page, 'kubectl exec -it bb -- sh');
  await expect(prompt).toHaveText('/ #');
  await runInTerminal(page, 'cd /etc');
  await expect(prompt).toHaveText('/etc #');
  await runInTerminal(page, 'cat hostname');
  await expect(page.locator('[data-testid=terminal-line][data-kind=out]').filter({ hasText: /^bb$/ })).toHaveCount(1);
  // Each typed line is a line of its own, the silent cd's too.
  await expect(page.locator('[data-testid=terminal-line][data-kind=shell]').filter({ hasText: /^\/ # cd \/etc$/ })).toHaveCount(1);
  await expect(page.locator('[data-testid=terminal-line][data-kind=shell]').filter({ hasText: /^\/etc # cat hostname$/ })).toHaveCount(1);
  await runInTerminal(page, 'ls');
  await expect(output).toContainText('resolv.conf');
  await runInTerminal(page, 'cat nope');
  await expect(output).toContainText("cat: can't open 'nope': No such file or directory");
  await expect(output).not.toContainText('command terminated with exit code');
  await runInTerminal(page, 'cd /nope');
  await expect(output).toContainText("sh: cd: can't cd to /nope: No such file or directory");
  await expect(prompt).toHaveText('/etc #');
  // A cd inside a list moves the shell too.
  await runInTerminal(page, 'cd / && cd tmp && pwd');
  await expect(prompt).toHaveText('/tmp #');
  await expect(page.locator('[data-testid=terminal-line][data-kind=out]').filter({ hasText: /^\/tmp$/ })).toHaveCount(1);

  await runInTerminal(page, 'exit');
  await expect(prompt).toHaveCount(0);
  await runInTerminal(page, 'kubectl get pod bb -o name');
  await expect(output).toContainText('pod/bb');

  // A pod that does not exist: kubectl's error, and no shell.
  await runInTerminal(page, 'kubectl exec -it nosuch -- sh');
  await expect(output).toContainText('Error from server (NotFound): pods "nosuch" not found');
  await expect(prompt).toHaveCount(0);
});

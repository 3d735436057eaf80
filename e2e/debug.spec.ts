/// <reference lib="dom" />
// kubectl debug in the page's terminal: an ephemeral debugging container joins a running pod, kubectl describe shows
// it start, and kubectl exec runs in it.
import { expect, test } from '@playwright/test';
import { expectClusterShown, expectTiles, runInTerminal } from './helpers.ts';

test('kubectl debug -it adds an ephemeral container that describe shows running and exec reaches', async ({ page }) => {
  test.setTimeout(120_000); // long journeys on a busy machine
  await page.goto('/');
  await expectClusterShown(page, 3);
  const output = page.getByTestId('terminal-output');
  await runInTerminal(page, 'kubectl run web --image=nginx:1.27');
  await expect(output).toContainText('pod/web created');
  await expectTiles(page, (t) => t.pod === 'web' && t.node !== '', 1);

  // Tab completes the new verb and the pod's name.
  const input = page.getByTestId('terminal-input');
  await input.fill('kubectl deb');
  await input.press('Tab');
  await expect(input).toHaveValue('kubectl debug ');
  await input.fill('');

  await runInTerminal(page, 'kubectl debug -it web --image=busybox --target=web -c dbg --profile=general');
  await expect(output).toContainText('Targeting container "web". If you don\'t see processes from this container it may be because the container runtime doesn\'t support this feature.');
  await expect(output).toContainText("If you don't see a command prompt, try pressing enter.");
  await expect(output).toContainText("Session ended, the ephemeral container will not be restarted but may be reattached using 'kubectl attach web -c dbg -i -t' if it is still running");

  // The kubelet starts it as time runs: describe shows it under Ephemeral Containers, running.
  await expect(async () => {
    await runInTerminal(page, 'kubectl describe pod web');
    await expect(output.locator('.term-line').filter({ hasText: 'Started container dbg' }).last()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(output).toContainText('Ephemeral Containers:');
  await expect(output).toContainText('spec.ephemeralContainers{dbg}');

  await runInTerminal(page, 'kubectl get pod web');
  await expect(output).toContainText(/web\s+1\/1\s+Running/);
  await runInTerminal(page, 'kubectl exec web -c dbg -- echo hello-from-debugger');
  await expect(output.locator('.term-line').filter({ hasText: /^hello-from-debugger$/ })).toHaveCount(1);
});

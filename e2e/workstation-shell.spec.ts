/// <reference lib="dom" />
// The page's terminal is a shell on the learner's laptop: kubectl piped into grep and wc, a secret decoded with
// base64, a --dry-run manifest written with `>` that opens as a document, and variables from `$(…)` that a later
// line uses — helm's NOTES lines, a port-forward holding the prompt until Ctrl+C.
import { expect as baseExpect, test } from '@playwright/test';
import { editorText, expectClusterShown, expectTiles, runInTerminal } from './helpers.ts';

const expect = baseExpect.configure({ timeout: 60_000 });

test('pipes, a redirection into a document, and variables kept between lines', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  const output = page.getByTestId('terminal-output');
  const input = page.locator('.terminal-input-row');
  await runInTerminal(page, 'kubectl create deployment web --image=nginx:1.27 --replicas=3');
  await expect(output).toContainText('deployment.apps/web created');
  await page.getByTestId('time-play-10').click();
  await expectTiles(page, (t) => t.pod.startsWith('web-') && t.tone === 'running', 3, 60_000);

  await runInTerminal(page, 'kubectl get pods -l app=web --no-headers | grep -c Running');
  await expect(output.locator('[data-kind=out]', { hasText: /^3$/ })).toHaveCount(1);
  await runInTerminal(page, 'kubectl create secret generic db --from-literal=password=hunter2 && kubectl get secret db -o jsonpath={.data.password} | base64 -d');
  await expect(output).toContainText('secret/db created');
  await expect(output).toContainText('hunter2');

  // A redirection writes a document: it opens in the editor, and kubectl apply -f reads it.
  await runInTerminal(page, 'kubectl create deployment api --image=nginx:1.27 --dry-run=client -o yaml > api.yaml');
  await expect(page.locator('[data-testid=doc-tab][data-name="api.yaml"]')).toHaveCount(1);
  await expect.poll(() => editorText(page)).toContain('name: api');
  await runInTerminal(page, 'kubectl apply -f api.yaml');
  await expect(output).toContainText('deployment.apps/api created');

  // helm's NOTES style: a variable from $(…), then a foreground forward that holds the prompt until Ctrl+C.
  await runInTerminal(page, 'export POD_NAME=$(kubectl get pods -l app=web -o jsonpath="{.items[0].metadata.name}")');
  await runInTerminal(page, 'echo pod is $POD_NAME');
  await expect(output).toContainText(/pod is web-\S+/);
  await runInTerminal(page, 'kubectl port-forward $POD_NAME 9292:80');
  await expect(output).toContainText('Forwarding from 127.0.0.1:9292 -> 80');
  await expect(input).toHaveAttribute('data-streaming', 'true');
  await page.screenshot({ path: 'test-results/workstation-shell.png' });
  await page.getByTestId('terminal-input').press('Control+c');
  await expect(input).toHaveAttribute('data-streaming', 'false');
});

/// <reference lib="dom" />
// Reaching a Service from "the laptop", in the page's terminal: kubectl port-forward in the background, curl on
// localhost through it (each connection shows the forward's line), the forward ending when its pod goes; and a
// forward in the foreground holding the prompt until Ctrl+C.
import { expect as baseExpect, test } from '@playwright/test';
import type { EngineClient } from '../src/worker/client.ts';
import { expectClusterShown, expectTiles, runInTerminal } from './helpers.ts';

type TestWindow = { __kubesimEngine: EngineClient };
const expect = baseExpect.configure({ timeout: 60_000 });

test('kubectl port-forward svc/web 8080:80 & then curl localhost:8080, until the pod goes', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  const output = page.getByTestId('terminal-output');
  const input = page.locator('.terminal-input-row');
  await runInTerminal(page, 'kubectl create deployment web --image=nginx:1.27');
  await expect(output).toContainText('deployment.apps/web created');
  await runInTerminal(page, 'kubectl expose deployment web --port=80');
  await expect(output).toContainText('service/web exposed');
  await page.getByTestId('time-play-10').click();
  await expectTiles(page, (t) => t.pod.startsWith('web-') && t.tone === 'running', 1, 60_000);

  // In the background: a job line, the listeners, and the prompt is free.
  await runInTerminal(page, 'kubectl port-forward svc/web 8080:80 &');
  await expect(output).toContainText(/\[1\] \d+/);
  await expect(output).toContainText('Forwarding from 127.0.0.1:8080 -> 80');
  await expect(output).toContainText('Forwarding from [::1]:8080 -> 80');
  await expect(input).toHaveAttribute('data-streaming', 'false');
  await runInTerminal(page, 'curl localhost:8080');
  await expect(output).toContainText('Handling connection for 8080');
  await expect(output).toContainText('<title>Welcome to nginx!</title>');
  await runInTerminal(page, 'jobs');
  await expect(output).toContainText(/\[1\]\+\s+Running\s+kubectl port-forward svc\/web 8080:80 &/);
  await page.screenshot({ path: 'test-results/port-forward.png' });

  // The pod goes: the forward was pinned to it, so it ends (the Service's new pod does not matter).
  await runInTerminal(page, 'kubectl delete pod -l app=web');
  await expect(output).toContainText(/pod "web-\S+" deleted/);
  await expect(output.locator('[data-kind=err]', { hasText: 'error: lost connection to pod' })).toHaveCount(1);
  await expect(output).toContainText(/\[1\]\+\s+Exit 1\s+kubectl port-forward svc\/web 8080:80/);
  await runInTerminal(page, 'curl localhost:8080');
  await expect(output).toContainText("curl: (7) Failed to connect to localhost port 8080 after 0 ms: Couldn't connect to server");
});

test('a foreground port-forward holds the prompt, shows each connection, and Ctrl+C stops it', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  const output = page.getByTestId('terminal-output');
  const input = page.locator('.terminal-input-row');
  await runInTerminal(page, 'kubectl run web --image=nginx:1.27 --port=80');
  await expect(output).toContainText('pod/web created');
  await page.getByTestId('time-play-10').click();
  await expectTiles(page, { pod: 'web', tone: 'running' }, 1, 60_000);

  await runInTerminal(page, 'kubectl port-forward web 9090:80');
  await expect(output).toContainText('Forwarding from 127.0.0.1:9090 -> 80');
  await expect(input).toHaveAttribute('data-streaming', 'true');
  // Another terminal on the same laptop connects.
  const r = await page.evaluate(() => (window as unknown as TestWindow).__kubesimEngine.exec('curl -s -o /dev/null -w %{http_code} localhost:9090'));
  expect(r.stdout).toBe('200');
  await expect(output).toContainText('Handling connection for 9090');
  await page.getByTestId('terminal-input').press('Control+c');
  await expect(input).toHaveAttribute('data-streaming', 'false');
  await expect(output).toContainText('^C');
  await runInTerminal(page, 'curl -sS localhost:9090');
  await expect(output).toContainText("curl: (7) Failed to connect to localhost port 9090 after 0 ms: Couldn't connect to server");
});

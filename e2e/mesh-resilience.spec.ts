/// <reference lib="dom" />
// Mesh resilience from the page (scenario 24): a ready Pod that refuses connections behind payments with retries
// turned off fails a third of the shop's requests; curls show Envoy's 503, a VirtualService with retries makes the
// traffic numbers clean and `sim trace request` lists each try; a 2s timeout answers 504 "upstream request timeout"
// after 2 seconds.
import { expect, test, type Page } from '@playwright/test';
import { engineApply, engineLoadScenario } from './engine.ts';
import { expectClusterShown, runInTerminal } from './helpers.ts';

const RETRIES = `apiVersion: networking.istio.io/v1
kind: VirtualService
metadata: {name: payments}
spec:
  hosts: [payments]
  http:
  - match: [{uri: {prefix: /delay}}]
    timeout: 2s
    route: [{destination: {host: payments}}]
  - retries: {attempts: 3, retryOn: "connect-failure,refused-stream,503"}
    route: [{destination: {host: payments}}]
`;

/** Run a line until the terminal shows what is wanted (the cluster keeps moving meanwhile). */
async function untilShown(page: Page, line: string, wanted: RegExp, timeout = 90_000) {
  const output = page.getByTestId('terminal-output');
  await expect(async () => {
    await page.getByTestId('terminal-clear').click().catch(() => undefined);
    await runInTerminal(page, line);
    await expect(output).toContainText(wanted, { timeout: 3_000 });
  }).toPass({ timeout });
}

test('Istio retries and a timeout: a broken endpoint stops failing requests, a slow one ends in 504', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  await engineLoadScenario(page, 'mesh-resilience');
  await page.getByTestId('time-play-100').click();
  await untilShown(page, 'kubectl get pods', /payments-next-\S+\s+2\/2\s+Running/);
  // Retries are off: about a third of the shop's requests reach the Pod that listens on nothing.
  await untilShown(page, 'sim traffic list', /shop\s+default\/shop\s+\S+\s+30\s+\d+\s+\S+\s+\S+\s+3\d\.\d%/);
  await page.getByTestId('time-play-1').click();
  await untilShown(page, 'kubectl exec shop -- curl -s http://payments:8000/get', /upstream connect error or disconnect\/reset before headers\. reset reason: connection failure/);

  await engineApply(page, RETRIES);
  await page.getByTestId('time-play-100').click();
  await untilShown(page, 'sim traffic list', /shop\s+default\/shop\s+\S+\s+30\s+\d+\s+\S+\s+\S+\s+0\.0%/);
  await page.getByTestId('time-play-1').click();
  const output = page.getByTestId('terminal-output');
  await untilShown(page, 'sim trace request http://payments:8000/get --from shop', /try 1 of 4: upstream connection failure, retried \(retryOn connect-failure\) after a 12 ms back-off/);
  await expect(output).toContainText(/result: 200 OK from pod default\/payments-\S+ after 2 tries/);
  await page.getByTestId('terminal-clear').click();
  await runInTerminal(page, "kubectl exec shop -- curl -s -w ' %{http_code} %{time_total}' http://payments:8000/delay/5");
  await expect(output).toContainText('upstream request timeout 504 2.001000');
  await page.screenshot({ path: '/tmp/page-mesh-resilience.png' });
});

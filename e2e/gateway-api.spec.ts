/// <reference lib="dom" />
// The Gateway API from the page (scenario 27): Envoy Gateway accepts the class and programs the Gateway with its
// load-balancer address; typed into the terminal, kubectl shows the printer columns, curl with the shop's Host gets
// Envoy's 404 until an HTTPRoute attaches, then the route's status says Accepted, requests reach shop-v1 or (under
// /v2) shop-v2, the trace goes through the Envoy pod, and a 90/10 split shows in the traffic numbers.
import { expect, test, type Page } from '@playwright/test';
import { engineApply, engineLoadScenario } from './engine.ts';
import { expectClusterShown, runInTerminal } from './helpers.ts';

const ROUTE = (split: boolean) => `apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: shop}
spec:
  parentRefs: [{name: eg}]
  hostnames: [shop.example.com]
  rules:
  - matches: [{path: {type: PathPrefix, value: /v2}}]
    backendRefs: [{name: shop-v2, port: 8080}]
  - matches: [{path: {type: PathPrefix, value: /}}]
    backendRefs: [{name: shop-v1, port: 8080${split ? ', weight: 90}, {name: shop-v2, port: 8080, weight: 10' : ''}}]
`;

async function untilShown(page: Page, line: string, wanted: RegExp, timeout = 90_000) {
  const output = page.getByTestId('terminal-output');
  await expect(async () => {
    await page.getByTestId('terminal-clear').click().catch(() => undefined);
    await runInTerminal(page, line);
    await expect(output).toContainText(wanted, { timeout: 3_000 });
  }).toPass({ timeout });
}

test('Gateway API: an HTTPRoute attached to Envoy Gateway routes the shop by path, then splits it 90/10', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  await engineLoadScenario(page, 'gateway-api');
  await page.getByTestId('time-play-100').click();
  await untilShown(page, 'kubectl get gc', /eg\s+gateway\.envoyproxy\.io\/gatewayclass-controller\s+True/);
  await untilShown(page, 'kubectl get gtw', /eg\s+eg\s+172\.18\.255\.201\s+True/);
  await untilShown(page, 'sim traffic list', /customers\s+external\s+\S+\s+20\s+\d+\s+\S+\s+\S+\s+100\.0%/);
  await page.getByTestId('time-play-1').click();
  const output = page.getByTestId('terminal-output');
  await page.getByTestId('terminal-clear').click();
  await runInTerminal(page, `curl -s -o /dev/null -w '%{http_code}' -H 'Host: shop.example.com' http://172.18.255.201/`);
  await expect(output).toContainText('404');

  await engineApply(page, ROUTE(false));
  await page.getByTestId('time-play-100').click();
  await untilShown(page, 'kubectl get httproute shop -o jsonpath={.status.parents[0].conditions[0].reason}', /Accepted/);
  await untilShown(page, 'sim traffic list', /customers\s+external\s+\S+\s+20\s+\d+\s+\S+\s+\S+\s+0\.0%/);
  await page.getByTestId('time-play-1').click();
  await page.getByTestId('terminal-clear').click();
  await runInTerminal(page, 'kubectl get httproute');
  await expect(output).toContainText(/shop\s+\["shop\.example\.com"\]/);
  await page.getByTestId('terminal-clear').click();
  await runInTerminal(page, `curl -s -o /dev/null -w '%{http_code}' -H 'Host: shop.example.com' http://172.18.255.201/v2/`);
  await expect(output).toContainText('200');
  await page.getByTestId('terminal-clear').click();
  await runInTerminal(page, 'sim trace request http://shop.example.com/v2/cart');
  await expect(output).toContainText(/\(Envoy\) on port 10080: Gateway default\/eg virtual host "shop\.example\.com": HTTPRoute default\/shop rule 0 \(PathPrefix \/v2\)/);
  await expect(output).toContainText(/result: 200 OK from pod default\/shop-v2-/);

  await engineApply(page, ROUTE(true));
  await page.getByTestId('time-play-100').click();
  // 20 requests/s from customers: 18 to shop-v1; shop-v2 gets 2 of them and the beta testers' 5.
  await untilShown(page, 'sim traffic list', /customers\s+external\s+\S+\s+20\s+\d+\s+\S+\s+\S+\s+0\.0%/);
  await page.getByTestId('time-play-1').click();
  await expect(page.locator('[data-testid=traffic-badge][data-service="default/shop-v1"]')).toContainText('18/s', { timeout: 30_000 });
  await expect(page.locator('[data-testid=traffic-badge][data-service="default/shop-v2"]')).toContainText('7/s');
  await page.screenshot({ path: '/tmp/page-gateway-api.png' });
});

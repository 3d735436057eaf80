/// <reference lib="dom" />
// The Istio ingress gateway from the page (scenario 26): customers' requests to bookinfo.example.com fail until a
// Gateway and a bound VirtualService serve the host; then a workstation curl with the Host header reaches productpage,
// another Host gets Envoy's 404, the trace goes through the gateway pod, and the gateway's Service gets a traffic badge
// on the map that the map's filter bar does not cover.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { engineApply, engineExec, engineLoadScenario } from './engine.ts';
import { expectClusterShown, runInTerminal } from './helpers.ts';

const GATEWAY = `apiVersion: networking.istio.io/v1
kind: Gateway
metadata: {name: bookinfo-gateway}
spec:
  selector: {istio: ingressgateway}
  servers:
  - port: {number: 80, name: http, protocol: HTTP}
    hosts: [bookinfo.example.com]
---
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata: {name: bookinfo}
spec:
  hosts: [bookinfo.example.com]
  gateways: [bookinfo-gateway]
  http:
  - route: [{destination: {host: productpage, port: {number: 9080}}}]
`;

async function untilShown(page: Page, line: string, wanted: RegExp, timeout = 90_000) {
  const output = page.getByTestId('terminal-output');
  await expect(async () => {
    await page.getByTestId('terminal-clear').click().catch(() => undefined);
    await runInTerminal(page, line);
    await expect(output).toContainText(wanted, { timeout: 3_000 });
  }).toPass({ timeout });
}

/** Whether two elements' boxes on screen overlap. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

test('Istio ingress gateway: a Gateway and a bound VirtualService let the customers in; other hosts get 404', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  await engineLoadScenario(page, 'mesh-gateway');
  await page.getByTestId('time-play-100').click();
  await untilShown(page, 'kubectl get svc -n istio-system istio-ingressgateway', /istio-ingressgateway\s+LoadBalancer\s+\S+\s+172\.18\.255\.201\s+15021:\d+\/TCP,80:\d+\/TCP,443:\d+\/TCP/);
  await untilShown(page, 'sim traffic list', /customers\s+external\s+\S+\s+20\s+\d+\s+\S+\s+\S+\s+100\.0%/);

  await engineApply(page, GATEWAY);
  await untilShown(page, 'sim traffic list', /customers\s+external\s+\S+\s+20\s+\d+\s+\S+\s+\S+\s+0\.0%/);
  await page.getByTestId('time-play-1').click();
  const output = page.getByTestId('terminal-output');
  await page.getByTestId('terminal-clear').click();
  await runInTerminal(page, `curl -s -H 'Host: bookinfo.example.com' http://172.18.255.201/`);
  await expect(output).toContainText('Welcome to nginx!');
  await page.getByTestId('terminal-clear').click();
  await runInTerminal(page, `curl -s -o /dev/null -w '%{http_code}' -H 'Host: shop.example.com' http://172.18.255.201/`);
  await expect(output).toContainText('404');
  // The gateway's Service is a source of the map's traffic: its badge shows, clear of the map's toolbar (filters,
  // legend, system-pods switch).
  const badge = page.locator('[data-testid=traffic-badge][data-service="istio-system/istio-ingressgateway"]');
  await expect(badge).toBeVisible();
  await expect.poll(() => overlap(badge, page.getByTestId('map-toolbar'))).toBe(false);
  await page.getByTestId('terminal-clear').click();
  await runInTerminal(page, 'sim trace request http://bookinfo.example.com/');
  await expect(output).toContainText(/ingress gateway pod istio-system\/istio-ingressgateway-\S+ \(Envoy\) on port 8080: Gateway default\/bookinfo-gateway host "bookinfo.example.com"/);
  await expect(output).toContainText(/result: 200 OK from pod default\/productpage-/);
  // The trace frames its path below the toolbar too.
  await page.waitForTimeout(500);
  await expect.poll(() => overlap(badge, page.getByTestId('map-toolbar'))).toBe(false);
  expect(await engineExec(page, 'kubectl get vs bookinfo -o jsonpath={.spec.gateways}')).toBe('["bookinfo-gateway"]');
  await page.screenshot({ path: '/tmp/page-mesh-gateway.png' });
});

test('the traffic badges of the service mesh scenario sit clear of the map\'s toolbar', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  await engineLoadScenario(page, 'service-mesh');
  await page.getByTestId('time-play-100').click();
  const badge = page.locator('[data-testid=traffic-badge][data-service="default/web"]');
  await expect(badge).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('time-play-1').click();
  await page.screenshot({ path: '/tmp/page-service-mesh-traffic.png' });
  await expect.poll(() => overlap(badge, page.getByTestId('map-toolbar'))).toBe(false);
});

/// <reference lib="dom" />
// A service mesh in the page: install Istio, put the default namespace in the mesh, restart the web Deployments
// and see their pods READY 2/2 with the injected istio-proxy, then a VirtualService sends 10% to v2: the map's
// traffic edges and repeated curls from an injected client show the split, and a fault abort answers like Envoy.
import { expect, test, type Page } from '@playwright/test';
import { engineApply } from './engine.ts';
import { expectClusterShown, expectTiles, runInTerminal } from './helpers.ts';

const web = (version: string, replicas: number) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web-${version}}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: web, version: ${version}}}
  template:
    metadata: {labels: {app: web, version: ${version}}}
    spec: {containers: [{name: web, image: "nginx:1.27", ports: [{containerPort: 80}], resources: {requests: {cpu: 100m}}}]}
`;

const APP = [web('v1', 2), web('v2', 1), 'apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec: {selector: {app: web}, ports: [{port: 80}]}\n'].join('---\n');

const CANARY = `apiVersion: networking.istio.io/v1
kind: DestinationRule
metadata: {name: web}
spec:
  host: web
  subsets: [{name: v1, labels: {version: v1}}, {name: v2, labels: {version: v2}}]
---
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata: {name: web}
spec:
  hosts: [web]
  http:
  - match: [{uri: {prefix: /broken}}]
    fault: {abort: {httpStatus: 503, percentage: {value: 100}}}
    route: [{destination: {host: web, subset: v1}}]
  - route:
    - {destination: {host: web, subset: v1}, weight: 90}
    - {destination: {host: web, subset: v2}, weight: 10}
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

test('Istio: injection by the webhook, 2/2 pods after a restart, a 90/10 canary seen in traffic and curls', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  const output = page.getByTestId('terminal-output');

  await runInTerminal(page, 'sim operator install istio');
  await expect(output).toContainText('operator/istio installed');
  await engineApply(page, APP);
  await runInTerminal(page, 'kubectl run client --image=curlimages/curl:8.11.1 --command -- sleep infinity');
  await expect(output).toContainText('pod/client created');
  await page.getByTestId('time-play-100').click();
  // istiod's pod on the map, and the app's pods, still without sidecars.
  await expectTiles(page, { namespace: 'istio-system', pod: /^istiod-/, tone: 'running' }, 1, 90_000);
  await expectTiles(page, (t) => t.pod.startsWith('web-') && t.tone === 'running', 3, 90_000);
  await untilShown(page, 'kubectl get mutatingwebhookconfigurations', /istio-sidecar-injector\s+4\s+/);
  await untilShown(page, 'kubectl get pods -l app=web', /web-v2-\S+\s+1\/1\s+Running/);

  // Label the namespace: running pods keep no sidecar until they are recreated.
  await runInTerminal(page, 'kubectl label namespace default istio-injection=enabled');
  await expect(output).toContainText('namespace/default labeled');
  await runInTerminal(page, 'kubectl rollout restart deployment web-v1 web-v2');
  await expect(output).toContainText('deployment.apps/web-v2 restarted');
  await runInTerminal(page, 'kubectl delete pod client --force --grace-period=0');
  await expect(output).toContainText('pod "client" force deleted');
  await runInTerminal(page, 'kubectl run client --image=curlimages/curl:8.11.1 --command -- sleep infinity');
  await untilShown(page, 'kubectl get pods', /client\s+2\/2\s+Running/);
  await untilShown(page, 'kubectl get pods -l app=web', /^(?![\s\S]*1\/1)[\s\S]*web-v2-\S+\s+2\/2\s+Running/);
  await untilShown(page, "kubectl get pod client -o jsonpath='{.spec.containers[*].name}'", /client istio-proxy/);
  await page.getByTestId('time-play-1').click();

  // The canary: the sidecar of the client splits 90/10 between the subsets.
  await engineApply(page, CANARY);
  await untilShown(page, 'kubectl get virtualservices', /web\s+\["web"\]/);
  await runInTerminal(page, 'sim traffic add shop http://web/ --from client --rps 100');
  await expect(output).toContainText('traffic source "shop" added');
  const edges = page.locator('[data-testid=traffic-badge][data-service="default/web"] [data-testid=traffic-edge]');
  await expect(edges).toHaveCount(3, { timeout: 60_000 });
  const rate = async (version: string) => {
    let sum = 0;
    for (const e of await edges.all()) if ((await e.getAttribute('data-pod'))?.startsWith(`default/web-${version}-`)) sum += Number(await e.getAttribute('data-rps'));
    return sum;
  };
  await expect.poll(() => rate('v2'), { timeout: 60_000 }).toBe(10);
  await expect.poll(() => rate('v1'), { timeout: 60_000 }).toBe(90);
  await page.screenshot({ path: '/tmp/page-service-mesh.png' });

  // Repeated requests from the client: most reach v1, some v2 (the seeded stream decides which).
  const served: string[] = [];
  for (let i = 0; i < 20; i++) {
    await page.getByTestId('terminal-clear').click().catch(() => undefined);
    await runInTerminal(page, 'sim trace request http://web/ --from client');
    await expect(output).toContainText(/result: 200 OK from pod default\/web-v\d/);
    served.push(/result: 200 OK from pod default\/(web-v\d)/.exec(await output.innerText())!.at(-1)!);
  }
  expect(served.filter((s) => s === 'web-v1').length).toBeGreaterThan(served.filter((s) => s === 'web-v2').length);
  await runInTerminal(page, 'kubectl exec client -- curl -s -i http://web/broken');
  await expect(output).toContainText('fault filter abort');
  await expect(output).toContainText('server: envoy');
});

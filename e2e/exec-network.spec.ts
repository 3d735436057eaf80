/// <reference lib="dom" />
// Debugging a Service from inside a pod, in the page's terminal: curl the Service by name and see nginx's page,
// look the name up, then take the Service's endpoints away and see curl refused, as on a real cluster.
import { expect, test } from '@playwright/test';
import { expectClusterShown, expectTiles, runInTerminal } from './helpers.ts';

test('kubectl exec curl, wget and nslookup reach a Service through the simulated data plane', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  const output = page.getByTestId('terminal-output');
  await runInTerminal(page, 'kubectl create deployment web --image=nginx:1.27 --replicas=2');
  await expect(output).toContainText('deployment.apps/web created');
  await runInTerminal(page, 'kubectl expose deployment web --port=80');
  await expect(output).toContainText('service/web exposed');
  await runInTerminal(page, 'kubectl run client --image=curlimages/curl:8.11.1 --command -- sleep infinity');
  await expect(output).toContainText('pod/client created');
  await runInTerminal(page, 'kubectl run bb --image=busybox:1.36 --command -- sleep infinity');
  await expect(output).toContainText('pod/bb created');
  await page.getByTestId('time-play-100').click();
  await expectTiles(page, (t) => ['client', 'bb'].includes(t.pod) && t.tone === 'running', 2, 60_000);
  await expectTiles(page, (t) => t.pod.startsWith('web-') && t.tone === 'running', 2, 60_000);
  await page.getByTestId('time-play-1').click();

  await runInTerminal(page, 'kubectl exec client -- curl -s http://web.default.svc.cluster.local');
  await expect(output).toContainText('<title>Welcome to nginx!</title>');
  await runInTerminal(page, 'kubectl exec bb -- wget -qO- web');
  await expect(output.getByText('<h1>Welcome to nginx!</h1>')).toHaveCount(2);
  await runInTerminal(page, 'kubectl exec bb -- nslookup web');
  await expect(output).toContainText('Name:\tweb.default.svc.cluster.local');
  await runInTerminal(page, 'kubectl exec bb -- nslookup nosuch');
  await expect(output).toContainText("** server can't find nosuch.default.svc.cluster.local: NXDOMAIN");
  // busybox has no curl.
  await runInTerminal(page, 'kubectl exec bb -- curl web');
  await expect(output).toContainText('exec: "curl": executable file not found in $PATH');
  // A ClusterIP is kube-proxy's rules for its ports, not a host: ping gets nothing back, a pod's address answers.
  await runInTerminal(page, 'kubectl exec bb -- ping -c 2 web');
  await expect(output).toContainText('2 packets transmitted, 0 packets received, 100% packet loss');
  await runInTerminal(page, "kubectl get pod client -o jsonpath='podIP={.status.podIP}'");
  await expect(output).toContainText(/podIP=10\.244\.\d+\.\d+/);
  const clientIP = /podIP=(10\.244\.\d+\.\d+)/.exec(await output.innerText())![1];
  await runInTerminal(page, `kubectl exec bb -- ping -c 2 ${clientIP}`);
  await expect(output).toContainText('2 packets transmitted, 2 packets received, 0% packet loss');

  // The Service selects no pod any more: kube-proxy rejects the connection.
  await runInTerminal(page, `kubectl patch service web -p '{"spec":{"selector":{"app":"nothing"}}}'`);
  await expect(output).toContainText('service/web patched');
  await expect(async () => {
    await runInTerminal(page, 'kubectl exec client -- curl -sS web');
    await expect(output).toContainText("curl: (7) Failed to connect to web port 80 after 1 ms: Couldn't connect to server", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(output).toContainText('command terminated with exit code 7');
});

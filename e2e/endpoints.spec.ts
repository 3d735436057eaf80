/// <reference lib="dom" />
// The first command a learner types when a Service does not route: kubectl get ep. A Deployment exposed from the
// terminal lists its pods' IPs; scaled to zero it lists <none>.
import { expect as baseExpect, test } from '@playwright/test';
import { expectClusterShown, runInTerminal } from './helpers.ts';

const expect = baseExpect.configure({ timeout: 60_000 });
test.beforeEach(() => test.setTimeout(180_000));

test('kubectl get ep follows an exposed Deployment, to <none> at zero replicas', async ({ page }) => {
  await page.goto('/');
  await expectClusterShown(page, 3);
  const out = page.getByTestId('terminal-output');
  await runInTerminal(page, 'kubectl create deployment web --image=nginx:1.27 --replicas=2 --port=80');
  await runInTerminal(page, 'kubectl expose deployment web --port=80');
  await expect(out).toContainText('service/web exposed');
  await runInTerminal(page, 'sim advance 30s');
  await runInTerminal(page, 'kubectl get ep web');
  await expect(out).toContainText(/NAME\s+ENDPOINTS\s+AGE\s+web\s+10\.244\.\d+\.\d+:80,10\.244\.\d+\.\d+:80\s+\d+s/);
  await runInTerminal(page, 'kubectl describe endpoints web');
  await expect(out).toContainText(/Subsets:\s+Addresses:\s+10\.244\.\d+\.\d+,10\.244\.\d+\.\d+\s+NotReadyAddresses:\s+<none>/);

  await runInTerminal(page, 'kubectl scale deployment web --replicas=0');
  await runInTerminal(page, 'sim advance 60s');
  await runInTerminal(page, 'kubectl get ep');
  await expect(out).toContainText(/web\s+<none>\s+\d+s/);
  await expect(out).toContainText(/kubernetes\s+172\.18\.0\.1:6443/);
});

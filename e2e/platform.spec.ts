/// <reference lib="dom" />
// The ML platform view: opened from the palette, Kueue installed from the view, a queued Job waits (pending, the
// ClusterQueue's pending count) and is admitted when the running one is deleted and its quota frees.
import { expect, test } from '@playwright/test';
import { engineApply } from './engine.ts';
import { expectClusterShown, runInTerminal } from './helpers.ts';

const QUEUE = `apiVersion: kueue.x-k8s.io/v1beta1
kind: ResourceFlavor
metadata: {name: h100}
spec: {nodeLabels: {nvidia.com/gpu.product: NVIDIA-H100-80GB-HBM3}}
---
apiVersion: kueue.x-k8s.io/v1beta1
kind: ClusterQueue
metadata: {name: research}
spec:
  namespaceSelector: {}
  resourceGroups:
  - coveredResources: [cpu, memory, nvidia.com/gpu]
    flavors:
    - name: h100
      resources:
      - {name: cpu, nominalQuota: 16}
      - {name: memory, nominalQuota: 64Gi}
      - {name: nvidia.com/gpu, nominalQuota: 4}
---
apiVersion: kueue.x-k8s.io/v1beta1
kind: LocalQueue
metadata: {name: main, namespace: default}
spec: {clusterQueue: research}
`;

const job = (name: string, seconds: number) => `apiVersion: batch/v1
kind: Job
metadata: {name: ${name}, labels: {kueue.x-k8s.io/queue-name: main}}
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - {name: train, image: busybox, command: [sh, -c, "sleep ${seconds}"], resources: {requests: {cpu: 1, memory: 1Gi}, limits: {nvidia.com/gpu: 4}}}
`;

test('a queued job is admitted when quota frees, in the platform view', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  await runInTerminal(page, 'sim node add h1 --gpus 4 --gpu-model H100-80GB --cpu 16 --memory 64Gi');

  await page.getByTestId('time-pause').click();
  await page.keyboard.press('Control+k');
  await page.getByTestId('palette-input').fill('ML platform');
  await expect(page.getByTestId('palette-item').first()).toHaveAttribute('data-id', 'view-platform');
  await page.getByTestId('palette-input').press('Enter');
  const view = page.getByTestId('platform-view');
  await expect(view).toBeVisible();
  await view.getByTestId('platform-install').click();
  await expect(view.getByTestId('platform-install')).toHaveCount(0);

  await engineApply(page, QUEUE);
  await engineApply(page, job('first', 3600));
  await engineApply(page, job('second', 3600));
  await page.getByTestId('time-advance-1m').click();
  const second = view.locator('[data-testid=platform-workload][data-owner="Job/second"]');
  await expect(second).toHaveAttribute('data-state', 'pending');
  await expect(second).toContainText('insufficient unused quota for nvidia.com/gpu in flavor h100, 4 more needed');
  await expect(view.locator('[data-testid=platform-cq][data-cq=research]')).toHaveAttribute('data-pending', '1');
  await expect(view.locator('[data-testid=platform-workload][data-owner="Job/first"]')).toHaveAttribute('data-state', 'admitted');
  await expect(view.locator('[data-testid=platform-flavor][data-flavor=h100]')).toHaveAttribute('data-gpus', '4');
  await page.screenshot({ path: '/tmp/page-platform-pending.png' });

  await runInTerminal(page, 'kubectl delete job first'); // its Workload goes with it and the quota frees
  await page.getByTestId('time-advance-1m').click();
  await expect(second).toHaveAttribute('data-state', 'admitted', { timeout: 30_000 });
  await expect(view.locator('[data-testid=platform-workload][data-owner="Job/first"]')).toHaveCount(0);
  await expect(view.locator('[data-testid=platform-cq][data-cq=research]')).toHaveAttribute('data-pending', '0');
  await page.screenshot({ path: '/tmp/page-platform-admitted.png' });
});

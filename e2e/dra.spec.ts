/// <reference lib="dom" />
// Dynamic Resource Allocation in the page: turn the gate on, add a GPU node whose GPUs the DRA driver offers,
// apply a DeviceClass, a ResourceClaimTemplate and a Pod from the editor; the pod runs on an allocated, reserved
// claim, while a pod asking for more GPUs than there are stays Pending with the scheduler's upstream message.
import { expect, test, type Page } from '@playwright/test';
import { expectClusterShown, runInTerminal, setEditorText } from './helpers.ts';

const manifests = `apiVersion: resource.k8s.io/v1beta1
kind: DeviceClass
metadata:
  name: gpu.nvidia.com
spec:
  selectors:
  - cel:
      expression: device.driver == "gpu.nvidia.com"
---
apiVersion: resource.k8s.io/v1beta1
kind: ResourceClaimTemplate
metadata:
  name: one-gpu
spec:
  spec:
    devices:
      requests:
      - name: gpu
        deviceClassName: gpu.nvidia.com
        selectors:
        - cel:
            expression: device.capacity["gpu.nvidia.com"].memory.compareTo(quantity("40Gi")) >= 0
---
apiVersion: resource.k8s.io/v1beta1
kind: ResourceClaimTemplate
metadata:
  name: eight-gpus
spec:
  spec:
    devices:
      requests:
      - name: gpu
        deviceClassName: gpu.nvidia.com
        count: 8
---
apiVersion: v1
kind: Pod
metadata:
  name: trainer
spec:
  resourceClaims:
  - name: gpu
    resourceClaimTemplateName: one-gpu
  containers:
  - name: main
    image: nvidia/cuda:12.4.0-base-ubuntu22.04
    command: ["sleep", "infinity"]
    resources:
      claims:
      - name: gpu
---
apiVersion: v1
kind: Pod
metadata:
  name: greedy
spec:
  resourceClaims:
  - name: gpu
    resourceClaimTemplateName: eight-gpus
  containers:
  - name: main
    image: nvidia/cuda:12.4.0-base-ubuntu22.04
    command: ["sleep", "infinity"]
    resources:
      claims:
      - name: gpu
`;

/** Run a command until one of its output lines matches. */
async function untilOutput(page: Page, line: string, want: RegExp): Promise<void> {
  await expect(async () => {
    await runInTerminal(page, line);
    await expect(page.locator('[data-testid=terminal-line]').filter({ hasText: want }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
}

test('a GPU claim is allocated through DRA; an unsatisfiable one leaves its pod Pending', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/?test');
  await expectClusterShown(page, 3);

  await runInTerminal(page, 'kubectl get resourceclaims');
  await expect(page.locator('[data-testid=terminal-line][data-kind=err]').last()).toContainText('the server doesn\'t have a resource type "resourceclaims"');
  await runInTerminal(page, 'sim featuregates set DynamicResourceAllocation=true');
  await expect(page.locator('[data-testid=terminal-line]').filter({ hasText: 'feature gate DynamicResourceAllocation=true' })).toHaveCount(1);
  await runInTerminal(page, 'sim node add g1 --gpus 2 --gpu-model A100-80GB --gpu-driver dra');
  await expect(page.getByTestId('node-card')).toHaveCount(4);

  await setEditorText(page, manifests);
  await page.getByTestId('apply').click();
  const results = page.getByTestId('apply-result');
  await expect(results).toHaveCount(5);
  await expect(page.locator('[data-testid=apply-result][data-ok=false]')).toHaveCount(0);

  await page.getByTestId('time-play-100').click();
  await untilOutput(page, 'kubectl get pod trainer', /trainer\s+1\/1\s+Running/);
  await untilOutput(page, 'kubectl get resourceclaims', /trainer-gpu-\w{5}\s+allocated,reserved/);
  await runInTerminal(page, 'kubectl get resourceslices');
  await expect(page.locator('[data-testid=terminal-line]').filter({ hasText: /g1-gpu\.nvidia\.com-\w{5}\s+g1\s+gpu\.nvidia\.com\s+g1/ })).toHaveCount(1);
  await untilOutput(page, 'kubectl exec trainer -- env', /NVIDIA_VISIBLE_DEVICES=GPU-/);

  await untilOutput(page, 'kubectl describe pod greedy', /FailedScheduling.*0\/4 nodes are available: .*cannot allocate all claims/);
  await runInTerminal(page, 'kubectl get pod greedy');
  await expect(page.locator('[data-testid=terminal-line]').filter({ hasText: /greedy\s+0\/1\s+Pending/ }).last()).toBeVisible();
  await page.getByTestId('time-pause').click();
  await page.screenshot({ path: '/tmp/page-dra.png' });
});

/// <reference lib="dom" />
// The cluster autoscaler in the page: an autoscaled node group added from the header's form, pods that only its
// machines may take grow it (TriggeredScaleUp; the new nodes appear on the map after their boot time), and once the
// pods go the idle machines are drained and removed.
import { expect, test } from '@playwright/test';
import { expectClusterShown, runInTerminal } from './helpers.ts';

test('pending pods grow an autoscaled node group on the map, and idle machines go', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expectClusterShown(page, 3);
  const terminal = page.getByTestId('terminal-output');

  await page.getByTestId('nodes-menu-button').click();
  await page.getByTestId('nodes-group').check();
  await page.getByTestId('nodes-name').fill('pool');
  await page.getByTestId('nodes-max').fill('0');
  await expect(page.getByTestId('nodes-bounds-error')).toBeVisible();
  await page.getByTestId('nodes-max').fill('3');
  await page.getByTestId('nodes-cpu').fill('2');
  await page.getByTestId('nodes-memory').fill('4Gi');
  await expect(page.getByTestId('nodes-preview')).toHaveText('sim nodegroup add pool --min 0 --max 3 --cpu 2 --memory 4Gi');
  await page.getByTestId('nodes-add').click();
  await expect(terminal).toContainText('nodegroup/pool added (min 0, max 3)');

  // Three pods of 1.5 CPUs that only the group's machines may take: one machine each (made with no replicas, so
  // that no rollout of the patch comes between).
  await runInTerminal(page, 'kubectl create deployment batch --image=nginx --replicas=0');
  await runInTerminal(page, `kubectl patch deployment batch -p '{"spec":{"template":{"spec":{"nodeSelector":{"kubesim.io/node-group":"pool"},"containers":[{"name":"nginx","resources":{"requests":{"cpu":"1500m"}}}]}}}}'`);
  await expect(terminal).toContainText('deployment.apps/batch patched');
  await runInTerminal(page, 'kubectl scale deployment batch --replicas=3');
  await expect(terminal).toContainText('deployment.apps/batch scaled');
  await runInTerminal(page, 'sim advance 20s');
  await runInTerminal(page, 'kubectl get events --field-selector reason=TriggeredScaleUp');
  await expect(terminal).toContainText('pod triggered scale-up: [{pool 0->3 (max: 3)}]');
  await runInTerminal(page, 'sim nodegroup list');
  await expect(terminal).toContainText(/pool\s+0\s+3\s+3\s+0\s+3\s+cpu 2, memory 4Gi/);
  await runInTerminal(page, 'sim advance 1m');
  await expectClusterShown(page, 6);
  // Each new machine's card names its group.
  await expect(page.getByTestId('node-group')).toHaveText(['pool', 'pool', 'pool']);
  await runInTerminal(page, 'kubectl get deployment batch');
  await expect(terminal).toContainText(/batch\s+3\/3\s+3\s+3/);

  // Without the pods the machines are empty: after --scale-down-unneeded-time they are removed.
  await runInTerminal(page, 'kubectl delete deployment batch');
  await runInTerminal(page, 'sim advance 1m');
  await runInTerminal(page, 'sim autoscaler status');
  await expect(terminal).toContainText(/pool-\w+\s+\{[^}]+\}\s+unneeded for \d+s, removable in \d+m/);
  await runInTerminal(page, 'sim advance 12m');
  await expectClusterShown(page, 3);
  await runInTerminal(page, 'kubectl describe configmap cluster-autoscaler-status -n kube-system');
  await expect(terminal).toContainText(/ScaleDownEmpty\s+.*Scale-down: removing empty node "pool-\w+"/);
});

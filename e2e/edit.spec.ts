/// <reference lib="dom" />
// `kubectl edit` in the terminal opens the object in the YAML editor; Apply writes the change back.
import { expect, test } from '@playwright/test';
import { engineExec } from './engine.ts';
import { editorReady, editorText, runInTerminal, setEditorText } from './helpers.ts';

test('kubectl edit opens the object in the editor; Apply scales it', async ({ page }) => {
  test.setTimeout(120_000); // busy machine
  await page.goto('/?test');
  await expect(page.getByTestId('node-card')).toHaveCount(3);
  await editorReady(page);
  await page.getByTestId('apply').click(); // the sample Deployment web: 3 replicas
  await expect(page.getByTestId('apply-result').first()).toContainText('deployment.apps/web created');
  // Edit once the rollout has settled: until then the controllers write the Deployment's status, and an edit of an
  // older version is refused with a Conflict, as the API server refuses it (on a busy machine that window is long).
  await expect.poll(() => engineExec(page, 'kubectl get deployment web --no-headers'), { timeout: 60_000 }).toMatch(/^web\s+3\/3\s+3\s+3\s/);

  await runInTerminal(page, 'kubectl edit deployment/nope');
  await expect(page.locator('[data-testid=terminal-line][data-kind=err]')).toContainText('deployments.apps "nope" not found');

  await runInTerminal(page, 'kubectl edit deployment/web');
  await expect(page.getByTestId('terminal-output')).toContainText('Opened deployment/web in the editor');
  await expect(page.getByTestId('doc-active-name')).toHaveText('edit-deployment-web.yaml');
  const shown = await editorText(page);
  expect(shown).toContain('kind: Deployment');
  expect(shown).toContain('name: web');

  // Change spec.replicas (it comes before status) the way a user does, then Apply. (Monaco renders only the
  // lines in view, so the change shows in what Apply did, not in the editor's text.)
  const yaml = await engineExec(page, 'kubectl get deployment web -o yaml');
  await setEditorText(page, yaml.replace('replicas: 3', 'replicas: 5'));
  await page.getByTestId('apply').click();
  await expect(page.getByTestId('apply-result').first()).toContainText('deployment.apps/web configured');

  await runInTerminal(page, 'kubectl get deploy web');
  await expect(page.getByTestId('terminal-output')).toContainText(/web\s+\d\/5/);
});

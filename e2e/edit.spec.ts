/// <reference lib="dom" />
// `kubectl edit` in the terminal opens kubectl's temp file in the editor panel; Save edit patches the object, an
// invalid edit reopens with the API server's errors in the header, and a pending edit survives a reload.
import { expect, test, type Page } from '@playwright/test';
import { engineExec } from './engine.ts';
import { editorReady, expectClusterShown, runInTerminal, setEditorText } from './helpers.ts';

const HEADER = "# Please edit the object below. Lines beginning with a '#' will be ignored,\n# and an empty file will abort the edit. If an error occurs while saving this file will be\n# reopened with the relevant failures.\n#\n";
// The whole text (Monaco renders only the lines in view); the page exposes its editor with ?test.
const editorValue = (page: Page) => page.evaluate(() => (window as unknown as { __kubesimEditor: { getValue(): string } }).__kubesimEditor.getValue());
const terminal = (page: Page) => page.getByTestId('terminal-output');

test('kubectl edit: save patches the object, an invalid edit reopens with the errors, a pending edit survives a reload', async ({ page }) => {
  test.setTimeout(180_000); // busy machine
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  await editorReady(page);
  await page.getByTestId('apply').click(); // the sample Deployment web: 3 replicas
  await expect(page.getByTestId('apply-result').first()).toContainText('deployment.apps/web created');

  await runInTerminal(page, 'kubectl edit deployment/nope');
  await expect(page.locator('[data-testid=terminal-line][data-kind=err]')).toContainText('deployments.apps "nope" not found');
  await expect(page.getByTestId('edit-bar')).toHaveCount(0);

  await runInTerminal(page, 'kubectl edit deployment web');
  await expect(page.getByTestId('edit-bar')).toBeVisible();
  await expect(page.getByTestId('doc-active-name')).toHaveText(/^kubectl-edit-\d+\.yaml$/);
  await expect(terminal(page)).toContainText(/kubectl edit: \/tmp\/kubectl-edit-\d+\.yaml is open in the editor/);
  await expect.poll(() => editorValue(page)).toContain('kind: Deployment');
  const opened = await editorValue(page);
  expect(opened.startsWith(`${HEADER}apiVersion: apps/v1\nkind: Deployment\n`)).toBe(true);

  // Change spec.replicas (it comes before status's) as a user does, and save.
  await setEditorText(page, opened.replace('replicas: 3', 'replicas: 5'));
  await page.getByTestId('edit-save').click();
  await expect(terminal(page)).toContainText('deployment.apps/web edited');
  await expect(page.getByTestId('edit-bar')).toHaveCount(0);
  await runInTerminal(page, 'kubectl get deploy web');
  await expect(terminal(page)).toContainText(/web\s+\d\/5/);

  // An invalid edit, saved with Ctrl+S: kubectl prints the error and reopens the file with the causes.
  await runInTerminal(page, 'kubectl edit deploy web');
  await expect(page.getByTestId('edit-bar')).toBeVisible();
  await expect.poll(() => editorValue(page)).toContain('replicas: 5');
  await setEditorText(page, (await editorValue(page)).replace('replicas: 5', 'replicas: -1'));
  await page.keyboard.press('ControlOrMeta+S');
  await expect(page.locator('[data-testid=terminal-line][data-kind=err]').last()).toContainText('error: deployments.apps "web" is invalid');
  await expect.poll(() => editorValue(page)).toContain(`${HEADER}# deployments.apps "web" was not valid:\n# * spec.replicas: Invalid value: -1: must be greater than or equal to 0\n#\n`);
  await expect(page.getByTestId('edit-bar')).toBeVisible();
  await page.screenshot({ path: 'test-results/edit-reopened.png' });

  // A reload keeps the pending edit (its document and session); cancelling it then ends it as kubectl does.
  await page.reload();
  await editorReady(page);
  await expect(page.getByTestId('edit-bar')).toBeVisible();
  await expect.poll(() => editorValue(page)).toContain('# * spec.replicas: Invalid value: -1');
  await page.getByTestId('edit-cancel').click();
  await expect(terminal(page)).toContainText(/A copy of your changes has been stored to "\/tmp\/kubectl-edit-\d+\.yaml"/);
  await expect(terminal(page)).toContainText('error: Edit cancelled, no valid changes were saved.');
  await expect(page.getByTestId('edit-bar')).toHaveCount(0);
  // The copy stays as a document; the object kept its 5 replicas.
  await expect(page.getByTestId('doc-active-name')).toHaveText(/^kubectl-edit-\d+\.yaml$/);
  expect(await engineExec(page, 'kubectl get deploy web -o jsonpath={.spec.replicas}')).toBe('5');
});

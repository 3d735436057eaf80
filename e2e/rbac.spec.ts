/// <reference lib="dom" />
// RBAC as a CKA learner meets it: a Role and a RoleBinding for user jane written from the editor's templates and
// applied, then checked from the terminal with kubectl auth can-i and an impersonated get.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { editorText, expectClusterShown, runInTerminal, setEditorText } from './helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
const expect = baseExpect.configure({ timeout: 60_000 });
test.beforeEach(() => test.setTimeout(180_000));

async function fromTemplate(page: Page, kind: string): Promise<string> {
  await page.getByTestId('template-menu').click();
  await page.locator(`[data-testid=template-item][data-kind=${kind}]`).click();
  await expect(page.getByTestId('doc-active-name')).toHaveText(`${kind.toLowerCase()}-1.yaml`);
  await expect.poll(() => editorText(page)).toContain(`kind: ${kind}`);
  return editorText(page);
}

test('a Role and RoleBinding for jane applied from the editor: can-i says yes, secrets are Forbidden', async ({ page }) => {
  await page.goto('/');
  await expectClusterShown(page, 3);
  const role = await fromTemplate(page, 'Role');
  await page.getByTestId('apply').click();
  await expect(page.getByTestId('apply-result')).toContainText('role.rbac.authorization.k8s.io/pod-reader created');
  await fromTemplate(page, 'RoleBinding');
  await page.getByTestId('apply').click();
  await expect(page.getByTestId('apply-result')).toContainText('rolebinding.rbac.authorization.k8s.io/read-pods created');
  expect(role).toContain('pods/log');

  const out = page.getByTestId('terminal-output');
  const lines = page.getByTestId('terminal-line');
  await runInTerminal(page, 'kubectl auth can-i list pods --as jane');
  await expect(lines.filter({ hasText: 'kubectl auth can-i list pods --as jane' }).locator('xpath=following-sibling::*[1]')).toHaveText('yes');
  await runInTerminal(page, 'kubectl get secrets --as jane');
  await expect(out).toContainText('Error from server (Forbidden): secrets is forbidden: User "jane" cannot list resource "secrets" in API group "" in the namespace "default"');
  await runInTerminal(page, 'kubectl auth can-i --list --as jane');
  await expect(out).toContainText(/pods\/log\s+\[\]\s+\[\]\s+\[get list watch\]/);
  await expect(out).toContainText(/Resources\s+Non-Resource URLs\s+Resource Names\s+Verbs/);

  // Editing the binding's roleRef is refused, as the API server refuses it.
  await setEditorText(page, (await editorText(page)).replace('name: pod-reader', 'name: other'));
  await page.getByTestId('apply').click();
  await expect(page.getByTestId('apply-result')).toContainText('cannot change roleRef');
});

/// <reference lib="dom" />
// A Helm chart as an Argo CD source, from the page: `helm create` writes a chart into the editor, an Application
// over its folder renders it (Argo's repo-server runs kubesim's helm), `argocd app wait` runs the clock until it is
// healthy and `-o tree` draws its ReplicaSet and Pods; a new values document picked with `argocd app set --values`
// scales it out; and `helm install --atomic` of a release that cannot become ready is undone in helm's words.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectClusterShown, expectTiles, runInTerminal, setEditorText } from './helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
const expect = baseExpect.configure({ timeout: 60_000 });

async function run(page: Page, line: string, shows: RegExp): Promise<void> {
  await runInTerminal(page, 'clear');
  await runInTerminal(page, line);
  await expect(page.getByTestId('terminal-output')).toContainText(shows);
}

test('argocd app wait on a Helm-sourced application, a values document scales it, helm --atomic undoes a failure', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/');
  await expectClusterShown(page, 3);
  await run(page, 'sim operator install argocd', /operator\/argocd installed/);
  await run(page, 'helm create web', /Creating web/);

  await run(page, 'argocd app create web --repo kubesim://documents --path web --dest-server https://kubernetes.default.svc --dest-namespace web --sync-option CreateNamespace=true --sync-policy automated', /application 'web' created/);
  await run(page, 'argocd app wait web --timeout 120', /Sync Status:\s+Synced to\s+\([0-9a-f]{7}\)\s+Health Status:\s+Healthy/);
  await expect(page.getByTestId('terminal-output')).toContainText(/TIMESTAMP\s+GROUP\s+KIND\s+NAMESPACE\s+NAME\s+STATUS\s+HEALTH/);
  await run(page, 'argocd app get web -o tree', /Deployment\/web\s+Synced\s+Healthy[\s\S]*└─ReplicaSet\/web-[a-z0-9]+\s+Healthy[\s\S]*└─Pod\/web-/);
  await run(page, 'kubectl get application web -n argocd -o jsonpath={.status.sourceType}', /Helm/);

  // A values document saved in the editor, picked by the application: a new revision, rolled out.
  await page.getByTestId('doc-new').click();
  await setEditorText(page, 'replicaCount: 3\n');
  await page.getByTestId('doc-rename').click();
  const rename = page.getByTestId('doc-rename-input');
  await rename.fill('web/values-prod.yaml');
  await rename.press('Enter');
  await expect(page.getByTestId('doc-active-name')).toHaveText('web/values-prod.yaml');
  await runInTerminal(page, 'argocd app set web --values values-prod.yaml');
  await run(page, 'argocd app wait web --timeout 120', /Helm Values:\s+values-prod\.yaml/);
  await expectTiles(page, { pod: /^web-/ }, 3, 60_000);
  await run(page, 'argocd app resources web', /GROUP\s+KIND\s+NAMESPACE\s+NAME\s+ORPHANED[\s\S]*apps\s+Deployment\s+web\s+web\s+No/);

  // --atomic: a release whose pods cannot be scheduled is uninstalled after the timeout.
  await run(page, 'helm install big ./web -n big --create-namespace --set resources.requests.cpu=64 --atomic --timeout 20s', /INSTALLATION FAILED: release big failed, and has been uninstalled due to atomic being set: context deadline exceeded/);
  await run(page, 'helm list -A -a', /NAME\s+NAMESPACE\s+REVISION/);
  await expect(page.getByTestId('terminal-output')).not.toContainText(/^big\s/m);
  await page.getByTestId('terminal-output').screenshot({ path: 'test-results/gitops-helm-terminal.png' });
});

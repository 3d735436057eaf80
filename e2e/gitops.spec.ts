/// <reference lib="dom" />
// GitOps from the page: install Argo CD, write a Deployment into a documents folder (the repository), create an
// Application over it with the argocd CLI and sync it; edit the document in the editor and see the application
// OutOfSync, sync again and see the rollout on the map; then with selfHeal a `kubectl scale` drift is reverted.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectClusterShown, expectTiles, runInTerminal, setEditorText } from './helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
const expect = baseExpect.configure({ timeout: 60_000 });

const deployment = (replicas: number) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: shop-web
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      app: shop-web
  template:
    metadata:
      labels:
        app: shop-web
    spec:
      containers:
      - name: web
        image: nginx:1.27
`;

async function run(page: Page, line: string, shows: RegExp): Promise<void> {
  await runInTerminal(page, 'clear');
  await runInTerminal(page, line);
  await expect(page.getByTestId('terminal-output')).toContainText(shows);
}

test('argocd syncs a documents folder, shows an edit as OutOfSync, and self-heals a scale', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/');
  await expectClusterShown(page, 3);
  await run(page, 'sim operator install argocd', /operator\/argocd installed/);

  // The repository: a folder of editor documents.
  await page.getByTestId('doc-new').click();
  await setEditorText(page, deployment(1));
  await page.getByTestId('doc-rename').click();
  const rename = page.getByTestId('doc-rename-input');
  await rename.fill('shop/deployment.yaml');
  await rename.press('Enter');
  await expect(page.getByTestId('doc-active-name')).toHaveText('shop/deployment.yaml');

  await run(page, 'argocd app create shop --repo kubesim://documents --path shop --dest-server https://kubernetes.default.svc --dest-namespace shop --revision HEAD --sync-option CreateNamespace=true', /application 'shop' created/);
  await run(page, 'argocd app get shop', /Sync Status:\s+OutOfSync from HEAD \([0-9a-f]{7}\)/);
  await run(page, 'argocd app sync shop', /Phase:\s+Succeeded/);
  await expect(page.getByTestId('terminal-output')).toContainText(/apps\s+Deployment\s+shop\s+shop-web\s+Synced\s+Progressing\s+deployment\.apps\/shop-web created/);
  await runInTerminal(page, 'sim advance 30s');
  await expectTiles(page, { pod: /^shop-web-/ }, 1, 60_000);
  await run(page, 'kubectl get applications -n argocd', /shop\s+Synced\s+Healthy/);

  // An edit in the editor is a new revision: OutOfSync until synced (the clock is paused: --refresh compares now).
  await setEditorText(page, deployment(3));
  await expect(async () => {
    await run(page, 'argocd app get shop --refresh', /Sync Status:\s+OutOfSync from HEAD/);
  }).toPass({ timeout: 60_000 });
  await run(page, 'argocd app diff shop', /===== apps\/Deployment shop\/shop-web ======[\s\S]*<\s+replicas: 1[\s\S]*>\s+replicas: 3/);
  await run(page, 'argocd app sync shop', /Phase:\s+Succeeded/);
  await runInTerminal(page, 'sim advance 30s');
  await expectTiles(page, { pod: /^shop-web-/ }, 3, 60_000);
  await run(page, 'argocd app history shop', /1\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000 UTC\s+HEAD \([0-9a-f]{7}\)/);

  // selfHeal: a scale by hand is reverted 5 s after the last sync.
  await runInTerminal(page, 'argocd app set shop --sync-policy automated --self-heal');
  await run(page, 'argocd app get shop', /Sync Policy:\s+Automated\s+Sync Status/);
  await runInTerminal(page, 'kubectl scale deployment shop-web -n shop --replicas=1');
  await runInTerminal(page, 'sim advance 30s');
  await run(page, 'kubectl get deployment shop-web -n shop', /shop-web\s+3\/3\s+3\s+3/);
  await expectTiles(page, { pod: /^shop-web-/ }, 3, 60_000);
  await run(page, 'kubectl get events -n argocd --field-selector involvedObject.name=shop', /OperationStarted\s+application\/shop\s+Initiated automated sync to '[0-9a-f]{40}'/);
  await page.getByTestId('terminal-output').screenshot({ path: 'test-results/gitops-terminal.png' });
});

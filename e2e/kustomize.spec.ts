/// <reference lib="dom" />
// kustomize from the page: a base and a prod overlay written as editor documents in folders (names with "/"),
// `kubectl kustomize overlays/prod` prints the prefixed objects, `kubectl apply -k overlays/prod` creates them and
// their pods appear on the map.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectClusterShown, expectTiles, runInTerminal, setEditorText } from './helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
const expect = baseExpect.configure({ timeout: 60_000 });

const BASE = `resources:
- deployment.yaml
configMapGenerator:
- name: web-config
  literals:
  - color=blue
`;
const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.27
        envFrom:
        - configMapRef:
            name: web-config
`;
const PROD = `resources:
- ../../base
namePrefix: prod-
replicas:
- name: web
  count: 2
images:
- name: nginx
  newTag: "1.28"
`;

async function addDocument(page: Page, name: string, text: string): Promise<void> {
  await page.getByTestId('doc-new').click();
  await setEditorText(page, text);
  await page.getByTestId('doc-rename').click();
  const input = page.getByTestId('doc-rename-input');
  await expect(input).toHaveAttribute('title', /overlays\/prod\/kustomization\.yaml/);
  await input.fill(name);
  await input.press('Enter');
  // The name is tidied as a path ("./base/x" is "base/x").
  await expect(page.getByTestId('doc-active-name')).toHaveText(name.replace(/^\.\//, ''));
}

test('a base and an overlay as documents in folders: kubectl kustomize shows them, apply -k creates them', async ({ page }) => {
  test.setTimeout(300_000); // Monaco and a long journey on a busy machine
  await page.goto('/');
  await expectClusterShown(page, 3);
  await addDocument(page, 'base/kustomization.yaml', BASE);
  await addDocument(page, './base/deployment.yaml', DEPLOYMENT);
  await addDocument(page, 'overlays/prod/kustomization.yaml', PROD);

  const input = page.getByTestId('terminal-input');
  await input.fill('kubectl kustomize overlays/p');
  await input.press('Tab');
  await expect(input).toHaveValue('kubectl kustomize overlays/prod ');
  await input.press('Enter');
  const output = page.getByTestId('terminal-output');
  await expect(output).toContainText('name: prod-web-config-');
  await expect(output).toContainText('image: nginx:1.28');
  await expect(output).toContainText('replicas: 2');
  await expect(output).toContainText(/name: prod-web\b/);

  await runInTerminal(page, 'kubectl kustomize overlays');
  await expect(output).toContainText("error: unable to find one of 'kustomization.yaml', 'kustomization.yml' or 'Kustomization' in directory 'overlays'");

  await runInTerminal(page, 'kubectl apply -k overlays/prod');
  await expect(output).toContainText(/configmap\/prod-web-config-[a-z0-9]{10} created/);
  await expect(output).toContainText('deployment.apps/prod-web created');
  await runInTerminal(page, 'sim advance 30s');
  await runInTerminal(page, 'kubectl get pods');
  await expect(output).toContainText(/prod-web-[a-z0-9]+-[a-z0-9]{5}\s+1\/1\s+Running/);
  await expectTiles(page, { pod: /^prod-web-/ }, 2, 60_000);
  await page.getByTestId('editor-panel').screenshot({ path: 'test-results/kustomize-documents.png' });

  // The editor's Apply on a kustomization document applies its folder with -k.
  await expect(page.getByTestId('apply-hint')).toHaveText('A kustomization: Apply runs kubectl apply -k overlays/prod, Diff kubectl diff -k overlays/prod.');
  await page.getByTestId('apply').click();
  await expect(page.getByTestId('apply-result')).toContainText('deployment.apps/prod-web unchanged');
  await expect(page.getByTestId('apply-result')).toHaveAttribute('data-ok', 'true');
  // Neither the Kubernetes schema nor a dry run marks a kustomization's fields.
  await expect(page.getByTestId('editor-host').locator('.squiggly-error')).toHaveCount(0);
});

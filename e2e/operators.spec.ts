/// <reference lib="dom" />
// Operators in the page: a built-in operator turns a custom resource into pods on the map; an operator written
// in the page's editor creates the objects of its custom resource, shows its loop and comes back after a
// reload; one that loops forever is stopped with a clear message while the cluster runs on; operator code in a
// share link runs only after the receiver agrees.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { encodeShareHash } from '../src/share/codec.ts';
import type { EngineClient } from '../src/worker/client.ts';
import { engineExec } from './engine.ts';
import { expectClusterShown, expectTiles, runInTerminal, setEditorText } from './helpers.ts';

type TestWindow = { __kubesimEngine: EngineClient };

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const PYTORCH_JOB = `apiVersion: kubeflow.org/v1
kind: PyTorchJob
metadata: {name: mnist}
spec:
  pytorchReplicaSpecs:
    Master:
      replicas: 1
      template:
        spec:
          containers:
          - {name: pytorch, image: pytorch/pytorch:2.3, command: [sh, -c, "sleep 86400"], resources: {limits: {nvidia.com/gpu: 1}}}
    Worker:
      replicas: 2
      template:
        spec:
          containers:
          - {name: pytorch, image: pytorch/pytorch:2.3, command: [sh, -c, "sleep 86400"], resources: {limits: {nvidia.com/gpu: 1}}}
`;

/** A tiny operator typed in the page: one Deployment per Website, its replicas following the Website's. */
const TINY_OPERATOR = `function reconcile(site: any, client: any): void {
  if (!site) return;
  const name: string = site.metadata.name;
  const replicas: number = site.spec.replicas ?? 1;
  const current = client.get('Deployment', name);
  if (current) {
    if (current.spec.replicas !== replicas) client.patch('Deployment', name, { spec: { replicas } });
    return;
  }
  const labels = { app: name };
  client.create(client.setControllerReference({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name },
    spec: { replicas, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [{ name: 'web', image: site.spec.image }] } } } }));
}
`;

async function start(page: Page) {
  await page.goto('/?test');
  await expectClusterShown(page, 3);
}

/** Fill the operator form and editor, install, and wait for the panel to say so. */
async function installOperator(page: Page, o: { name: string; kind: string; owns: string; language: 'typescript' | 'javascript'; code: string }) {
  await page.getByTestId('side-operators').click();
  await page.getByTestId('operator-name').fill(o.name);
  await page.getByTestId('operator-kind').fill(o.kind);
  await page.getByTestId('operator-owns').fill(o.owns);
  await page.getByTestId('operator-language').selectOption(o.language);
  await setEditorText(page, o.code);
  await page.getByTestId('operator-install').click();
  await expect(page.getByTestId('operator-result')).toHaveText(`✓operator/${o.name} installed`);
  await expect(page.getByTestId(`operator-${o.name}`)).toHaveAttribute('data-state', 'running');
}

/** The starter's Website CRD, applied from the manifest editor. */
async function applyWebsiteCrd(page: Page) {
  await page.getByTestId('side-operators').click();
  await page.getByTestId('operator-starter-manifests').click();
  await expect(page.getByTestId('doc-active-name')).toHaveText('website-crd.yaml');
  await page.getByTestId('apply').click();
  await expect(page.getByTestId('apply-result').first()).toHaveAttribute('data-ok', 'true');
}

test('a built-in operator: a PyTorchJob becomes gang-scheduled pods on the map', async ({ page }) => {
  test.setTimeout(600_000); // long journeys on a busy machine
  await start(page);
  await runInTerminal(page, 'sim node add g1 --gpus 2');
  await runInTerminal(page, 'sim node add g2 --gpus 2');
  await runInTerminal(page, 'sim operator install training');
  await expect(page.getByTestId('terminal')).toContainText('operator/training installed');
  await setEditorText(page, PYTORCH_JOB);
  await page.getByTestId('apply').click();
  await expect(page.getByTestId('apply-result').first()).toHaveAttribute('data-ok', 'true');
  await page.getByTestId('time-play-10').click();
  await expectTiles(page, { owner: 'mnist', tone: 'running' }, 3, 90_000);
  await expectTiles(page, { owner: 'mnist', node: /^g/ }, 3);
  await page.screenshot({ path: test.info().outputPath('operator-builtin.png') });
});

test('an operator written in the page creates its objects, shows its loop and survives a reload', async ({ page }) => {
  test.setTimeout(600_000); // long journeys on a busy machine
  await start(page);
  await applyWebsiteCrd(page);
  await installOperator(page, { name: 'tiny-website', kind: 'Website', owns: 'Deployment', language: 'typescript', code: TINY_OPERATOR });
  await runInTerminal(page, 'kubectl apply -f website.yaml');
  await expect(page.getByTestId('terminal')).toContainText('website.demo.kubesim.io/blog created');
  await page.getByTestId('time-play-100').click();
  await expectTiles(page, { tone: 'running', pod: /^blog-/ }, 2, 90_000);
  await expect(page.getByTestId('operator-tiny-website').getByTestId('operator-reconciles')).not.toHaveAttribute('data-count', '0');
  await page.screenshot({ path: test.info().outputPath('operator-written.png') });

  // Its loop in the control-loops view: a change to the Website, the reconcile, the Deployment patched.
  await page.getByTestId('view-loops').click();
  await page.getByTestId('loops-controller').selectOption('tiny-website');
  await expect(page.getByTestId('loops-view')).toBeVisible();
  await runInTerminal(page, `kubectl patch website blog --type merge -p '{"spec":{"replicas":3}}'`);
  await expect(page.getByTestId('loops-events')).toContainText('informer update Website default/blog (watch)', { timeout: 30_000 });
  await expect(page.getByTestId('loops-writes').filter({ hasText: 'update Deployment default/blog' }).first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('operator-loop.png') });

  // The code is saved with the workspace: after a reload the operator runs again from it.
  await page.evaluate(() => (window as unknown as TestWindow).__kubesimEngine.save());
  await page.reload();
  await expectClusterShown(page, 3);
  await page.getByTestId('side-operators').click();
  await expect(page.getByTestId('operator-tiny-website')).toHaveAttribute('data-state', 'running');
  await runInTerminal(page, `kubectl patch website blog --type merge -p '{"spec":{"replicas":1}}'`);
  await page.getByTestId('time-play-100').click();
  await expectTiles(page, { tone: 'running', pod: /^blog-/ }, 1, 90_000);
});

test('an operator that loops forever is stopped with a clear message and the cluster keeps running', async ({ page }) => {
  test.setTimeout(600_000); // long journeys on a busy machine
  await start(page);
  await applyWebsiteCrd(page);
  await installOperator(page, { name: 'spinner', kind: 'Website', owns: '', language: 'javascript', code: 'function reconcile(site, client) {\n  for (;;) {}\n}\n' });
  await runInTerminal(page, 'kubectl apply -f website.yaml');
  await page.getByTestId('time-play-10').click();
  const row = page.getByTestId('operator-spinner');
  await expect(row).toHaveAttribute('data-state', 'stopped', { timeout: 60_000 });
  await expect(row.getByTestId('operator-error')).toHaveText('Last error: the operator is stopped: 3 reconciles in a row did not finish within their time budget (an endless loop?); fix the code and install it again');
  await expect(page.getByTestId('event-list')).toContainText('Reconciler error: the reconcile did not finish within 500 ms: its worker was stopped and a fresh one started');
  await page.screenshot({ path: test.info().outputPath('operator-stopped.png') });

  await runInTerminal(page, 'kubectl create deployment web --image=nginx:1.27 --replicas=2');
  await expectTiles(page, { tone: 'running', pod: /^web-/ }, 2, 90_000);
});

test('operator code in a share link runs only after the receiver agrees', async ({ page }) => {
  test.setTimeout(600_000); // long journeys on a busy machine
  const operator = {
    name: 'cm-labeler', kind: 'ConfigMap', owns: [], language: 'javascript' as const,
    code: "function reconcile(cm, client) {\n  if (cm && !(cm.metadata.labels || {}).seen) client.patch('ConfigMap', cm.metadata.name, { metadata: { labels: { seen: 'yes' } } });\n}\n",
  };
  const hash = encodeShareHash({ scenario: readFileSync('scenarios/01-desired-state.yaml', 'utf8'), operators: [operator] });
  await start(page);

  await page.goto(`/?test#${hash}`);
  await page.getByTestId('share-load').click();
  await expect(page.getByTestId('operator-consent-code')).toHaveText(operator.code);
  await page.screenshot({ path: test.info().outputPath('operator-consent.png') });
  await page.getByTestId('operator-consent-refuse').click();
  await expect(page.getByTestId('operator-consent')).toHaveCount(0);
  await page.getByTestId('side-operators').click();
  await expect(page.getByTestId('operator-list')).toContainText('No operator installed yet.');

  await page.goto(`/?test#${hash}`);
  await page.getByTestId('share-load').click();
  await page.getByTestId('operator-consent-run').click();
  await page.getByTestId('side-operators').click();
  await expect(page.getByTestId('operator-cm-labeler')).toHaveAttribute('data-state', 'running');
  await runInTerminal(page, 'kubectl create configmap hello --from-literal=a=1');
  await page.getByTestId('time-play-10').click();
  await expect.poll(() => engineExec(page, 'kubectl get configmap hello -o jsonpath={.metadata.labels.seen}'), { timeout: 30_000 }).toBe('yes');
});

/// <reference lib="dom" />
// Helm hooks from the page: a chart whose pre-install Job must finish before the release's objects are created
// (helm waits for it while the simulation runs, and the Job's pod is on the map), helm get hooks, and helm test
// of kubesim/nginx running upstream's test-connection pod with helm's TEST SUITE / Phase lines.
import { expect as baseExpect, test } from '@playwright/test';
import { expectClusterShown, expectTiles, newDocument, runInTerminal } from './helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
const expect = baseExpect.configure({ timeout: 60_000 });

const MIGRATE = `apiVersion: batch/v1
kind: Job
metadata:
  name: migrate
  annotations:
    "helm.sh/hook": pre-install
spec:
  backoffLimit: 0
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: migrate
        image: busybox
        command: ["sh", "-c", "echo migrating; sleep 15"]
`;

const CONFIG = `apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ .Release.Name }}-config
data:
  schema: "2"
`;

test('a pre-install Job hook runs to completion before the release; helm test runs the chart test pod', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/');
  await expectClusterShown(page, 3);
  await newDocument(page, 'demo/Chart.yaml', 'apiVersion: v2\nname: demo\nversion: 0.1.0\n');
  await newDocument(page, 'demo/templates/migrate.yaml', MIGRATE);
  await newDocument(page, 'demo/templates/config.yaml', CONFIG);
  const output = page.getByTestId('terminal-output');

  await runInTerminal(page, 'helm install demo ./demo');
  await expect(output).toContainText('NAME: demo');
  await expect(output).toContainText('STATUS: deployed');
  // helm returned once the hook Job completed: its pod is on the map, and the Job is Complete.
  await expectTiles(page, { pod: /^migrate-/ }, 1, 60_000);
  await runInTerminal(page, 'kubectl get jobs');
  await expect(output).toContainText(/migrate\s+Complete\s+1\/1/);
  await runInTerminal(page, 'kubectl get configmap demo-config');
  await expect(output).toContainText(/demo-config\s+1\s/);
  await runInTerminal(page, 'helm get hooks demo');
  await expect(output).toContainText('# Source: demo/templates/migrate.yaml');

  await runInTerminal(page, 'helm install web kubesim/nginx --wait');
  await expect(output).toContainText('NAME: web');
  await expectTiles(page, { pod: /^web-nginx-/ }, 1, 60_000);
  await runInTerminal(page, 'helm test web');
  await expect(output).toContainText('TEST SUITE:     web-nginx-test-connection');
  await expect(output).toContainText('Phase:          Succeeded');
  await expectTiles(page, { pod: 'web-nginx-test-connection' }, 1, 60_000);
  await runInTerminal(page, 'helm status web');
  await expect(output).toContainText(/Last Completed: \w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4}/);
  await page.getByTestId('terminal-output').screenshot({ path: 'test-results/helm-hooks-terminal.png' });
});

/// <reference lib="dom" />
// kubectl create's typed generators from the page's terminal: a TLS Secret from two editor documents, a NodePort
// Service, an Ingress that uses both, and a PodDisruptionBudget, then what `kubectl get` shows of them; each
// subcommand's own flags (completion and refusal), and kubectl explain of those kinds.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { editorReady, newDocument, runInTerminal } from './helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
const expect = baseExpect.configure({ timeout: 60_000 }); // Monaco's chunk parses slowly on a busy machine

const CERT = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ2\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBq\n-----END EC PRIVATE KEY-----\n';

const lastOut = (page: Page) => page.locator('[data-testid=terminal-line][data-kind=out]').last();
const lastErr = (page: Page) => page.locator('[data-testid=terminal-line][data-kind=err]').last();

test('create secret tls from editor documents, a NodePort Service, an Ingress and a PDB', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await editorReady(page);
  await newDocument(page, 'tls.crt', CERT);
  await newDocument(page, 'tls.key', KEY);

  await runInTerminal(page, 'kubectl create secret tls web-tls --cert=tls.key --key=tls.crt');
  await expect(lastErr(page)).toContainText('PEM inputs may have been switched');
  await runInTerminal(page, 'kubectl create secret tls web-tls --cert=tls.crt --key=tls.key');
  await expect(lastOut(page)).toHaveText('secret/web-tls created');

  await runInTerminal(page, 'kubectl create service nodeport web --tcp=80:8080 --node-port=30080');
  await expect(lastOut(page)).toHaveText('service/web created');
  await runInTerminal(page, "kubectl create ingress web --class=nginx --rule='shop.example/*=web:80,tls=web-tls'");
  await expect(lastOut(page)).toHaveText('ingress.networking.k8s.io/web created');
  await runInTerminal(page, 'kubectl create pdb web --selector=app=web --min-available=50%');
  await expect(lastOut(page)).toHaveText('poddisruptionbudget.policy/web created');

  await runInTerminal(page, 'kubectl get secret web-tls');
  await expect(lastOut(page)).toContainText(/web-tls\s+kubernetes.io\/tls\s+2/);
  await runInTerminal(page, 'kubectl get svc web');
  await expect(lastOut(page)).toContainText(/web\s+NodePort\s+[\d.]+\s+<none>\s+80:30080\/TCP/);
  await runInTerminal(page, 'kubectl get ingress web');
  await expect(lastOut(page)).toContainText(/web\s+nginx\s+shop.example\s+[\d.]*\s*80, 443/);
  await runInTerminal(page, 'kubectl get pdb web -o jsonpath={.spec.minAvailable}');
  await expect(lastOut(page)).toHaveText('50%');

  // Each subcommand has its own flags: Tab offers nodeport's, and another subcommand's flag is refused.
  const input = page.getByTestId('terminal-input');
  await input.fill('kubectl create svc nodeport api --node');
  await input.press('Tab');
  await expect(input).toHaveValue('kubectl create svc nodeport api --node-port ');
  await input.fill('');
  await runInTerminal(page, 'kubectl create configmap app --replicas=3');
  await expect(page.getByTestId('terminal-output')).toContainText('error: unknown flag: --replicas');
  // explain documents every built-in kind (Ingress, PDB …), not a handful.
  await runInTerminal(page, 'kubectl explain ingress.spec.rules');
  await expect(page.getByTestId('terminal-output')).toContainText('FIELD: rules <[]IngressRule>');
  await page.getByTestId('terminal').screenshot({ path: 'test-results/create-commands.png' });
});

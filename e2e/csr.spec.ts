/// <reference lib="dom" />
// A user with a client certificate, typed in the page's terminal as a CKA candidate does it: openssl makes jane's
// key and request, a CertificateSigningRequest is applied from a here-document and approved, the issued certificate
// goes into a kubeconfig context, and jane is Forbidden until a Role and RoleBinding in dev let her list pods.
import { expect as baseExpect, test } from '@playwright/test';
import { expectClusterShown, runInTerminal } from './helpers.ts';

const expect = baseExpect.configure({ timeout: 60_000 });

test('jane gets a client certificate through a CSR and lists pods in dev', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  const output = page.getByTestId('terminal-output');
  const prompt = page.getByTestId('terminal-prompt');

  await runInTerminal(page, 'openssl genrsa -out jane.key 2048');
  await runInTerminal(page, 'openssl req -new -key jane.key -subj "/CN=jane/O=dev" -out jane.csr');
  await expect(page.locator('[data-testid=doc-tab][data-name="jane.csr"]')).toHaveCount(1);
  await runInTerminal(page, 'openssl req -in jane.csr -noout -subject');
  await expect(output).toContainText('subject=CN = jane, O = dev');

  await runInTerminal(page, 'cat <<EOF | kubectl apply -f -');
  await expect(prompt).toHaveText('>');
  for (const line of [
    'apiVersion: certificates.k8s.io/v1', 'kind: CertificateSigningRequest', 'metadata:', '  name: jane', 'spec:',
    "  request: $(cat jane.csr | base64 | tr -d '\\n')", '  signerName: kubernetes.io/kube-apiserver-client',
    '  expirationSeconds: 86400', '  usages:', '  - client auth', 'EOF',
  ]) await runInTerminal(page, line);
  await expect(output).toContainText('certificatesigningrequest.certificates.k8s.io/jane created');
  await runInTerminal(page, 'kubectl get csr');
  await expect(output).toContainText('REQUESTEDDURATION');
  await expect(output).toContainText(/jane\s+\S+\s+kubernetes\.io\/kube-apiserver-client\s+kubernetes-admin\s+24h\s+Pending/);

  await runInTerminal(page, 'kubectl certificate approve jane');
  await expect(output).toContainText('certificatesigningrequest.certificates.k8s.io/jane approved');
  await runInTerminal(page, 'sleep 1');
  await runInTerminal(page, "kubectl get csr jane -o jsonpath='{.status.certificate}' | base64 -d > jane.crt");
  await runInTerminal(page, 'openssl x509 -in jane.crt -noout -subject -issuer');
  await expect(output).toContainText('issuer=CN = kubernetes');

  await runInTerminal(page, 'kubectl config set-credentials jane --client-key=jane.key --client-certificate=jane.crt --embed-certs=true');
  await expect(output).toContainText('User "jane" set.');
  await runInTerminal(page, 'kubectl config set-context jane --cluster=kubernetes --user=jane');
  await runInTerminal(page, 'kubectl --context jane get pods -n dev');
  await expect(output).toContainText('User "jane" cannot list resource "pods" in API group "" in the namespace "dev"');
  await runInTerminal(page, 'kubectl auth whoami --context jane');
  await expect(output).toContainText(/Groups\s+\[dev system:authenticated\]/);

  await runInTerminal(page, 'kubectl create ns dev');
  await runInTerminal(page, 'kubectl create role pod-reader --verb=get,list,watch --resource=pods -n dev');
  await runInTerminal(page, 'kubectl create rolebinding jane-pod-reader --role=pod-reader --user=jane -n dev');
  await expect(output).toContainText('rolebinding.rbac.authorization.k8s.io/jane-pod-reader created');
  await runInTerminal(page, 'kubectl --context jane get pods -n dev');
  await expect(output).toContainText('No resources found in dev namespace.');
  await page.screenshot({ path: 'test-results/csr.png' });
});

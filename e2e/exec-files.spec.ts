/// <reference lib="dom" />
// Looking at a container's files from the page's terminal: a mounted ConfigMap's key, and the same file after the
// ConfigMap changed and the kubelet's periodic pod sync (60-90 s of simulated time) rewrote the volume; a script with
// a pipe and redirections.
import { expect, test } from '@playwright/test';
import { expectClusterShown, runInTerminal } from './helpers.ts';

test('kubectl exec cats a mounted ConfigMap key and sees an edit once the kubelet has synced the pod', async ({ page }) => {
  test.setTimeout(120_000); // long journeys on a busy machine
  await page.goto('/');
  await expectClusterShown(page, 3);
  const output = page.getByTestId('terminal-output');
  const lines = (text: string) => page.locator('[data-testid=terminal-line]').filter({ hasText: new RegExp(`^${text}$`) });

  await runInTerminal(page, 'kubectl create configmap app --from-literal=color=blue');
  await expect(output).toContainText('configmap/app created');
  const spec = { spec: { containers: [{ name: 'web', image: 'busybox', command: ['sleep', '3600'], volumeMounts: [{ name: 'cfg', mountPath: '/etc/config' }] }], volumes: [{ name: 'cfg', configMap: { name: 'app' } }] } };
  await runInTerminal(page, `kubectl run web --image=busybox --overrides='${JSON.stringify(spec)}'`);
  await expect(output).toContainText('pod/web created');
  await runInTerminal(page, 'sim advance 30s');
  await runInTerminal(page, 'kubectl get pod web');
  await expect(output).toContainText(/web\s+1\/1\s+Running/);

  await runInTerminal(page, 'kubectl exec web -- ls /etc/config');
  await expect(lines('color')).toHaveCount(1);
  await runInTerminal(page, 'kubectl exec web -- cat /etc/config/color');
  await expect(lines('blue')).toHaveCount(1);

  // The edit is in the API at once, but the volume still shows the old value until the pod's next sync.
  await runInTerminal(page, `kubectl patch configmap app -p '{"data":{"color":"green"}}'`);
  await expect(output).toContainText('configmap/app patched');
  await runInTerminal(page, 'kubectl exec web -- cat /etc/config/color');
  await expect(lines('blue')).toHaveCount(2);
  await runInTerminal(page, 'sim advance 90s');
  await runInTerminal(page, 'kubectl exec web -- cat /etc/config/color');
  await expect(lines('green')).toHaveCount(1);

  // busybox's own error text, and the kubelet's read-only mount.
  await runInTerminal(page, 'kubectl exec web -- ls /nope');
  await expect(output).toContainText('ls: /nope: No such file or directory');
  await runInTerminal(page, `kubectl exec web -- sh -c 'echo x > /etc/config/color'`);
  await expect(output).toContainText("sh: can't create /etc/config/color: Read-only file system");

  // The exec'd shell reads scripts as sh does: a pipe into grep, 2> to /dev/null, $? and quotes.
  await runInTerminal(page, `kubectl exec web -- sh -c 'cat /etc/hosts | grep -c web; cat /nope 2>/dev/null; echo "rc=$?" '"'it''s'"`);
  await expect(page.locator('[data-testid=terminal-line]').filter({ hasText: 'rc=1 its' })).toHaveText(/^1\s+rc=1 its$/);
});

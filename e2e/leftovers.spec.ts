/// <reference lib="dom" />
// A here-document typed in a `kubectl exec -it POD -- sh` session: the container's shell waits at `> ` until the
// delimiter, then runs the whole command in the container (the file it writes is there for the next line); and Tab
// completes `kubectl get --raw` paths.
import { expect, test } from '@playwright/test';
import { expectClusterShown, runInTerminal } from './helpers.ts';

test('a here-document in an exec -it session writes a file in the container; Tab completes --raw paths', async ({ page }) => {
  test.setTimeout(120_000); // long journeys on a busy machine
  await page.goto('/');
  await expectClusterShown(page, 3);
  const output = page.getByTestId('terminal-output');
  const prompt = page.getByTestId('terminal-shell-prompt');
  const input = page.getByTestId('terminal-input');
  const shellLine = (text: RegExp) => page.locator('[data-testid=terminal-line][data-kind=shell]').filter({ hasText: text });
  const outLine = (text: RegExp) => page.locator('[data-testid=terminal-line][data-kind=out]').filter({ hasText: text });

  await runInTerminal(page, 'kubectl run bb --image=busybox:1.36 --command -- sleep infinity');
  await expect(output).toContainText('pod/bb created');
  await runInTerminal(page, 'sim advance 30s');
  await runInTerminal(page, 'kubectl get pod bb');
  await expect(output).toContainText(/bb\s+1\/1\s+Running/);

  await runInTerminal(page, 'kubectl exec -it bb -- sh');
  await expect(prompt).toHaveText('/ #');
  await runInTerminal(page, 'cat > /tmp/greeting <<EOF');
  // ash's PS2 until the delimiter; nothing runs yet.
  await expect(prompt).toHaveText('>');
  await runInTerminal(page, 'hello from $(hostname)');
  await runInTerminal(page, '  indented');
  await expect(prompt).toHaveText('>');
  await runInTerminal(page, 'EOF');
  await expect(prompt).toHaveText('/ #');
  await expect(shellLine(/^\/ # cat > \/tmp\/greeting <<EOF$/)).toHaveCount(1);
  await expect(shellLine(/^> hello from \$\(hostname\)$/)).toHaveCount(1);
  await expect(shellLine(/^> EOF$/)).toHaveCount(1);

  await runInTerminal(page, 'cat /tmp/greeting');
  // The file's two lines, printed as one block.
  await expect(outLine(/^hello from bb\s+indented$/)).toHaveCount(1);

  // A quoted delimiter keeps the text as typed; Ctrl+C drops an unfinished one and the shell stays open.
  await runInTerminal(page, "cat <<'END'");
  await runInTerminal(page, '$HOME stays');
  await runInTerminal(page, 'END');
  await expect(outLine(/^\$HOME stays$/)).toHaveCount(1);
  await runInTerminal(page, 'cat <<EOF');
  await expect(prompt).toHaveText('>');
  await input.fill('never run');
  await input.press('Control+c');
  await expect(prompt).toHaveText('/ #');
  await expect(outLine(/^never run$/)).toHaveCount(0);

  await runInTerminal(page, 'exit');
  await expect(prompt).toHaveCount(0);

  // Tab completes the API server's paths after --raw.
  await input.fill('kubectl get --raw /vers');
  await input.press('Tab');
  await expect(input).toHaveValue('kubectl get --raw /version ');
  await input.press('Enter');
  await expect(output).toContainText('"gitVersion": "v1.32');
  await input.fill('kubectl get --raw /apis/app');
  await input.press('Tab');
  await expect(input).toHaveValue('kubectl get --raw /apis/apps ');
});

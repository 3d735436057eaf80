/// <reference lib="dom" />
// Here-documents in the page's terminal: a manifest pasted from the clipboard as `kubectl apply -f - <<EOF … EOF`
// (the paste is typed line by line, the prompt turns to `>` until the delimiter), a document written with
// `cat <<'EOF' > FILE` line by line, then applied with `kubectl apply -f - < FILE`.
import { expect as baseExpect, test } from '@playwright/test';
import { expectClusterShown, runInTerminal } from './helpers.ts';

const expect = baseExpect.configure({ timeout: 60_000 });

const MANIFEST = `kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: pasted
data:
  shell: $SHELL
EOF
`;

test('a pasted here-document reaches kubectl apply -f -, and cat <<EOF > FILE writes a document', async ({ page, context }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/?test');
  await expectClusterShown(page, 3);
  const output = page.getByTestId('terminal-output');
  const input = page.getByTestId('terminal-input');
  const prompt = page.getByTestId('terminal-prompt');

  // A multi-line paste, as a browser delivers it to the one-line input.
  await input.click();
  await page.evaluate((text) => navigator.clipboard.writeText(text), MANIFEST);
  await input.press('ControlOrMeta+v');
  await expect(output).toContainText('configmap/pasted created');
  await expect(output).toContainText('> EOF');
  await expect(prompt).toHaveText('$');
  await runInTerminal(page, 'kubectl get configmap pasted -o jsonpath={.data.shell}');
  await expect(output.locator('[data-kind=out]', { hasText: /^\/bin\/bash$/ })).toHaveCount(1);

  // Typed line by line: the prompt waits at `>` until the quoted delimiter, and nothing in it is expanded.
  await runInTerminal(page, "cat <<'END' > note.yaml");
  await expect(prompt).toHaveText('>');
  for (const line of ['apiVersion: v1', 'kind: ConfigMap', 'metadata:', '  name: typed', 'data:', '  home: $HOME']) await runInTerminal(page, line);
  await expect(prompt).toHaveText('>');
  await runInTerminal(page, 'END');
  await expect(prompt).toHaveText('$');
  await expect(page.locator('[data-testid=doc-tab][data-name="note.yaml"]')).toHaveCount(1);
  await runInTerminal(page, 'kubectl apply -f - < note.yaml');
  await expect(output).toContainText('configmap/typed created');
  await runInTerminal(page, 'kubectl get configmap typed -o jsonpath={.data.home}');
  await expect(output.locator('[data-kind=out]', { hasText: /^\$HOME$/ })).toHaveCount(1);

  // Ctrl+C at the `>` prompt drops the unfinished command.
  await runInTerminal(page, 'cat <<EOF');
  await expect(prompt).toHaveText('>');
  await input.press('Control+c');
  await expect(prompt).toHaveText('$');
  await page.screenshot({ path: 'test-results/heredoc.png' });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { interactiveExec, sessionCommand, sessionLine, shellPrompt, shellQuote, withoutExitLine } from './containershell.ts';

describe('kubectl exec -it … -- SHELL opens a session', () => {
  it.each([
    ['kubectl exec -it bb -- sh', { target: ['exec', 'bb'], shell: 'sh' }],
    ['kubectl exec -ti web -c nginx -n shop -- /bin/bash', { target: ['exec', 'web', '-c', 'nginx', '-n', 'shop'], shell: '/bin/bash' }],
    ['k exec --stdin --tty deploy/web -- bash', { target: ['exec', 'deploy/web'], shell: 'bash' }],
    ['kubectl -n shop exec -i -t bb -- ash', { target: ['-n', 'shop', 'exec', 'bb'], shell: 'ash' }],
  ])('%s', (line, want) => {
    expect(interactiveExec(line)).toEqual(want);
  });

  it.each([
    'kubectl exec bb -- sh', // no TTY: the shell reads an empty stdin and exits
    'kubectl exec -t bb -- sh',
    'kubectl exec -it bb -- ls /',
    'kubectl exec -it bb -- sh -c "ls"',
    'kubectl get pods -- sh',
  ])('not for %s', (line) => {
    expect(interactiveExec(line)).toBeUndefined();
  });
});

describe('lines in the session', () => {
  const s = { target: ['exec', 'bb'], shell: 'sh', hostname: 'bb', cwd: '/etc' };
  it('run from the working directory through kubectl exec', () => {
    expect(sessionCommand(s, 'cat hostname')).toBe("kubectl exec bb -- sh -c 'cd '\\''/etc'\\'' && cat hostname'");
  });
  it('cd alone asks the shell for the new directory; exit and Ctrl+D leave', () => {
    expect(sessionLine('cd /tmp')).toEqual({ kind: 'cd', script: "cd '/tmp' && pwd" });
    expect(sessionLine('cd')).toEqual({ kind: 'cd', script: 'cd && pwd' });
    expect(sessionLine('cd ~')).toEqual({ kind: 'cd', script: 'cd && pwd' });
    expect(sessionLine('cd /tmp && ls')).toEqual({ kind: 'run' });
    expect(sessionLine('exit')).toEqual({ kind: 'exit' });
    expect(sessionLine('exit 3')).toEqual({ kind: 'exit' });
    expect(sessionLine('  ')).toEqual({ kind: 'empty' });
  });
  it('prompts as busybox ash and bash do for root', () => {
    expect(shellPrompt(s)).toBe('/etc # ');
    expect(shellPrompt({ ...s, cwd: '/root' })).toBe('~ # ');
    expect(shellPrompt({ ...s, shell: '/bin/bash', hostname: 'web-1', cwd: '/' })).toBe('root@web-1:/# ');
  });
  it('drops kubectl\'s closing exit-code line only', () => {
    expect(withoutExitLine("cat: can't open 'x': No such file or directory\ncommand terminated with exit code 1\n")).toBe("cat: can't open 'x': No such file or directory\n");
    expect(withoutExitLine('plain\n')).toBe('plain\n');
  });
  it('property: single quoting keeps any text literal for sh (no quote left open)', () => {
    fc.assert(fc.property(fc.string(), (text) => {
      const q = shellQuote(text);
      // Undo sh's quoting: '…' segments and \' between them.
      const parts = q.match(/'[^']*'|\\'/g) ?? [];
      expect(parts.join('')).toBe(q);
      expect(parts.map((p) => (p === "\\'" ? "'" : p.slice(1, -1))).join('')).toBe(text);
    }));
  });
});

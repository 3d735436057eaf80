import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCluster } from '../../engine/index.ts';
import { mustExec, untilNodesReady } from '../../engine/testing/fixtures.ts';
import { interactiveExec, sessionCommand, sessionLine, sessionOutput, shellPrompt, shellQuote, withoutExitLine } from './containershell.ts';

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
  it('run from the working directory through kubectl exec, ending with the shell\'s own pwd after a marker', () => {
    expect(sessionCommand(s, 'cat hostname')).toBe("kubectl exec bb -- sh -c 'cd '\\''/etc'\\'' && {\ncat hostname\n}; rc=$?; echo; echo __kubesim_cwd__; pwd; exit $rc'");
  });
  it.each([
    ['bb\n\n__kubesim_cwd__\n/etc\n', { stdout: 'bb\n', cwd: '/etc' }],
    ['hi\n__kubesim_cwd__\n/tmp\n', { stdout: 'hi\n', cwd: '/tmp' }],
    ['\n__kubesim_cwd__\n/\n', { stdout: '', cwd: '/' }],
    ['left by exit\n', { stdout: 'left by exit\n' }],
  ])('splits %j into the output and the directory after it', (out, want) => {
    expect(sessionOutput(out)).toEqual(want);
  });
  it('exit and Ctrl+D leave; anything else runs', () => {
    expect(sessionLine('cd /tmp && ls')).toBe('run');
    expect(sessionLine('exit')).toBe('exit');
    expect(sessionLine('exit 3')).toBe('exit');
    expect(sessionLine('  ')).toBe('empty');
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

describe('a session against the engine', () => {
  it('keeps a cd made anywhere in a line, and each line\'s exit code', () => {
    const c = createCluster({ seed: 1 });
    mustExec(c, 'sim node add w1');
    untilNodesReady(c);
    mustExec(c, 'kubectl run bb --image=busybox:1.36 --command -- sleep infinity');
    c.advance(30);
    const s = { target: ['exec', 'bb'], shell: 'sh', hostname: 'bb', cwd: '/' };
    const line = (cwd: string, text: string) => {
      const r = c.exec(sessionCommand({ ...s, cwd }, text));
      return { code: r.code, stderr: withoutExitLine(r.stderr), ...sessionOutput(r.stdout) };
    };
    expect(line('/', 'cd /etc && cat hostname')).toEqual({ code: 0, stderr: '', stdout: 'bb\n', cwd: '/etc' });
    expect(line('/etc', 'echo -n hi; cd ..')).toEqual({ code: 0, stderr: '', stdout: 'hi\n', cwd: '/' });
    expect(line('/etc', 'cat nope')).toEqual({ code: 1, stderr: "cat: can't open 'nope': No such file or directory\n", stdout: '', cwd: '/etc' });
    expect(line('/etc', 'cd /nope')).toEqual({ code: 1, stderr: "sh: cd: can't cd to /nope: No such file or directory\n", stdout: '', cwd: '/etc' });
    // A here-document's lines, as the terminal gathers them: the body ends at its delimiter, before the session's `}`.
    expect(line('/', 'cd /tmp; cat > greeting <<EOF\nhello $(hostname)\nEOF')).toEqual({ code: 0, stderr: '', stdout: '', cwd: '/tmp' });
    expect(line('/tmp', "cat greeting; cat <<-'END'\n\t$HOME\n\tEND")).toEqual({ code: 0, stderr: '', stdout: 'hello bb\n$HOME\n', cwd: '/tmp' });
  });
});

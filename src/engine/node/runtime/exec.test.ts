// The exec'd shell's `cd`: a working directory for the rest of the script (relative paths, `pwd`), and the
// errors of busybox's ash and of dash when the directory is missing or is a file.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runExec, type ExecContext } from './exec.ts';
import type { ContainerFS } from './fs/commands.ts';
import { dir, file, place } from './fs/tree.ts';

const T = Date.UTC(2026, 0, 1);
function ctx(busybox: boolean): ExecContext {
  const root = dir(T);
  place(root, '/etc/hostname', file('bb\n', T));
  place(root, '/root', dir(T, 0o700));
  place(root, '/tmp', dir(T, 0o777));
  const fs: ContainerFS = { root, busybox, now: T, record: () => {} };
  return { env: [{ key: 'HOME', value: '/root' }], hostname: 'bb', date: () => '', busybox, files: () => ({ exitCode: 1, stdout: '' }), fs, image: busybox ? 'busybox:1.36' : 'nginx:1.27' };
}
const sh = (busybox: boolean, script: string) => runExec(ctx(busybox), ['sh', '-c', script]);

describe('cd in an exec\'d shell', () => {
  it('moves the working directory for pwd and relative paths; cd alone goes $HOME', () => {
    expect(sh(true, 'cd /etc; pwd; cat hostname')).toEqual({ exitCode: 0, stdout: '/etc\nbb\n', stderr: '' });
    expect(sh(true, 'cd /etc && cd .. && pwd && ls etc')).toEqual({ exitCode: 0, stdout: '/\nhostname\n', stderr: '' });
    expect(sh(false, 'cd; pwd')).toEqual({ exitCode: 0, stdout: '/root\n', stderr: '' });
    expect(sh(true, 'cd /tmp && echo hi > x && cat /tmp/x')).toEqual({ exitCode: 0, stdout: 'hi\n', stderr: '' });
  });

  it.each([
    [true, 'cd /nope', { exitCode: 1, stdout: '', stderr: "sh: cd: can't cd to /nope: No such file or directory\n" }],
    [true, 'cd /etc/hostname', { exitCode: 1, stdout: '', stderr: "sh: cd: can't cd to /etc/hostname: Not a directory\n" }],
    [false, 'cd /nope', { exitCode: 2, stdout: '', stderr: "sh: 1: cd: can't cd to /nope\n" }],
    [false, 'cd /nope || pwd', { exitCode: 0, stdout: '/\n', stderr: "sh: 1: cd: can't cd to /nope\n" }],
  ])('busybox=%s %s', (busybox, script, want) => {
    expect(sh(busybox, script)).toEqual(want);
  });

  it('property: cd into any path of the tree then pwd prints its normalized absolute form', () => {
    const part = fc.constantFrom('etc', 'tmp', 'root', '.', '..');
    fc.assert(fc.property(fc.array(part, { maxLength: 6 }), (parts) => {
      const r = sh(true, `cd /${parts.join('/')} && pwd`);
      const want: string[] = [];
      for (const p of parts) { if (p === '..') want.pop(); else if (p !== '.') want.push(p); }
      // Only the top directories exist: deeper paths fail, and cd reports it.
      if (want.length > 1) expect(r.exitCode).toBe(1);
      else expect(r).toEqual({ exitCode: 0, stdout: `/${want.join('/')}\n`, stderr: '' });
    }));
  });
});

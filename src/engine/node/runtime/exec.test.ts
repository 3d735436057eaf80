// The exec'd shell: `cd` (a working directory for the rest of the script: relative paths, `pwd`), with the errors
// of busybox's ash and of dash when the directory is missing or is a file; and the script's syntax, read by the
// same parser as pods' scripts: quotes, pipes, redirections, if and for.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runExec, type ExecContext } from './exec.ts';
import type { ContainerFS } from './fs/commands.ts';
import { dir, file, place } from './fs/tree.ts';
import { parseScript } from './shell.ts';

const T = Date.UTC(2026, 0, 1);
function ctx(busybox: boolean): ExecContext {
  const root = dir(T);
  place(root, '/etc/hostname', file('bb\n', T));
  place(root, '/root', dir(T, 0o700));
  place(root, '/tmp', dir(T, 0o777));
  const fs: ContainerFS = { root, busybox, now: T, record: () => {} };
  return { env: [{ key: 'HOME', value: '/root' }], hostname: 'bb', now: T, busybox, files: () => ({ exitCode: 1, stdout: '' }), fs, image: busybox ? 'busybox:1.36' : 'nginx:1.27' };
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

describe('the exec\'d shell\'s syntax', () => {
  it.each([
    // Quotes and escapes as POSIX sh: adjacent quoted parts are one word; single quotes keep $ literal.
    [`echo 'it''s' "a  b" \\$HOME $HOME`, 'its a  b $HOME /root\n'],
    [`X=1; echo "x=$X" '$X'`, 'x=1 $X\n'],
    ['X=1; export Y=2; env | grep -v HOME; printenv X Y', 'Y=2\n2\n'],
    [`echo $(hostname) $((2+3))`, 'bb 5\n'],
    [`date +%F`, '2026-01-01\n'],
    // Pipes feed the next command's stdin: cat, grep, head and tail read it when given no file.
    ['cat /etc/hostname | grep b', 'bb\n'],
    ['cat /etc/hostname | grep -c x; cat /etc/hostname | grep -vc x', '0\n1\n'],
    ['printenv HOME | cat -', '/root\n'],
    [`echo one; echo two | head -n 1`, 'one\ntwo\n'],
    ['for n in a b; do echo $n; done | tail -n 1', 'b\n'],
    ['if test -d /etc; then echo dir; else echo none; fi', 'dir\n'],
    ['if cat /nope; then echo yes; fi; echo $?x; cat /nope; echo $?', '0x\n1\n'],
    ['{ echo a; echo b; } | grep -v a', 'b\n'],
    // Redirections: `>`, `>>` (also glued to the word), and `2>` which leaves stdout alone.
    ['echo hi > /tmp/x; echo ho>>/tmp/x; cat /tmp/x', 'hi\nho\n'],
    // The text filters every image has (coreutils or busybox), over a pipe or the container's files.
    ['echo b > /tmp/w; echo a >> /tmp/w; echo b >> /tmp/w; wc -l /tmp/w; sort /tmp/w | uniq -c; cat /tmp/w | wc -l', '3 /tmp/w\n      1 a\n      2 b\n3\n'],
    ['echo hi | base64; echo abc | tr a-c x-z', 'aGkK\nxyz\n'],
    ['ls /etc 2>/dev/null', 'hostname\n'],
    ['echo ">" not a redirection', '> not a redirection\n'],
  ])('%s', (script, stdout) => {
    expect(sh(true, script).stdout).toBe(stdout);
  });

  it.each([
    // Here-documents: expanded unless the delimiter is quoted (any part of it); `<<-` strips leading tabs;
    // in an unquoted one a backslash escapes only $ ` \\ and a newline; the delimiter must be alone on its line.
    ['cat <<EOF\nhome=$HOME\n\\$HOME \\n $(hostname)\n EOF\nEOF\necho after', 'home=/root\n$HOME \\n bb\n EOF\nafter\n'],
    ["cat <<'EOF'\nhome=$HOME $(hostname)\nEOF", 'home=$HOME $(hostname)\n'],
    ['cat <<"E"OF\n$HOME\nEOF', '$HOME\n'],
    ['cat <<\\EOF\n$HOME\nEOF', '$HOME\n'],
    ['cat <<-EOF\n\t\tindented\n\tEOF\necho done', 'indented\ndone\n'],
    // The document feeds the first command of a pipeline; the rest of its line goes on after it.
    ['cat <<EOF | grep -c a\na\nb\na\nEOF', '2\n'],
    ['cat <<EOF > /tmp/doc; cat /tmp/doc\nx: 1\nEOF', 'x: 1\n'],
    // Two documents on one line are read in order; an unterminated one ends with the script (bash warns).
    ['cat <<A; cat <<B\none\nA\ntwo\nB', 'one\ntwo\n'],
    ['cat <<EOF\nno end', 'no end\n'],
    // `< FILE` and the here-string `<<< WORD` (with its newline).
    ['cat < /etc/hostname', 'bb\n'],
    ['grep -c b <<< "$HOME bb"', '1\n'],
  ])('input: %j', (script, stdout) => {
    expect(sh(true, script)).toEqual({ exitCode: 0, stdout, stderr: '' });
  });

  it('property: a quoted here-document gives back its lines exactly, whatever they hold', () => {
    const line = fc.string({ unit: fc.constantFrom('a', ' ', '$', '`', '\\', "'", '"', '(', ')', '{', '|', ';', '#', '<', '\t'), maxLength: 12 }).filter((l) => l !== 'EOF');
    fc.assert(fc.property(fc.array(line, { maxLength: 6 }), (lines) => {
      const body = lines.map((l) => `${l}\n`).join('');
      expect(sh(true, `cat <<'EOF'\n${body}EOF\necho after`)).toEqual({ exitCode: 0, stdout: `${body}after\n`, stderr: '' });
    }));
  });

  it('an input file that cannot be opened stops its command, with ash\'s or dash\'s error', () => {
    expect(sh(true, 'cat < /nope; echo $?')).toEqual({ exitCode: 0, stdout: '1\n', stderr: "sh: can't open '/nope': No such file or directory\n" });
    expect(sh(false, 'cat < /nope; echo $?')).toEqual({ exitCode: 0, stdout: '2\n', stderr: 'sh: 1: cannot open /nope: No such file\n' });
    expect(sh(true, 'cat < /tmp')).toEqual({ exitCode: 1, stdout: '', stderr: "sh: can't open '/tmp': Is a directory\n" });
  });

  it('2> sends a command\'s errors to a file, or nowhere for /dev/null', () => {
    expect(sh(true, 'cat /nope 2>/dev/null; echo $?')).toEqual({ exitCode: 0, stdout: '1\n', stderr: '' });
    expect(sh(false, 'cat /nope 2>/tmp/err; cat /tmp/err')).toEqual({ exitCode: 0, stdout: 'cat: /nope: No such file or directory\n', stderr: '' });
  });

  it('exit leaves at once with its code; a loop is refused, as no time passes in one exec', () => {
    expect(sh(true, 'echo a; if true; then exit 3; fi; echo b')).toEqual({ exitCode: 3, stdout: 'a\n', stderr: '' });
    expect(sh(false, 'while true; do echo x; done')).toMatchObject({ exitCode: 2, stdout: '' });
  });

  it('property: a pipeline into cat - is the same as the command alone', () => {
    const word = fc.stringMatching(/^[a-z]{1,6}$/);
    fc.assert(fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), (ws) => {
      const cmd = `echo ${ws.join(' ')}`;
      expect(sh(true, `${cmd} | cat -`)).toEqual(sh(true, cmd));
      expect(parseScript(`${cmd} | cat`)).toHaveLength(1);
    }));
  });
});

// GNU coreutils' outputs for the workstation's text filters (values from coreutils 9 on Debian).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runTextUtil } from './textutils.ts';

const docs: Record<string, string> = { 'a.txt': 'one\ntwo\nthree\n', 'b.txt': 'x y\n' };
const run = (line: string, stdin?: string) => runTextUtil(line.split(' '), (name) => (name === '-' ? stdin ?? '' : docs[name]));

describe('workstation text filters', () => {
  it.each([
    ['wc -l', 'a\nb\nc\n', '3\n'],
    ['wc -w', 'a b\nc\n', '3\n'],
    ['wc -c', 'héllo\n', '7\n'],
    ['wc -m', 'héllo\n', '6\n'],
    // stdin's size is unknown: each count takes 7 columns.
    ['wc', 'a b\nc\n', '      2       3       6\n'],
    ['wc -lw', 'a b\n', '      1       2\n'],
    ['wc -l', 'no newline', '0\n'],
    ['sort', 'b\na\nB\n', 'B\na\nb\n'],
    ['sort -r', 'b\na\nc\n', 'c\nb\na\n'],
    ['sort -n', '10\n9\n100\n', '9\n10\n100\n'],
    ['sort -u', 'b\na\nb\n', 'a\nb\n'],
    ['uniq', 'a\na\nb\na\n', 'a\nb\na\n'],
    ['uniq -c', 'a\na\nb\n', '      2 a\n      1 b\n'],
    ['uniq -d', 'a\na\nb\n', 'a\n'],
    ['base64', 'hunter2', 'aHVudGVyMg==\n'],
    ['base64 -d', 'aHVudGVyMg==', 'hunter2'],
    ['base64 --decode', 'aHVudGVyMg==\n', 'hunter2'],
    ['base64 -w 0', 'x'.repeat(60), `${'eHh4'.repeat(20)}\n`],
    ['tr a-z A-Z', 'web-1\n', 'WEB-1\n'],
    ['tr -d -', 'a-b-c', 'abc'],
  ])('%s', (line, stdin, want) => {
    expect(run(line, stdin)).toEqual({ exitCode: 0, stdout: want, stderr: '' });
  });

  it('wraps base64 at 76 columns, as GNU does by default', () => {
    const out = run('base64', 'x'.repeat(60)).stdout.split('\n');
    expect(out.map((l) => l.length)).toEqual([76, 4, 0]);
  });

  it('reads documents, and counts several with a total in the width of their size', () => {
    expect(run('wc -l a.txt b.txt').stdout).toBe(' 3 a.txt\n 1 b.txt\n 4 total\n');
    expect(run('wc a.txt').stdout).toBe(' 3  3 14 a.txt\n');
    expect(run('sort a.txt').stdout).toBe('one\nthree\ntwo\n');
  });

  it('answers bad input in GNU words', () => {
    expect(run('wc -z')).toEqual({ exitCode: 1, stdout: '', stderr: "wc: invalid option -- 'z'\nTry 'wc --help' for more information.\n" });
    expect(run('sort --frob')).toEqual({ exitCode: 1, stdout: '', stderr: "sort: unrecognized option '--frob'\nTry 'sort --help' for more information.\n" });
    expect(run('wc -l nope.txt')).toEqual({ exitCode: 1, stdout: '', stderr: 'wc: nope.txt: No such file or directory\n' });
    expect(run('base64 -d', 'not base64!')).toEqual({ exitCode: 1, stdout: '', stderr: 'base64: invalid input\n' });
    expect(run('tr a')).toEqual({ exitCode: 1, stdout: '', stderr: "tr: missing operand after 'a'\nTwo strings must be given when translating.\nTry 'tr --help' for more information.\n" });
  });

  it('decodes what it encodes, for any text', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => {
      expect(run('base64 -d', run('base64', text).stdout).stdout).toBe(text);
    }));
  });

  it('sort keeps every line and orders them; uniq -c counts add up to the lines', () => {
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[a-c]{0,3}$/), { maxLength: 30 }), (lines) => {
      const text = lines.map((l) => `${l}\n`).join('');
      const sorted = run('sort', text).stdout;
      expect(sorted).toBe([...lines].sort().map((l) => `${l}\n`).join(''));
      const counts = run('uniq -c', sorted).stdout.split('\n').filter(Boolean).map((l) => Number(l.trim().split(' ')[0]));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(lines.length);
    }));
  });
});

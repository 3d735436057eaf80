// File commands against a container tree: busybox and GNU texts, ls -l, and (property) a configMap volume's
// files read back exactly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atomicVolumeDir, volumePayload, type PayloadSources } from '../../kubelet/podfiles/volumes.ts';
import { runFileCommand, redirectWrite, type ContainerFS } from './commands.ts';
import { dir, file, link, place } from './tree.ts';

const T = Date.UTC(2026, 11, 7, 0, 34, 5);
function fsWith(busybox: boolean): ContainerFS {
  const root = dir(T);
  place(root, '/etc/config', atomicVolumeDir(new Map([['app.properties', { data: 'color=blue\n', mode: 0o644 }], ['mode', { data: 'prod', mode: 0o644 }]]), T, 'seed', true));
  place(root, '/data/out.txt', file('one\ntwo\nthree\n', T));
  place(root, '/tmp', dir(T, 0o777));
  return { root, busybox, now: T, record: () => {} };
}
const run = (busybox: boolean, ...argv: string[]) => runFileCommand(fsWith(busybox), argv);

describe('missing files: busybox and GNU coreutils', () => {
  it.each([
    [['cat', '/nope'], "cat: can't open '/nope': No such file or directory\n", 1, 'cat: /nope: No such file or directory\n', 1],
    [['ls', '/nope'], 'ls: /nope: No such file or directory\n', 1, "ls: cannot access '/nope': No such file or directory\n", 2],
    [['head', '/nope'], 'head: /nope: No such file or directory\n', 1, "head: cannot open '/nope' for reading: No such file or directory\n", 1],
    [['tail', '/nope'], "tail: can't open '/nope': No such file or directory\n", 1, "tail: cannot open '/nope' for reading: No such file or directory\n", 1],
    [['cat', '/etc/config'], 'cat: read error: Is a directory\n', 1, 'cat: /etc/config: Is a directory\n', 1],
    [['rm', '/nope'], "rm: can't remove '/nope': No such file or directory\n", 1, "rm: cannot remove '/nope': No such file or directory\n", 1],
    [['touch', '/etc/config/x'], 'touch: /etc/config/x: Read-only file system\n', 1, "touch: cannot touch '/etc/config/x': Read-only file system\n", 1],
  ])('%j', (argv, bbErr, bbCode, gnuErr, gnuCode) => {
    expect(run(true, ...argv)).toEqual({ exitCode: bbCode, stdout: '', stderr: bbErr });
    expect(run(false, ...argv)).toEqual({ exitCode: gnuCode, stdout: '', stderr: gnuErr });
  });

  it('a redirection into a read-only mount: ash and dash', () => {
    expect(redirectWrite(fsWith(true), '/etc/config/x', '', false)).toBe("sh: can't create /etc/config/x: Read-only file system");
    expect(redirectWrite(fsWith(false), '/etc/config/x', '', false)).toBe('sh: 1: cannot create /etc/config/x: Read-only file system');
    const fs = fsWith(true);
    expect(redirectWrite(fs, '/tmp/x', 'hi\n', false)).toBeUndefined();
    expect(runFileCommand(fs, ['cat', '/tmp/x']).stdout).toBe('hi\n');
  });
});

describe('reading', () => {
  it('cat follows the key symlinks; head and tail take -n', () => {
    expect(run(true, 'cat', '/etc/config/app.properties', '/etc/config/mode')).toEqual({ exitCode: 0, stdout: 'color=blue\nprod', stderr: '' });
    expect(run(false, 'head', '-n', '2', '/data/out.txt').stdout).toBe('one\ntwo\n');
    expect(run(false, 'tail', '-1', '/data/out.txt').stdout).toBe('three\n');
    expect(run(false, 'grep', 'tw', '/data/out.txt')).toEqual({ exitCode: 0, stdout: 'two\n', stderr: '' });
    expect(run(false, 'grep', 'zz', '/data/out.txt').exitCode).toBe(1);
  });
  it('test -f/-d/-L', () => {
    expect(run(true, 'test', '-f', '/etc/config/mode').exitCode).toBe(0);
    expect(run(true, 'test', '-L', '/etc/config/mode').exitCode).toBe(0);
    expect(run(true, '[', '-d', '/etc/config/..data', ']').exitCode).toBe(0);
    expect(run(true, 'test', '-e', '/nope').exitCode).toBe(1);
  });
  it('ls lists visible names one per line; -a shows the atomic writer layout', () => {
    expect(run(true, 'ls', '/etc/config').stdout).toBe('app.properties\nmode\n');
    expect(run(false, 'ls', '-A', '/etc/config').stdout).toMatch(/^\.\.2026_12_07_00_34_05\.\d+\n\.\.data\napp\.properties\nmode\n$/);
  });
  it('ls -l: busybox columns and GNU aligned columns, symlinks with their targets', () => {
    expect(run(true, 'ls', '-l', '/etc/config').stdout).toBe(
      'total 0\n'
      + 'lrwxrwxrwx    1 root     root            21 Dec  7 00:34 app.properties -> ..data/app.properties\n'
      + 'lrwxrwxrwx    1 root     root            11 Dec  7 00:34 mode -> ..data/mode\n');
    expect(run(false, 'ls', '-l', '/etc/config').stdout).toBe(
      'total 0\n'
      + 'lrwxrwxrwx 1 root root 21 Dec  7 00:34 app.properties -> ..data/app.properties\n'
      + 'lrwxrwxrwx 1 root root 11 Dec  7 00:34 mode -> ..data/mode\n');
    expect(run(false, 'ls', '-l', '/etc/config/..data/')).toEqual({ exitCode: 0, stdout: 'total 8\n-rw-r--r-- 1 root root 11 Dec  7 00:34 app.properties\n-rw-r--r-- 1 root root  4 Dec  7 00:34 mode\n', stderr: '' });
    expect(run(true, 'ls', '-l', '/data/out.txt').stdout).toBe('-rw-r--r--    1 root     root            14 Dec  7 00:34 /data/out.txt\n');
  });
  it('a link cycle is not found', () => {
    const root = dir(T);
    place(root, '/a', link('/b', T));
    place(root, '/b', link('/a', T));
    expect(runFileCommand({ root, busybox: false, now: T, record: () => {} }, ['cat', '/a']).exitCode).toBe(1);
  });
});

// Keys the API accepts for ConfigMap data: [-._a-zA-Z0-9]+, not "." or "..", and here not starting with ".." (the writer's own names).
const key = fc.stringMatching(/^[a-zA-Z0-9_-][-._a-zA-Z0-9]{0,20}$/);
const sources = (data: Record<string, string>): PayloadSources => ({ pod: { metadata: { name: 'p' } }, allocatable: {}, configMap: () => ({ data }), secret: () => undefined, token: () => '' });

describe('property: a configMap volume reads back its ConfigMap', () => {
  it('each key cats back its exact value, and ls lists exactly the keys', () => {
    fc.assert(fc.property(fc.dictionary(key, fc.string()), fc.boolean(), (data, busybox) => {
      const root = dir(T);
      place(root, '/etc/config', atomicVolumeDir(volumePayload({ name: 'v', configMap: { name: 'cm' } }, sources(data))!, T, 's', true));
      const fs: ContainerFS = { root, busybox, now: T, record: () => {} };
      for (const [k, v] of Object.entries(data)) expect(runFileCommand(fs, ['cat', `/etc/config/${k}`])).toEqual({ exitCode: 0, stdout: v, stderr: '' });
      const names = Object.keys(data).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).filter((k) => !k.startsWith('.'));
      expect(runFileCommand(fs, ['ls', '/etc/config']).stdout).toBe(names.map((n) => `${n}\n`).join(''));
    }));
  });
  it('with items, ls lists exactly the items paths (top level) and each path holds its key', () => {
    fc.assert(fc.property(fc.dictionary(key, fc.string(), { minKeys: 1 }), (data) => {
      const keys = Object.keys(data);
      const items = keys.map((k, i) => ({ key: k, path: `p${i}/${k}` }));
      const root = dir(T);
      place(root, '/etc/config', atomicVolumeDir(volumePayload({ name: 'v', configMap: { name: 'cm', items } }, sources(data))!, T, 's', true));
      const fs: ContainerFS = { root, busybox: true, now: T, record: () => {} };
      for (const it of items) expect(runFileCommand(fs, ['cat', `/etc/config/${it.path}`]).stdout).toBe(data[it.key]);
      expect(runFileCommand(fs, ['ls', '/etc/config']).stdout).toBe(items.map((it) => it.path.split('/')[0]).sort().map((n) => `${n}\n`).join(''));
    }));
  });
});

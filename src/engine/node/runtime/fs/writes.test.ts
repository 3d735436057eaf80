// What scripts write into files, from their timelines: redirections (also of `date`), appends, and loops.
import { describe, expect, it } from 'vitest';
import { runScript, timelineLogs } from '../shell.ts';
import { scriptWrites } from './writes.ts';

const T0 = Date.UTC(2026, 0, 1);
const writes = (script: string, untilMs: number) =>
  scriptWrites(runScript(script), { container: 'c', containerId: 'id', startedAt: T0, until: T0 + untilMs, hostname: 'web' }).map((w) => [w.path, w.data, w.append]);

describe('scriptWrites', () => {
  it('echo, printf and date redirections write, touch appends nothing, rm removes', () => {
    expect(writes('echo hello > /data/a; echo -n x >> /data/a; printf "%s-%s" a b > /data/b; touch /data/c; date >> /data/d; rm /data/c', 0)).toEqual([
      ['/data/a', 'hello\n', false], ['/data/a', 'x', true], ['/data/b', 'a-b', false], ['/data/c', '', true], ['/data/d', 'Thu Jan  1 00:00:00 UTC 2026\n', true], ['/data/c', undefined, false],
    ]);
  });
  it('`date >> file` goes to the file, not to the log', () => {
    expect(timelineLogs(runScript('date >> /data/out.txt; sleep infinity'), T0, 1000, 'web', 100)).toEqual([]);
  });
  it('an endless loop writes once per iteration so far, with its counters', () => {
    expect(writes('i=0; while true; do i=$((i+1)); echo "line $i" >> /data/log; sleep 5; done', 12_000)).toEqual([
      ['/data/log', 'line 1\n', true], ['/data/log', 'line 2\n', true], ['/data/log', 'line 3\n', true],
    ]);
  });
});

// bash's job control texts (jobs.c: "[%d]%c  %-22s …" padded to the command, kill's errors in builtins/kill.def).
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../sim/rng.ts';
import { Jobs, type Signal } from './jobs.ts';
import { Workstation } from './workstation.ts';

function table() {
  const jobs = new Jobs(new SeededRng(1));
  const signals: [number, Signal][] = [];
  const spawn = (cmd: string) => { const j = jobs.spawn(cmd, true, (s) => signals.push([j.id, s])); return j; };
  return { jobs, signals, spawn };
}

describe('jobs', () => {
  it('lists running jobs with + on the newest and - on the one before; -l adds the pid, -p prints pids', () => {
    const { jobs, spawn } = table();
    const a = spawn('kubectl port-forward svc/web 8080:80');
    spawn('kubectl port-forward svc/db 5432');
    spawn('kubectl port-forward pod/x 9000');
    expect(jobs.jobs([]).stdout).toBe([
      '[1]   Running                 kubectl port-forward svc/web 8080:80 &',
      '[2]-  Running                 kubectl port-forward svc/db 5432 &',
      '[3]+  Running                 kubectl port-forward pod/x 9000 &',
      '',
    ].join('\n'));
    expect(jobs.jobs(['-l']).stdout.split('\n')[0]).toBe(`[1]  ${a.pid} Running                 kubectl port-forward svc/web 8080:80 &`);
    expect(jobs.jobs(['-p']).stdout.split('\n')[0]).toBe(String(a.pid));
    expect(jobs.jobs(['-x'])).toEqual({ code: 2, stdout: '', stderr: 'bash: jobs: -x: invalid option\njobs: usage: jobs [-lnprs] [jobspec ...] or jobs -x command [args]\n' });
  });

  it('numbers a new job after the highest one left, and reports an ended one once', () => {
    const { jobs, spawn } = table();
    const one = spawn('a');
    const two = spawn('b');
    expect(jobs.finish(two, 1)).toBe('[2]+  Exit 1                  b');
    expect(spawn('c').id).toBe(2);
    expect(jobs.finish(one, 0)).toBe('[1]-  Done                    a');
    expect(jobs.finish(jobs.list()[0], 143, 'TERM')).toBe('[2]+  Terminated              c');
    expect(spawn('d').id).toBe(1);
  });

  it.each([
    [['%1'], 0, '', [[1, 'TERM']]],
    [['-9', '%%'], 0, '', [[2, 'KILL']]],
    [['-s', 'INT', '%-'], 0, '', [[1, 'INT']]],
    [['-SIGTERM', '%+'], 0, '', [[2, 'TERM']]],
    [[], 2, 'kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n', []],
    [['%7'], 1, 'bash: kill: %7: no such job\n', []],
    [['12'], 1, 'bash: kill: (12) - No such process\n', []],
    [['web'], 1, 'bash: kill: web: arguments must be process or job IDs\n', []],
    [['-HUPX', '%1'], 1, 'bash: kill: HUPX: invalid signal specification\n', []],
  ])('kill %j', (args, code, stderr, signalled) => {
    const { jobs, signals, spawn } = table();
    spawn('a');
    spawn('b');
    expect(jobs.kill(args)).toEqual({ code, stderr });
    expect(signals).toEqual(signalled);
  });

  it('kill PID signals the job with that process id', () => {
    const { jobs, signals, spawn } = table();
    spawn('a');
    const b = spawn('b');
    expect(jobs.kill([String(b.pid)]).code).toBe(0);
    expect(signals).toEqual([[2, 'TERM']]);
  });
});

describe('a trailing &', () => {
  it.each([
    ['kubectl port-forward svc/web 8080:80 &', { line: 'kubectl port-forward svc/web 8080:80', background: true }],
    ['kubectl get pods&', { line: 'kubectl get pods', background: true }],
    ['kubectl get pods', { line: 'kubectl get pods', background: false }],
    ['a && b', { line: 'a && b', background: false }],
    ['&', { line: '&', background: false }],
  ])('%j', (line, want) => expect(Workstation.background(line)).toEqual(want));
});

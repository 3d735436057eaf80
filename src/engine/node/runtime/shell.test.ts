import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dateString, fileExists, passGate, runScript, timelineLogs } from './shell.ts';

const START = Date.UTC(2026, 0, 1);
const logs = (script: string, untilMs: number, env = {}) => timelineLogs(runScript(script, env), START, untilMs, 'pod-x', 1000).map((l) => `${(l.at - START) / 1000}:${l.text}`);

describe('the simulated sh', () => {
  it.each([
    ['echo hi; exit 3', { kind: 'exit', at: 0, code: 3 }],
    ['sleep 2 && exit 1', { kind: 'exit', at: 2000, code: 1 }],
    ['false || exit 5', { kind: 'exit', at: 0, code: 5 }],
    ['true && false', { kind: 'exit', at: 0, code: 1 }],
    ['sleep 1m; sleep 1.5', { kind: 'exit', at: 61_500, code: 0 }],
    ['sleep infinity', { kind: 'forever', busy: false }],
    ['while true; do :; done', { kind: 'forever', busy: true }],
    ['tail -f /dev/null', { kind: 'forever' }],
    ['echo start; nginx -g "daemon off;"', { kind: 'forever', serve: 'nginx' }],
    ['mkdir -p /data; ./server --port 8080', { kind: 'forever', serve: 'server' }],
    ['until nslookup db; do echo waiting; sleep 2; done; echo ready', { kind: 'loop', at: 0, period: 2000 }],
    ['until test -f /ready; do sleep 2; done; echo ready', { kind: 'exit', at: 0, code: 0 }],
    ['for i in 1 2 3; do sleep 1; done; exit 7', { kind: 'exit', at: 3000, code: 7 }],
    ['if true; then exit 2; else exit 3; fi', { kind: 'exit', at: 0, code: 2 }],
    ["trap 'exit 0' TERM; sleep 3600 & wait", { kind: 'exit', at: 3_600_000, code: 0 }],
    ['redis-server & sleep 1; wait', { kind: 'forever', serve: 'redis-server' }],
  ])('%s', (script, end) => {
    expect(runScript(script).end).toMatchObject(end);
  });

  it('prints echo lines at their moment, with variables and $(date)', () => {
    expect(logs('echo "hello $NAME"; sleep 5; echo "at $(date)"', 10_000, { NAME: 'world' })).toEqual(['0:hello world', `5:at ${dateString(START + 5000)}`]);
    expect(logs("echo '$HOME stays'", 0)).toEqual(['0:$HOME stays']);
    expect(logs('for i in $(seq 1 3); do echo "n=$i"; done', 0)).toEqual(['0:n=1', '0:n=2', '0:n=3']);
  });

  it('reads here-documents: `cat <<EOF` prints its lines, `cat <<EOF > FILE` writes them (expanded when read)', () => {
    expect(logs('cat <<EOF\nhello $NAME\nbye\nEOF\nsleep 1; echo after', 2000, { NAME: 'pod' })).toEqual(['0:hello pod', '0:bye', '1:after']);
    const t = runScript("cat <<'EOF' > /etc/app.conf\nhome=$HOME\nEOF\nexec nginx");
    expect(t.events).toMatchObject([{ kind: 'touch', text: '/etc/app.conf' }]);
    expect(t.end).toMatchObject({ kind: 'forever', serve: 'nginx' });
    expect(fileExists(t, '/etc/app.conf', 0)).toBe(true);
  });

  it('keeps a backslash inside double quotes unless it escapes $ ` " \\ or a newline, as POSIX sh', () => {
    expect(logs('printf "a\\nb"', 0)).toEqual(['0:a', '0:b']);
    expect(logs('echo "cost: \\$5, \\"quoted\\", back\\\\slash"', 0)).toEqual(['0:cost: $5, "quoted", back\\slash']);
    expect(logs('echo \\$HOME "\\$HOME"', 0, { HOME: '/root' })).toEqual(['0:$HOME $HOME']);
  });

  it('expands an endless loop lazily, counters included (the counter example of the Kubernetes docs)', () => {
    const script = 'i=0; while true; do echo "$i: $(date +%T)"; i=$((i+1)); sleep 1; done';
    expect(logs(script, 2_500)).toEqual(['0:0: 00:00:00', '1:1: 00:00:01', '2:2: 00:00:02']);
    const late = timelineLogs(runScript(script), START, 86_400_000, 'p', 3);
    expect(late.map((l) => l.text)).toEqual(['86398: 23:59:58', '86399: 23:59:59', '86400: 00:00:00']);
  });

  it('does not print what goes to a file, and tracks the files it touches', () => {
    const t = runScript('touch /tmp/healthy; echo ok > /tmp/ready; sleep 30; rm -f /tmp/healthy; sleep 600');
    expect(timelineLogs(t, START, 700_000, 'p', 10)).toEqual([]);
    expect(fileExists(t, '/tmp/healthy', 10_000)).toBe(true);
    expect(fileExists(t, '/tmp/healthy', 30_000)).toBe(false);
    expect(fileExists(t, '/tmp/ready', 40_000)).toBe(true);
    expect(fileExists(t, '/etc/passwd', 40_000)).toBeUndefined();
  });
});

describe('loops that wait on the network (gates)', () => {
  const lines = (tl: ReturnType<typeof runScript>, untilMs: number) => timelineLogs(tl, START, untilMs, 'p', 100).map((l) => `${(l.at - START) / 1000}:${l.text}`);

  it('ends in the loop until the runtime finds the condition met, then goes on from that round', () => {
    const tl = runScript('echo start; sleep 1; until nslookup db.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for db; sleep 2; done; echo ready; sleep 5; exit 3');
    expect(tl.gate).toMatchObject({ at: 1000, period: 2000 });
    expect(tl.end).toMatchObject({ kind: 'loop', at: 1000, period: 2000 });
    const seen: string[][] = [];
    expect(tl.gate!.exits((argv) => { seen.push(argv); return 1; })).toBe(false);
    expect(seen).toEqual([['nslookup', 'db.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local']]);
    expect(tl.gate!.exits(() => 0)).toBe(true);
    // Met at the start of the fourth round (after three of waiting): 1 s + 3 × 2 s.
    const passed = passGate(tl, 3);
    expect(passed.gate).toBeUndefined();
    expect(passed.end).toEqual({ kind: 'exit', at: 12_000, code: 3 });
    expect(lines(passed, 20_000)).toEqual(['0:start', '1:waiting for db', '3:waiting for db', '5:waiting for db', '7:ready']);
  });

  it('waits while a negated condition holds, and checks a loop without sleep once a second', () => {
    const tl = runScript('while ! nc -z db 5432; do :; done; postgres-client');
    expect(tl.gate).toMatchObject({ at: 0, period: 1000 });
    expect(tl.gate!.exits(() => 1)).toBe(false);
    expect(tl.gate!.exits(() => 0)).toBe(true);
    // The script's last command is the program the container runs for.
    expect(passGate(tl, 0).end).toMatchObject({ kind: 'forever', at: 0, serve: 'postgres-client' });
  });

  it('chains gates: the second loop is reached once the first is passed', () => {
    const tl = runScript('until nslookup a; do sleep 2; done; echo a; until wget -q -O- http://b; do sleep 5; done; echo b');
    const second = passGate(tl, 2);
    expect(second.gate).toMatchObject({ at: 4000, period: 5000 });
    expect(passGate(second, 1).end).toEqual({ kind: 'exit', at: 9000, code: 0 });
    expect(lines(passGate(second, 1), 10_000)).toEqual(['4:a', '9:b']);
  });

  it('runs a single network command when the script gets there, and goes on with its status', () => {
    const tl = runScript('sleep 3; wget -q -O- http://web && echo up || exit 4');
    expect(tl.gate).toMatchObject({ at: 3000, period: 0 });
    expect(tl.end).toMatchObject({ kind: 'forever', at: 3000 });
    expect(tl.gate!.exits(() => 0)).toBe(true);
    expect(passGate(tl, 0).end).toEqual({ kind: 'exit', at: 3000, code: 0 });
    expect(lines(passGate(tl, 0), 5000)).toEqual(['3:up']);
    expect(tl.gate!.exits(() => 1)).toBe(true);
    expect(passGate(tl, 0).end).toEqual({ kind: 'exit', at: 3000, code: 4 });
    // As the container's whole command (helm's test-connection pod runs `wget NAME:PORT`): its status is the exit code.
    const alone = runScript("'wget' 'web:80'");
    alone.gate!.exits(() => 1);
    expect(passGate(alone, 0).end).toEqual({ kind: 'exit', at: 0, code: 1 });
  });

  it('leaves network commands inside loops, in an if condition, and redirected ones quick', () => {
    expect(runScript('while true; do wget -q -O- http://web; sleep 1; done').end).toMatchObject({ kind: 'loop', period: 1000 });
    expect(runScript('while true; do until nslookup db; do sleep 2; done; sleep 1; done').gate).toBeUndefined();
    expect(runScript('if nslookup db; then echo a; fi; echo x').gate).toBeUndefined();
    expect(runScript('curl -s http://web > /dev/null; echo x').gate).toBeUndefined();
    expect(runScript('until [ -f /tmp/ok ]; do sleep 1; done').gate).toBeUndefined();
  });

  it('gates inside an if branch: the branch\'s rest, then what follows the fi', () => {
    const tl = runScript('echo a; if true; then sleep 1; until nslookup db; do echo waiting; sleep 2; done; echo in; fi; echo out');
    expect(tl.gate).toMatchObject({ at: 1000, period: 2000 });
    const passed = passGate(tl, 2);
    expect(passed.end).toEqual({ kind: 'exit', at: 5000, code: 0 });
    expect(lines(passed, 10_000)).toEqual(['0:a', '1:waiting', '3:waiting', '5:in', '5:out']);
    const otherwise = runScript('if [ -f /tmp/none ]; then echo no; else while ! nc -z db 5432; do sleep 1; done; echo db; fi && echo up');
    expect(otherwise.gate).toMatchObject({ at: 0, period: 1000 });
    expect(lines(passGate(otherwise, 0), 1000)).toEqual(['0:db', '0:up']);
    // A lone network command in a branch runs when the script gets there, its status passed on.
    const lone = runScript('if true; then curl -s http://web; fi || echo failed');
    expect(lone.gate).toMatchObject({ at: 0, period: 0 });
    lone.gate!.exits(() => 7);
    expect(lines(passGate(lone, 0), 1000)).toEqual(['0:failed']);
  });

  it('gates inside a for body, each round with its own variable, then the remaining rounds and what follows', () => {
    const tl = runScript('for h in a b; do until nslookup $h; do sleep 1; done; echo $h; done; echo all');
    expect(tl.gate).toMatchObject({ at: 0, period: 1000 });
    const envs: string[] = [];
    tl.gate!.exits((argv, env) => { envs.push(`${argv.join(' ')} h=${env.h}`); return 1; });
    expect(envs).toEqual(['nslookup $h h=a']);
    const second = passGate(tl, 2);
    expect(second.gate).toMatchObject({ at: 2000, period: 1000 });
    second.gate!.exits((argv, env) => { envs.push(`${argv.join(' ')} h=${env.h}`); return 0; });
    expect(envs[1]).toBe('nslookup $h h=b');
    const done = passGate(second, 1);
    expect(done.end).toEqual({ kind: 'exit', at: 3000, code: 0 });
    expect(lines(done, 10_000)).toEqual(['2:a', '3:b', '3:all']);
  });

  it('gates every round of a for body whatever the number of rounds (property)', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 5 }), (waits) => {
      const items = waits.map((_w, i) => `s${i}`);
      let tl = runScript(`for h in ${items.join(' ')}; do until nslookup $h; do sleep 1; done; echo $h; done; echo end`);
      for (const w of waits) {
        expect(tl.gate).toBeDefined();
        tl = passGate(tl, w);
      }
      const total = waits.reduce((a, b) => a + b, 0) * 1000;
      expect(tl.gate).toBeUndefined();
      expect(tl.end).toEqual({ kind: 'exit', at: total, code: 0 });
      expect(lines(tl, total).map((l) => l.split(':')[1])).toEqual([...items, 'end']);
    }), { numRuns: 30 });
  });
});

import { describe, expect, it } from 'vitest';
import { dateString, fileExists, runScript, timelineLogs } from './shell.ts';

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
    ['until nslookup db; do echo waiting; sleep 2; done; echo ready', { kind: 'exit', at: 0, code: 0 }],
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

import type { Container } from 'kubernetes-types/core/v1';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deepFreeze } from '../../api/object.ts';
import { containerBehavior, parseBehavior } from './behavior.ts';

const MI = 1024 * 1024;

describe('the kubesim.io/behavior annotation', () => {
  const names = ['app', 'sidecar', 'worker', 'web'];

  it('parses the documented example', () => {
    const { settings, errors } = parseBehavior('app: exit-after=30s,code=1; sidecar: crash-after=10s; worker: memory=grow:50Mi/s; web: cpu=750m', names);
    expect(errors).toEqual([]);
    expect(settings.get('app')).toMatchObject({ exitAfterMs: 30_000, code: 1 });
    expect(settings.get('sidecar')).toMatchObject({ exitAfterMs: 10_000, code: 1 });
    expect(settings.get('worker')).toMatchObject({ memoryGrowPerSec: 50 * MI });
    expect(settings.get('web')).toMatchObject({ cpuMilli: 750 });
  });

  it.each([
    ['readiness=fail', 'readiness', { from: 0, until: Infinity }],
    ['readiness=fail-after=60s', 'readiness', { from: 60_000, until: Infinity }],
    ['liveness=pass-after=1m30s', 'liveness', { from: 0, until: 90_000 }],
    ['startup=pass', 'startup', { from: Infinity, until: Infinity }],
  ])('probe outcome %s', (setting, type, outcome) => {
    const { settings, errors } = parseBehavior(`web: ${setting}`, names);
    expect(errors).toEqual([]);
    expect(settings.get('web')?.probes).toEqual({ [type]: outcome });
  });

  it.each([
    ['memory=300Mi', { memoryBytes: 300 * MI }],
    ['cpu=2', { cpuMilli: 2000 }],
    ['stop=ignore', { stop: 'ignore' }],
    ['stop=5s', { stop: { ms: 5000, code: 0 } }],
    ['exit-after=500ms', { exitAfterMs: 500 }],
    ['code=3', { code: 3 }],
  ])('setting %s', (setting, expected) => {
    const { settings, errors } = parseBehavior(`app:${setting}`, names);
    expect(errors).toEqual([]);
    expect(settings.get('app')).toMatchObject(expected);
  });

  it('applies * to every container and lets a named entry refine it', () => {
    const { settings } = parseBehavior('*: cpu=100m; web: cpu=2', names);
    expect(settings.get('app')?.cpuMilli).toBe(100);
    expect(settings.get('web')?.cpuMilli).toBe(2000);
  });

  it.each([
    ['nobody: cpu=1', '"nobody" is not a container of this pod (containers: app, sidecar, worker, web)'],
    ['app cpu=1', '"app cpu=1": expected CONTAINER: setting,…'],
    ['app: memroy=1Gi', 'app: unknown setting "memroy" (keys: exit-after, code, crash-after, memory, cpu, disk, liveness, readiness, startup, stop)'],
    ['app: exit-after=soon', 'app: duration "soon": expected e.g. 500ms, 30s, 5m or 1h30m'],
    ['app: code=300', 'app: code "300": expected an exit code from 0 to 255'],
    ['app: readiness=flaky', 'app: probe outcome "flaky": expected fail, pass, fail-after=DURATION or pass-after=DURATION'],
    ['app: cpu', 'app: "cpu": expected KEY=VALUE (keys: exit-after, code, crash-after, memory, cpu, disk, liveness, readiness, startup, stop)'],
  ])('reports %s as an error and keeps the rest', (text, error) => {
    const { settings, errors } = parseBehavior(`${text}; web: cpu=1`, names);
    expect(errors).toEqual([error]);
    expect(settings.get('web')?.cpuMilli).toBe(1000);
  });

  it('reports a bad quantity with the parser\'s words', () => {
    expect(parseBehavior('app: memory=lots', names).errors[0]).toMatch(/^app: memory "lots": /);
  });
});

describe('what a container does (the convention)', () => {
  const c = (over: Partial<Container>): Container => ({ name: 'c', image: 'busybox:1.36', ...over });
  const end = (over: Partial<Container>, annotation?: Parameters<typeof containerBehavior>[1]) => containerBehavior(c(over), annotation).timeline.end;

  it.each<[string, Partial<Container>, object]>([
    ['sleep N exits 0 after N seconds', { command: ['sleep', '30'] }, { kind: 'exit', at: 30_000, code: 0 }],
    ['sleep infinity never exits', { command: ['sleep', 'infinity'] }, { kind: 'forever' }],
    ['sh -c "exit N"', { command: ['sh', '-c', 'exit 4'] }, { kind: 'exit', at: 0, code: 4 }],
    ['/bin/sh -c with args', { command: ['/bin/sh', '-c'], args: ['echo hi; exit 3'] }, { kind: 'exit', at: 0, code: 3 }],
    ['the last status is the exit code', { command: ['sh', '-c', 'sleep 1; false'] }, { kind: 'exit', at: 1000, code: 1 }],
    ['busybox without a command exits 0 at once', {}, { kind: 'exit', at: 0, code: 0 }],
    ['alpine too', { image: 'alpine:3.20' }, { kind: 'exit', at: 0, code: 0 }],
    ['nginx serves until stopped', { image: 'nginx:1.27' }, { kind: 'forever', serve: 'nginx' }],
    ['redis with flags still serves', { image: 'redis:7', args: ['--maxmemory', '100mb'] }, { kind: 'forever', serve: 'redis-server' }],
    ['an unknown image runs until stopped', { image: 'example.com/shop/api:2' }, { kind: 'forever' }],
    ['an unknown program runs until stopped', { image: 'python:3.12', command: ['python', 'app.py'] }, { kind: 'forever', serve: 'python' }],
    ['postgres without a password exits 1', { image: 'postgres:17' }, { kind: 'exit', code: 1 }],
    ['postgres with one serves', { image: 'postgres:17', env: [{ name: 'POSTGRES_PASSWORD', value: 'x' }] }, { kind: 'forever', serve: 'postgres' }],
    ['$(VAR) expands from env', { command: ['sleep', '$(DELAY)'], env: [{ name: 'DELAY', value: '7' }] }, { kind: 'exit', at: 7000 }],
  ])('%s', (_, over, expected) => {
    expect(end(over)).toMatchObject(expected);
  });

  it('exit-after ends a server with the code given, and says so in the log', () => {
    const b = containerBehavior(c({ image: 'nginx' }), { exitAfterMs: 30_000, code: 1 });
    expect(b.timeline.end).toEqual({ kind: 'exit', at: 30_000, code: 1 });
    expect(b.timeline.events.at(-1)?.text).toBe('kubesim: kubesim.io/behavior ends the process after 30s with exit code 1');
  });

  it('a shell as PID 1 ignores SIGTERM, unless it traps it; servers stop at once', () => {
    expect(containerBehavior(c({ command: ['sh', '-c', 'sleep 3600'] })).stop).toBe('ignore');
    expect(containerBehavior(c({ command: ['sleep', '3600'] })).stop).toBe('ignore');
    expect(containerBehavior(c({ command: ['sh', '-c', "trap 'exit 0' TERM; sleep 3600 & wait"] })).stop).toEqual({ ms: 0, code: 0 });
    expect(containerBehavior(c({ image: 'nginx' })).stop).toEqual({ ms: 200, code: 0 });
  });

  it('idle use comes from the image; the annotation overrides it', () => {
    expect(containerBehavior(c({ image: 'nginx' }))).toMatchObject({ memoryBytes: 4 * MI, cpuMilli: 1, explicitUsage: false });
    expect(containerBehavior(c({ image: 'nginx' }), { memoryBytes: 300 * MI, cpuMilli: 750 })).toMatchObject({ memoryBytes: 300 * MI, cpuMilli: 750, explicitUsage: true });
    expect(containerBehavior(c({ command: ['sh', '-c', 'while true; do :; done'] })).cpuMilli).toBe(1000);
  });
});

describe('the behaviour of a stored container', () => {
  it('is built once per frozen container spec and equals the behaviour built afresh', () => {
    const container = fc.record({
      name: fc.constant('app'),
      image: fc.constantFrom('nginx:1.27', 'busybox', 'postgres:16', 'example.com/app:v1'),
      command: fc.option(fc.constantFrom(['sh', '-c'], ['sleep'], ['/server']), { nil: undefined }),
      args: fc.option(fc.constantFrom(['echo hi; exit 3'], ['30'], ['-g', 'daemon off;']), { nil: undefined }),
      env: fc.option(fc.constant([{ name: 'POSTGRES_PASSWORD', value: 'x' }]), { nil: undefined }),
    });
    fc.assert(fc.property(container, (c) => {
      const stored = deepFreeze(structuredClone(c) as Container);
      const shared = containerBehavior(stored);
      expect(containerBehavior(stored)).toBe(shared);
      expect(shared).toEqual(containerBehavior(structuredClone(c) as Container));
      expect(containerBehavior(stored, { cpuMilli: 5 }).cpuMilli).toBe(5);
    }), { numRuns: 100 });
  });
});

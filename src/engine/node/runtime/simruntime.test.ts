import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SimClock } from '../../sim/clock.ts';
import { SeededRng } from '../../sim/rng.ts';
import { containerBehavior } from './behavior.ts';
import type { ContainerStatus } from './cri.ts';
import { SimRuntime } from './simruntime.ts';

describe('SimRuntime container status', () => {
  it('property: containerStatus (kept between changes) always shows the container as listContainers and the events do', () => {
    type Op = { kind: 'create' } | { kind: 'start'; i: number } | { kind: 'stop'; i: number } | { kind: 'crash'; i: number } | { kind: 'advance'; ms: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.constant<Op>({ kind: 'create' }),
      fc.record({ kind: fc.constantFrom('start' as const, 'stop' as const, 'crash' as const), i: fc.integer({ min: 0, max: 4 }) }),
      fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 40_000 }) }),
    );
    fc.assert(fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
      const clock = new SimClock();
      const rt = new SimRuntime(clock, new SeededRng(1), 'v1.32.0');
      const sandbox = rt.runPodSandbox({ uid: 'u', name: 'p', namespace: 'default', attempt: 0, hostname: 'p', hostNetwork: true });
      const ids: string[] = [];
      // What each container should show, from the runtime's events and the operations alone.
      const expected = new Map<string, Pick<ContainerStatus, 'state' | 'startedAt' | 'finishedAt' | 'exitCode'>>();
      rt.onEvent((e) => {
        const x = expected.get(e.containerId)!;
        if (e.type === 'ContainerDied') expected.set(e.containerId, { ...x, state: 'CONTAINER_EXITED', finishedAt: clock.now() });
      });
      for (const o of ops) {
        if (o.kind === 'create') {
          const spec = { name: `c${ids.length}`, image: 'busybox', command: ['sh', '-c', `sleep ${ids.length * 7}; exit 3`] };
          const id = rt.createContainer(sandbox, { name: spec.name, attempt: 0, image: spec.image, imageRef: 'sha256:x', behavior: containerBehavior(spec) });
          ids.push(id);
          expected.set(id, { state: 'CONTAINER_CREATED', startedAt: undefined, finishedAt: undefined, exitCode: undefined });
        } else if (o.kind === 'advance') {
          clock.advance(o.ms);
        } else {
          const id = ids[o.i];
          if (!id) continue;
          const before = rt.containerStatus(id)!;
          if (o.kind === 'start' && before.state === 'CONTAINER_CREATED') expected.set(id, { ...expected.get(id)!, state: 'CONTAINER_RUNNING', startedAt: clock.now() });
          if (o.kind === 'start') rt.startContainer(id);
          else if (o.kind === 'stop') rt.stopContainer(id, 0);
          else rt.crash(id, 5);
        }
        const listed = rt.listContainers(sandbox);
        for (const id of ids) {
          const s = rt.containerStatus(id)!;
          expect(s).toMatchObject(Object.fromEntries(Object.entries(expected.get(id)!).filter(([k]) => k !== 'exitCode')));
          expect(listed.find((l) => l.id === id)).toEqual(s);
          expect(Object.isFrozen(s)).toBe(true);
        }
      }
    }), { numRuns: 200 });
  });
});

describe('SimRuntime usage totals', () => {
  it('property: memoryUse is containerStats summed in container order', () => {
    type Op = { kind: 'create'; memory: string; limit: boolean } | { kind: 'start' | 'stop' | 'crash' | 'remove'; i: number } | { kind: 'advance'; ms: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), memory: fc.constantFrom('', '100Mi', 'grow:3Mi/s', 'grow:1500/s'), limit: fc.boolean() }),
      fc.record({ kind: fc.constantFrom('start' as const, 'stop' as const, 'crash' as const, 'remove' as const), i: fc.integer({ min: 0, max: 5 }) }),
      fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 40_000 }) }),
    );
    fc.assert(fc.property(fc.array(op, { maxLength: 30 }), fc.integer({ min: 0, max: 1e9 }), (ops, from) => {
      const clock = new SimClock();
      const rt = new SimRuntime(clock, new SeededRng(1), 'v1.32.0');
      const sandbox = rt.runPodSandbox({ uid: 'u', name: 'p', namespace: 'default', attempt: 0, hostname: 'p', hostNetwork: true });
      const ids: string[] = [];
      for (const o of ops) {
        if (o.kind === 'create') {
          const spec = { name: `c${ids.length}`, image: 'nginx:1.27' };
          const settings = o.memory === 'grow:3Mi/s' ? { memoryGrowPerSec: 3 * 2 ** 20 } : o.memory === 'grow:1500/s' ? { memoryGrowPerSec: 1500 } : o.memory ? { memoryBytes: 100 * 2 ** 20 } : {};
          ids.push(rt.createContainer(sandbox, { name: spec.name, attempt: 0, image: spec.image, imageRef: 'sha256:x', behavior: containerBehavior(spec, settings), ...(o.limit ? { memoryLimitBytes: 150 * 2 ** 20 + 7 } : {}) }));
        } else if (o.kind === 'advance') clock.advance(o.ms);
        else if (ids[o.i]) {
          if (o.kind === 'start') rt.startContainer(ids[o.i]);
          else if (o.kind === 'stop') rt.stopContainer(ids[o.i], 0);
          else if (o.kind === 'crash') rt.crash(ids[o.i], 5);
          else rt.removeContainer(ids[o.i]);
        }
        let memory = from;
        let memoryGrowth = 0;
        for (const c of rt.listContainers()) {
          const s = rt.containerStats(c.id);
          if (s) { memory += s.memoryBytes; memoryGrowth += s.memoryGrowPerSec; }
        }
        expect(rt.memoryUse(from)).toEqual({ bytes: memory, growPerSec: memoryGrowth });
      }
    }), { numRuns: 300 });
  });
});

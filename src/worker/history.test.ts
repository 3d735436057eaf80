import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../engine/index.ts';
import { ClusterHistory } from './history.ts';

const obj = (name: string, v: number): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' }, data: { v: String(v) } }) as KubeObject;

type Op = { name: string; del: boolean; dt: number };
const ops = fc.array(fc.record({ name: fc.constantFrom('a', 'b', 'c', 'd'), del: fc.boolean(), dt: fc.integer({ min: 0, max: 5_000 }) }), { maxLength: 300 });

/** Replays the ops up to `at` the slow way. */
function expected(list: Op[], at: number, start: number): Map<string, string> {
  const state = new Map<string, string>();
  let t = start;
  list.forEach((o, i) => {
    t += o.dt;
    if (t > at) return;
    if (o.del) state.delete(o.name);
    else state.set(o.name, String(i));
  });
  return state;
}

function run(list: Op[], h: ClusterHistory, start: number): number {
  let t = start;
  const live = new Set<string>();
  list.forEach((o, i) => {
    t += o.dt;
    if (o.del) {
      if (!live.has(o.name)) return;
      live.delete(o.name);
      h.record({ type: 'DELETED', object: obj(o.name, i) }, t);
    } else {
      h.record({ type: live.has(o.name) ? 'MODIFIED' : 'ADDED', object: obj(o.name, i) }, t);
      live.add(o.name);
    }
  });
  return t;
}

const asMap = (objects: KubeObject[]) => new Map(objects.map((o) => [o.metadata.name!, (o as unknown as { data: { v: string } }).data.v]));

describe('ClusterHistory', () => {
  it('stateAt(t) is every change up to t applied in order, for any t the history keeps (property)', () => {
    fc.assert(
      fc.property(ops, fc.integer({ min: 0, max: 2_000_000 }), (list, probe) => {
        const h = new ClusterHistory({ keyframeEvery: 7, keyframeEveryMs: 20_000, keepMs: 400_000, maxChanges: 120 });
        h.reset([], 0);
        const end = run(list, h, 0);
        const at = Math.max(h.fromMs, Math.min(probe, end));
        expect(asMap(h.stateAt(at))).toEqual(expected(list, at, 0));
        expect(h.stats().changes).toBeLessThanOrEqual(120 + 7 + 4);
      }),
    );
  });

  it('forgets what is older than keepMs but keeps one keyframe to show the oldest moment', () => {
    const h = new ClusterHistory({ keyframeEvery: 1, keyframeEveryMs: 1_000, keepMs: 10_000 });
    h.reset([obj('a', 0)], 0);
    for (let i = 1; i <= 100; i++) h.record({ type: 'MODIFIED', object: obj('a', i) }, i * 1_000);
    expect(h.fromMs).toBeGreaterThanOrEqual(89_000);
    expect(h.fromMs).toBeLessThanOrEqual(90_000);
    expect(asMap(h.stateAt(0))).toEqual(asMap(h.stateAt(h.fromMs)));
  });

  it('a keyframe waits for enough changes: time alone makes none (each copies every live object)', () => {
    const h = new ClusterHistory({ keyframeEvery: 10, keyframeEveryMs: 1_000 });
    h.reset(Array.from({ length: 50 }, (_, i) => obj(`o${i}`, 0)), 0);
    for (let i = 1; i <= 9; i++) h.record({ type: 'MODIFIED', object: obj('o1', i) }, i * 60_000);
    expect(h.stats().keyframes).toBe(1); // nine changes over nine minutes
    h.record({ type: 'MODIFIED', object: obj('o1', 10) }, 600_000);
    expect(h.stats().keyframes).toBe(2); // the tenth, long after the last keyframe
    for (let i = 11; i <= 59; i++) h.record({ type: 'MODIFIED', object: obj('o2', i) }, 600_000);
    expect(h.stats().keyframes).toBe(2); // many changes in no time: one per live.size (50) changes
    h.record({ type: 'MODIFIED', object: obj('o2', 60) }, 600_000);
    expect(h.stats().keyframes).toBe(3);
  });

  it('keeps the previous version of each changed object, bounded', () => {
    const h = new ClusterHistory({ maxPrevious: 2 });
    h.reset([obj('a', 0)], 0);
    h.record({ type: 'MODIFIED', object: obj('a', 1) }, 5);
    expect(h.lastChange('ConfigMap', 'default', 'a')).toMatchObject({ at: 5, type: 'MODIFIED', before: obj('a', 0), after: obj('a', 1) });
    h.record({ type: 'ADDED', object: obj('b', 2) }, 6);
    h.record({ type: 'ADDED', object: obj('c', 3) }, 7);
    expect(h.lastChange('ConfigMap', 'default', 'a')).toBeUndefined();
    expect(h.lastChange('ConfigMap', 'default', 'c')).toMatchObject({ type: 'ADDED', before: undefined });
  });
});

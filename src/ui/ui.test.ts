import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { EventView, NodeView, PodView, ViewBatch } from '../worker/protocol.ts';
import { resources } from './i18n/index.ts';
import { podTone } from './map/tone.ts';
import { markersFor } from './panel/markers.ts';
import { initialState, reduceBatch } from './state/clusterStore.ts';
import { History } from './terminal/history.ts';
import { countWarnings, newestAfter, newestEvents, sortEvents, warningsAfter } from './events/newestEvents.ts';
import { MapView } from './state/mapView.ts';

function node(name: string): NodeView {
  const amounts = { cpuMilli: 4000, memoryBytes: 16 * 2 ** 30, pods: 110 };
  return { name, ready: true, roles: [], capacity: amounts, allocatable: amounts, requested: { cpuMilli: 0, memoryBytes: 0, pods: 0 }, labels: {}, unschedulable: false, taints: [], createdMs: 0 };
}

function pod(name: string, nodeName = '', o: Partial<PodView> = {}): PodView {
  return {
    key: `default/${name}`, namespace: 'default', name, uid: name, nodeName, phase: 'Running', status: 'Running', ready: '1/1',
    restarts: 0, ownerKind: '', ownerName: '', cpuMilli: 100, memoryBytes: 1, podIP: '', terminating: false, createdMs: 0, ...o,
  };
}

const batch = (b: Partial<ViewBatch>): ViewBatch => ({
  seq: 1, reset: false,
  pods: { upserts: [], deletes: [] }, nodes: { upserts: [], deletes: [] }, events: { upserts: [], deletes: [] },
  clock: { nowMs: 1, startMs: 0, playing: true, speed: 1 }, persist: { savedAt: 0, dirty: true }, ...b,
});

describe('pod tone', () => {
  it.each([
    [{ phase: 'Pending', status: 'Pending' }, 'pending'],
    [{ phase: 'Pending', status: 'ContainerCreating' }, 'pending'],
    [{ phase: 'Running', status: 'Running' }, 'running'],
    [{ phase: 'Running', status: 'CrashLoopBackOff' }, 'failed'],
    [{ phase: 'Pending', status: 'ImagePullBackOff' }, 'failed'],
    [{ phase: 'Failed', status: 'Error' }, 'failed'],
    [{ phase: 'Succeeded', status: 'Completed' }, 'succeeded'],
    [{ phase: 'Running', status: 'Terminating', terminating: true }, 'terminating'],
    [{ phase: 'Unknown', status: 'Unknown' }, 'unknown'],
  ])('%o → %s', (p, tone) => {
    expect(podTone({ terminating: false, ...p })).toBe(tone);
  });
});

describe('cluster view store', () => {
  it('applies resets and deltas, and keeps untouched collections identical', () => {
    const s1 = reduceBatch(initialState(), batch({ reset: true, nodes: { upserts: [node('w1')], deletes: [] }, pods: { upserts: [pod('a', 'w1')], deletes: [] } }));
    expect(s1.ready).toBe(true);
    expect([...s1.pods.keys()]).toEqual(['default/a']);
    const s2 = reduceBatch(s1, batch({ pods: { upserts: [pod('b')], deletes: ['default/a'] } }));
    expect([...s2.pods.keys()]).toEqual(['default/b']);
    expect(s2.nodes).toBe(s1.nodes);
    expect(s2.clock).toBe(s1.clock);
    const s3 = reduceBatch(s2, batch({ reset: true }));
    expect(s3.pods.size).toBe(0);
    expect(s3.nodes.size).toBe(0);
  });
});

describe('terminal history', () => {
  it('walks back and forth and restores the draft', () => {
    const h = new History(['kubectl get pods']);
    h.push('kubectl get nodes');
    h.push('kubectl get nodes'); // no duplicate in a row
    h.push('   ');
    expect(h.all).toEqual(['kubectl get pods', 'kubectl get nodes']);
    expect(h.up('kub')).toBe('kubectl get nodes');
    expect(h.up('')).toBe('kubectl get pods');
    expect(h.up('')).toBeUndefined();
    expect(h.down()).toBe('kubectl get nodes');
    expect(h.down()).toBe('kub');
    expect(h.down()).toBeUndefined();
  });
});

describe('apply markers', () => {
  it('marks failed documents at their lines', () => {
    expect(markersFor({
      code: 1, stdout: '', stderr: '',
      documents: [
        { index: 0, startLine: 1, endLine: 20, ok: true, message: 'deployment.apps/web created' },
        { index: 1, startLine: 22, endLine: 30, ok: false, message: 'error: bad' },
      ],
    })).toEqual([{ startLine: 22, endLine: 30, message: 'error: bad', severity: 'error' }]);
    expect(markersFor({ code: 1, stdout: '', stderr: 'error: yaml: line 4: mapping values are not allowed', documents: [] })[0].startLine).toBe(4);
    expect(markersFor(undefined)).toEqual([]);
  });
});

describe('events', () => {
  it('newest first', () => {
    const ev = (key: string, lastMs: number) => ({ key, type: 'Normal', reason: 'R', object: 'Pod/a', message: '', count: 1, lastMs });
    expect(sortEvents([ev('a', 1), ev('b', 3), ev('c', 2)]).map((e) => e.key)).toEqual(['b', 'c', 'a']);
    expect(sortEvents([ev('a', 2), ev('b', 2)]).map((e) => e.key)).toEqual(['b', 'a']);
  });

  it('the newest N are the first N of the full sort', () => {
    const ev = (key: string, lastMs: number) => ({ key, type: 'Normal', reason: 'R', object: 'Pod/a', message: '', count: 1, lastMs });
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(fc.string({ maxLength: 3 }), fc.nat(20)), { selector: ([k]) => k, maxLength: 60 }), fc.integer({ min: 1, max: 30 }), (rows, limit) => {
        const events = rows.map(([k, ms]) => ev(k, ms));
        expect(newestEvents(events, limit)).toEqual(sortEvents(events).slice(0, limit));
      }),
    );
  });

  it('kept up from each change, the newest rows and the Warning count are what a full pass gives', () => {
    const key = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g');
    const write = fc.record({ key, lastMs: fc.nat(30), warning: fc.boolean() });
    const step = fc.record({ upserts: fc.array(write, { maxLength: 4 }), deletes: fc.array(key, { maxLength: 2 }) });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.integer({ min: 1, max: 5 }), (steps, limit) => {
        let view = new MapView<EventView>();
        let rows: EventView[] = [];
        let warnings = 0;
        for (const s of steps) {
          const upserts = s.upserts.map((w) => ({ key: w.key, type: w.warning ? 'Warning' : 'Normal', reason: 'R', object: 'Pod/a', message: '', count: 1, lastMs: w.lastMs }));
          const next = view.apply({ upserts, deletes: s.deletes }, (e) => e.key, false);
          const changes = next.changesSince(view);
          if (next !== view) expect(changes).toBeDefined();
          if (changes) {
            rows = newestAfter(rows, changes, limit) ?? newestEvents(next.values(), limit);
            warnings = warningsAfter(warnings, changes);
          }
          view = next;
          expect(rows).toEqual(sortEvents(view.values()).slice(0, limit));
          expect(warnings).toBe(countWarnings(view.values()));
        }
      }),
    );
  });
});

describe('i18n resources', () => {
  function keys(o: object, prefix = ''): string[] {
    return Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
  }
  it('Chinese has every English key, with the same placeholders', () => {
    const en = resources.en.translation;
    const zh = resources['zh-CN'].translation;
    expect(keys(zh)).toEqual(keys(en));
    const get = (o: object, path: string) => path.split('.').reduce<unknown>((x, k) => (x as Record<string, unknown>)[k], o) as string;
    for (const k of keys(en)) {
      const ph = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(ph(get(zh, k)), k).toEqual(ph(get(en, k)));
    }
  });
  it('provides the keys the YAML editor uses', () => {
    expect(resources.en.translation.editor.ariaLabel).toBeTruthy();
    expect(resources.en.translation.editor.applyAction).toBeTruthy();
  });
});

describe('i18n plurals', () => {
  it('uses singular and plural forms in English', async () => {
    const { createI18n } = await import('./i18n/index.ts');
    const i18n = createI18n('en');
    expect(i18n.t('map.nodeSummary', { count: 1 })).toBe('1 pod');
    expect(i18n.t('map.nodeSummary', { count: 3 })).toBe('3 pods');
    expect(i18n.t('events.warnings', { count: 1 })).toBe('1 warning');
    const zh = createI18n('zh-CN');
    expect(zh.t('map.nodeSummary', { count: 1 })).toBe('1 个 Pod');
    expect(zh.t('events.title')).toBe('事件');
  });
});

import { describe, expect, it } from 'vitest';
import type { LoopEvent } from '../../worker/protocol.ts';
import { appendEvents, follows, PAGE_EVENTS, stageCounts, stageOf, syncLog } from './loopModel.ts';

let seq = 0;
const ev = (e: Omit<LoopEvent, 'seq' | 't'> & Record<string, unknown>, t = 0) => ({ ...e, seq: ++seq, t }) as LoopEvent;

describe('loop model', () => {
  const events: LoopEvent[] = [
    ev({ type: 'informer', kind: 'ReplicaSet', key: 'default/web', op: 'update', source: 'watch', dropped: true }),
    ev({ type: 'resync', kind: 'ReplicaSet', nextAt: 1200 }),
    ev({ type: 'informer', kind: 'ReplicaSet', key: 'default/web', op: 'update', source: 'resync' }),
    ev({ type: 'queue', op: 'add', key: 'default/web', depth: 1 }),
    ev({ type: 'queue', op: 'get', key: 'default/web', depth: 0 }),
    ev({ type: 'sync-start', key: 'default/web' }),
    ev({ type: 'read', key: 'default/web', verb: 'get', kind: 'ReplicaSet', target: 'default/web' }),
    ev({ type: 'write', key: 'default/web', verb: 'create', kind: 'Pod', target: 'default/web-x' }),
    ev({ type: 'sync-end', key: 'default/web', result: 'error', error: 'quota' }),
    ev({ type: 'queue', op: 'addRateLimited', key: 'default/web', depth: 0, delayMs: 5, requeues: 1 }),
    ev({ type: 'queue', op: 'add', key: 'default/other', depth: 1 }),
  ];

  it('groups each sync with its reads and writes, newest first', () => {
    expect(syncLog(events)).toEqual([{ seq: 6, t: 0, key: 'default/web', result: 'error', error: 'quota', reads: ['get ReplicaSet default/web'], writes: ['create Pod default/web-x'] }]);
  });

  it('counts per stage and maps events to the diagram', () => {
    expect(stageCounts(events)).toEqual({ informer: 1, dropped: 1, resyncs: 1, queued: 2, retries: 1, syncs: 1, errors: 1, writes: 1 });
    expect(events.map(stageOf)).toEqual(['informer', 'informer', 'informer', 'queue', 'queue', 'reconcile', 'reconcile', 'api', 'reconcile', 'queue', 'queue']);
  });

  it('follows one key (resync ticks concern every key) and keeps a bounded page buffer', () => {
    expect(events.filter((e) => follows(e, 'default/other')).map((e) => e.seq)).toEqual([2, 11]);
    const many = Array.from({ length: PAGE_EVENTS + 10 }, () => ev({ type: 'sync-start', key: 'k' }));
    const kept = appendEvents(events, many);
    expect(kept).toHaveLength(PAGE_EVENTS);
    expect(kept[kept.length - 1]).toBe(many[many.length - 1]);
  });
});

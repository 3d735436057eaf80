// What the Control loops view derives from a controller's loop events: the stage each event lights up, the
// log of syncs with their reads and writes, and the filter that follows one key.
import type { LoopEvent } from '../../worker/protocol.ts';

/** The diagram's boxes: informer → workqueue → reconcile → API server. */
export type Stage = 'informer' | 'queue' | 'reconcile' | 'api';

/** How many events the page keeps (the worker keeps its own bounded ring). */
export const PAGE_EVENTS = 1500;

export function stageOf(e: LoopEvent): Stage {
  switch (e.type) {
    case 'informer': case 'resync': return 'informer';
    case 'queue': return 'queue';
    case 'write': return 'api';
    default: return 'reconcile';
  }
}

/** The key an event concerns; resync ticks concern every key. */
export function keyOf(e: LoopEvent): string | undefined {
  return e.type === 'resync' ? undefined : e.key;
}

export function follows(e: LoopEvent, key: string): boolean {
  const k = keyOf(e);
  return k === undefined || k === key;
}

export function appendEvents(prev: LoopEvent[], next: LoopEvent[]): LoopEvent[] {
  if (!next.length) return prev;
  const all = prev.concat(next);
  return all.length > PAGE_EVENTS ? all.slice(all.length - PAGE_EVENTS) : all;
}

export interface SyncRecord {
  seq: number;
  t: number;
  key: string;
  /** Undefined while the sync's end has not arrived. */
  result?: 'ok' | 'error';
  error?: string;
  reads: string[];
  writes: string[];
}

/** Each sync with what it read and wrote, newest first. */
export function syncLog(events: LoopEvent[], limit = 50): SyncRecord[] {
  const out: SyncRecord[] = [];
  let open: SyncRecord | undefined;
  for (const e of events) {
    if (e.type === 'sync-start') out.push((open = { seq: e.seq, t: e.t, key: e.key, reads: [], writes: [] }));
    else if (open && e.type === 'read') open.reads.push(`${e.verb} ${e.kind}${e.target ? ` ${e.target}` : ''}`);
    else if (open && e.type === 'write') open.writes.push(`${e.verb} ${e.kind} ${e.target}`);
    else if (open && e.type === 'sync-end') { open.result = e.result; open.error = e.error; open = undefined; }
  }
  return out.slice(-limit).reverse();
}

export interface StageCounts { informer: number; dropped: number; resyncs: number; queued: number; retries: number; syncs: number; errors: number; writes: number }

export function stageCounts(events: LoopEvent[]): StageCounts {
  const c: StageCounts = { informer: 0, dropped: 0, resyncs: 0, queued: 0, retries: 0, syncs: 0, errors: 0, writes: 0 };
  for (const e of events) {
    if (e.type === 'informer') { if (e.dropped) c.dropped++; else c.informer++; }
    else if (e.type === 'resync') c.resyncs++;
    else if (e.type === 'queue' && (e.op === 'add' || e.op === 'addAfter')) c.queued++;
    else if (e.type === 'queue' && e.op === 'addRateLimited') c.retries++;
    else if (e.type === 'sync-end') { c.syncs++; if (e.result === 'error') c.errors++; }
    else if (e.type === 'write') c.writes++;
  }
  return c;
}

/** Queue depth after each queue event: the sparkline of the workqueue. */
export function depthSeries(events: LoopEvent[]): { t: number; depth: number }[] {
  const out: { t: number; depth: number }[] = [];
  for (const e of events) if (e.type === 'queue') out.push({ t: e.t, depth: e.depth });
  return out;
}

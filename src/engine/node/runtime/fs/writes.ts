// The files a container's script has written by a moment of its life, from its timeline (shell.ts): `echo … > f`,
// `>> f`, `touch f`, `rm f`, also inside an endless loop (each iteration's writes, the last ones only).
import { counterEnv, expand, type Timeline, type TimelineEvent } from '../shell.ts';
import type { WrittenFile } from './tree.ts';

/** An appending loop keeps at most this many of its iterations' writes (older lines fall off the top). */
const MAX_LOOP_WRITES = 1_000;

export interface ProcessInfo { container: string; containerId: string; startedAt: number; until: number; hostname: string }

export function scriptWrites(tl: Timeline, p: ProcessInfo): WrittenFile[] {
  const out: WrittenFile[] = [];
  const add = (e: TimelineEvent, atRel: number, env: TimelineEvent['env']) => {
    if (e.kind === 'log') return;
    const at = p.startedAt + atRel;
    const data = e.kind === 'rm' ? undefined : e.data === undefined ? '' : expand(e.data, env, at, p.hostname);
    out.push({ container: p.container, containerId: p.containerId, path: expand(e.text, env, at, p.hostname), data, append: e.kind === 'touch' && (e.data === undefined || !!e.append), at });
  };
  const until = p.until - p.startedAt;
  for (const e of tl.events) if (e.at <= until) add(e, e.at, e.env);
  const end = tl.end;
  if (end.kind !== 'loop' || until < end.at) return out;
  const writes = end.body.filter((e) => e.kind !== 'log');
  if (!writes.length) return out;
  const iterations = Math.floor((until - end.at) / end.period) + 1;
  for (let k = Math.max(0, iterations - MAX_LOOP_WRITES); k < iterations; k++) {
    for (const e of writes) {
      const at = end.at + k * end.period + e.at;
      if (at > until) break;
      add(e, at, counterEnv(e.env, end.step, k));
    }
  }
  return out;
}

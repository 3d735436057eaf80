// `sim controller list|trace|drop-events`: the controller manager's loops as text. list shows each loop's
// counters; trace prints what one loop did (informer deliveries, queue adds with their backoff, syncs with their
// reads and writes, the resync ticks); drop-events makes a missed watch event real, for the resync to repair.
import { CommandError } from '../kubectl/context.ts';
import { boolFlag, flag, parseFlags, type FlagSpec, type ParsedArgs } from '../kubectl/flags.ts';
import { TABLE_TABWRITER, tabwrite } from '../kubectl/printers/tabwriter.ts';
import { humanDuration } from '../kubectl/printers/duration.ts';
import { UnknownControllerError, type ControllerLoops } from '../client/loops.ts';
import type { LoopEvent } from '../client/looptrace.ts';

export const CONTROLLER_USAGE = `  sim controller list [-o json]                        (each control loop: queue depth, syncs, errors)
  sim controller trace NAME [--follow KEY] [--limit N] [--stop]   (informer → workqueue → sync, as text)
  sim controller drop-events NAME [--kind K] [--count N]          (the next N watch events never reach it)`;

const OUTPUT: FlagSpec = { name: 'output', short: 'o', value: true };

interface LoopHost { loops: ControllerLoops; now(): number; startedAt(): number }

export function controllerCommand(host: LoopHost, argv: string[], out: string[]): void {
  const [verb, ...rest] = argv;
  try {
    if (verb === 'list' || verb === 'ls') return list(host, rest, out);
    if (verb === 'trace') return trace(host, rest, out);
    if (verb === 'drop-events') return dropEvents(host, rest, out);
  } catch (e) {
    if (e instanceof UnknownControllerError) throw new CommandError(e.message);
    throw e;
  }
  throw new CommandError(`unknown command "controller ${verb ?? ''}" for "sim": expected list, trace or drop-events\n\n${CONTROLLER_USAGE}`);
}

/** -o json: the read model itself (the page's Control loops view reads it this way). */
function jsonOutput(p: ParsedArgs): boolean {
  const o = flag(p, 'output');
  if (o !== undefined && o !== 'json') throw new CommandError(`unable to match a printer suitable for the output format "${o}", allowed formats are: json`);
  return o === 'json';
}

function list(host: LoopHost, args: string[], out: string[]): void {
  const p = parseFlags(args, [OUTPUT]);
  if (p.positional.length) throw new CommandError('usage: sim controller list [-o json]');
  if (jsonOutput(p)) return void out.push(JSON.stringify(host.loops.list()));
  const now = host.now();
  const rows = host.loops.list().map((s) =>
    [s.name + (s.paused ? ' (stopped)' : ''), s.queueDepth, s.syncs, s.errors, s.lastSyncAt === undefined ? '<none>' : `${humanDuration(now - s.lastSyncAt)} ago`].join('\t'));
  out.push(tabwrite(['NAME\tQUEUE DEPTH\tSYNCS\tERRORS\tLAST SYNC', ...rows].join('\n') + '\n', TABLE_TABWRITER).replace(/\n$/, ''));
}

function whole(v: string | undefined, name: string, min: number): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v) || Number(v) < min) throw new CommandError(`invalid argument "${v}" for "--${name}": must be a whole number of at least ${min}`);
  return Number(v);
}

function dropEvents(host: LoopHost, args: string[], out: string[]): void {
  const p = parseFlags(args, [{ name: 'kind', value: true }, { name: 'count', value: true }]);
  const [name] = p.positional;
  if (!name || p.positional.length > 1) throw new CommandError('usage: sim controller drop-events NAME [--kind K] [--count N]');
  const count = whole(flag(p, 'count'), 'count', 1) ?? 1;
  const kind = flag(p, 'kind');
  host.loops.dropEvents(name, { count, kind });
  out.push(`${name}: the next ${count} ${kind ?? ''}${kind ? ' ' : ''}watch event${count === 1 ? '' : 's'} will be dropped (the informer's resync re-delivers the cache)`);
}

function trace(host: LoopHost, args: string[], out: string[]): void {
  const p = parseFlags(args, [{ name: 'follow', value: true }, { name: 'limit', value: true }, { name: 'stop' }, { name: 'since', value: true }, OUTPUT]);
  const [name] = p.positional;
  if (!name || p.positional.length > 1) throw new CommandError('usage: sim controller trace NAME [--follow KEY] [--limit N] [--stop] [-o json [--since SEQ]]');
  if (jsonOutput(p)) return void out.push(JSON.stringify(host.loops.view(name, whole(flag(p, 'since'), 'since', 0) ?? 0)));
  if (boolFlag(p, 'stop')) {
    host.loops.trace(name, false);
    out.push(`${name}: tracing stopped`);
    return;
  }
  const limit = whole(flag(p, 'limit'), 'limit', 1) ?? 50;
  const follow = flag(p, 'follow');
  const view = host.loops.view(name);
  const events = view.events.filter((e) => follow === undefined || eventKey(e) === follow || e.type === 'resync').slice(-limit);
  if (!events.length) {
    out.push(`${name}: no loop events recorded yet (tracing is on from now; run the simulation, then look again)`);
    return;
  }
  const start = host.startedAt();
  out.push(events.map((e) => `${clockText(e.t - start)}  ${describeLoopEvent(e, start)}`).join('\n'));
}

/** The key an event concerns (the object for informer events, the queued key otherwise). */
function eventKey(e: LoopEvent): string | undefined {
  return e.type === 'resync' ? undefined : e.key;
}

function clockText(ms: number): string {
  return `${(ms / 1000).toFixed(3).padStart(9)}s`;
}

/** One line per loop event; times are seconds since the cluster started (`start`). */
export function describeLoopEvent(e: LoopEvent, start: number): string {
  switch (e.type) {
    case 'informer': return `informer  ${e.dropped ? 'DROPPED ' : ''}${e.op} ${e.kind} ${e.key} (${e.source})`;
    case 'resync': return `resync    ${e.kind} cache re-delivered (next at ${clockText(e.nextAt - start).trim()})`;
    case 'queue': return `queue     ${e.op} ${e.key}${e.delayMs !== undefined ? ` after ${e.delayMs}ms` : ''}${e.requeues ? ` (retry ${e.requeues})` : ''} depth=${e.depth}`;
    case 'sync-start': return `sync      ${e.key} start`;
    case 'sync-end': return `sync      ${e.key} ${e.result === 'ok' ? 'ok' : `error: ${e.error}`}`;
    case 'read': return `  read    ${e.verb} ${e.kind}${e.target ? ` ${e.target}` : ''} (cache)`;
    case 'write': return `  write   ${e.verb} ${e.kind} ${e.target}`;
  }
}

// kubectl events [--for TYPE/NAME] [--types Normal,Warning] [-A]: Events oldest first, with kubectl's
// LAST SEEN TYPE REASON OBJECT MESSAGE columns ("3m (x4 over 10m)" for repeated events).
import type { Event } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../api/object.ts';
import { CommandError, type KubectlContext } from '../context.ts';
import { boolFlag, flag, type ParsedArgs } from '../flags.ts';
import { toJson, toYaml } from '../printers/index.ts';
import { TABLE_TABWRITER, tabwrite } from '../printers/tabwriter.ts';
import { parseTime, translateTimestampSince } from '../printers/time.ts';
import { resolveKind } from '../resources.ts';
import { namespaceOf } from '../namespace.ts';

type EventT = Event & KubeObject;

/** eventTime(): when the event was last seen, for sorting. */
function lastSeenMs(e: EventT): number {
  return parseTime(e.series?.lastObservedTime) ?? parseTime(e.lastTimestamp) ?? parseTime(e.eventTime) ?? 0;
}

/** getInterval: "5s", or "5s (x3 over 2m)" for an event seen several times. */
function interval(e: EventT, now: number): string {
  const first = e.eventTime ? translateTimestampSince(e.eventTime, now) : translateTimestampSince(e.firstTimestamp, now);
  if (e.series) return `${translateTimestampSince(e.series.lastObservedTime, now)} (x${e.series.count} over ${first})`;
  if ((e.count ?? 0) > 1) return `${translateTimestampSince(e.lastTimestamp, now)} (x${e.count} over ${first})`;
  return first;
}

/** escapeCell: a cell ends at its first line break, marked with "...". */
function cell(s: string | undefined): string {
  const v = s ?? '';
  const i = v.search(/[\f\n\r]/);
  return i >= 0 ? `${v.slice(0, i)}...` : v;
}

export function eventsCommand(ctx: KubectlContext, args: ParsedArgs): number {
  if (boolFlag(args, 'watch')) throw new CommandError('watch (-w) streams only in the page terminal; headless callers advance time and run kubectl events again');
  const types = (flag(args, 'types') ?? '').split(',').filter(Boolean);
  if (types.some((t) => !/^(normal|warning)$/i.test(t))) throw new CommandError('valid --types are Normal or Warning');
  const allNamespaces = boolFlag(args, 'all-namespaces');
  const namespace = namespaceOf(ctx, args);
  let forKind: string | undefined;
  let forName: string | undefined;
  const forObject = flag(args, 'for');
  if (forObject) {
    const seg = forObject.split('/');
    if (seg.length === 1) throw new CommandError('--for must be in resource/name form');
    if (seg.length !== 2) throw new CommandError('arguments in resource/name form may not have more than one slash');
    forKind = resolveKind(ctx.store, seg[0]).kind;
    forName = seg[1];
  }
  const events = ctx.store.list<Event>('Event', { namespace: allNamespaces ? undefined : namespace })
    .filter((e) => !forKind || (e.involvedObject?.kind === forKind && e.involvedObject?.name === forName))
    .filter((e) => !types.length || types.some((t) => t.toLowerCase() === (e.type ?? '').toLowerCase()))
    .sort((a, b) => lastSeenMs(a) - lastSeenMs(b));
  const output = flag(args, 'output');
  if (output === 'yaml' || output === 'json') {
    const list = { apiVersion: 'v1', items: events, kind: 'EventList', metadata: {} };
    ctx.out.push((output === 'yaml' ? toYaml(list) : toJson(list)).replace(/\n$/, ''));
    return 0;
  }
  if (output) throw new CommandError(`unable to match a printer suitable for the output format "${output}", allowed formats are: json,yaml`);
  if (!events.length) {
    ctx.err.push(allNamespaces ? 'No events found.' : `No events found in ${namespace} namespace.`);
    return 0;
  }
  const now = ctx.clock.now();
  const rows = events.map((e) => [
    ...(allNamespaces ? [e.metadata.namespace ?? ''] : []),
    interval(e, now), cell(e.type), cell(e.reason), `${cell(e.involvedObject?.kind)}/${cell(e.involvedObject?.name)}`, cell((e.message ?? '').trim()),
  ].join('\t'));
  const header = `${allNamespaces ? 'NAMESPACE\t' : ''}LAST SEEN\tTYPE\tREASON\tOBJECT\tMESSAGE`;
  const lines = boolFlag(args, 'no-headers') ? rows : [header, ...rows];
  ctx.out.push(tabwrite(lines.join('\n') + '\n', TABLE_TABWRITER).replace(/\n$/, ''));
  return 0;
}

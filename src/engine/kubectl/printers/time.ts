// Timestamps as kubectl shows them: ages relative to the simulation's "now", absolute times in RFC1123Z.
import { humanDuration } from './duration.ts';

/** Milliseconds since the epoch of an RFC 3339 timestamp (metav1.Time / MicroTime), or undefined when unset. */
export function parseTime(ts: string | undefined | null): number | undefined {
  if (!ts) return undefined;
  const ms = Date.parse(ts);
  return Number.isNaN(ms) ? undefined : ms;
}

/** translateTimestampSince: "<unknown>" for an unset time, else HumanDuration(now - t). */
export function translateTimestampSince(ts: string | undefined | null, now: number): string {
  const t = parseTime(ts);
  return t === undefined ? '<unknown>' : humanDuration(now - t);
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * Go's time.RFC1123Z layout, "Mon, 02 Jan 2006 15:04:05 -0700", in UTC (the simulator has no local zone).
 * An unset time prints as Go's zero time, like kubectl does for a missing metav1.Time.
 */
export function formatRFC1123Z(ts: string | undefined | null): string {
  const t = parseTime(ts);
  if (t === undefined) return 'Mon, 01 Jan 0001 00:00:00 +0000';
  const d = new Date(t);
  return `${DAYS[d.getUTCDay()]}, ${pad2(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ` +
    `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())} +0000`;
}

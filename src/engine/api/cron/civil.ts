// Calendar arithmetic on wall clocks, as Go's time package does it, in pure integer math (no Date: years before
// 100 and Go's zero time must work, and the engine never reads the host's zone).
import type { Zone } from './timezone.ts';

export const MS_PER_SECOND = 1000;
export const MS_PER_MINUTE = 60 * MS_PER_SECOND;
export const MS_PER_HOUR = 60 * MS_PER_MINUTE;
const MS_PER_DAY = 24 * MS_PER_HOUR;

/** Go's time.Time{} (January 1, year 1, 00:00:00 UTC): what Schedule.Next returns when nothing matches. */
export const ZERO_TIME = daysFromCivil(1, 1, 1) * MS_PER_DAY;

export interface Wall {
  year: number;
  month: number; // 1–12
  day: number; // 1–31
  hour: number;
  minute: number;
  second: number;
  weekday: number; // 0 = Sunday
}

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function civilFromDays(z: number): { year: number; month: number; day: number } {
  const zz = z + 719468;
  const era = Math.floor(zz / 146097);
  const doe = zz - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** The wall clock of an instant read as UTC. */
export function wallUTC(ms: number): Wall {
  const days = Math.floor(ms / MS_PER_DAY);
  const rest = ms - days * MS_PER_DAY;
  const { year, month, day } = civilFromDays(days);
  return {
    year, month, day,
    hour: Math.floor(rest / MS_PER_HOUR),
    minute: Math.floor((rest % MS_PER_HOUR) / MS_PER_MINUTE),
    second: Math.floor((rest % MS_PER_MINUTE) / MS_PER_SECOND),
    weekday: (((days + 4) % 7) + 7) % 7,
  };
}

/** Milliseconds of a wall clock read as UTC; out-of-range fields carry over, as Go's time.Date normalizes them. */
export function wallToUTCms(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number {
  const years = y + Math.floor((mo - 1) / 12);
  const month = ((((mo - 1) % 12) + 12) % 12) + 1;
  return (daysFromCivil(years, month, 1) + d - 1) * MS_PER_DAY + h * MS_PER_HOUR + mi * MS_PER_MINUTE + s * MS_PER_SECOND;
}

/** The wall clock of an instant in a zone (t.In(loc) and its fields). */
export function wallIn(ms: number, zone: Zone): Wall {
  return wallUTC(ms + zone.offsetAt(ms));
}

/**
 * time.Date(y, mo, d, h, mi, s, 0, loc): the instant of a wall clock in a zone. Like Go, an offset looked up at
 * the wall time read as UTC is kept when it is still in force at the result, else the offset there is used.
 */
export function dateIn(zone: Zone, y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number {
  const wall = wallToUTCms(y, mo, d, h, mi, s);
  const guess = zone.offsetAt(wall);
  const utc = wall - guess;
  const actual = zone.offsetAt(utc);
  return actual === guess ? utc : wall - actual;
}

/** t.AddDate(years, months, days): the same wall clock that many calendar units later, normalized. */
export function addDate(ms: number, zone: Zone, years: number, months: number, days: number): number {
  const w = wallIn(ms, zone);
  const sub = ms - Math.floor(ms / MS_PER_SECOND) * MS_PER_SECOND;
  return dateIn(zone, w.year + years, w.month + months, w.day + days, w.hour, w.minute, w.second) + sub;
}

/** t.Truncate(d) for d dividing a day: rounds down on the absolute time line, whatever the zone. */
export function truncate(ms: number, unit: number): number {
  return Math.floor((ms - ZERO_TIME) / unit) * unit + ZERO_TIME;
}

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0');
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Go's time.RFC3339 of an instant in a zone: "2026-01-01T00:05:00Z" or "2026-01-01T01:05:00+01:00". */
export function formatRFC3339In(ms: number, zone: Zone): string {
  const off = Math.round(zone.offsetAt(ms) / MS_PER_MINUTE);
  const w = wallUTC(ms + off * MS_PER_MINUTE);
  const zoneText = off === 0 ? 'Z' : `${off < 0 ? '-' : '+'}${pad(Math.trunc(off / 60))}:${pad(off % 60)}`;
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${zoneText}`;
}

/** Go's time.RFC1123Z of an instant in UTC: "Thu, 01 Jan 2026 00:05:00 +0000". */
export function formatRFC1123ZUTC(ms: number): string {
  const w = wallUTC(ms);
  return `${DAYS[w.weekday]}, ${pad(w.day)} ${MONTHS[w.month - 1]} ${pad(w.year, 4)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)} +0000`;
}

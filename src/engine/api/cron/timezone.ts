// Time zones for CronJob schedules (time.LoadLocation). UTC and the fixed-offset Etc/GMT±N zones are computed here.
// Simplification: every other IANA name is looked up through Intl, whose tz database is the JavaScript runtime's, not
// Go's: deterministic for a given browser or Node, but two runtimes may disagree on zones whose rules changed lately.
import { MS_PER_HOUR, MS_PER_SECOND, wallToUTCms } from './civil.ts';

export interface Zone {
  readonly name: string;
  /** Milliseconds to add to UTC to get the wall clock at that instant. */
  offsetAt(utcMs: number): number;
}

export const UTC: Zone = { name: 'UTC', offsetAt: () => 0 };

const fixed = (name: string, offsetMs: number): Zone => ({ name, offsetAt: () => offsetMs });

/** Etc/GMT+5 is five hours behind UTC: POSIX signs, as the tz database names them. */
const etcGMT = /^Etc\/GMT([+-])(\d{1,2})$/;

class IntlZone implements Zone {
  private readonly format: Intl.DateTimeFormat;
  private readonly cache = new Map<number, number>();

  constructor(readonly name: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone: name, hourCycle: 'h23', era: 'short',
      year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
  }

  offsetAt(utcMs: number): number {
    const second = Math.floor(utcMs / MS_PER_SECOND) * MS_PER_SECOND;
    const hit = this.cache.get(second);
    if (hit !== undefined) return hit;
    const parts: Record<string, string> = {};
    for (const p of this.format.formatToParts(second)) parts[p.type] = p.value;
    const year = parts.era === 'BC' ? 1 - Number(parts.year) : Number(parts.year);
    const wall = wallToUTCms(year, Number(parts.month), Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
    const offset = wall - second;
    if (this.cache.size > 4096) this.cache.clear();
    this.cache.set(second, offset);
    return offset;
  }
}

const zones = new Map<string, Zone>();

/** time.LoadLocation: the zone, or Go's error text ("unknown time zone Mars/Olympus"). */
export function loadLocation(name: string): Zone | { error: string } {
  if (name === '' || name === 'UTC') return UTC;
  const cached = zones.get(name);
  if (cached) return cached;
  let zone: Zone | undefined;
  const m = etcGMT.exec(name);
  if (m && Number(m[2]) <= 14) zone = fixed(name, (m[1] === '+' ? -1 : 1) * Number(m[2]) * MS_PER_HOUR);
  else if (name !== 'Local' && /^[A-Za-z0-9._+-]+(\/[A-Za-z0-9._+-]+)*$/.test(name)) {
    try {
      const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
      // Go's lookup is case-sensitive: a name Intl knows only in another case is unknown; aliases are fine.
      if (resolved === name || resolved.toLowerCase() !== name.toLowerCase()) zone = new IntlZone(name);
    } catch {
      zone = undefined;
    }
  }
  if (!zone) return { error: `unknown time zone ${name}` };
  zones.set(name, zone);
  return zone;
}

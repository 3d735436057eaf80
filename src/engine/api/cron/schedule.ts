// robfig/cron v3 schedules: SpecSchedule.Next walks months, days, hours, minutes and seconds forward on the wall
// clock of its zone (so daylight-saving gaps and repeats behave as in Go), ConstantDelaySchedule adds a fixed delay.
import { addDate, dateIn, MS_PER_HOUR, MS_PER_MINUTE, MS_PER_SECOND, truncate, wallIn, ZERO_TIME, type Wall } from './civil.ts';
import type { Zone } from './timezone.ts';

export interface Schedule {
  /** The first activation strictly after `ms`, or ZERO_TIME when none comes within five years. */
  next(ms: number): number;
}

/** The values a field allows; `star` marks `*` or `?` (which changes how day-of-month and day-of-week combine). */
export interface CronField { values: Set<number>; star: boolean }

export class SpecSchedule implements Schedule {
  constructor(
    readonly second: CronField, readonly minute: CronField, readonly hour: CronField,
    readonly dom: CronField, readonly month: CronField, readonly dow: CronField, readonly zone: Zone,
  ) {}

  /** dayMatches: with a wildcard in either day field both must match, otherwise either may. */
  private dayMatches(w: Wall): boolean {
    const domMatch = this.dom.values.has(w.day);
    const dowMatch = this.dow.values.has(w.weekday);
    return this.dom.star || this.dow.star ? domMatch && dowMatch : domMatch || dowMatch;
  }

  next(from: number): number {
    const z = this.zone;
    // Start at the earliest possible time: the upcoming second.
    let t = Math.floor(from / MS_PER_SECOND) * MS_PER_SECOND + MS_PER_SECOND;
    let added = false;
    const yearLimit = wallIn(t, z).year + 5;
    wrap: for (;;) {
      let w = wallIn(t, z);
      if (w.year > yearLimit) return ZERO_TIME;
      while (!this.month.values.has(w.month)) {
        if (!added) {
          added = true;
          t = dateIn(z, w.year, w.month, 1);
        }
        t = addDate(t, z, 0, 1, 0);
        w = wallIn(t, z);
        if (w.month === 1) continue wrap;
      }
      while (!this.dayMatches(w)) {
        if (!added) {
          added = true;
          t = dateIn(z, w.year, w.month, w.day);
        }
        t = addDate(t, z, 0, 0, 1);
        w = wallIn(t, z);
        // A day that does not start at midnight (daylight saving) is moved back to it.
        if (w.hour !== 0) {
          t += (w.hour > 12 ? 24 - w.hour : -w.hour) * MS_PER_HOUR;
          w = wallIn(t, z);
        }
        if (w.day === 1) continue wrap;
      }
      while (!this.hour.values.has(w.hour)) {
        if (!added) {
          added = true;
          t = dateIn(z, w.year, w.month, w.day, w.hour);
        }
        t += MS_PER_HOUR;
        w = wallIn(t, z);
        if (w.hour === 0) continue wrap;
      }
      while (!this.minute.values.has(w.minute)) {
        if (!added) {
          added = true;
          t = truncate(t, MS_PER_MINUTE);
        }
        t += MS_PER_MINUTE;
        w = wallIn(t, z);
        if (w.minute === 0) continue wrap;
      }
      while (!this.second.values.has(w.second)) {
        if (!added) {
          added = true;
          t = truncate(t, MS_PER_SECOND);
        }
        t += MS_PER_SECOND;
        w = wallIn(t, z);
        if (w.second === 0) continue wrap;
      }
      return t;
    }
  }
}

/** @every: the delay rounded down to whole seconds, at least one second. */
export class ConstantDelaySchedule implements Schedule {
  readonly delay: number;
  constructor(delayMs: number) {
    this.delay = delayMs < MS_PER_SECOND ? MS_PER_SECOND : delayMs - (delayMs % MS_PER_SECOND);
  }

  next(from: number): number {
    return Math.floor(from / MS_PER_SECOND) * MS_PER_SECOND + this.delay;
  }
}

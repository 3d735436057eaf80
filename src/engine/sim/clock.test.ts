import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_START_MS, SimClock, parseDuration, toRFC3339 } from './clock.ts';

describe('SimClock', () => {
  it('runs timers in time order, FIFO at the same moment', () => {
    const c = new SimClock();
    const log: string[] = [];
    c.after(20, () => log.push('b'));
    c.after(10, () => log.push('a1'));
    c.after(10, () => log.push('a2'));
    c.defer(() => log.push('now'));
    c.advance(15);
    expect(log).toEqual(['now', 'a1', 'a2']);
    expect(c.now()).toBe(DEFAULT_START_MS + 15);
    c.advance(5);
    expect(log).toEqual(['now', 'a1', 'a2', 'b']);
  });

  it('cancels timers and reports pending work', () => {
    const c = new SimClock();
    let ran = false;
    const id = c.after(5, () => { ran = true; });
    expect(c.pendingForeground()).toBe(1);
    c.cancel(id);
    expect(c.pendingForeground()).toBe(0);
    c.advance(10);
    expect(ran).toBe(false);
  });

  it('runUntilIdle ignores background timers and stops at the limit', () => {
    const c = new SimClock();
    let ticks = 0;
    c.every(1000, () => ticks++);
    let done = false;
    c.after(2500, () => { done = true; });
    expect(c.runUntilIdle()).toBe(true);
    expect(done).toBe(true);
    expect(ticks).toBe(2);
    c.after(10_000_000, () => {});
    expect(c.runUntilIdle(1000)).toBe(false);
  });

  it('step moves time to the next timer only', () => {
    const c = new SimClock(0);
    c.after(7, () => {});
    expect(c.step()).toBe(true);
    expect(c.now()).toBe(7);
    expect(c.step()).toBe(false);
  });

  it('property: timers fire in (time, creation) order, cancelled ones never, timers made while running too', () => {
    const timer = fc.record({ delay: fc.integer({ min: 0, max: 50 }), cancel: fc.boolean(), child: fc.option(fc.integer({ min: 0, max: 50 })) });
    fc.assert(fc.property(fc.array(timer, { maxLength: 300 }), (timers) => {
      const c = new SimClock(0);
      const fired: string[] = [];
      // What the clock must do, the straightforward way: every live timer, sorted by due time then creation.
      const made: { label: string; at: number; seq: number; cancelled: boolean }[] = [];
      const make = (label: string, delay: number, then?: () => void) => {
        const rec = { label, at: c.now() + delay, seq: made.length, cancelled: false };
        made.push(rec);
        return { rec, id: c.after(delay, () => { fired.push(label); then?.(); }) };
      };
      timers.forEach((t, i) => {
        const { rec, id } = make(`t${i}`, t.delay, t.child === null ? undefined : () => { make(`c${i}`, t.child!); });
        if (t.cancel) { c.cancel(id); rec.cancelled = true; }
      });
      c.advance(200);
      const expected = made.filter((m) => !m.cancelled).sort((a, b) => a.at - b.at || a.seq - b.seq).map((m) => m.label);
      expect(fired).toEqual(expected);
    }));
  });

  it('keeps the order past the heap keys\' first room (1,024 timers)', () => {
    const c = new SimClock(0);
    const fired: number[] = [];
    for (let i = 0; i < 5000; i++) c.after(1 + ((i * 7919) % 997), () => fired.push(i));
    c.advance(1000);
    const expected = Array.from({ length: 5000 }, (_, i) => i).sort((a, b) => ((a * 7919) % 997) - ((b * 7919) % 997) || a - b);
    expect(fired).toEqual(expected);
  });

  it('property: timers fire in nondecreasing time order whatever the insertion order', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 10_000 }), { maxLength: 200 }), (delays) => {
      const c = new SimClock(0);
      const fired: number[] = [];
      for (const d of delays) c.after(d, () => fired.push(c.now()));
      c.advance(10_000);
      expect(fired).toHaveLength(delays.length);
      for (let i = 1; i < fired.length; i++) expect(fired[i]).toBeGreaterThanOrEqual(fired[i - 1]);
    }));
  });
});

describe('parseDuration', () => {
  it.each([
    ['30s', 30_000], ['5m', 300_000], ['1h30m', 5_400_000], ['500ms', 500], ['2', 2000], ['1.5s', 1500],
  ])('%s → %d ms', (text, ms) => expect(parseDuration(text)).toBe(ms));
  it.each(['', 'abc', '5x', '1h 2m'])('rejects %j like Go', (text) => expect(() => parseDuration(text)).toThrow(`time: invalid duration "${text}"`));
});

it('formats RFC 3339 at second precision', () => {
  expect(toRFC3339(DEFAULT_START_MS + 1500)).toBe('2026-01-01T00:00:01Z');
});

describe('livelock guard', () => {
  it('throws when timers keep waking each other without virtual time moving', () => {
    const clock = new SimClock(0, 1000);
    const again = () => clock.defer(again);
    clock.defer(again);
    expect(() => clock.runUntilIdle()).toThrow('simulation livelock: more than 1000 timers ran at 1970-01-01T00:00:00Z without virtual time moving');
  });

  it('counts afresh whenever time moves', () => {
    const clock = new SimClock(0, 1000);
    let n = 0;
    const tick = () => { if (++n < 300) { for (let i = 0; i < 900; i++) clock.defer(() => {}); clock.after(1, tick); } };
    clock.after(1, tick);
    expect(clock.runUntilIdle()).toBe(true);
    expect(n).toBe(300);
  });
});

describe('SimClock.hold', () => {
  it('runs no timer and lets no time pass until every hold is released', async () => {
    const clock = new SimClock(0);
    const ran: number[] = [];
    clock.after(10, () => ran.push(clock.now()));
    clock.after(20, () => ran.push(clock.now()));
    const releaseA = clock.hold();
    const releaseB = clock.hold();
    expect(clock.advance(100)).toBe(100);
    expect(clock.step()).toBe(false);
    expect(clock.runUntilIdle()).toBe(false);
    expect([clock.now(), ran]).toEqual([0, []]);
    let released = false;
    void clock.whenReleased().then(() => { released = true; });
    releaseA();
    releaseA(); // a second call changes nothing
    expect(clock.held).toBe(true);
    releaseB();
    await Promise.resolve();
    expect(released).toBe(true);
    expect(clock.advance(100)).toBe(0);
    expect([clock.now(), ran]).toEqual([100, [10, 20]]);
  });

  it('stops an advance where a timer takes a hold, returning the time not run', () => {
    const clock = new SimClock(0);
    let release: (() => void) | undefined;
    clock.after(30, () => { release = clock.hold(); });
    clock.after(40, () => undefined);
    expect(clock.advance(100)).toBe(70);
    expect(clock.now()).toBe(30);
    release!();
    expect(clock.advance(70)).toBe(0);
    expect(clock.now()).toBe(100);
  });

  it('stops an advance between the timers of one instant when asked, and going on runs the rest in order', () => {
    const run = (stopEvery?: number) => {
      const clock = new SimClock(0);
      const ran: string[] = [];
      // 1,000 timers at t=50, each due one waking the next, and a later one at t=80.
      const chain = (i: number) => { ran.push(`${clock.now()}:${i}`); if (i < 1000) clock.defer(() => chain(i + 1)); };
      clock.after(50, () => chain(0));
      clock.after(80, () => ran.push(`${clock.now()}:late`));
      let asked = 0;
      const lefts: number[] = [];
      for (let left = 100; left > 0;) {
        left = clock.advance(left, stopEvery ? () => ++asked % stopEvery === 0 : undefined);
        lefts.push(left);
      }
      return { ran, lefts, now: clock.now() };
    };
    const whole = run();
    const stopped = run(3);
    expect(whole.lefts).toEqual([0]);
    expect(stopped.lefts.filter((l) => l === 50).length).toBeGreaterThan(300); // stopped inside the instant t=50
    expect(stopped.lefts.at(-1)).toBe(0);
    expect(stopped.ran).toEqual(whole.ran);
    expect(stopped.now).toBe(100);
  });
});

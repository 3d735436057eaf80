import { describe, expect, it } from 'vitest';
import { formatRFC1123ZUTC, formatRFC3339In, ZERO_TIME } from './civil.ts';
import { CronParseError, parseStandard } from './parser.ts';
import { loadLocation, UTC } from './timezone.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** robfig's getTime: "Mon Jul 9 14:45 2012" (UTC, the weekday is not checked) or "2012-03-11T00:00:00-0500". */
function at(text: string): number {
  if (text === '') return ZERO_TIME;
  const iso = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)([+-])(\d\d)(\d\d)$/.exec(text);
  if (iso) {
    const off = (iso[7] === '-' ? -1 : 1) * (Number(iso[8]) * 60 + Number(iso[9])) * 60_000;
    return Date.UTC(+iso[1], +iso[2] - 1, +iso[3], +iso[4], +iso[5], +iso[6]) - off;
  }
  const m = /^\w{3} (\w{3}) (\d+) (\d\d):(\d\d)(?::(\d\d))? (\d{4})$/.exec(text)!;
  return Date.UTC(+m[6], MONTHS.indexOf(m[1]), +m[2], +m[3], +m[4], +(m[5] ?? 0));
}

describe('cron.ParseStandard errors (robfig/cron v3 texts)', () => {
  const cases: [string, string][] = [
    ['', 'empty spec string'],
    ['x', 'expected exactly 5 fields, found 1: [x]'],
    ['xyz', 'expected exactly 5 fields, found 1: [xyz]'],
    ['* * * *', 'expected exactly 5 fields, found 4: [* * * *]'],
    ['0 0 * * * *', 'expected exactly 5 fields, found 6: [0 0 * * * *]'],
    ['60 0 * * *', 'end of range (60) above maximum (59): 60'],
    ['0 24 * * *', 'end of range (24) above maximum (23): 24'],
    ['0 0 0 * *', 'beginning of range (0) below minimum (1): 0'],
    ['0 0 32 * *', 'end of range (32) above maximum (31): 32'],
    ['0 0 * 13 *', 'end of range (13) above maximum (12): 13'],
    ['0 0 * * 7', 'end of range (7) above maximum (6): 7'],
    ['0 0 * * XYZ', 'failed to parse int from XYZ: strconv.Atoi: parsing "XYZ": invalid syntax'],
    ['5-3 * * * *', 'beginning of range (5) beyond end of range (3): 5-3'],
    ['1-2-3 * * * *', 'too many hyphens: 1-2-3'],
    ['1/2/3 * * * *', 'too many slashes: 1/2/3'],
    ['*/0 * * * *', 'step of range should be a positive number: */0'],
    ['-1 * * * *', 'failed to parse int from : strconv.Atoi: parsing "": invalid syntax'],
    ['*/-2 * * * *', 'negative number (-2) not allowed: -2'],
    ['@fortnightly', 'unrecognized descriptor: @fortnightly'],
    ['@every 5', 'failed to parse duration @every 5: time: missing unit in duration "5"'],
    ['@every 1d', 'failed to parse duration @every 1d: time: unknown unit "d" in duration "1d"'],
    ['TZ=Mars/Olympus * * * * *', 'provided bad location Mars/Olympus: unknown time zone Mars/Olympus'],
    ['TZ=America/New_York 15/0 * * * *', 'step of range should be a positive number: 15/0'],
  ];
  it.each(cases)('%j', (spec, message) => {
    expect(() => parseStandard(spec)).toThrow(CronParseError);
    expect(() => parseStandard(spec)).toThrow(message);
  });

  it('accepts names in any case, ? as a wildcard, and descriptors', () => {
    for (const s of ['0 0 * JAN-mar MON-fri', '30 08 ? Jul Sun', '@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly', '@every 1h30m', 'CRON_TZ=UTC */5 * * * *']) {
      expect(() => parseStandard(s)).not.toThrow();
    }
  });
});

describe('Schedule.Next: robfig/cron v3 TestActivation (five-field specs, UTC)', () => {
  const cases: [string, string, boolean][] = [
    ['Mon Jul 9 15:00 2012', '0/15 * * * *', true],
    ['Mon Jul 9 15:45 2012', '0/15 * * * *', true],
    ['Mon Jul 9 15:40 2012', '0/15 * * * *', false],
    ['Mon Jul 9 15:05 2012', '5/15 * * * *', true],
    ['Mon Jul 9 15:20 2012', '5/15 * * * *', true],
    ['Mon Jul 9 15:50 2012', '5/15 * * * *', true],
    ['Sun Jul 15 15:00 2012', '0/15 * * Jul *', true],
    ['Sun Jul 15 15:00 2012', '0/15 * * Jun *', false],
    ['Sun Jul 15 08:30 2012', '30 08 ? Jul Sun', true],
    ['Sun Jul 15 08:30 2012', '30 08 15 Jul ?', true],
    ['Mon Jul 16 08:30 2012', '30 08 ? Jul Sun', false],
    ['Mon Jul 16 08:30 2012', '30 08 15 Jul ?', false],
    ['Mon Jul 9 15:00 2012', '@hourly', true],
    ['Mon Jul 9 15:04 2012', '@hourly', false],
    ['Mon Jul 9 15:00 2012', '@daily', false],
    ['Mon Jul 9 00:00 2012', '@daily', true],
    ['Mon Jul 9 00:00 2012', '@weekly', false],
    ['Sun Jul 8 00:00 2012', '@weekly', true],
    ['Sun Jul 8 01:00 2012', '@weekly', false],
    ['Sun Jul 8 00:00 2012', '@monthly', false],
    ['Sun Jul 1 00:00 2012', '@monthly', true],
    // Both day fields restricted: either may match.
    ['Sun Jul 15 00:00 2012', '* * 1,15 * Sun', true],
    ['Fri Jun 15 00:00 2012', '* * 1,15 * Sun', true],
    ['Wed Aug 1 00:00 2012', '* * 1,15 * Sun', true],
    ['Sun Jul 15 00:00 2012', '* * */10 * Sun', true],
    // A wildcard in one: both must match.
    ['Sun Jul 15 00:00 2012', '* * * * Mon', false],
    ['Mon Jul 9 00:00 2012', '* * 1,15 * *', false],
    ['Sun Jul 15 00:00 2012', '* * 1,15 * *', true],
    ['Sun Jul 15 00:00 2012', '* * */2 * Sun', true],
  ];
  it.each(cases)('%s %j → %s', (time, spec, expected) => {
    const t = at(time);
    expect(parseStandard(spec).next(t - 1000) === t).toBe(expected);
  });
});

describe('Schedule.Next: robfig/cron v3 TestNext (five-field specs)', () => {
  const cases: [string, string, string][] = [
    ['Mon Jul 9 14:45 2012', '0/15 * * * *', 'Mon Jul 9 15:00 2012'],
    ['Mon Jul 9 14:59 2012', '0/15 * * * *', 'Mon Jul 9 15:00 2012'],
    ['Mon Jul 9 14:59:59 2012', '0/15 * * * *', 'Mon Jul 9 15:00 2012'],
    ['Mon Jul 9 15:45 2012', '20-35/15 * * * *', 'Mon Jul 9 16:20 2012'],
    ['Mon Jul 9 23:46 2012', '*/15 * * * *', 'Tue Jul 10 00:00 2012'],
    ['Mon Jul 9 23:45 2012', '20-35/15 * * * *', 'Tue Jul 10 00:20 2012'],
    ['Mon Jul 9 23:35:51 2012', '20-35/15 * * * *', 'Tue Jul 10 00:20 2012'],
    ['Mon Jul 9 23:35:51 2012', '20-35/15 1/2 * * *', 'Tue Jul 10 01:20 2012'],
    ['Mon Jul 9 23:35:51 2012', '20-35/15 10-12 * * *', 'Tue Jul 10 10:20 2012'],
    ['Mon Jul 9 23:35:51 2012', '20-35/15 1/2 */2 * *', 'Thu Jul 11 01:20 2012'],
    ['Mon Jul 9 23:35:51 2012', '20-35/15 * 9-20 * *', 'Wed Jul 10 00:20 2012'],
    ['Mon Jul 9 23:35:51 2012', '20-35/15 * 9-20 Jul *', 'Wed Jul 10 00:20 2012'],
    ['Mon Jul 9 23:35 2012', '0 0 9 Apr-Oct ?', 'Thu Aug 9 00:00 2012'],
    ['Mon Jul 9 23:35 2012', '0 0 */5 Apr,Aug,Oct Mon', 'Wed Aug 1 00:00 2012'],
    ['Mon Jul 9 23:35 2012', '0 0 */5 Oct Mon', 'Mon Oct 1 00:00 2012'],
    ['Mon Jul 9 23:35 2012', '0 0 * Feb Mon', 'Mon Feb 4 00:00 2013'],
    ['Mon Jul 9 23:35 2012', '0 0 * Feb Mon/2', 'Fri Feb 1 00:00 2013'],
    ['Mon Dec 31 23:59:45 2012', '* * * * *', 'Tue Jan 1 00:00 2013'],
    ['Mon Jul 9 23:35 2012', '0 0 29 Feb ?', 'Mon Feb 29 00:00 2016'],
    // Unsatisfiable: Go's zero time.
    ['Mon Jul 9 23:35 2012', '0 0 30 Feb ?', ''],
    ['Mon Jul 9 23:35 2012', '0 0 31 Apr ?', ''],
    // Daylight saving time in America/New_York: 2am EST (-5) → 3am EDT (-4).
    ['2012-03-11T00:00:00-0500', 'TZ=America/New_York 30 2 11 Mar ?', '2013-03-11T02:30:00-0400'],
    ['2012-03-11T00:00:00-0500', 'TZ=America/New_York 0 * * * ?', '2012-03-11T01:00:00-0500'],
    ['2012-03-11T01:00:00-0500', 'TZ=America/New_York 0 * * * ?', '2012-03-11T03:00:00-0400'],
    ['2012-03-11T03:00:00-0400', 'TZ=America/New_York 0 * * * ?', '2012-03-11T04:00:00-0400'],
    ['2012-03-11T04:00:00-0400', 'TZ=America/New_York 0 * * * ?', '2012-03-11T05:00:00-0400'],
    ['2012-03-11T01:00:00-0500', 'CRON_TZ=America/New_York 0 * * * ?', '2012-03-11T03:00:00-0400'],
    ['2012-03-11T00:00:00-0500', 'TZ=America/New_York 0 1 * * ?', '2012-03-11T01:00:00-0500'],
    ['2012-03-11T01:00:00-0500', 'TZ=America/New_York 0 1 * * ?', '2012-03-12T01:00:00-0400'],
    ['2012-03-11T00:00:00-0500', 'TZ=America/New_York 0 2 * * ?', '2012-03-12T02:00:00-0400'],
    // 2am EDT (-4) → 1am EST (-5).
    ['2012-11-04T00:00:00-0400', 'TZ=America/New_York 30 2 04 Nov ?', '2012-11-04T02:30:00-0500'],
    ['2012-11-04T01:45:00-0400', 'TZ=America/New_York 30 1 04 Nov ?', '2012-11-04T01:30:00-0500'],
    ['2012-11-04T00:00:00-0400', 'TZ=America/New_York 0 * * * ?', '2012-11-04T01:00:00-0400'],
    ['2012-11-04T01:00:00-0400', 'TZ=America/New_York 0 * * * ?', '2012-11-04T01:00:00-0500'],
    ['2012-11-04T01:00:00-0500', 'TZ=America/New_York 0 * * * ?', '2012-11-04T02:00:00-0500'],
    ['2012-11-04T00:00:00-0400', 'TZ=America/New_York 0 1 * * ?', '2012-11-04T01:00:00-0400'],
    ['2012-11-04T01:00:00-0400', 'TZ=America/New_York 0 1 * * ?', '2012-11-04T01:00:00-0500'],
    ['2012-11-04T01:00:00-0500', 'TZ=America/New_York 0 1 * * ?', '2012-11-05T01:00:00-0500'],
    ['2012-11-04T00:00:00-0400', 'TZ=America/New_York 0 2 * * ?', '2012-11-04T02:00:00-0500'],
    ['2012-11-04T02:00:00-0500', 'TZ=America/New_York 0 2 * * ?', '2012-11-05T02:00:00-0500'],
    ['2012-11-04T00:00:00-0400', 'TZ=America/New_York 0 3 * * ?', '2012-11-04T03:00:00-0500'],
    ['2012-11-04T03:00:00-0500', 'TZ=America/New_York 0 3 * * ?', '2012-11-05T03:00:00-0500'],
    // A day whose midnight does not exist (robfig/cron#157).
    ['2018-10-17T05:00:00-0400', 'TZ=America/Sao_Paulo 0 9 10 * ?', '2018-11-10T06:00:00-0500'],
    ['2018-02-14T05:00:00-0500', 'TZ=America/Sao_Paulo 0 9 22 * ?', '2018-02-22T07:00:00-0500'],
    // TestNextWithTz: a schedule without a zone runs in the controller's zone (UTC here).
    ['2016-01-03T13:09:03+0530', '14 14 * * *', '2016-01-03T19:44:00+0530'],
  ];
  it.each(cases)('%s %j → %s', (from, spec, expected) => {
    expect(parseStandard(spec).next(at(from))).toBe(at(expected));
  });
});

describe('more schedules in UTC', () => {
  const start = Date.UTC(2026, 0, 1); // Thursday
  const seq = (spec: string, n: number): string[] => {
    const s = parseStandard(spec);
    const out: string[] = [];
    for (let t = s.next(start - 1000), i = 0; i < n; t = s.next(t), i++) out.push(formatRFC3339In(t, UTC));
    return out;
  };
  it.each<[string, string[]]>([
    ['* * * * *', ['2026-01-01T00:00:00Z', '2026-01-01T00:01:00Z', '2026-01-01T00:02:00Z']],
    ['*/20 * * * *', ['2026-01-01T00:00:00Z', '2026-01-01T00:20:00Z', '2026-01-01T00:40:00Z', '2026-01-01T01:00:00Z']],
    ['15,45 9-10 * * *', ['2026-01-01T09:15:00Z', '2026-01-01T09:45:00Z', '2026-01-01T10:15:00Z', '2026-01-01T10:45:00Z', '2026-01-02T09:15:00Z']],
    ['0 12 * * MON-FRI', ['2026-01-01T12:00:00Z', '2026-01-02T12:00:00Z', '2026-01-05T12:00:00Z']],
    ['0 0 1 */3 *', ['2026-01-01T00:00:00Z', '2026-04-01T00:00:00Z', '2026-07-01T00:00:00Z']],
    ['0 0 13 * FRI', ['2026-01-02T00:00:00Z', '2026-01-09T00:00:00Z', '2026-01-13T00:00:00Z']],
    ['@weekly', ['2026-01-04T00:00:00Z', '2026-01-11T00:00:00Z']],
    ['@monthly', ['2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z']],
    ['@yearly', ['2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z']],
    ['@hourly', ['2026-01-01T00:00:00Z', '2026-01-01T01:00:00Z']],
    ['@every 90s', ['2026-01-01T00:01:29Z', '2026-01-01T00:02:59Z', '2026-01-01T00:04:29Z']],
    ['0 0 29 2 *', ['2028-02-29T00:00:00Z']],
    ['TZ=Etc/GMT-2 0 9 * * *', ['2026-01-01T07:00:00Z', '2026-01-02T07:00:00Z']],
    ['TZ=Europe/Rome 0 9 * * *', ['2026-01-01T08:00:00Z', '2026-01-02T08:00:00Z']],
  ])('%j', (spec, expected) => {
    expect(seq(spec, expected.length)).toEqual(expected);
  });
});

describe('time zones and formats', () => {
  it('loads zones as time.LoadLocation does', () => {
    expect(loadLocation('UTC')).toBe(UTC);
    expect('error' in loadLocation('Europe/Rome')).toBe(false);
    expect(loadLocation('europe/rome')).toEqual({ error: 'unknown time zone europe/rome' });
    expect(loadLocation('Local')).toEqual({ error: 'unknown time zone Local' });
    expect(loadLocation('Nowhere/Land')).toEqual({ error: 'unknown time zone Nowhere/Land' });
  });

  it('formats RFC 3339 with the zone offset and RFC 1123Z in UTC', () => {
    const t = Date.UTC(2026, 0, 1, 0, 5);
    expect(formatRFC3339In(t, UTC)).toBe('2026-01-01T00:05:00Z');
    expect(formatRFC3339In(t, loadLocation('Europe/Rome') as typeof UTC)).toBe('2026-01-01T01:05:00+01:00');
    expect(formatRFC3339In(t, loadLocation('America/New_York') as typeof UTC)).toBe('2025-12-31T19:05:00-05:00');
    expect(formatRFC1123ZUTC(t)).toBe('Thu, 01 Jan 2026 00:05:00 +0000');
  });
});

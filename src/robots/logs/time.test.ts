import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { T } from './formats/test-helpers.js';
import { parseClfTime, parseLogTime, parseW3cTime } from './time.js';

describe('parseLogTime', () => {
  it.each([
    ['2025-10-10T13:55:36Z', T], ['2025-10-10T15:55:36+02:00', T], ['2025-10-10 13:55:36', T], ['2025-10-10T13:55:36.5Z', T + 500],
    [String(T / 1000), T], [String(T), T], [String(T * 1000), T], [String(T * 1e6), T], ['[10/Oct/2025:13:55:36 +0000]', T],
    ['yesterday', NaN], ['', NaN], ['-5', NaN],
  ])('%s', (s, t) => {
    expect(parseLogTime(s)).toBe(t);
  });
});

describe('Cloudflare Logpush EdgeStartTimestamp in each timestamp_format it writes (rfc3339, rfc3339ms, rfc3339ns, unix, unixmilli, unixnano) and Datetime', () => {
  it.each<[string, string | number, number]>([
    ['rfc3339', '2025-10-10T13:55:36Z', T], ['rfc3339ms', '2025-10-10T13:55:36.123Z', T + 123], ['rfc3339ns', '2025-10-10T13:55:36.123456789Z', T + 123],
    ['unix', T / 1000, T], ['unix with a fraction', T / 1000 + 0.25, T + 250], ['unixmilli', T + 7, T + 7], ['unixnano', (T + 7) * 1e6, T + 7], ['unixnano as text', `${T + 7}000000`, T + 7],
  ])('%s', (_format, v, t) => {
    expect(parseLogTime(v)).toBe(t);
  });
});

describe('a date or offset no clock shows is unreadable, never moved to another day (Date.UTC would shift it)', () => {
  it.each([
    ['32/Mar/2025:10:00:00 +0000'], ['29/Feb/2023:10:00:00 +0000'], ['31/Apr/2025:10:00:00 +0000'], ['10/Oct/0001:10:00:00 +0000'],
    ['10/Oct/2025:24:00:00 +0000'], ['10/Oct/2025:10:60:00 +0000'], ['10/Oct/2025:10:00:00 +9999'], ['10/Oct/2025:10:00:00 +0160'], ['00/Oct/2025:10:00:00 +0000'],
  ])('CLF %s', (s) => {
    expect(parseClfTime(s)).toBeNaN();
  });
  it('CLF: 29 Feb of a leap year, offsets up to ±18:00 and a leap second are real', () => {
    expect([parseClfTime('29/Feb/2024:10:00:00 +0000'), parseClfTime('10/Oct/2025:13:55:36 -1400'), parseClfTime('31/Dec/2016:23:59:60 +0000')])
      .toEqual([Date.UTC(2024, 1, 29, 10), T + 14 * 3_600_000, Date.UTC(2016, 11, 31, 23, 59, 59, 999)]);
  });
  it('ISO 8601 and W3C: the same checks', () => {
    expect(['2025-03-32T10:00:00Z', '2023-02-29T10:00:00Z', '0001-10-10T10:00:00Z', '2025-10-10T10:00:00+99:99', '2025-13-01T00:00:00Z'].map((s) => parseLogTime(s))).toEqual([NaN, NaN, NaN, NaN, NaN]);
    expect([parseW3cTime('2023-02-29', '10:00:00'), parseW3cTime('2025-04-31', '10:00:00'), parseW3cTime('2025-10-10', '13:55:36.5')]).toEqual([NaN, NaN, T + 500]);
  });
});

describe('CLF zones (Apache mod_log_config %t: [+-]hhmm)', () => {
  // The zone as a regular expression reads it: a sign, two digits of hours, two of minutes (at most 59).
  const zone = (z: string) => {
    const m = /^([+-])(\d{2})(\d{2})$/.exec(z);
    return !m || Number(m[3]) > 59 ? NaN : (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  };
  it('property: any five characters after the time read as that reading does (an offset past ±18:00 none)', () => {
    const base = Date.UTC(2025, 9, 10, 13, 55, 36);
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('+', '-', ':', '0', '1', '5', '6', '9', 'x', ' '), minLength: 5, maxLength: 5 }), (z) => {
      const offset = zone(z);
      expect(parseClfTime(`10/Oct/2025:13:55:36 ${z}`), z).toBe(Number.isNaN(offset) || Math.abs(offset) > 18 * 60 ? NaN : base - offset * 60_000);
    }), { numRuns: 3000 });
  });
});

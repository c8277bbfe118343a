import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseClfTime, parseW3cTime } from '../time.js';
import { newClock, readClf } from './clf.js';
import { closingQuote, requestLine } from './fields.js';
import { read } from './test-helpers.js';

// Pieces of `%t` times (mod_log_config), impossible ones among them: a clock reads only the time of
// day of a line whose day and zone it has read, so neighbours of every kind are mixed.
const time = fc.tuple(
  fc.constantFrom('28', '29', '31', '32', '1x'), fc.constantFrom('Feb', 'Mar', 'Foo'), fc.constantFrom('2023', '2024'),
  fc.constantFrom('00', '07', '23', '24', '1x', '9:'), fc.constantFrom('00', '59', '60', 'x0'), fc.constantFrom('00', '07', '59', '60', '61', '9', 'ab', '5 '),
  fc.constantFrom(' +0000', ' -0700', ' +0530', ' +9999', '', ' +00', ' +05:30'),
).map(([d, mo, y, h, mi, s, zone]) => `${d}/${mo}/${y}:${h}:${mi}:${s}${zone}`);
const line = (t: string) => `66.249.66.1 - - [${t}] "GET /a HTTP/1.1" 200 5 "-" "Googlebot/2.1"`;

describe('the CLF reader\'s clock (mod_log_config %t): a line\'s time whatever the lines before it', () => {
  it('lines read one after another give each the time it has read alone, and parseClfTime\'s', () => {
    fc.assert(fc.property(fc.array(time, { maxLength: 40 }), (times) => {
      const clock = newClock();
      const inTurn = times.map((t, i) => readClf(line(t), i + 1, clock)?.time ?? null);
      const alone = times.map((t, i) => readClf(line(t), i + 1, newClock())?.time ?? null);
      expect(inTurn).toEqual(alone);
      expect(alone).toEqual(times.map((t) => (Number.isNaN(parseClfTime(t)) ? null : parseClfTime(t))));
    }), { numRuns: 300 });
  });
  it('a leap second is the last instant of its minute; the second after it is no time', () => {
    const clock = newClock();
    const read = (s: string) => readClf(line(`31/Dec/2016:23:59:${s} +0000`), 1, clock)?.time ?? null;
    expect([read('59'), read('60'), read('61')]).toEqual([Date.UTC(2016, 11, 31, 23, 59, 59), Date.UTC(2016, 11, 31, 23, 59, 59, 999), null]);
  });
});

describe('quoted fields and request lines (mod_log_config\'s escapes)', () => {
  // The escape-aware scan, as every line was read before lines without a backslash took a native search.
  const scanned = (s: string, open: number) => {
    for (let i = open + 1; i < s.length; i++) {
      if (s[i] === '\\') i++;
      else if (s[i] === '"') return i;
    }
    return -1;
  };
  it('a field of a line without a backslash ends where the escape-aware scan ends it', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('"', 'a', ' ', '\\') }), fc.nat(20), (s, at) => {
      const open = Math.min(at, s.length);
      expect(closingQuote(s, open)).toBe(scanned(s, open));
      if (s.indexOf('\\', open) < 0) expect(closingQuote(s, open, true)).toBe(scanned(s, open));
    }));
  });
  it('a method is a capital, then capitals, "_" or "-"; anything else leaves the request unread', () => {
    const reference = (req: string) => {
      const sp = req.indexOf(' ');
      return sp > 0 && /^[A-Z][A-Z_-]*$/.test(req.slice(0, sp));
    };
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('G', 'E', 'T', '_', '-', 'g', '1', ' ', '/', 'é') }), (req) => {
      expect(requestLine(req).method !== '').toBe(reference(req));
    }));
    expect([requestLine('GET /a HTTP/1.1').method, requestLine('M-SEARCH * HTTP/1.1').method, requestLine('_GET /a').method, requestLine('get /a').method]).toEqual(['GET', 'M-SEARCH', '', '']);
  });
});

describe('the W3C reader\'s clock (W3C Extended Log File Format, date and time in UTC): a line\'s time whatever the lines before it', () => {
  const date = fc.constantFrom('2024-02-29', '2023-02-29', '2025-10-10', '2025-13-01', '-');
  const clock = fc.tuple(fc.constantFrom('00', '07', '23', '24', 'x1'), fc.constantFrom('00', '59', '60'), fc.constantFrom('00', '07', '59', '60', '61', 'ab'), fc.constantFrom('', '', '.5', '.123', '.x'))
    .map(([h, m, s, f]) => `${h}:${m}:${s}${f}`);
  const fields = '#Fields: date time c-ip cs-method cs-uri-stem sc-status cs(User-Agent)';
  const line = ([d, t]: [string, string]) => `${d} ${t} 66.249.66.1 GET /a 200 Googlebot/2.1`;
  it('lines read one after another give each the time it has read alone, and parseW3cTime\'s', () => {
    fc.assert(fc.property(fc.array(fc.tuple(date, clock), { maxLength: 40 }), (times) => {
      const inTurn = read('w3c', fields, ...times.map(line)).slice(1).map((r) => r?.time ?? null);
      const alone = times.map((t) => read('w3c', fields, line(t))[1]?.time ?? null);
      expect(inTurn).toEqual(alone);
      expect(alone).toEqual(times.map(([d, t]) => (Number.isNaN(parseW3cTime(d, t)) ? null : parseW3cTime(d, t))));
    }), { numRuns: 300 });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseW3cTime } from '../time.js';
import { LogReader } from './reader.js';
import { read, req, T } from './test-helpers.js';

describe('W3C Extended Log File Format (IIS, CloudFront)', () => {
  it('IIS: the #Fields directive names the columns; spaces in the user agent are +; the query is its own field', () => {
    const rs = read('w3c',
      '#Software: Microsoft Internet Information Services 10.0',
      '#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status time-taken',
      '2025-10-10 13:55:36 10.0.0.5 GET /a b=1 443 - 66.249.66.1 Mozilla/5.0+(compatible;+Googlebot/2.1;++http://www.google.com/bot.html) - 200 0 0 15',
    );
    expect(rs).toEqual([undefined, undefined, req({ line: 3, userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1;  http://www.google.com/bot.html)' })]);
  });
  it('CloudFront: tab-separated, the user agent percent-encoded, the site in x-host-header (cs(Host) is the distribution)', () => {
    const fields = ['date', 'time', 'x-edge-location', 'sc-bytes', 'c-ip', 'cs-method', 'cs(Host)', 'cs-uri-stem', 'sc-status', 'cs(Referer)', 'cs(User-Agent)', 'cs-uri-query', 'x-host-header'];
    const rs = read('w3c', '#Version: 1.0', `#Fields: ${fields.join(' ')}`,
      ['2025-10-10', '13:55:36', 'FRA56-C1', '512', '2001:db8::1', 'GET', 'd111111abcdef8.cloudfront.net', '/a', '200', '-', 'Mozilla/5.0%20(compatible;%20Googlebot/2.1;%20+http://www.google.com/bot.html)', 'b=1', 'www.example.com'].join('\t'));
    expect(rs[2]).toEqual(req({ line: 3, ip: '2001:db8::1', host: 'www.example.com' }));
    expect(new LogReader('w3c', fields.map((f) => f.toLowerCase())).formatName()).toBe('w3c-cloudfront');
  });
  it('a new #Fields mid-file (IIS after a restart) changes the columns from there on', () => {
    const rs = read('w3c',
      '#Fields: date time c-ip cs-method cs-uri-stem sc-status',
      '2025-10-10 13:55:36 1.2.3.4 GET /one 200',
      '#Fields: date time cs-method cs-uri-stem c-ip sc-status cs(User-Agent)',
      '2025-10-10 13:55:36 GET /two 1.2.3.4 404 Bot/1.0',
    );
    expect(rs.map((r) => r && [r.target, r.ip, r.status, r.userAgent])).toEqual([undefined, ['/one', '1.2.3.4', 200, ''], undefined, ['/two', '1.2.3.4', 404, 'Bot/1.0']]);
  });
  it('broken lines: no #Fields yet, a wrong number of fields, a bad date, a bad status', () => {
    expect(read('w3c', '2025-10-10 13:55:36 1.2.3.4 GET /one 200')).toEqual([null]);
    expect(read('w3c',
      '#Fields: date time c-ip cs-method cs-uri-stem sc-status',
      '2025-10-10 13:55:36 1.2.3.4 GET /one',
      '2025-13-99x 13:55:36 1.2.3.4 GET /one 200',
      '2025-10-10 13:55:36 1.2.3.4 GET /one OK',
    ).slice(1)).toEqual([null, null, null]);
  });
  it('parseW3cTime reads fractions of a second, always UTC', () => {
    expect(parseW3cTime('2025-10-10', '13:55:36.250')).toBe(T + 250);
    expect(parseW3cTime('10/10/2025', '13:55:36')).toBeNaN();
  });
});

/** The W3C format's plain reading (W3C Working Draft WD-logfile-960323): a line's fields split on its separator, as many as #Fields names, each taken by its name. */
function plainReading(s: string, fields: readonly string[]) {
  const values = s.indexOf('\t') >= 0 ? s.split('\t') : s.split(' ');
  if (values.length !== fields.length) return null;
  const get = (name: string) => (fields.indexOf(name) < 0 ? undefined : values[fields.indexOf(name)]);
  const none = (v: string | undefined) => (v === undefined || v === '-' ? '' : v);
  const date = get('date');
  const clock = get('time');
  const time = date !== undefined && clock !== undefined ? parseW3cTime(date, clock) : NaN;
  if (date !== undefined && Number.isNaN(time)) return null;
  const stem = none(get('cs-uri-stem'));
  const status = get('sc-status');
  if (stem === '' && get('cs-uri') === undefined) return null;
  if (status !== undefined && status !== '-' && !/^\d+$/.test(status)) return null;
  const query = none(get('cs-uri-query'));
  const cloudfront = fields.includes('x-edge-location');
  let ua = none(get('cs(user-agent)'));
  if (!cloudfront && ua.indexOf(' ') < 0) ua = ua.replace(/\+/g, ' ');
  if (cloudfront && ua.indexOf('%') >= 0) {
    try {
      ua = decodeURIComponent(ua);
    } catch {
      // kept as logged
    }
  }
  return {
    time, ip: none(get('c-ip')), method: none(get('cs-method')), target: stem !== '' ? (query !== '' ? `${stem}?${query}` : stem) : none(get('cs-uri')),
    host: (none(get('x-host-header')) || none(get('cs-host')) || (cloudfront ? '' : none(get('cs(host)')))).trim().toLowerCase().replace(/:(80|443)$/, ''),
    status: status && status !== '-' ? Number(status) : 0, userAgent: ua,
  };
}

describe('W3C lines read as the plain reading of the format reads them (W3C Working Draft WD-logfile-960323)', () => {
  // Each field's likely values, and values any field may hold (a '-', a space or tab inside, an impossible date or time).
  const VALUES: Record<string, readonly string[]> = {
    date: ['2025-10-10', '2025-10-11', '2025-02-30'], time: ['13:55:36', '13:55:37', '13:55:36.25', '25:00:00'], 'c-ip': ['66.249.66.1', '2001:db8::1'],
    'cs-method': ['GET', 'HEAD'], 'cs-uri-stem': ['/a', '/b+c'], 'cs-uri-query': ['x=1'], 'cs-uri': ['/u?v=1'], 'sc-status': ['200', '404', '2x0'],
    'cs(user-agent)': ['Mozilla/5.0+(compatible;+Bot/1.0)', 'Bot%2F1.0%20(x)', 'Bot%ZZ', 'Bot/1.0'], 'x-host-header': ['WWW.Example.com:443'], 'cs-host': ['shop.test:8080'],
    'cs(host)': ['d1.cloudfront.net'], 'x-edge-location': ['FRA56-C1'], 's-port': ['443'], 'time-taken': ['15'],
  };
  const ANY = ['-', '', 'A B', 'a\tb', '2025-10-10', '200'];
  const NAMES = Object.keys(VALUES);
  it('property: any #Fields, any values, tab or space separated, too few or too many fields', () => {
    const lines = fc.array(fc.array(fc.nat({ max: 99 }), { maxLength: 11 }), { maxLength: 8 });
    fc.assert(fc.property(fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 9 }), lines, fc.boolean(), (fields, picks, tabs) => {
      const reader = new LogReader('w3c');
      reader.read(`#Fields: ${fields.join(' ')}`, 1);
      picks.forEach((pick, i) => {
        const values = pick.map((n, k) => (n % 6 === 0 || k >= fields.length ? ANY[n % ANY.length]! : VALUES[fields[k]!]![n % VALUES[fields[k]!]!.length]!));
        const s = values.join(tabs ? '\t' : ' ');
        if (s === '' || s.startsWith('#') || (s.length < 3 && s.trim() === '')) return;
        const r = reader.read(s, i + 2);
        const expected = plainReading(s, fields);
        expect(r === null ? null : { ...r, line: undefined }, JSON.stringify(s)).toEqual(expected === null ? null : { ...expected, line: undefined });
      });
    }), { numRuns: 2000 });
  });
});

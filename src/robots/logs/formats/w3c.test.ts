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

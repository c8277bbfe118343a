import { describe, expect, it } from 'vitest';
import { detectLogFormat, LogReader, type LogFamily, type LogRequest } from './formats.js';
import { parseClfTime, parseLogTime, parseW3cTime } from './time.js';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const T = Date.UTC(2025, 9, 10, 13, 55, 36);

/** Reads lines with a fresh reader of `family`, numbering them from 1. */
function read(family: LogFamily, ...lines: string[]): (LogRequest | null | undefined)[] {
  const reader = new LogReader(family);
  return lines.map((l, i) => reader.read(l, i + 1));
}

const req = (over: Partial<LogRequest>): LogRequest => ({
  line: 1, time: T, ip: '66.249.66.1', method: 'GET', target: '/a?b=1', host: '', status: 200, userAgent: GOOGLEBOT, ...over,
});

describe('Apache mod_log_config / nginx log_format: common and combined', () => {
  it('combined: %h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-agent}i"', () => {
    expect(read('clf', `66.249.66.1 - - [10/Oct/2025:13:55:36 +0000] "GET /a?b=1 HTTP/1.1" 200 512 "https://ref.test/" "${GOOGLEBOT}"`)).toEqual([req({})]);
  });
  it('common: no referer, no user agent; %b may be -', () => {
    expect(read('clf', '10.0.0.1 - frank [10/Oct/2025:06:55:36 -0700] "HEAD /x HTTP/1.0" 304 -')).toEqual([req({ ip: '10.0.0.1', method: 'HEAD', target: '/x', status: 304, userAgent: '' })]);
  });
  it('a leading virtual host (%v or %v:%p, vhost_combined): the host, a default port dropped', () => {
    expect(read('clf',
      `www.example.com:443 66.249.66.1 - - [10/Oct/2025:13:55:36 +0000] "GET /a?b=1 HTTP/2.0" 200 5 "-" "${GOOGLEBOT}"`,
      `Shop.Example.com:8080 66.249.66.1 - - [10/Oct/2025:13:55:36 +0000] "GET /a?b=1 HTTP/2.0" 200 5 "-" "${GOOGLEBOT}"`,
    )).toEqual([req({ host: 'www.example.com' }), req({ line: 2, host: 'shop.example.com:8080' })]);
  });
  it('time zones: -0700 is seven hours behind UTC', () => {
    expect(parseClfTime('10/Oct/2025:06:55:36 -0700')).toBe(T);
    expect(parseClfTime('10/Oct/2025:19:25:36 +0530')).toBe(T);
  });
  it('escaped quotes and \\xHH in the request and the user agent (Apache escapes, nginx writes \\x22)', () => {
    const [r] = read('clf', '1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "GET /q?s=\\"x\\" HTTP/1.1" 200 1 "-" "Bot \\x22quoted\\x22 \\"too\\""');
    expect(r).toMatchObject({ target: '/q?s="x"', userAgent: 'Bot "quoted" "too"' });
  });
  it('nginx extras after the user agent are allowed; a "-" user agent is none', () => {
    const [r] = read('clf', '1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "-" "5.6.7.8" 0.002');
    expect(r).toMatchObject({ target: '/', userAgent: '' });
  });
  it('a request line that is not one (TLS bytes, "-", a space in the target) is read with no target', () => {
    const rs = read('clf',
      '1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "\\x16\\x03\\x01" 400 0 "-" "-"',
      '1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "-" 400 0 "-" "-"',
      '1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "GET /a b c HTTP/1.1" 400 0 "-" "-"',
    );
    expect(rs.map((r) => r && [r.method, r.target])).toEqual([['', ''], ['', ''], ['GET', '']]);
  });
  it('broken lines are unreadable (null), never a throw', () => {
    expect(read('clf',
      'garbage',
      '1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "GET / HTTP/1.1" 200', // no bytes: still common? status then end
      '1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "GET / HTTP/1.1 200 1', // unclosed quote
      '1.2.3.4 - - [31/Foo/2025:13:55:36 +0000] "GET / HTTP/1.1" 200 1', // bad month
      '1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "GET / HTTP/1.1" 2000 1', // bad status
      '1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "GET / HTTP/1.1" 200 x', // bad bytes
      '1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "unclosed', // unclosed user agent
      'a b c d e [10/Oct/2025:13:55:36 +0000] "GET / HTTP/1.1" 200 1', // five fields before the time
      '[10/Oct/2025:13:55:36 +0000] "GET / HTTP/1.1" 200 1',
    ).map((r) => r && r.status)).toEqual([null, 200, null, null, null, null, null, null, null]);
  });
  it('blank lines are no request and not unreadable (undefined)', () => {
    expect(read('clf', '', ' ')).toEqual([undefined, undefined]);
  });
});

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

describe('AWS Application Load Balancer access logs', () => {
  const alb = (request: string, ua = GOOGLEBOT, client = '66.249.66.1:46532') =>
    `https 2025-10-10T13:55:36.000000Z app/my-lb/50dc6c495c0c9188 ${client} 10.0.0.1:80 0.000 0.001 0.000 200 200 34 366 "${request}" "${ua}" ECDHE-RSA-AES128-GCM-SHA256 TLSv1.2 arn:aws:elasticloadbalancing:us-east-2:123456789012:targetgroup/my-targets/73e2d6bc24d8a067 "Root=1-58337262-36d228ad5d99923122bbe354" "www.example.com" "arn:aws:acm:us-east-2:123456789012:certificate/12345678-1234-1234-1234-123456789012" 0 2025-10-10T13:55:35.999000Z "forward" "-" "-" "10.0.0.1:80" "200" "-" "-"`;
  it('the request is absolute: its host and its path and query; the client without its port', () => {
    expect(read('alb', alb('GET https://www.example.com:443/a?b=1 HTTP/1.1'))).toEqual([req({ host: 'www.example.com' })]);
  });
  it('IPv6 clients keep their address', () => {
    expect(read('alb', alb('GET https://www.example.com:443/a?b=1 HTTP/1.1', GOOGLEBOT, '2001:db8::1:46532'))[0]).toMatchObject({ ip: '2001:db8::1' });
  });
  it('broken lines: another first field, a bad time, an unclosed quote, too few fields', () => {
    expect(read('alb',
      alb('GET https://x.test/ HTTP/1.1').replace(/^https/, 'ftp'),
      alb('GET https://x.test/ HTTP/1.1').replace('2025-10-10T13:55:36.000000Z', 'yesterday'),
      alb('GET https://x.test/ HTTP/1.1').slice(0, 160),
      'https 2025-10-10T13:55:36.000000Z app/my-lb 1.2.3.4:1',
    )).toEqual([null, null, null, null]);
  });
});

describe('JSON lines: Cloudflare Logpush (http_requests) and generic keys', () => {
  it('Cloudflare field names; EdgeStartTimestamp as RFC 3339, Unix seconds or nanoseconds', () => {
    const cf = (ts: unknown) => JSON.stringify({ ClientIP: '66.249.66.1', ClientRequestHost: 'www.example.com', ClientRequestMethod: 'GET', ClientRequestURI: '/a?b=1', ClientRequestUserAgent: GOOGLEBOT, EdgeResponseStatus: 200, EdgeStartTimestamp: ts });
    expect(read('json', cf('2025-10-10T13:55:36Z'), cf(T / 1000), cf(T * 1e6), cf(`${T * 1e6}`))).toEqual([1, 2, 3, 4].map((line) => req({ line, host: 'www.example.com' })));
  });
  it('generic keys: nginx JSON ("request": "GET … HTTP/1.1", time_local), GCP httpRequest, Elastic ECS', () => {
    const rs = read('json',
      JSON.stringify({ remote_addr: '66.249.66.1', time_local: '10/Oct/2025:13:55:36 +0000', request: 'GET /a?b=1 HTTP/1.1', status: '200', http_user_agent: GOOGLEBOT }),
      JSON.stringify({ timestamp: '2025-10-10T13:55:36.000Z', httpRequest: { requestMethod: 'GET', requestUrl: 'https://www.example.com/a?b=1', status: 200, userAgent: GOOGLEBOT, remoteIp: '66.249.66.1' } }),
      JSON.stringify({ '@timestamp': '2025-10-10T13:55:36Z', source: { ip: '66.249.66.1' }, url: { original: '/a?b=1' }, http: { request: { method: 'GET' }, response: { status_code: 200 } }, user_agent: { original: GOOGLEBOT } }),
    );
    expect(rs).toEqual([req({ line: 1 }), req({ line: 2, host: 'www.example.com' }), req({ line: 3 })]);
  });
  it('X-Forwarded-For lists: the first address is the client', () => {
    expect(read('json', JSON.stringify({ http_x_forwarded_for: '66.249.66.1, 10.0.0.2', path: '/', ua: 'x' }))[0]).toMatchObject({ ip: '66.249.66.1' });
  });
  it('no time is NaN (the request is judged by the live file)', () => {
    expect(read('json', JSON.stringify({ ip: '1.2.3.4', path: '/' }))[0]!.time).toBeNaN();
  });
  it('broken lines: not JSON, an array, no URL nor user agent, truncated', () => {
    expect(read('json', '{not json', '[1,2]', '{"ip":"1.2.3.4"}', '{"ip":"1.2.3.4","path":"/a"', 'plain text')).toEqual([null, null, null, null, null]);
  });
});

describe('parseLogTime', () => {
  it.each([
    ['2025-10-10T13:55:36Z', T], ['2025-10-10T15:55:36+02:00', T], ['2025-10-10 13:55:36', T], ['2025-10-10T13:55:36.5Z', T + 500],
    [String(T / 1000), T], [String(T), T], [String(T * 1000), T], [String(T * 1e6), T], ['[10/Oct/2025:13:55:36 +0000]', T],
    ['yesterday', NaN], ['', NaN], ['-5', NaN],
  ])('%s', (s, t) => {
    expect(parseLogTime(s)).toBe(t);
  });
});

describe('detectLogFormat: from the first lines', () => {
  const combined = `66.249.66.1 - - [10/Oct/2025:13:55:36 +0000] "GET / HTTP/1.1" 200 5 "-" "${GOOGLEBOT}"`;
  it('names the variant: combined, common, vhost-combined, w3c-iis, w3c-cloudfront, aws-alb, json, json-cloudflare', () => {
    expect(detectLogFormat([combined, combined]).ok && detectLogFormat([combined]).ok).toBe(true);
    const name = (lines: string[]) => {
      const d = detectLogFormat(lines);
      return d.ok ? d.format : d.message;
    };
    expect(name([combined])).toBe('combined');
    expect(name(['1.2.3.4 - - [10/Oct/2025:13:55:36 +0000] "GET / HTTP/1.1" 200 5'])).toBe('common');
    expect(name([`x.test ${combined}`])).toBe('vhost-combined');
    expect(name(['#Fields: date time c-ip cs-method cs-uri-stem sc-status', '2025-10-10 13:55:36 1.2.3.4 GET / 200'])).toBe('w3c-iis');
    expect(name(['#Fields: date time x-edge-location c-ip cs-method cs-uri-stem sc-status', '2025-10-10\t13:55:36\tFRA\t1.2.3.4\tGET\t/\t200'])).toBe('w3c-cloudfront');
    expect(name(['{"ClientIP":"1.2.3.4","ClientRequestURI":"/"}'])).toBe('json-cloudflare');
    expect(name(['{"ip":"1.2.3.4","path":"/"}'])).toBe('json');
    expect(name(['h2 2025-10-10T13:55:36.000000Z app/lb/1 1.2.3.4:5 10.0.0.1:80 0.0 0.0 0.0 200 200 1 2 "GET https://x.test:443/ HTTP/2.0" "Bot/1.0" - - arn "Root=1" "x.test" "-" 0'])).toBe('aws-alb');
  });
  it('a few broken lines among good ones do not change the format; half or more do', () => {
    expect(detectLogFormat([combined, 'junk', combined, combined]).ok).toBe(true);
    expect(detectLogFormat([combined, 'junk', 'junk']).ok).toBe(false);
  });
  it('none fits: a message naming the formats and quoting the first line', () => {
    const d = detectLogFormat(['hello world', 'this is not a log']);
    expect(d.ok).toBe(false);
    expect(!d.ok && d.message).toMatch(/unknown log format: .*Apache\/nginx common or combined.*W3C extended.*AWS ALB.*JSON lines.*"hello world"/);
  });
  it('a NUL byte: a binary file', () => {
    expect(detectLogFormat(['\u0000\u0001\u0002PK'])).toEqual({ ok: false, message: 'this is a binary file, not a text log' });
  });
});

import { describe, expect, it } from 'vitest';
import { parseClfTime } from '../time.js';
import { GOOGLEBOT, read, req, T } from './test-helpers.js';

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

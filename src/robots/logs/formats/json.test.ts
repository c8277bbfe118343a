import { describe, expect, it } from 'vitest';
import { GOOGLEBOT, read, req, T } from './test-helpers.js';

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
  it('Cloudflare Logpush Datetime (its datasets other than http_requests) is the time', () => {
    expect(read('json', JSON.stringify({ ClientIP: '66.249.66.1', ClientRequestURI: '/a?b=1', ClientRequestUserAgent: GOOGLEBOT, Datetime: '2025-10-10T13:55:36Z' }))[0]!.time).toBe(T);
  });
  it('an impossible time (32 March, 29 February 2023, offset +99:99) makes the line unreadable; a time in a form not read leaves it undated', () => {
    const at = (time: string) => JSON.stringify({ ip: '1.2.3.4', path: '/', time });
    const rs = read('json', at('2025-03-32T10:00:00Z'), at('2023-02-29T10:00:00Z'), at('2025-10-10T10:00:00+99:99'), at('last Tuesday'));
    expect([rs[0], rs[1], rs[2], rs[3]!.time]).toEqual([null, null, null, NaN]);
  });
  it('no time is NaN (the request is judged by the live file)', () => {
    expect(read('json', JSON.stringify({ ip: '1.2.3.4', path: '/' }))[0]!.time).toBeNaN();
  });
  it('broken lines: not JSON, an array, no URL nor user agent, truncated', () => {
    expect(read('json', '{not json', '[1,2]', '{"ip":"1.2.3.4"}', '{"ip":"1.2.3.4","path":"/a"', 'plain text')).toEqual([null, null, null, null, null]);
  });
});

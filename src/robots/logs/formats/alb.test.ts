import { describe, expect, it } from 'vitest';
import { GOOGLEBOT, read, req } from './test-helpers.js';

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

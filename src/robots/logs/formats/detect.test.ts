import { describe, expect, it } from 'vitest';
import { detectLogFormat } from './detect.js';
import { GOOGLEBOT } from './test-helpers.js';

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

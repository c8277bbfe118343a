import { describe, expect, it } from 'vitest';
import { checkUrl, parseRobotsTxt } from '../google/index.js';
import { robotsTxtUrlFor, scopeOf } from './scope.js';
import { fetchOutcome } from './status.js';

describe('RFC 9309 2.3: which robots.txt governs a URL', () => {
  const site = 'https://www.example.com/robots.txt';
  it.each([
    ['https://www.example.com/page', true],
    ['https://WWW.EXAMPLE.COM:443/page', true],
    ['/page', true],
    ['http://www.example.com/page', false],
    ['https://example.com/page', false],
    ['https://shop.www.example.com/page', false],
    ['https://www.example.com:8443/page', false],
  ])('%s → covered %s', (url, covered) => {
    expect(scopeOf(site, url).covered).toBe(covered);
  });
  it('names the robots.txt that governs an out-of-scope URL, and why', () => {
    expect(scopeOf('https://www.example.com', 'https://example.com/x')).toMatchObject({
      covered: false,
      governingRobotsUrl: 'https://example.com/robots.txt',
      reason: expect.stringContaining('each subdomain has its own robots.txt'),
    });
  });
  it('IDNs equal their punycode; IP hosts are hosts', () => {
    expect(robotsTxtUrlFor('http://www.müller.eu/')).toBe('http://www.xn--mller-kva.eu/robots.txt');
    expect(scopeOf('http://www.xn--mller-kva.eu', 'http://www.müller.eu/x').covered).toBe(true);
    expect(scopeOf('http://192.0.2.1/robots.txt', 'http://192.0.2.1:80/x').covered).toBe(true);
    expect(robotsTxtUrlFor('example.com')).toBe('https://example.com/robots.txt');
    expect(robotsTxtUrlFor('ftp://example.com:21/')).toBe('ftp://example.com/robots.txt');
  });
  it('checkUrl reports out-of-scope URLs instead of a verdict', () => {
    const v = checkUrl(parseRobotsTxt('User-agent: *\nDisallow: /'), 'Googlebot', 'https://other.test/x', { site: 'https://a.test' });
    expect([v.inScope, v.reason, v.scope?.governingRobotsUrl]).toEqual([false, 'out-of-scope', 'https://other.test/robots.txt']);
  });
});

describe('RFC 9309 2.3.1: the fetch result', () => {
  it.each([
    [{ kind: 'http', code: 200 }, 'rules'],
    [{ kind: 'http', code: 301, redirects: 5 }, 'rules'],
    [{ kind: 'http', code: 301, redirects: 6 }, 'allow-all'],
    [{ kind: 'http', code: 404 }, 'allow-all'],
    [{ kind: 'http', code: 401 }, 'allow-all'],
    [{ kind: 'http', code: 403 }, 'allow-all'],
    [{ kind: 'http', code: 429 }, 'disallow-all'],
    [{ kind: 'http', code: 500 }, 'disallow-all'],
    [{ kind: 'http', code: 503 }, 'disallow-all'],
    [{ kind: 'network-error' }, 'disallow-all'],
  ] as const)('%j → %s', (status, effect) => {
    expect(fetchOutcome(status).effect).toBe(effect);
  });
  it('overrides the rules in checkUrl', () => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /private');
    expect(checkUrl(robots, 'Googlebot', '/private', { status: { kind: 'http', code: 404 } })).toMatchObject({ allowed: true, line: 0, reason: 'status-allow-all' });
    expect(checkUrl(robots, 'Googlebot', '/public', { status: { kind: 'http', code: 503 } })).toMatchObject({ allowed: false, line: 0, reason: 'status-disallow-all' });
    expect(checkUrl(robots, 'Googlebot', '/private', { status: { kind: 'http', code: 200 } })).toMatchObject({ allowed: false, line: 2 });
  });
});

/** The robots-parser drop-in: robots-parser 3's API, Google's answers (authority: both, named per case). */
import { describe, expect, it } from 'vitest';
import { robotsParser } from './robots-parser.js';

const file = ['User-agent: *', 'Disallow: /a', 'Allow: /a/b', 'Crawl-delay: 5', '', 'User-agent: FooBot', 'Disallow: /foo', 'Host: WWW.Example.com', 'Sitemap: https://x.test/s.xml'].join('\n');
const robots = robotsParser('https://x.test/robots.txt', file);

describe('robots-parser’s API, Google’s reading', () => {
  it('RFC 9309 longest match, where robots-parser agrees; the deciding line, -1 when none', () => {
    expect([robots.isAllowed('https://x.test/a/b'), robots.isDisallowed('https://x.test/a/c'), robots.getMatchingLineNumber('https://x.test/a/b'), robots.getMatchingLineNumber('https://x.test/z')])
      .toEqual([true, true, 3, -1]);
  });
  it('robots-parser: undefined for another origin (scheme, host or port); isDisallowed says true there', () => {
    expect([robots.isAllowed('http://x.test/a'), robots.isAllowed('https://y.test/a'), robots.isAllowed('https://x.test:8443/a'), robots.isDisallowed('https://y.test/a')])
      .toEqual([undefined, undefined, undefined, true]);
    expect(robots.isAllowed('https://X.TEST:443/a')).toBe(false);
  });
  it('Google’s group choice: a token, a User-Agent string, or none (the * group)', () => {
    expect([robots.isAllowed('https://x.test/foo', 'FooBot'), robots.isAllowed('https://x.test/a', 'FooBot'), robots.isAllowed('https://x.test/foo', 'Mozilla/5.0 (compatible; FooBot/1.0)'), robots.isAllowed('https://x.test/a')])
      .toEqual([false, true, false, false]);
  });
  it('isExplicitlyDisallowed: only a group naming the crawler counts', () => {
    expect([robots.isExplicitlyDisallowed('https://x.test/foo', 'FooBot'), robots.isExplicitlyDisallowed('https://x.test/a', 'OtherBot'), robots.isExplicitlyDisallowed('https://y.test/foo', 'FooBot')])
      .toEqual([true, false, undefined]);
  });
  it('Crawl-delay from the group Google picks, Host (last, lower-cased) and sitemaps, as robots-parser reads them', () => {
    expect([robots.getCrawlDelay('OtherBot'), robots.getCrawlDelay('FooBot'), robots.getCrawlDelay()]).toEqual([5, undefined, 5]);
    expect(robots.getPreferredHost()).toBe('www.example.com');
    expect(robots.getSitemaps()).toEqual(['https://x.test/s.xml']);
  });
});

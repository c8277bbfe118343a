/**
 * What each reader does differently, one small file per difference, with the parser's own
 * behaviour as the authority (named per test) and Google's for contrast.
 */
import { describe, expect, it } from 'vitest';
import { READER_IDS, checkWithReader, explainReader, readerName, type ReaderId } from './index.js';

const file = (...lines: string[]) => lines.join('\n');
const verdict = (reader: ReaderId, robots: string, url: string, ua = 'FooBot') => {
  const v = checkWithReader(reader, robots, ua, url);
  return { allowed: v.allowed, line: v.line, reason: v.reason };
};
const allReaders = (robots: string, url: string, ua = 'FooBot') =>
  Object.fromEntries(READER_IDS.map((r) => [r, checkWithReader(r, robots, ua, url).allowed]));

describe('the issue’s example: Disallow /a, Allow /a/b', () => {
  const robots = file('User-agent: *', 'Disallow: /a', 'Allow: /a/b');
  it('RFC 9309 longest match allows /a/b; CPython ≤ 3.12 takes the first match and blocks it', () => {
    expect(allReaders(robots, 'https://x.test/a/b')).toEqual({
      google: true, bing: true, 'python-urllib': false, 'python-urllib-rfc9309': true, 'scrapy-protego': true, 'scrapy-protego-0.6': true, 'robots-parser': true, 'crawler-commons': true,
    });
    expect(verdict('python-urllib', robots, 'https://x.test/a/b')).toEqual({ allowed: false, line: 2, reason: 'first-match' });
    expect(verdict('google', robots, 'https://x.test/a/b')).toEqual({ allowed: true, line: 3, reason: 'longest-match' });
  });
});

describe('wildcards', () => {
  const robots = file('User-agent: *', 'Disallow: /*.pdf$');
  it('CPython ≤ 3.12 takes * and $ literally; everyone else reads them as wildcards', () => {
    expect(allReaders(robots, 'https://x.test/doc/a.pdf')).toEqual({
      google: false, bing: false, 'python-urllib': true, 'python-urllib-rfc9309': false, 'scrapy-protego': false, 'scrapy-protego-0.6': false, 'robots-parser': false, 'crawler-commons': false,
    });
  });
});

describe('group choice', () => {
  it('Python and Protego match a group name as a substring of the crawler name; Google, robots-parser and crawler-commons do not', () => {
    const robots = file('User-agent: foo', 'Disallow: /');
    expect(allReaders(robots, 'https://x.test/page', 'foobot')).toEqual({
      google: true, bing: true, 'python-urllib': false, 'python-urllib-rfc9309': false, 'scrapy-protego': false, 'scrapy-protego-0.6': false, 'robots-parser': true, 'crawler-commons': true,
    });
  });
  it('Protego 0.7 takes a group name only where a token of the crawler’s name starts (“bot” is not in “mybot”); 0.6 and Python anywhere', () => {
    const robots = file('User-agent: bot', 'Disallow: /');
    expect(allReaders(robots, 'https://x.test/page', 'mybot')).toMatchObject({ 'python-urllib': false, 'scrapy-protego': true, 'scrapy-protego-0.6': false });
    expect(allReaders(robots, 'https://x.test/page', 'Mozilla/5.0 (compatible; bot/1.0)')).toMatchObject({ 'scrapy-protego': false, 'scrapy-protego-0.6': false });
  });
  it('CPython ≤ 3.12 ends a group at a blank line: the user-agent line before it is dropped', () => {
    const robots = file('User-agent: FooBot', '', 'Disallow: /');
    expect(allReaders(robots, 'https://x.test/page')).toEqual({
      google: false, bing: false, 'python-urllib': true, 'python-urllib-rfc9309': false, 'scrapy-protego': false, 'scrapy-protego-0.6': false, 'robots-parser': false, 'crawler-commons': false,
    });
  });
  it('Bing: bingbot follows a group written for msnbot (Bing Webmaster Blog, 2010); AdIdxBot the bingbot group', () => {
    const robots = file('User-agent: msnbot', 'Disallow: /', '', 'User-agent: *', 'Allow: /');
    expect(verdict('bing', robots, 'https://x.test/page', 'bingbot')).toMatchObject({ allowed: false, line: 2 });
    expect(verdict('google', robots, 'https://x.test/page', 'bingbot')).toMatchObject({ allowed: true });
    expect(verdict('bing', file('User-agent: bingbot', 'Disallow: /ads'), 'https://x.test/ads', 'adidxbot')).toMatchObject({ allowed: false, line: 2 });
  });
});

describe('line breaks and keys', () => {
  it('Python splits lines at U+2028 and VT; Google does not, so the rule is in the user-agent value', () => {
    const robots = 'User-agent: FooBot\u2028Disallow: /x';
    expect(allReaders(robots, 'https://x.test/x')).toMatchObject({ google: true, 'python-urllib': false, 'scrapy-protego': false, 'robots-parser': true });
  });
  it('Google, Protego and crawler-commons accept misspellings (dissallow); Python and robots-parser do not', () => {
    const robots = file('User-agent: *', 'Dissallow: /x');
    expect(allReaders(robots, 'https://x.test/x')).toMatchObject({ google: false, 'python-urllib': true, 'scrapy-protego': false, 'robots-parser': true, 'crawler-commons': false });
  });
  it('a BOM hides the first line from Python and Protego (it is not white space to Python)', () => {
    const robots = '\ufeffUser-agent: *\nDisallow: /x';
    expect(allReaders(robots, 'https://x.test/x')).toMatchObject({ google: false, 'python-urllib': true, 'scrapy-protego': true, 'robots-parser': false, 'crawler-commons': false });
  });
});

describe('the deciding line and errors', () => {
  it('every reader that decides by a rule names its line in the tester’s numbering (CRLF, CR and LF each one break)', () => {
    const robots = 'User-agent: *\r\n\rDisallow: /a\nAllow: /a/b';
    for (const r of READER_IDS) {
      const v = checkWithReader(r, robots, 'FooBot', 'https://x.test/a/c');
      expect([r, v.line]).toEqual([r, r === 'python-urllib' ? 0 : 3]);
    }
  });
  it('CPython ≤ 3.12 raises on a rule it cannot parse as a URL: no verdict, the error is kept', () => {
    const v = checkWithReader('python-urllib', file('User-agent: *', 'Disallow: //[x'), 'FooBot', 'https://x.test/');
    expect(v).toMatchObject({ reason: 'unparsable', error: 'ValueError: Invalid IPv6 URL' });
  });
  it('crawler-commons blocks the whole site for a Crawl-delay over 300 seconds', () => {
    expect(verdict('crawler-commons', file('User-agent: *', 'Crawl-delay: 301'), 'https://x.test/')).toMatchObject({ allowed: false });
    expect(verdict('crawler-commons', file('User-agent: *', 'Crawl-delay: 300'), 'https://x.test/')).toMatchObject({ allowed: true });
  });
});

describe('the readers’ sentences', () => {
  it('Python ≤ 3.12 beside a wildcard rule Google applied: it says * and $ are plain characters to it', () => {
    const robots = file('User-agent: *', 'Disallow: /*.pdf$');
    const url = 'https://x.test/doc/a.pdf';
    const google = checkWithReader('google', robots, 'FooBot', url);
    const python = checkWithReader('python-urllib', robots, 'FooBot', url);
    const texts = explainReader(python, google, (l) => robots.split('\n')[l - 1]!).map((s) => s.text);
    expect(texts).toEqual([
      'No rule Python ≤3.12 and 3.13.0–3.13.7 reads for this crawler matches /doc/a.pdf, so it is allowed.',
      'Python ≤3.12 and 3.13.0–3.13.7 reads * and $ as plain characters: line 2, “Disallow: /*.pdf$”, matches only URLs that contain that exact text.',
    ]);
  });
});

describe('a missing body', () => {
  it('null and undefined read as an empty file for every reader (robots-parser’s own test passes null: it allows everything)', () => {
    for (const body of [null, undefined]) {
      for (const r of READER_IDS) {
        expect([r, verdict(r, body as unknown as string, 'https://x.test/a')]).toEqual([r, verdict(r, '', 'https://x.test/a')]);
        expect([r, checkWithReader(r, body, 'FooBot', 'https://x.test/a').allowed]).toEqual([r, true]);
      }
    }
  });
});

describe('the readers’ names say which releases they read as', () => {
  it('each name carries its versions (the chips, Bulk and the CLI show these names)', () => {
    expect(READER_IDS.map(readerName)).toEqual([
      'Google', 'Bing', 'Python ≤3.12 and 3.13.0–3.13.7', 'Python 3.13.14+ and 3.14.5+', 'Scrapy (Protego 0.7)', 'Scrapy (Protego 0.4–0.6)',
      'robots-parser 3.0.1 (Node)', 'crawler-commons 1.6',
    ]);
  });
});

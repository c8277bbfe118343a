/**
 * Protego's readers: what changed from 0.6.1 to 0.7.0, one case per item of Protego 0.7.0's
 * release notes that changes a verdict (restated from the notes and the pull requests they
 * name), and the wildcard matcher against the backtracking RegExp Protego 0.6 compiled.
 * Authority: Protego 0.7 / Protego 0.6 (scrapy/protego).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkWithReader } from './index.js';
import { protegoMatches } from './protego.js';

const file = (...lines: string[]) => lines.join('\n');
const both = (robots: string, url: string, ua = 'FooBot') => ({
  '0.6': checkWithReader('scrapy-protego-0.6', robots, ua, url).allowed,
  '0.7': checkWithReader('scrapy-protego', robots, ua, url).allowed,
});

describe('Protego 0.7: the changes since 0.6.1 that change a verdict', () => {
  it('“can_fetch() now allows /robots.txt whatever the rules say, as required by RFC 9309” (scrapy/protego#84)', () => {
    expect(both(file('User-agent: *', 'Disallow: /'), 'https://x.test/robots.txt')).toEqual({ '0.6': false, '0.7': true });
    expect(both(file('User-agent: *', 'Disallow: /'), 'https://x.test/robots.txt.bak')).toEqual({ '0.6': false, '0.7': false });
  });
  it('“A group now applies to a user agent only if its product token appears in that user agent at a token boundary”', () => {
    const robots = file('User-agent: bot', 'Disallow: /');
    expect(both(robots, 'https://x.test/', 'mybot')).toEqual({ '0.6': false, '0.7': true });
    expect(both(robots, 'https://x.test/', 'Mozilla/5.0 (compatible; bot/1.0)')).toEqual({ '0.6': false, '0.7': false });
    expect(both(robots, 'https://x.test/', 'my-bot')).toEqual({ '0.6': false, '0.7': true });
  });
  it('“Percent-encoding is now normalized in the query string and the parameters … Disallow: /a?b=ツ now matches /a?b=%E3%83%84” (scrapy/protego#85)', () => {
    expect(both(file('User-agent: *', 'Disallow: /a?b=ツ'), 'https://x.test/a?b=%E3%83%84')).toEqual({ '0.6': true, '0.7': false });
    expect(both(file('User-agent: *', 'Disallow: /a?b=%E3%83%84'), 'https://x.test/a?b=ツ')).toEqual({ '0.6': true, '0.7': false });
    expect(both(file('User-agent: *', 'Disallow: /a;p=ツ'), 'https://x.test/a;p=%E3%83%84')).toEqual({ '0.6': true, '0.7': false });
    // The characters that give a query its structure keep their spelling: an escaped & is not an &.
    expect(both(file('User-agent: *', 'Disallow: /a?b=1&c'), 'https://x.test/a?b=1%26c')).toEqual({ '0.6': true, '0.7': true });
  });
  it('“The fragment is now left out of matching altogether”', () => {
    expect(both(file('User-agent: *', 'Disallow: /a$'), 'https://x.test/a#top')).toEqual({ '0.6': true, '0.7': false });
  });
  it('“Fixed matching of URLs whose path contains =, which no rule could match”', () => {
    expect(both(file('User-agent: *', 'Disallow: /*quizResult='), 'https://x.test/abcquizResult=')).toEqual({ '0.6': true, '0.7': false });
    expect(both(file('User-agent: *', 'Disallow: /a=b'), 'https://x.test/a%3Db')).toEqual({ '0.6': true, '0.7': false });
  });
  it('“Fixed Allow: …/index.html, which … also allowed URLs with a $ right after that directory”', () => {
    const robots = file('User-agent: *', 'Disallow: /d/', 'Allow: /d/index.html');
    expect(both(robots, 'https://x.test/d/$')).toEqual({ '0.6': true, '0.7': false });
    expect(both(robots, 'https://x.test/d/')).toEqual({ '0.6': true, '0.7': true });
  });
  it('“Sitemap and Host lines are now read anywhere in the file … and no longer merge the groups they sit between”', () => {
    const robots = file('User-agent: a', 'Disallow: /x', 'Sitemap: https://x.test/s.xml', 'User-agent: b', 'Disallow: /y');
    expect(both(robots, 'https://x.test/x', 'b')).toEqual({ '0.6': true, '0.7': true });
    // A Sitemap line between two User-agent lines no longer ends the first one's group.
    const between = file('User-agent: a', 'Sitemap: https://x.test/s.xml', 'User-agent: b', 'Disallow: /y');
    expect(both(between, 'https://x.test/y', 'a')).toEqual({ '0.6': true, '0.7': false });
  });
  it('“A User-agent line without a value still ends the preceding group”', () => {
    // 0.6 read "User-agent:" as the end of nothing: b joined a's group, and a got b's rule.
    const robots = file('User-agent: a', 'Disallow: /x', 'User-agent:', 'User-agent: b', 'Disallow: /y');
    expect(both(robots, 'https://x.test/y', 'a')).toEqual({ '0.6': false, '0.7': true });
    expect(both(robots, 'https://x.test/x', 'b')).toEqual({ '0.6': true, '0.7': true });
  });
  it('“Lines written without a colon are now salvaged for every directive … and with any whitespace as the separator”', () => {
    expect(both(file('User-agent: *', 'Disallow\t/x'), 'https://x.test/x')).toEqual({ '0.6': true, '0.7': false });
    expect(both(file('User-agent: *', 'DISALLOW /x'), 'https://x.test/x')).toEqual({ '0.6': true, '0.7': false });
    expect(both(file('User-agent: *', 'Disallow /a:b'), 'https://x.test/a:b')).toEqual({ '0.6': true, '0.7': false });
  });
  it('“A line whose field is not a known directive is no longer read as one”: an unknown key still ends a run of User-agent lines', () => {
    expect(both(file('User-agent: a', 'Noindex: /x', 'User-agent: b', 'Disallow: /y'), 'https://x.test/y', 'a')).toEqual({ '0.6': true, '0.7': true });
  });
});

describe('Protego 0.6: wildcards without a backtracking RegExp, the same answers (0.6.2 did the same upstream)', () => {
  it('a hostile pattern (ten stars against a hundred a’s) answers at once, and as the RegExp would', () => {
    const rule = { pieces: '/*a*a*a*a*a*a*a*a*a*a*b'.split('*'), anchored: false };
    expect(protegoMatches(rule, '/' + 'a'.repeat(100))).toBe(false);
    expect(protegoMatches(rule, '/' + 'a'.repeat(100) + 'b')).toBe(true);
  });
  it('matches as Protego 0.6’s lazy .*? RegExp on random patterns and paths (small alphabet, many stars)', () => {
    const piece = fc.stringMatching(/^[ab/]{0,3}$/);
    fc.assert(fc.property(fc.array(piece, { minLength: 1, maxLength: 6 }), fc.boolean(), fc.stringMatching(/^[ab/]{0,12}$/), (pieces, anchored, path) => {
      const escape = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
      const oracle = new RegExp('^(?:' + pieces.map(escape).join('.*?') + (anchored ? '$' : '') + ')', 's');
      expect(protegoMatches({ pieces, anchored }, path)).toBe(oracle.test(path));
    }), { numRuns: 3000, seed: 35 });
  });
});

import { describe, expect, it } from 'vitest';
import { checkUrl, createChecker } from './check.js';
import { crawlerById } from '../crawlers/index.js';
import { parseRobotsTxt } from './parse.js';
import { lines, verdict } from '../test-helpers.js';

const blocked = (line: number) => ({ allowed: false, line });
const allowed = (line: number) => ({ allowed: true, line });

describe('RFC 9309 2.2.2: longest match wins', () => {
  const body = lines('User-agent: *', 'Disallow: /shop', 'Allow: /shop/sale', 'Disallow: /shop/sale/old');
  it('takes the most specific matching rule', () => {
    expect(verdict(body, 'Googlebot', 'https://a.test/shop/cart')).toEqual(blocked(2));
    expect(verdict(body, 'Googlebot', 'https://a.test/shop/sale/new')).toEqual(allowed(3));
    expect(verdict(body, 'Googlebot', 'https://a.test/shop/sale/old/x')).toEqual(blocked(4));
  });
  it('counts pattern length with wildcards: Allow /* beats Disallow /', () => {
    expect(verdict(lines('User-agent: *', 'Disallow: /', 'Allow: /*'), 'Googlebot', 'https://a.test/x')).toEqual(allowed(3));
    expect(verdict(lines('User-agent: *', 'Allow: /', 'Disallow: /*'), 'Googlebot', 'https://a.test/x')).toEqual(blocked(3));
  });
  it('on a tie the allow wins, whatever the order', () => {
    expect(verdict(lines('User-agent: *', 'Disallow: /p', 'Allow: /p'), 'Googlebot', 'https://a.test/p')).toEqual(allowed(3));
    expect(verdict(lines('User-agent: *', 'Allow: /p', 'Disallow: /p'), 'Googlebot', 'https://a.test/p')).toEqual(allowed(2));
  });
  it('between equal rules of one kind reports the earliest line', () => {
    expect(verdict(lines('User-agent: *', 'Disallow: /a*', 'Disallow: /ab'), 'Googlebot', 'https://a.test/abc')).toEqual(blocked(2));
  });
  it('allows when nothing matches, with line 0', () => {
    expect(verdict(lines('User-agent: *', 'Disallow: /x'), 'Googlebot', 'https://a.test/y')).toEqual(allowed(0));
  });
  it('measures length after encoding: /é is 7 bytes', () => {
    expect(verdict(lines('User-agent: *', 'Disallow: /%C3%A*', 'Allow: /é'), 'Googlebot', 'https://a.test/%C3%A9')).toEqual(allowed(3));
  });
});

describe('RFC 9309 2.2.3: special characters', () => {
  const check = (pattern: string, path: string) =>
    verdict(lines('User-agent: *', `Disallow: ${pattern}`), 'Googlebot', `https://a.test${path}`).allowed === false;
  it('* matches any run of characters, including none', () => {
    expect(check('/*.php', '/a/b.php?x')).toBe(true);
    expect(check('/*.php', '/.php')).toBe(true);
    expect(check('/a*b*c', '/axxbyyc')).toBe(true);
    expect(check('/a*b*c', '/acb')).toBe(false);
  });
  it('$ at the end anchors; elsewhere it is a literal', () => {
    expect(check('/*.php$', '/a.php')).toBe(true);
    expect(check('/*.php$', '/a.php?x')).toBe(false);
    expect(check('/a$b', '/a$b')).toBe(true);
    expect(check('/a$', '/a$')).toBe(false);
  });
  it('a trailing * changes nothing; *$ lets the path end anywhere', () => {
    expect(check('/fish*', '/fish')).toBe(true);
    expect(check('/fish*$', '/fishy/thing')).toBe(true);
  });
  it('matching is case-sensitive', () => {
    expect(check('/Fish', '/fish')).toBe(false);
  });
  it('a pattern starting with neither / nor * never matches', () => {
    expect(check('fish', '/fish')).toBe(false);
    expect(check('*fish', '/fish')).toBe(true);
  });
  it('answers pathological wildcard patterns in polynomial time', () => {
    const pattern = '/' + '*a'.repeat(3000) + '*b';
    expect(check(pattern, '/' + 'a'.repeat(6000))).toBe(false);
    expect(check(pattern, '/' + 'a'.repeat(6000) + 'b')).toBe(true);
  });
});

describe('RFC 9309 2.2.1: choosing the group', () => {
  const body = lines(
    'User-agent: googlebot-news', 'Disallow: /news', '',
    'User-agent: *', 'Disallow: /all', '',
    'User-agent: googlebot', 'Disallow: /g',
  );
  it('uses the group naming the exact token, whatever the order', () => {
    expect(verdict(body, 'Googlebot-News', 'https://a.test/news')).toEqual(blocked(2));
    expect(verdict(body, 'Googlebot', 'https://a.test/g')).toEqual(blocked(8));
    expect(verdict(body, 'Googlebot', 'https://a.test/all')).toEqual(allowed(0));
  });
  it('falls back to * for a crawler without a group; never to another crawler', () => {
    expect(verdict(body, 'Googlebot-Image', 'https://a.test/all')).toEqual(blocked(5));
    expect(verdict(body, 'Googlebot-Image', 'https://a.test/g')).toEqual(allowed(0));
  });
  it('a group naming the crawler without rules still shuts out *', () => {
    expect(verdict(lines('User-agent: *', 'Disallow: /', 'User-agent: bingbot'), 'Bingbot', 'https://a.test/x')).toEqual(allowed(0));
  });
  it('allows everything when no group applies', () => {
    expect(verdict(lines('User-agent: bingbot', 'Disallow: /'), 'Googlebot', 'https://a.test/x')).toEqual(allowed(0));
  });
  it('merges groups naming the same agent', () => {
    const merged = lines('User-agent: a', 'Disallow: /x', 'User-agent: b', 'Disallow: /', 'User-agent: a', 'Allow: /x/y');
    expect(verdict(merged, 'a', 'https://a.test/x/y')).toEqual(allowed(6));
    expect(verdict(merged, 'a', 'https://a.test/x/z')).toEqual(blocked(2));
    const v = checkUrl(parseRobotsTxt(merged), 'a', 'https://a.test/x/z');
    expect(v.group).toMatchObject({ kind: 'specific', groups: [0, 2] });
  });
  it('never merges * with a specific group naming the same lines', () => {
    const both = lines('User-agent: *', 'User-agent: a', 'Disallow: /x');
    expect(verdict(both, 'a', 'https://a.test/x')).toEqual(blocked(3));
    expect(verdict(both, 'z', 'https://a.test/x')).toEqual(blocked(3));
  });
});

describe('Google-specific: user-agent values', () => {
  it('reads the product token up to the first character outside letters, - and _', () => {
    expect(verdict(lines('User-agent: Googlebot/2.1', 'Disallow: /'), 'googlebot', 'https://a.test/')).toEqual(blocked(2));
    expect(verdict(lines('User-agent: Googlebot Images', 'Disallow: /'), 'Googlebot', 'https://a.test/')).toEqual(blocked(2));
    expect(verdict(lines('User-agent: *Googlebot', 'Disallow: /'), 'Googlebot', 'https://a.test/')).toEqual(allowed(0));
  });
  it('* followed by white space and text is still the global group', () => {
    expect(verdict(lines('User-agent: * everyone', 'Disallow: /'), 'x', 'https://a.test/')).toEqual(blocked(2));
  });
  it('special-case crawlers ignore the * group', () => {
    const body = lines('User-agent: *', 'Disallow: /');
    for (const token of ['AdsBot-Google', 'AdsBot-Google-Mobile', 'Mediapartners-Google', 'APIs-Google']) {
      expect(verdict(body, token, 'https://a.test/x')).toEqual(allowed(0));
      const v = checkUrl(parseRobotsTxt(body), token, 'https://a.test/x');
      expect(v.reason).toBe('global-ignored');
    }
    expect(verdict(lines('User-agent: *', 'Disallow: /', 'User-agent: adsbot-google', 'Disallow: /a'), 'AdsBot-Google', 'https://a.test/a')).toEqual(blocked(4));
  });
  it('accepts a full HTTP User-Agent string and reports the token used', () => {
    const robots = parseRobotsTxt(lines('User-agent: googlebot', 'Disallow: /g', 'User-agent: adsbot-google-mobile', 'Disallow: /m'));
    const ua = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const v = checkUrl(robots, ua, 'https://a.test/g');
    expect([v.allowed, v.line, v.token, v.agent.fromUserAgentString]).toEqual([false, 2, 'Googlebot', true]);
    const mobile = 'Mozilla/5.0 (iPhone; CPU iPhone OS 14_7_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1.2 Mobile/15E148 Safari/604.1 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)';
    expect(checkUrl(robots, mobile, 'https://a.test/m')).toMatchObject({ allowed: false, line: 4, token: 'AdsBot-Google-Mobile' });
    expect(checkUrl(robots, 'Mozilla/5.0 (compatible; ExampleBot/1.0; +https://example.org)', 'https://a.test/g').token).toBe('ExampleBot');
  });
});

describe('Google-specific: index.html', () => {
  const body = lines('User-agent: *', 'Disallow: /', 'Allow: /dir/index.html');
  it('Allow: /dir/index.html also allows /dir/ exactly', () => {
    expect(verdict(body, 'Googlebot', 'https://a.test/dir/')).toEqual(allowed(3));
    expect(verdict(body, 'Googlebot', 'https://a.test/dir/x')).toEqual(blocked(2));
    expect(checkUrl(parseRobotsTxt(body), 'Googlebot', 'https://a.test/dir/').reason).toBe('index-html');
  });
});

describe('Google-specific: empty rules', () => {
  it('an empty disallow never blocks but is reported as the zero-length match', () => {
    expect(verdict(lines('User-agent: *', 'Disallow:'), 'Googlebot', 'https://a.test/x')).toEqual(allowed(2));
    expect(checkUrl(parseRobotsTxt(lines('User-agent: *', 'Disallow:')), 'Googlebot', '/x').reason).toBe('empty-rule');
  });
});

describe('Crawler profiles (spec §8)', () => {
  it('Google-InspectionTool falls back to a Googlebot group', () => {
    const robots = parseRobotsTxt(lines('User-agent: *', 'Disallow: /', 'User-agent: Googlebot', 'Disallow: /g'));
    const v = checkUrl(robots, crawlerById('google-inspectiontool')!, 'https://a.test/x');
    expect(v).toMatchObject({ allowed: true, line: 0, token: 'Google-InspectionTool' });
    expect(v.group).toMatchObject({ kind: 'specific', token: 'Googlebot', fallback: true });
  });
  it('Google-Safety ignores robots.txt', () => {
    const v = checkUrl(parseRobotsTxt('User-agent: *\nDisallow: /'), crawlerById('google-safety')!, '/x');
    expect([v.allowed, v.reason]).toEqual([true, 'ignores-robots-txt']);
  });
});

describe('Verdict explanation', () => {
  it('lists every matching rule with its length, in line order', () => {
    const robots = parseRobotsTxt(lines('User-agent: *', 'Disallow: /a', 'Allow: /a/b', 'Disallow: /*c', 'Disallow: /z'));
    const v = checkUrl(robots, 'x', 'https://a.test/a/b/c');
    expect(v.matches.map((m) => [m.line, m.allow, m.length])).toEqual([[2, false, 2], [3, true, 4], [4, false, 3]]);
    expect([v.allowed, v.line, v.reason]).toEqual([true, 3, 'longest-match']);
    expect(v.rule).toMatchObject({ line: 3, allow: true, pattern: '/a/b' });
  });
  it('reports the tie-break', () => {
    const v = checkUrl(parseRobotsTxt(lines('User-agent: *', 'Disallow: /a', 'Allow: /a')), 'x', '/a');
    expect(v.reason).toBe('tie-allow');
  });
  it('reports the path it tested', () => {
    expect(checkUrl(parseRobotsTxt(''), 'x', 'https://a.test/ä?q=1#frag').url.path).toBe('/%C3%A4?q=1');
  });
});

describe('createChecker (bulk)', () => {
  it('answers as checkUrl does, also once the prefix index is built', () => {
    const rules = Array.from({ length: 200 }, (_, i) => `${i % 3 ? 'Disallow' : 'Allow'}: /p${i}${i % 7 ? '' : '*x'}${i % 11 ? '' : '$'}`);
    const robots = parseRobotsTxt(lines('User-agent: *', ...rules, 'Disallow: /', 'Allow: *.css$', 'Allow: /p1/index.html'));
    const check = createChecker(robots, 'Googlebot');
    const urls = ['/', '/p1', '/p1/', '/p12', '/p14x', '/p140/ax', '/p22', '/a.css', '/p110', '/p110/x', '/q'];
    for (let round = 0; round < 3; round++) {
      for (const u of urls) {
        const fresh = verdict(robots.text, 'Googlebot', u);
        expect(check(u)).toEqual({ ...fresh, valid: true, inScope: true, path: u });
        const full = checkUrl(robots, 'Googlebot', u);
        expect({ allowed: full.allowed, line: full.line }).toEqual(fresh);
      }
    }
  });
});

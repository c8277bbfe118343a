/**
 * Generated robots.txt files, crawlers and URLs for the readers' differential tests: small
 * vocabularies chosen to reach every branch where parsers disagree (line breaks, keys, agents,
 * escapes, wildcards, queries, fragments, dot segments).
 */
import fc from 'fast-check';

const BREAKS = ['\n', '\n', '\n', '\n', '\n', '\n', '\r\n', '\r\n', '\r', '\x0b', '\x0c', '\x85', '\u2028', '\x1c'];
const AGENTS = ['*', '*', 'foobot', 'FooBot', 'foo', 'foobot/1.0', 'foo bot', '*bot', 'bar', 'foobot-news', '', 'Foo*', 'fooBot '];
const KEYS_UA = ['User-agent', 'user-agent', 'USER-AGENT', 'useragent', 'User agent', 'User-Agent '];
const KEYS_RULE = ['Disallow', 'disallow', 'Allow', 'allow', 'Disalow', 'dissallow', 'Disallowed', 'DisAllow'];
const PATHS = [
  '/', '/a', '/a/', '/a/b', '/a/b/c', '/ab', '/a*', '/a*b', '/*.php', '/*.php$', '/a$', '$', '/a/$', '*', '/**', '/a**b',
  '/*/b', '/%61', '/%7e', '/~x', '/%2F', '/a%2fb', '/%C3%A9', '/é', '/a b', '/a?b', '/a?', '/?x=1', '/a?x=1&y=2', '/a;p', '/a;',
  '/a#', '/a%24', '/a$b', '/index.html', '/d/index.html', '/d/index.htm', '/d/', 'a', 'http://x.test/a', '//a', '/a=b', '/*?', '/%', '/%zz',
  '/a/../b', '/A', '/%41', '/a%20b', '/{x}', '/a|b', '/*$', '/a*$', '/*a*b*', '/a\tb', '', '',
];
const URL_PATHS = [
  '/', '/a', '/a/', '/a/b', '/a/b/c', '/ab', '/abc', '/x.php', '/a/x.php', '/a.php/b.php', '/a$', '/a%24', '/%61', '/%7e', '/~x', '/%2F',
  '/a%2fb', '/a/b%2Fc', '/%C3%A9', '/é', '/a b', '/a?b', '/a?', '/?x=1', '/a?x=1&y=2', '/a?x=1#f', '/a#frag', '/a;p', '/a;p?q', '/index.html',
  '/d/', '/d/index.html', '/robots.txt', '/A', '/%41', '/a%20b', '/{x}', '/a|b', '/a/./b', '/a/../b', '/a=b', '/%', '/%zz', '//a', '', '/a*', '/*',
];
const SCHEMES_HOSTS = ['https://example.com', 'http://example.com', 'https://Example.COM:443', 'http://example.com:8080'];
const CRAWLERS = ['foobot', 'foobot', 'FooBot', 'foobot/2.1', 'Mozilla/5.0 (compatible; FooBot/2.1; +https://x.test/bot)', 'bar', 'foobot-news', 'other', 'foo'];

const pick = <T,>(list: readonly T[]) => fc.constantFrom(...list);

function cases(paths: readonly string[], urlPaths: readonly string[]) {
const uaLine = fc.tuple(pick(KEYS_UA), pick([':', ': ', ': ', ' :', ' ', ':  ']), pick(AGENTS)).map(([k, s, v]) => `${k}${s}${v}`);
const ruleLine = fc.tuple(pick(KEYS_RULE), pick([':', ': ', ': ', ' ', ':\t']), pick(paths), fc.boolean())
  .map(([k, s, v, plain]) => (plain ? `${k.startsWith('A') || k.startsWith('a') ? 'Allow' : 'Disallow'}: ${v}` : `${k}${s}${v}`));
const otherLine = pick(['', '', '   ', '# comment', 'Crawl-delay: 5', 'Crawl-delay: 400', 'Sitemap: https://x.test/s.xml', 'Host: x.test', 'junk line', 'Disallow: /c # note', '\t']);
const group = fc.tuple(fc.array(uaLine, { minLength: 1, maxLength: 2 }), fc.array(fc.oneof({ weight: 5, arbitrary: ruleLine }, { weight: 1, arbitrary: otherLine }), { minLength: 1, maxLength: 5 }), fc.boolean())
  .map(([agents, rules, blank]) => [...agents, ...rules, ...(blank ? [''] : [])]);
const lines = fc.tuple(fc.array(otherLine, { maxLength: 2 }), fc.array(group, { minLength: 1, maxLength: 4 })).map(([pre, groups]) => [...pre, ...groups.flat()]);

const robotsTxt = fc.tuple(fc.boolean(), lines, fc.array(pick(BREAKS), { minLength: 40, maxLength: 40 }), fc.boolean())
  .map(([bom, ls, breaks, trailing]) => (bom ? '\ufeff' : '') + ls.map((l, i) => l + (i < ls.length - 1 || trailing ? breaks[i % breaks.length] : '')).join(''));

const testUrl = fc.tuple(pick(SCHEMES_HOSTS), fc.oneof(pick(urlPaths), pick(paths.filter((p) => p.startsWith('/'))))).map(([h, p]) => h + p);
return fc.record({
  robots: robotsTxt,
  checks: fc.array(fc.record({ ua: pick(CRAWLERS), url: testUrl }), { minLength: 1, maxLength: 6 }),
});
}

/** One generated case: a file and a few (crawler, URL) checks on it. */
export const readerCase = cases(PATHS, URL_PATHS);

// What Protego 0.2.1 (Debian's) reads as 0.6 does: no escapes, `=`, `$`, `*`, `#`, `//`,
// `index.htm` or relative paths, whose handling changed in 0.3–0.4 (its changelog).
const legacySafe = (p: string) => p.startsWith('/') && !/[%=$*#]|\/\/|index\.htm/.test(p);

/** Cases on which Protego 0.2.1 and 0.6 agree, for checking the reader against Debian's Protego. */
export const protegoLegacyCase = cases(PATHS.filter(legacySafe), URL_PATHS.filter(legacySafe));

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveAgent } from '../crawlers/index.js';
import { checkUrl, parseRobotsTxt } from '../google/index.js';
import { lines } from '../test-helpers.js';
import { tellingPaths } from './telling-paths.js';
import { verdictChanges } from './verdict-changes.js';
import { ListVerdict } from './words.js';

const CRAWLERS = ['Googlebot', 'Bingbot', 'Googlebot-Image', 'OtherBot'].map((ua) => resolveAgent(ua));

/** A random file: a few groups of a few agents, each with rules over a tiny alphabet (so paths collide). */
const ruleValue = fc.string({ unit: fc.constantFrom('/', 'a', 'b', '*', '$'), minLength: 0, maxLength: 5 }).map((s) => (s.startsWith('*') || s === '' ? s : `/${s}`));
const rule = fc.tuple(fc.boolean(), ruleValue).map(([allow, value]) => `${allow ? 'Allow' : 'Disallow'}: ${value}`);
const group = fc.tuple(fc.subarray(['*', 'Googlebot', 'Bingbot', 'Googlebot-Image'], { minLength: 1, maxLength: 2 }), fc.array(rule, { maxLength: 4 }))
  .map(([agents, rules]) => [...agents.map((a) => `User-agent: ${a}`), ...rules].join('\n'));
const file = fc.array(group, { minLength: 1, maxLength: 3 }).map((gs) => gs.join('\n\n'));
/** A second version: the first with a line changed, added or removed — or another file altogether. */
const pair = fc.oneof(
  fc.tuple(file, file),
  fc.tuple(file, fc.nat(), rule, fc.constantFrom('replace', 'insert', 'delete')).map(([text, at, added, how]) => {
    const ls = text.split('\n');
    const i = at % ls.length;
    const next = how === 'replace' ? ls.with(i, added) : how === 'insert' ? ls.toSpliced(i + 1, 0, added) : ls.toSpliced(i, 1);
    return [text, next.join('\n')] as const;
  }),
);

/**
 * The kinds of path the derivation promises, as a reference written apart from it: for every rule
 * of either version (a line in a group), its literal prefix (up to the first `*`), its shortest match, and one
 * character past a `$`.
 */
function derivedKinds(...texts: string[]): string[] {
  const out = new Set<string>(['/']);
  for (const text of texts) {
    // A rule line before any user-agent line is in no group (Google ignores it): it is no rule.
    const firstAgent = text.search(/^User-agent:/m);
    for (const [, value] of (firstAgent < 0 ? '' : text.slice(firstAgent)).matchAll(/^(?:Allow|Disallow): (.*)$/gm)) {
      if (!value!.startsWith('/') && !value!.startsWith('*')) continue;
      const body = value!.replace(/\$$/, '');
      const slash = (s: string) => (s.startsWith('/') ? s : `/${s}`);
      out.add(slash(body.split('*')[0]!));
      out.add(slash(body.replace(/\*/g, '')));
      if (value!.endsWith('$')) out.add(slash(body.replace(/\*/g, '') + 'x'));
    }
  }
  return [...out];
}

describe('verdictChanges: what two versions tell apart, without a URL list', () => {
  it('finds every path of the derived kinds where some crawler’s verdict differs, and reports only real changes (Google’s longest match, RFC 9309 §2.2.2)', () => {
    fc.assert(fc.property(pair, ([before, after]) => {
      const old = parseRobotsTxt(before);
      const next = parseRobotsTxt(after);
      const { changes } = verdictChanges({ versions: [{ text: before }, { text: after }], crawlers: CRAWLERS });
      const found = new Set(changes.map((c) => `${c.url} ${c.crawler}`));
      for (const path of derivedKinds(before, after)) {
        CRAWLERS.forEach((agent, c) => {
          const a = checkUrl(old, agent, path);
          const b = checkUrl(next, agent, path);
          expect(found.has(`${path} ${c}`), `${path} × ${agent.input}`).toBe(a.allowed !== b.allowed);
        });
      }
      for (const c of changes) {
        const a = checkUrl(old, CRAWLERS[c.crawler]!, c.url);
        const b = checkUrl(next, CRAWLERS[c.crawler]!, c.url);
        expect([a.allowed, a.line, b.allowed, b.line]).toEqual([c.before.verdict === ListVerdict.Allowed, c.before.line, c.after.verdict === ListVerdict.Allowed, c.after.line]);
        expect(a.allowed).not.toBe(b.allowed);
      }
    }), { numRuns: 200 });
  });

  it('names both deciding lines, sorted by path then crawler', () => {
    const before = lines('User-agent: *', 'Disallow: /shop/', 'Allow: /shop/public/');
    const after = lines('User-agent: *', 'Disallow: /shop/*?sort=', 'Allow: /shop/public/');
    const { changes } = verdictChanges({ versions: [{ text: before }, { text: after }], crawlers: [resolveAgent('Googlebot')] });
    expect(changes.map((c) => [c.url, c.before.lineText, c.after.lineText])).toEqual([
      ['/shop/', 'Disallow: /shop/', ''],
      ['/shop/public', 'Disallow: /shop/', ''],
    ]);
  });

  it('tries nothing for crawlers whose rules did not change, and each sitemap on the site', () => {
    const before = lines('User-agent: Bingbot', 'Disallow: /b', '', 'User-agent: *', 'Disallow: /a', 'Sitemap: https://www.example.com/map.xml', 'Sitemap: https://cdn.example.net/map.xml');
    const after = lines('User-agent: Bingbot', 'Disallow: /c', '', 'User-agent: *', 'Disallow: /a');
    const paths = (crawler: string, site?: string) => tellingPaths([parseRobotsTxt(before), parseRobotsTxt(after)], [resolveAgent(crawler)], { site });
    expect(paths('Googlebot')).toEqual(['/']);
    expect(paths('Bingbot')).toEqual(['/b', '/', '/a', '/c']);
    expect(paths('Googlebot', 'https://www.example.com')).toEqual(['/', 'https://www.example.com/map.xml']);
  });
});

import { describe, expect, it } from 'vitest';
import { parseRobotsTxt, prepareChecks, resolveCrawler, RobotsParser } from '../robots/index.js';
import { runBulk } from './bulk.js';
import type { BulkRequest } from './protocol.js';
import { warmUp, warmUpUrls, WARM_UP_ROWS } from './warm-up.js';

// Rules of every shape the matcher files differently: a plain prefix, a `$` end, a leading `/*`
// wildcard (the literal index), a wildcard after a prefix, an index.html allow (its `/$` variant).
const FILE = [
  'User-agent: *', 'Disallow: /private', 'Disallow: /*.pdf$', 'Allow: /private/index.html', 'Disallow: /shop/*?sort=',
  '', 'User-agent: Googlebot-Image', 'Disallow: /img/',
].join('\n');

describe('the bulk worker\'s warm-up (its contract: made-up checks whose answers are dropped)', () => {
  it('makes URLs from the file\'s own rules: each pattern as a path, one level deeper, with a query', () => {
    const urls = warmUpUrls(parseRobotsTxt(FILE), 18);
    expect(urls).toHaveLength(18);
    expect(urls.slice(0, 6)).toEqual([
      'https://warm-up.invalid/private', 'https://warm-up.invalid/x.pdf', 'https://warm-up.invalid/private/index.html',
      'https://warm-up.invalid/shop/x?sort=', 'https://warm-up.invalid/img/', 'https://warm-up.invalid/privatex/y',
    ]);
    expect(urls[10]).toBe('https://warm-up.invalid/private?q=10');
  });
  it('a file without rules still gives URLs to check', () => {
    expect(warmUpUrls(parseRobotsTxt('Sitemap: https://a.test/s.xml'), 4)).toEqual([
      'https://warm-up.invalid/', 'https://warm-up.invalid/a', 'https://warm-up.invalid/a/b.html', 'https://warm-up.invalid/x/y',
    ]);
  });
  it('a rule as long as a line may be (16 KB) makes a path of 200 characters at most', () => {
    const urls = warmUpUrls(parseRobotsTxt(`User-agent: *\nDisallow: /${'a'.repeat(16_000)}*\n`), 3);
    for (const url of urls) expect(url.length).toBeLessThan('https://warm-up.invalid'.length + 200 + 10);
  });
  it('stops between slices once cancelled (a real run has come): a request waits for one slice at most', async () => {
    const robots = parseRobotsTxt(FILE);
    let slices = 0;
    const rows = await warmUp(robots, [{ kind: 'profile', id: 'googlebot' }], () => robots, () => slices >= 2, async () => void slices++);
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(WARM_UP_ROWS);
  });
  it('checks every made-up URL for every crawler, and no crawler checks nothing', async () => {
    const robots = parseRobotsTxt(FILE);
    expect(await warmUp(robots, [{ kind: 'profile', id: 'googlebot' }, { kind: 'profile', id: 'googlebot-image' }], () => robots)).toBe(2 * WARM_UP_ROWS);
    expect(await warmUp(robots, [], () => robots)).toBe(0);
  });
  it('a run after a warm-up answers as a run without one, on the same parse', async () => {
    const urls = ['/private/a', '/private/', '/x/y.pdf', '/x/y.pdf?z', '/shop/a?sort=1', '/img/a.png', '/'].map((p) => `https://a.test${p}`).join('\n');
    const req: BulkRequest = {
      type: 'bulk', id: 1, revision: 1, text: FILE, urls, crawlers: [{ kind: 'profile', id: 'googlebot' }, { kind: 'profile', id: 'googlebot-image' }],
      site: '', status: { kind: 'http', code: 200 }, compare: null, readers: [],
    };
    const answer = async (warm: boolean) => {
      const parser = new RobotsParser();
      const robots = parser.parse(FILE);
      const crawlers = req.crawlers.map(resolveCrawler);
      for (const c of crawlers) prepareChecks(robots, c);
      if (warm) await warmUp(robots, req.crawlers, (t) => parser.parse(t));
      const r = (await runBulk(req, () => {}, () => false, async () => {}, () => 0, (t) => parser.parse(t)))!;
      return { verdict: Array.from(r.verdict), line: Array.from(r.line), lineTexts: r.lineTexts, groups: r.crawlerGroups };
    };
    const cold = await answer(false);
    expect(cold.verdict).toContain(1);
    expect(await answer(true)).toEqual(cold);
  });
});

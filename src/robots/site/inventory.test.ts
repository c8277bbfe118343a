import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { UrlSet, type OpenedSource } from './index.js';
import { readWholeInventory } from './test-helpers.js';

const enc = new TextEncoder();
const urlset = (...locs: string[]) => `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;
const index = (...locs: string[]) => `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>`;

/** A site as the opener sees it: URL → body (a status for the others); the URLs it was asked for. */
function site(files: Record<string, string | Uint8Array | number>) {
  const asked: string[] = [];
  const open = async (url: string): Promise<OpenedSource> => {
    asked.push(url);
    const f = files[url];
    if (f === undefined || typeof f === 'number') return { ok: false, problem: { code: 'http', args: { status: f ?? 404 } } };
    const bytes = typeof f === 'string' ? enc.encode(f) : f;
    return { ok: true, body: (async function* () { yield bytes; })() };
  };
  return { open, asked };
}

const inventory = readWholeInventory;

describe('sitemaps.org sitemap indexes, followed', () => {
  it('an index\'s sitemaps are read right after it, in order, .xml.gz included; each reports where it came from', async () => {
    const s = site({
      'https://x.test/index.xml': index('https://x.test/a.xml.gz', 'https://x.test/b.xml'),
      'https://x.test/a.xml.gz': gzipSync(urlset('https://x.test/1', 'https://x.test/2')),
      'https://x.test/b.xml': urlset('https://x.test/3'),
      'https://x.test/c.xml': urlset('https://x.test/4'),
    });
    const r = await inventory([{ name: 'https://x.test/index.xml', url: 'https://x.test/index.xml' }, { name: 'https://x.test/c.xml', url: 'https://x.test/c.xml' }], { open: s.open });
    expect(r.urls).toEqual(['https://x.test/1', 'https://x.test/2', 'https://x.test/3', 'https://x.test/4']);
    expect(r.reports.map((p) => [p.source, p.parent, p.format, p.gzip, p.urls, p.sitemaps])).toEqual([
      ['https://x.test/index.xml', null, 'sitemapindex', false, 0, 2],
      ['https://x.test/a.xml.gz', 'https://x.test/index.xml', 'urlset', true, 2, 0],
      ['https://x.test/b.xml', 'https://x.test/index.xml', 'urlset', false, 1, 0],
      ['https://x.test/c.xml', null, 'urlset', false, 1, 0],
    ]);
  });

  it('loops and repeats are read once; nesting past the depth is not followed; each counted on the index naming it', async () => {
    const s = site({
      'https://x.test/i1.xml': index('https://x.test/i2.xml', 'https://x.test/i1.xml'),
      'https://x.test/i2.xml': index('https://x.test/i3.xml', 'https://x.test/i1.xml', 'https://x.test/s.xml'),
      'https://x.test/i3.xml': index('https://x.test/deep.xml'),
      'https://x.test/s.xml': urlset('https://x.test/ok'),
      'https://x.test/deep.xml': urlset('https://x.test/deep'),
    });
    const r = await inventory([{ name: 'i1', url: 'https://x.test/i1.xml' }], { open: s.open, maxDepth: 2 });
    expect(r.urls).toEqual(['https://x.test/ok']);
    expect(s.asked).toEqual(['https://x.test/i1.xml', 'https://x.test/i2.xml', 'https://x.test/i3.xml', 'https://x.test/s.xml']);
    expect(r.reports.map((p) => p.skipped)).toEqual([{ loop: 1 }, { loop: 1 }, { 'too-deep': 1 }, {}]);
  });

  it('a 404, a network failure or an HTML page is that source\'s problem; the others are still read', async () => {
    const s = site({
      'https://x.test/index.xml': index('https://x.test/gone.xml', 'https://x.test/soft404.xml', 'https://x.test/ok.xml'),
      'https://x.test/gone.xml': 404,
      'https://x.test/soft404.xml': '<!doctype html><html><body>Not found</body></html>',
      'https://x.test/ok.xml': urlset('https://x.test/a'),
    });
    const r = await inventory([{ name: 'index', url: 'https://x.test/index.xml' }], { open: s.open });
    expect(r.urls).toEqual(['https://x.test/a']);
    expect(r.reports.map((p) => p.problem?.code ?? null)).toEqual([null, 'http', 'html', null]);
    expect(r.reports[1]!.problem).toEqual({ code: 'http', args: { status: 404 } });
  });

  it('an index\'s sitemap on another host is not followed (sitemaps.org); the site\'s own host is (cross-submission)', async () => {
    const s = site({
      'https://cdn.test/index.xml': index('https://cdn.test/a.xml', 'https://evil.test/b.xml', 'https://x.test/c.xml'),
      'https://cdn.test/a.xml': urlset('https://x.test/1', 'https://cdn.test/2', 'https://y.test/3'),
      'https://x.test/c.xml': urlset('https://x.test/4'),
    });
    const r = await inventory([{ name: 'index', url: 'https://cdn.test/index.xml' }], { open: s.open, site: 'https://x.test/' });
    expect(r.urls).toEqual(['https://x.test/1', 'https://cdn.test/2', 'https://x.test/4']);
    expect(r.reports.map((p) => p.skipped)).toEqual([{ 'other-host': 1 }, { 'other-host': 1 }, {}]);
  });

  it('a sitemap given twice (a repeated Sitemap: line), or again to a later read sharing the set, is read once and reported as repeated, not as a loop', async () => {
    const s = site({ 'https://x.test/s.xml': urlset('https://x.test/1') });
    const sitemapsRead = new Set<string>();
    const seen = new UrlSet();
    const first = await inventory([{ name: 'a', url: 'https://x.test/s.xml' }, { name: 'b', url: 'https://x.test/s.xml' }], { open: s.open, sitemapsRead, seen });
    const later = await inventory([{ name: 'c', url: 'https://x.test/s.xml' }], { open: s.open, sitemapsRead, seen });
    expect([first.urls, later.urls]).toEqual([['https://x.test/1'], []]);
    expect([...first.reports, ...later.reports].map((r) => [r.source, r.urls, r.skipped])).toEqual([['a', 1, {}], ['b', 0, { repeated: 1 }], ['c', 0, { repeated: 1 }]]);
    expect(s.asked).toEqual(['https://x.test/s.xml']);
  });

  it('two indexes naming the same sitemap: the second counts it as repeated; an index naming itself or one above it, as a loop', async () => {
    const s = site({
      'https://x.test/i1.xml': index('https://x.test/shared.xml', 'https://x.test/i1.xml'),
      'https://x.test/i2.xml': index('https://x.test/shared.xml', 'https://x.test/i2.xml'),
      'https://x.test/shared.xml': urlset('https://x.test/a'),
    });
    const r = await inventory([{ name: 'i1', url: 'https://x.test/i1.xml' }, { name: 'i2', url: 'https://x.test/i2.xml' }], { open: s.open });
    expect(r.reports.map((p) => [p.source, p.skipped])).toEqual([['i1', { loop: 1 }], ['https://x.test/shared.xml', {}], ['i2', { repeated: 1, loop: 1 }]]);
  });

  it('without an opener, a URL source says so instead of failing the run', async () => {
    const r = await inventory([{ name: 'u', url: 'https://x.test/s.xml' }, { name: 'pasted', body: ['/a\n/b'] }], {});
    expect(r.urls).toEqual(['/a', '/b']);
    expect(r.reports[0]!.problem?.code).toBe('network');
  });
});

describe('each URL once across the inventory', () => {
  it('a URL in two sources (or twice in one) is audited once and counted as a duplicate where it repeats', async () => {
    const r = await inventory([
      { name: 'a.xml', body: [urlset('https://x.test/1', 'https://x.test/2', 'https://x.test/1')] },
      { name: 'list.txt', body: ['https://x.test/2\nhttps://x.test/3\n'] },
    ], {});
    expect(r.urls).toEqual(['https://x.test/1', 'https://x.test/2', 'https://x.test/3']);
    expect(r.reports.map((p) => [p.urls, p.skipped])).toEqual([[2, { duplicate: 1 }], [1, { duplicate: 1 }]]);
  });

  it('UrlSet: hashes alone, or exact when the caller keeps the URLs', () => {
    const kept: string[] = [];
    const exact = new UrlSet((i, url) => kept[i] === url);
    const loose = new UrlSet();
    const urls = Array.from({ length: 30_000 }, (_, i) => `https://x.test/${i % 20_000}`);
    const fresh = urls.filter((u) => {
      const isNew = exact.add(u, kept.length);
      if (isNew) kept.push(u);
      expect(loose.add(u)).toBe(isNew);
      return isNew;
    });
    expect(fresh).toHaveLength(20_000);
    expect(exact.size).toBe(20_000);
    expect(loose.size).toBe(20_000);
  });

  it('an exact UrlSet never takes two URLs for one, even when their hashes are equal', () => {
    // A comparison that says no for every pair: only the URLs compared equal are dropped.
    const set = new UrlSet(() => false);
    expect(set.add('https://x.test/a')).toBe(true);
    expect(set.add('https://x.test/a')).toBe(true);
    expect(set.size).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { OpenedFiles, readInventory, type InventorySource, type SourceReport } from './index.js';

const urlset = (...locs: string[]) => `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;
const index = (...locs: string[]) => `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>`;
const file = (name: string, text: string): InventorySource => ({ name, body: [text], role: 'sitemap' });

async function inventory(sources: InventorySource[], options: Parameters<typeof readInventory>[1] = {}) {
  const urls: string[] = [];
  const reports: SourceReport[] = [];
  const asked: string[] = [];
  const open = async (url: string) => {
    asked.push(url);
    return { ok: false as const, problem: { code: 'network' as const, args: { detail: 'offline' } } };
  };
  for await (const e of readInventory(sources, { open, ...options })) {
    if (e.kind === 'urls') urls.push(...e.urls);
    else reports[e.source] = e.report;
  }
  return { urls, reports, asked };
}

describe('an index\'s child sitemaps taken from the files opened with it, before any fetch', () => {
  it('by file name: each child read under its URL (its host rules apply), the file itself not read again', async () => {
    const r = await inventory([
      file('sitemap_index.xml', index('https://x.test/sitemaps/posts.xml', 'https://x.test/sitemaps/pages.xml.gz')),
      file('posts.xml', urlset('https://x.test/p1', 'https://other.test/p2')),
      file('pages.xml.gz', urlset('https://x.test/a')),
    ], { site: 'https://x.test' });
    expect(r.asked).toEqual([]);
    expect(r.urls).toEqual(['https://x.test/p1', 'https://x.test/a']);
    expect(r.reports.map((p) => [p.source, p.parent, p.file, p.readAs, p.urls, p.skipped])).toEqual([
      ['sitemap_index.xml', null, null, null, 0, {}],
      ['https://x.test/sitemaps/posts.xml', 'sitemap_index.xml', 'posts.xml', null, 1, { 'other-host': 1 }],
      ['https://x.test/sitemaps/pages.xml.gz', 'sitemap_index.xml', 'pages.xml.gz', null, 1, {}],
      ['posts.xml', 'sitemap_index.xml', null, 'https://x.test/sitemaps/posts.xml', 0, {}],
      ['pages.xml.gz', 'sitemap_index.xml', null, 'https://x.test/sitemaps/pages.xml.gz', 0, {}],
    ]);
  });

  it('a child no opened file names is fetched as before', async () => {
    const r = await inventory([file('index.xml', index('https://x.test/a.xml', 'https://x.test/b.xml')), file('a.xml', urlset('https://x.test/1'))]);
    expect(r.asked).toEqual(['https://x.test/b.xml']);
    expect(r.reports[2]!.problem?.code).toBe('network');
  });

  it('a file opened before its index is read as itself; the index then counts its entry as repeated, unfetched', async () => {
    const r = await inventory([file('a.xml', urlset('https://x.test/1')), file('index.xml', index('https://x.test/a.xml'))]);
    expect(r.asked).toEqual([]);
    expect(r.urls).toEqual(['https://x.test/1']);
    expect(r.reports[1]!.skipped).toEqual({ repeated: 1 });
  });

  it('by path: the longest match wins (en/ and fr/ sitemaps of one name); names given with folders', () => {
    const en = file('site/en/sitemap.xml', '');
    const fr = file('site/fr/sitemap.xml', '');
    const files = new OpenedFiles([en, fr, { name: 'list.txt', url: 'https://x.test/list.txt' }]);
    expect(files.match('https://x.test/fr/sitemap.xml')?.source).toBe(fr);
    expect(files.match('https://x.test/en/sitemap.xml')?.source).toBe(en);
    expect(files.match('https://x.test/sitemap.xml')?.source).toBe(en);
    expect(files.match('https://x.test/list.txt')).toBeNull();
    expect(files.match('https://x.test/a%20b.xml')).toBeNull();
  });

  it('a tie goes to the first file not read yet; percent-encoded paths match decoded names; Windows separators too', () => {
    const one = file('sitemap.xml', '');
    const two = file('sitemap.xml', '');
    const files = new OpenedFiles([one, two, file('C:\\exports\\a b.xml', '')]);
    files.claim(one, { url: 'https://x.test/sitemap.xml', parent: 'i' });
    expect(files.match('https://y.test/sitemap.xml')).toEqual({ source: two, read: false });
    expect(files.match('https://x.test/a%20b.xml')?.source.name).toBe('C:\\exports\\a b.xml');
    expect(files.readAs(one)).toEqual({ url: 'https://x.test/sitemap.xml', parent: 'i' });
  });
});

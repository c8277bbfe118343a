import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerHugeIndex } from '../../bench/site-inputs.mjs';
import { runCli } from './test-helpers.js';

// The inventory as `audit` reads it: sources that find each other, every skip said on standard
// error in every format, an empty inventory explained, and the run's bounds (sitemaps.org; the
// caps and deadline of the command's --help). The real CLI, against a local server.

const ROBOTS = 'User-agent: *\nDisallow: /*/private\n';
const urlset = (...locs: string[]) => `<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>\n`;
const index = (...locs: string[]) => `<?xml version="1.0"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>\n`;

const dir = mkdtempSync(join(tmpdir(), 'rtt-inventory-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

let server: Server;
let base = '';
/** Requests the server had, by path. */
const hits = new Map<string, number>();
/** Sitemaps the server is answering at once, and the most it ever did. */
let answering = 0;
let mostAnswering = 0;
const held: ServerResponse[] = [];

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/staging.xml': (_, res) => res.end(urlset('https://www.prod.example/a', 'https://www.prod.example/b', 'https://www.prod.example/c')),
  '/mixed.xml': (_, res) => res.end(urlset(`${base}/a`, '/relative', 'https://elsewhere.example/x', `${base}/private/b`, `${base}/a`)),
  '/ten.xml': (_, res) => res.end(urlset(...Array.from({ length: 10 }, (_, i) => `${base}/t/${i}`))),
  '/three.xml': (_, res) => res.end(index(`${base}/c1.xml`, `${base}/c2.xml`, `${base}/c3.xml`)),
  '/c1.xml': (_, res) => res.end(urlset(`${base}/c1/a`)),
  '/c2.xml': (_, res) => res.end(urlset(`${base}/c2/a`)),
  '/c3.xml': (_, res) => res.end(urlset(`${base}/c3/a`)),
  '/hang.xml': (_, res) => void held.push(res),
  '/drip.xml': (_, res) => {
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.write(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${base}/drip/1</loc></url>`);
    const timer = setInterval(() => res.write(' '), 100);
    res.on('close', () => clearInterval(timer));
  },
  '/to-file.xml': (_, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
  '/loop-a.xml': (_, res) => res.writeHead(301, { location: '/loop-b.xml' }).end(),
  '/loop-b.xml': (_, res) => res.writeHead(301, { location: '/loop-a.xml' }).end(),
  '/many-lines.txt': (_, res) => res.end(`${ROBOTS}${Array.from({ length: 10_000 }, (_, i) => `Sitemap: ${base}/none/${i}.xml\n`).join('')}`),
  '/five-lines.txt': (_, res) => res.end(`${ROBOTS}${Array.from({ length: 5 }, (_, i) => `Sitemap: ${base}/slow/${i}.xml\n`).join('')}`),
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url!, 'http://127.0.0.1').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (answerHugeIndex(base, path, res)) return;
    if (path.startsWith('/slow/')) {
      // Slow sitemaps: how many are answered at once shows how many are fetched at once.
      answering++;
      mostAnswering = Math.max(mostAnswering, answering);
      setTimeout(() => {
        answering--;
        res.end(urlset(`${base}${path}/page`));
      }, 150);
      return;
    }
    const route = routes[path];
    if (route) route(req, res);
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => {
  for (const res of held) res.destroy();
  server.closeAllConnections();
  server.close(() => r());
}));

const robots = () => file('robots.txt', ROBOTS);

describe('files given together find each other (an index beside its child sitemaps)', () => {
  const children = () => ['products', 'pages', 'blogs'].map((n) => file(`${n}.xml`, urlset(`${base}/${n}/1`, `${base}/${n}/private`)));
  const idx = () => file('sitemap_index.xml', index(...['products', 'pages', 'blogs'].map((n) => `${base}/sitemaps/${n}.xml`)));

  it('--sitemap index.xml child.xml…: each child taken from the file its URL names, read once, nothing fetched', async () => {
    hits.clear();
    const r = await runCli(['audit', robots(), '--sitemap', idx(), ...children(), '--site', base, '--json']);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.out);
    expect(j.inventory).toBe(6);
    expect(j.crawlers[0]).toMatchObject({ allowed: 3, blocked: 3 });
    expect(j.sources.map((s: { source: string; urls: number; file?: string; readAs?: string }) => [s.source.replace(dir, '').replace(base, ''), s.urls, s.file?.replace(dir, '') ?? s.readAs?.replace(base, '') ?? null])).toEqual([
      ['/sitemap_index.xml', 0, null],
      ['/sitemaps/products.xml', 2, '/products.xml'], ['/sitemaps/pages.xml', 2, '/pages.xml'], ['/sitemaps/blogs.xml', 2, '/blogs.xml'],
      ['/products.xml', 0, '/sitemaps/products.xml'], ['/pages.xml', 0, '/sitemaps/pages.xml'], ['/blogs.xml', 0, '/sitemaps/blogs.xml'],
    ]);
    expect([...hits.keys()].filter((p) => p.startsWith('/sitemaps/'))).toEqual([]);
  });

  it('the same with --sitemap repeated, without --site: the text says which file each child was read from', async () => {
    const r = await runCli(['audit', robots(), ...[idx(), ...children()].flatMap((f) => ['--sitemap', f])]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^Inventory: 6 URLs from 7 sources\n/);
    expect(r.out).toContain(`${base}/sitemaps/pages.xml (from ${join(dir, 'sitemap_index.xml')}, opened as ${join(dir, 'pages.xml')})  sitemap · 2 URLs`);
    expect(r.out).toContain(`${join(dir, 'pages.xml')}  read as ${base}/sitemaps/pages.xml (from ${join(dir, 'sitemap_index.xml')})`);
    expect(r.err).toBe('');
  });

  it('a positional that does not follow --sitemap is still refused', async () => {
    const r = await runCli(['audit', robots(), '--sitemap', idx(), '--ua', 'Googlebot', children()[0]!]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/give the URLs to audit as an inventory/);
  });
});

describe('every source\'s skips on standard error, in every format', () => {
  it('--format csv: the rows on standard output, the skips per source on standard error', async () => {
    const r = await runCli(['audit', robots(), '--sitemap', `${base}/mixed.xml`, '--sitemap', file('clean.xml', urlset(`${base}/c`)), '--format', 'csv']);
    expect(r.code).toBe(0);
    expect(r.out.trim().split('\n')).toHaveLength(1 + 3);
    const lines = r.err.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^robots-txt-tester: http:.*\/mixed\.xml {2}sitemap · 2 URLs · skipped: 1 URL on another host .*; 1 relative URL .*; 1 URL was already in the inventory$/);
  });
});

describe('an empty inventory says why, source by source', () => {
  const feed = () => file('feed.xml', '<?xml version="1.0"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title>'
    + '<entry><id>1</id><link href="/2024/01/a.html"/></entry><entry><id>2</id><link href="/2024/02/b.html"/></entry></feed>');

  it('a local Atom feed\'s relative links and a staging sitemap listing production URLs: each skip named, with what lets them in', async () => {
    const r = await runCli(['audit', robots(), '--sitemap', feed(), '--sitemap', `${base}/staging.xml`, '--format', 'csv']);
    expect(r.code).toBe(2);
    // No rows, so not even the CSV's header: nothing on standard output.
    expect(r.out).toBe('');
    expect(r.err).toContain('feed.xml  Atom feed · 0 URLs · skipped: 2 relative URLs');
    expect(r.err).toContain('give --site <url> for the feed\'s relative links to resolve on');
    expect(r.err).toContain(`${base}/staging.xml  sitemap · 0 URLs · skipped: 3 URLs on other hosts`);
    expect(r.err).toContain('all on https://www.prod.example: if this is that site\'s sitemap, give --site https://www.prod.example');
    expect(r.err).toMatch(/the inventory is empty: no source gave a URL \(why, source by source, above\)/);
  });

  it('the feed\'s links resolve on --site; the staging sitemap\'s URLs are the site\'s with --site (cross-submission)', async () => {
    const r = await runCli(['audit', robots(), '--sitemap', feed(), '--site', 'https://blog.example', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).inventory).toBe(2);
    const s = await runCli(['audit', robots(), '--sitemap', `${base}/staging.xml`, '--site', 'https://www.prod.example', '--json']);
    expect(JSON.parse(s.out).inventory).toBe(3);
  });
});

describe('redirects named for what they are', () => {
  it('a redirect to file: and a redirect loop are each their source\'s problem, not a network error', async () => {
    const r = await runCli(['audit', robots(), '--sitemap', `${base}/to-file.xml`, '--sitemap', `${base}/loop-a.xml`, '--sitemap', `${base}/c1.xml`]);
    expect(r.code).toBe(0);
    expect(r.err).toContain(`${base}/to-file.xml  unknown · 0 URLs · PROBLEM: A redirect to a file: URL, which is not fetched.`);
    expect(r.err).toContain(`${base}/loop-a.xml  unknown · 0 URLs · PROBLEM: The redirects go round in a loop.`);
  });
});

describe('the run\'s bounds: what was left out is said with the option that moves it; what was read is audited', () => {
  it('--max-urls: the reading stops at the cap, in every format', async () => {
    const r = await runCli(['audit', robots(), '--sitemap', `${base}/ten.xml`, '--sitemap', `${base}/c1.xml`, '--max-urls', '4', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.inventory).toBe(4);
    expect(j.cut).toMatchObject({ urls: true, deadline: false, unread: 1, caps: expect.objectContaining({ urls: 4 }) });
    expect(r.err).toContain('The reading stopped at the cap of 4 URLs: the rest of the inventory was not read; what was read is audited. (--max-urls)');
    expect(r.err).toContain('1 source or sitemap was not read.');
  });

  it('--max-sitemaps: the children past the cap are counted on their index', async () => {
    const r = await runCli(['audit', robots(), '--sitemap', `${base}/three.xml`, '--max-sitemaps', '1']);
    expect(r.out).toMatch(/^Inventory: 1 URL from 2 sources/);
    expect(r.out).toContain(`${base}/three.xml  sitemap index · 1 sitemap followed · skipped: 2 sitemaps were not followed: the run’s cap on child sitemaps was reached`);
    expect(r.err).toContain('2 child sitemaps were not followed: past the cap of 1. (--max-sitemaps)');
  });

  it('--sitemaps auto over 10,000 Sitemap: lines reads the first 1,000 (the default cap) and counts the rest', async () => {
    const r = await runCli(['audit', `${base}/many-lines.txt`, '--sitemaps', 'auto', '--max-urls', '10', '--timeout', '2s'], {});
    expect(r.code).toBe(2);
    expect(r.err).toContain('9,000 Sitemap lines were not read: past the cap of 1,000. (--max-sitemap-lines)');
    expect(r.err).toContain('… 950 more sources (--format json lists them)');
    expect(hits.get('/none/999.xml')).toBe(1);
    expect(hits.has('/none/1000.xml')).toBe(false);
  }, 60_000);

  it('--max-sitemap-lines and --sitemap-fetches: two lines read, two fetched at a time; four at a time by default', async () => {
    mostAnswering = 0;
    const two = await runCli(['audit', `${base}/five-lines.txt`, '--sitemaps', 'auto', '--max-sitemap-lines', '4', '--sitemap-fetches', '2', '--json']);
    expect(JSON.parse(two.out).inventory).toBe(4);
    expect(two.err).toContain('1 Sitemap line was not read: past the cap of 4. (--max-sitemap-lines)');
    expect(mostAnswering).toBe(2);
    mostAnswering = 0;
    const four = await runCli(['audit', `${base}/five-lines.txt`, '--sitemaps', 'auto', '--json']);
    expect(JSON.parse(four.out).inventory).toBe(5);
    expect(mostAnswering).toBe(4);
  });

  it('--deadline: a sitemap that never answers stops at it; the URLs read before are audited', async () => {
    const started = Date.now();
    const r = await runCli(['audit', robots(), '--sitemap', `${base}/c1.xml`, '--sitemap', `${base}/hang.xml`, '--sitemap', `${base}/c2.xml`, '--deadline', '800ms']);
    expect(Date.now() - started).toBeLessThan(8000);
    expect(r.out).toMatch(/^Inventory: 1 URL from 2 sources \(1 with a problem\)/);
    expect(r.out).toContain(`${base}/hang.xml  unknown · 0 URLs · PROBLEM: Reading stopped here: the run’s deadline was reached. The URLs read before are audited.`);
    expect(r.err).toContain('The reading stopped at its deadline (0.8 s): the rest of the inventory was not read; what was read is audited. (--deadline)');
  });

  it('a sitemap that drips a byte at a time stops at --timeout; the URLs it gave before are kept', async () => {
    const r = await runCli(['audit', robots(), '--sitemap', `${base}/drip.xml`, '--timeout', '700ms', '--json']);
    const j = JSON.parse(r.out);
    expect(j.inventory).toBe(1);
    expect(j.sources[0].error).toMatchObject({ code: 'network', message: 'No answer: the answer took longer than 0.7 s.' });
  });

  it('a 50,000 × 50,000 index stops at the caps, quickly, and says what it left out', async () => {
    const started = Date.now();
    const r = await runCli(['audit', robots(), '--sitemap', `${base}/huge.xml`, '--max-urls', '120000', '--json']);
    expect(Date.now() - started).toBeLessThan(30_000);
    const j = JSON.parse(r.out);
    expect(j.inventory).toBe(120_000);
    expect(j.cut).toMatchObject({ urls: true, childSitemaps: 40_000 });
    expect(j.sources[0]).toMatchObject({ format: 'sitemapindex', sitemaps: 10_000, skippedWhy: { capped: 40_000 } });
    expect(j.sources.filter((s: { urls: number }) => s.urls > 0)).toHaveLength(3);
  }, 60_000);

  it.each([
    [['--max-urls', '0'], /--max-urls takes a whole number from 1, not "0"/],
    [['--sitemap-fetches', '65'], /--sitemap-fetches takes a whole number from 1 to 64/],
    [['--deadline', 'soon'], /--deadline takes a time from 1 ms to 24 h/],
    [['--max-sitemaps=-1'], /--max-sitemaps takes a whole number from 0/],
  ])('a bound given wrong is bad input: %j', async (args, message) => {
    const r = await runCli(['audit', robots(), '--sitemap', `${base}/c1.xml`, ...args]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });
});

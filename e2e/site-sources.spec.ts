import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateRawSync, gzipSync } from 'node:zlib';
import { expect, test as base } from '@playwright/test';
import { App } from './fixtures.js';

// Where the Site tab's inventory comes from: a link's sitemaps listed and fetched only when the
// user says so (an address on the visitor's own network only on its own click), files opened
// together finding each other, an empty inventory saying why, and the place to add an inventory
// first even under shopify's 148 Sitemap lines. The shared fixture's routes would fail the Site
// worker's own fetches in Chromium, so this tab is tested without it (as site.spec.ts is).
const test = base.extend<{ app: App }>({
  app: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await use(new App(page));
    expect(errors, 'uncaught page errors').toEqual([]);
  },
});
test.use({ serviceWorkers: 'block' });

const ROBOTS = 'User-agent: *\nDisallow: /private/\n';
const urlset = (urls: string[]) => `<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((u) => `<url><loc>${u}</loc></url>`).join('')}</urlset>`;
const sitemapIndex = (locs: string[]) => `<?xml version="1.0"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>`;

/** A link to the tester holding `robots` and the Site tab's sources `sources` (the link format, version 4). */
const b64url = (b: Buffer) => b.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const link = (robots: string, sources: string[]) => `./#z${b64url(deflateRawSync(Buffer.from(JSON.stringify({ v: 4, r: robots, t: [{ u: 'https://x.test/' }], i: sources }))))}`;

/** Shopify's real robots.txt (148 Sitemap: lines) when the shared corpus is beside the repository, else one like it. */
function shopify(): string {
  const bodies = '../shared/realworld/google/bodies.jsonl';
  if (existsSync(bodies)) {
    for (const line of readFileSync(bodies, 'utf8').split('\n')) {
      if (!line.includes('robots/shopify.com')) continue;
      const o = JSON.parse(line) as { source: string; robots: string };
      if (o.source === 'egonkm/Robots.txt:robots/shopify.com') return o.robots;
    }
  }
  return `User-agent: *\nDisallow: /admin\n${Array.from({ length: 148 }, (_, i) => `Sitemap: https://www.shopify.com/sitemap-${i}.xml`).join('\n')}\n`;
}

let server: Server;
let origin = '';
/** Requests the local site had, by path. */
const hits = new Map<string, number>();

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const cors = { 'access-control-allow-origin': '*', 'content-type': 'application/xml' };
    if (path === '/sitemap_index.xml') return void res.writeHead(200, cors).end(sitemapIndex([`${origin}/posts.xml`, `${origin}/pages.xml`]));
    if (path === '/posts.xml') return void res.writeHead(200, cors).end(urlset([`${origin}/posts/1`, `${origin}/private/2`]));
    if (path === '/pages.xml') return void res.writeHead(200, cors).end(urlset([`${origin}/pages/1`]));
    res.writeHead(404, cors).end('not here');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

const complete = (app: App) => expect(app.page.getByTestId('site-audit')).toHaveAttribute('data-complete', 'true', { timeout: 20_000 });

test('a link\'s sitemaps are listed, not fetched: one click fetches the public ones; each address on this machine or network only on its own click, once', async ({ app }) => {
  const router = 'http://192.168.255.1/admin/reboot?now=1';
  const outside = 'https://sitemaps.invalid/sitemap.xml';
  hits.clear();
  await app.open(link(ROBOTS, [`${origin}/sitemap_index.xml`, router, outside]));
  await app.page.getByTestId('tab-site').click();
  const linked = app.page.getByTestId('site-linked');
  await expect(linked.locator('h3')).toHaveText('This link names 3 sitemaps');
  const urls = linked.getByTestId('site-linked-url');
  // Those on the visitor's machine or network first, each marked.
  await expect(urls).toHaveCount(3);
  await expect(urls.nth(0)).toHaveAttribute('data-private', 'loopback');
  await expect(urls.nth(0)).toContainText('this computer');
  await expect(urls.nth(1)).toHaveAttribute('data-private', 'private');
  await expect(urls.nth(1)).toContainText('private network');
  await expect(urls.nth(2)).toHaveAttribute('data-private', '');
  await expect(app.page.getByTestId('site-source')).toHaveCount(0);
  await app.page.waitForTimeout(500);
  expect([...hits.keys()]).toEqual([]);

  // One click for all the public ones: the private ones stay listed, unfetched.
  await linked.getByTestId('site-linked-fetch').click();
  await expect(app.page.getByTestId('site-source')).toHaveCount(1);
  await expect(app.page.getByTestId('site-source')).toContainText(outside);
  await expect(app.page.getByTestId('site-problem')).toContainText('The browser could not read it');
  await expect(urls).toHaveCount(2);
  expect([...hits.keys()]).toEqual([]);

  // This machine's, on its own (by keyboard): fetched once, its children once each.
  await urls.nth(0).getByRole('button', { name: `Fetch ${origin}/sitemap_index.xml` }).focus();
  await app.page.keyboard.press('Enter');
  await complete(app);
  await expect(app.page.getByTestId('site-counts').locator('tbody td')).toHaveText(['2', '1', '0', '0']);
  expect(Object.fromEntries(hits)).toEqual({ '/sitemap_index.xml': 1, '/posts.xml': 1, '/pages.xml': 1 });

  // The router's is dropped, never fetched.
  await expect(urls).toHaveCount(1);
  await linked.getByTestId('site-linked-drop').click();
  await expect(linked).toBeHidden();
  await expect(app.page.getByTestId('site-source')).toHaveCount(2);
  expect(Object.fromEntries(hits)).toEqual({ '/sitemap_index.xml': 1, '/posts.xml': 1, '/pages.xml': 1 });
});

test('an index opened with its child sitemaps: each child taken from its file, nothing fetched, no error', async ({ app }) => {
  hits.clear();
  await app.open();
  await app.paste(ROBOTS);
  await app.page.getByTestId('tab-site').click();
  const xml = (name: string, body: string) => ({ name, mimeType: 'application/xml', buffer: Buffer.from(body) });
  await app.page.getByTestId('site-file').setInputFiles([
    xml('sitemap_index.xml', sitemapIndex(['https://shop.example/sitemaps/products.xml', 'https://shop.example/sitemaps/blogs.xml'])),
    xml('products.xml', urlset(['https://shop.example/products/1', 'https://shop.example/private/2'])),
    xml('blogs.xml', urlset(['https://shop.example/blogs/1'])),
  ]);
  await complete(app);
  await expect(app.page.getByTestId('site-problem')).toHaveCount(0);
  await expect(app.page.getByTestId('site-source')).toHaveCount(3);
  await expect(app.page.getByTestId('site-source-urls')).toHaveText(['3 URLs', '0 URLs', '0 URLs']);
  const reports = app.page.getByTestId('site-report');
  await expect(reports.nth(1)).toHaveAttribute('data-file', 'products.xml');
  await expect(reports.nth(1)).toContainText('opened as products.xml');
  await expect(app.page.locator('[data-testid=site-report][data-read-as]')).toHaveText([
    'Read as https://shop.example/sitemaps/products.xml, the child sitemap sitemap_index.xml names (not read again).',
    'Read as https://shop.example/sitemaps/blogs.xml, the child sitemap sitemap_index.xml names (not read again).',
  ]);
  await expect(app.page.getByTestId('site-counts').locator('tbody td')).toHaveText(['2', '1', '0', '0']);
  expect([...hits.keys()]).toEqual([]);
});

test('an empty inventory says why, under each source, with what would let the URLs in', async ({ app }) => {
  await app.open();
  await app.paste(ROBOTS);
  await app.page.getByTestId('tab-site').click();
  await app.page.getByTestId('site-file').setInputFiles([{
    name: 'feed.xml', mimeType: 'application/atom+xml',
    buffer: Buffer.from('<?xml version="1.0"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><entry><id>1</id><link href="/2024/a.html"/></entry><entry><id>2</id><link href="/2024/b.html"/></entry></feed>'),
  }]);
  await expect(app.page.getByTestId('site-empty-why')).toHaveText('The inventory is empty: no source gave a URL. Why is said under each source.');
  await expect(app.page.locator('[data-testid=site-skip][data-reason=relative]')).toHaveText(/^2 relative URLs/);
  await expect(app.page.getByTestId('site-hint')).toContainText('Give the site');
  await expect(app.page.getByTestId('site-audit')).toHaveCount(0);
});

test('"Google\'s crawlers" gives every Google crawler that reads robots.txt, AdsBot among them', async ({ app }) => {
  await app.open();
  await app.paste(ROBOTS);
  await app.page.getByTestId('tab-site').click();
  await app.page.getByTestId('site-crawlers-google').press('Enter');
  const chips = app.page.getByTestId('site-crawlers').locator('li');
  // Google's 16 crawlers but Google-Safety, which reads no robots.txt (the list to add from leaves it out too).
  await expect(chips).toHaveCount(15);
  await expect(app.page.getByTestId('site-crawlers')).toContainText('AdsBot-Google');
  await expect(app.page.getByTestId('site-crawlers')).not.toContainText('safety', { ignoreCase: true });
  await expect(app.page.getByTestId('site-crawlers')).toContainText('Mediapartners-Google');
});

test('a gzip sitemap cut short: its report names the problem and what is known, with no dot before nothing', async ({ app }) => {
  await app.open();
  await app.paste(ROBOTS);
  await app.page.getByTestId('tab-site').click();
  const whole = gzipSync(urlset(Array.from({ length: 2000 }, (_, i) => `https://x.test/p/${i}`)));
  await app.page.getByTestId('site-file').setInputFiles([{ name: 'cut.xml.gz', mimeType: 'application/gzip', buffer: whole.subarray(0, 40) }]);
  const report = app.page.getByTestId('site-report');
  await expect(report).toHaveAttribute('data-problem', /.+/);
  await expect(report.locator('.muted').first()).toHaveText(/^\S/);
  await expect(report.locator('.muted').first()).not.toHaveText(/^·|· ·|·\s*$/);
});

test('a sitemap address that is no http(s) URL is refused where it was typed, and nothing is fetched for it', async ({ app }) => {
  const asked: string[] = [];
  app.page.on('request', (r) => asked.push(r.url()));
  await app.open();
  await app.paste(ROBOTS);
  await app.page.getByTestId('tab-site').click();
  const field = app.page.getByTestId('site-fetch-url');
  await field.fill('not a url');
  await field.press('Enter');
  await expect(app.page.getByTestId('site-fetch-bad')).toHaveText('“not a url” is not a web address: type the sitemap’s whole URL, starting with https://.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('ftp://x.test/sitemap.xml');
  await expect(app.page.getByTestId('site-fetch-bad')).toHaveCount(0);
  await field.press('Enter');
  await expect(app.page.getByTestId('site-fetch-bad')).toContainText('“ftp://x.test/sitemap.xml” is not a web address');
  await field.fill(`${origin}/pages.xml`);
  await field.press('Enter');
  await complete(app);
  await expect(app.page.getByTestId('site-fetch-bad')).toHaveCount(0);
  expect(asked.filter((u) => u.includes('not%20a%20url') || u.startsWith('ftp:'))).toEqual([]);
  expect(hits.get('/pages.xml')).toBeGreaterThanOrEqual(1);
});

test('with shopify\'s 148 Sitemap lines at 390 px, the place to add an inventory comes first; the lines are folded under their count and open by keyboard', async ({ app }) => {
  await app.page.setViewportSize({ width: 390, height: 844 });
  await app.open();
  await app.paste(shopify());
  await app.page.getByTestId('tab-site').click();
  const lines = app.page.getByTestId('site-lines');
  await expect(lines.locator('summary')).toHaveText('148 Sitemap lines in this robots.txt');
  await expect(lines).not.toHaveAttribute('open', '');
  await expect(app.page.getByTestId('sitemaps')).toBeHidden();
  // The file picker and the URL field sit above the folded lines, within the tab's first screen.
  const panel = await app.page.getByTestId('site-panel').boundingBox();
  const drop = await app.page.getByTestId('site-drop').boundingBox();
  const fetch = await app.page.getByTestId('site-fetch-url').boundingBox();
  const folded = await lines.boundingBox();
  expect(drop!.y).toBeLessThan(folded!.y);
  expect(fetch!.y).toBeLessThan(folded!.y);
  expect(fetch!.y + fetch!.height - panel!.y).toBeLessThan(844);
  const overflow = await app.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await lines.locator('summary').focus();
  await app.page.keyboard.press('Enter');
  await expect(app.page.getByTestId('sitemaps').locator('li')).toHaveCount(148);
  await expect(app.page.getByTestId('site-fetch-all')).toHaveText(/^Fetch all \d+$/);
});

for (const [width, scheme] of [[1400, 'light'], [1400, 'dark'], [390, 'light'], [390, 'dark']] as const) {
  test(`screenshot: a link's sitemaps waiting, shopify's lines folded, ${width} px, ${scheme}`, async ({ app }) => {
    await app.page.emulateMedia({ colorScheme: scheme });
    await app.page.setViewportSize({ width, height: 1000 });
    await app.open(link(shopify(), ['https://www.shopify.com/sitemap.xml', 'http://192.168.255.1/admin/reboot?now=1', 'http://localhost:8080/sitemap.xml']));
    await app.page.getByTestId('tab-site').click();
    await expect(app.page.getByTestId('site-linked-url')).toHaveCount(3);
    await expect(app.page.getByTestId('site-lines')).toBeVisible();
    const overflow = await app.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await app.page.getByTestId('site-panel').screenshot({ path: `test-results/site-sources-${width}-${scheme}.png` });
  });
}

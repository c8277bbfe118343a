import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { expect, test as base, type Page } from '@playwright/test';
import { App, manyRules } from './fixtures.js';

// The shared fixture routes the workers' scripts (its test hooks); in Chromium any route also
// catches the Site worker's own fetches and fails them, so this tab is tested without it (and its
// worker is crashed from inside by Playwright instead: crashSiteWorker).
const test = base.extend<{ app: App }>({
  app: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await use(new App(page));
    expect(errors, 'uncaught page errors').toEqual([]);
  },
});

/** A real ~100 KB robots.txt when the shared corpus is beside the repository, else one of that size. */
const REAL = '../shared/corpus/real/www.caltech.edu.txt';
const BIG = existsSync(REAL) ? readFileSync(REAL, 'utf8') : manyRules(4000, 'section');

// Line 2 decides /private/…, line 3 lets /private/ok through, line 4 (/priv) always loses to line 2
// (RFC 9309: the longest match wins), line 5 matches nothing.
const ROBOTS = 'User-agent: *\nDisallow: /private/\nAllow: /private/ok\nDisallow: /priv\nDisallow: /never-listed\n';

const urlset = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((u) => `<url><loc>${u}</loc></url>`).join('')}</urlset>`;

/** Child sitemaps of the big inventory, 50,000 URLs each (sitemaps.org's most): every tenth URL is under /private/. */
const BIG_CHILDREN = 4;
const BIG_PER = 50_000;

/** A gate a response waits at while it is closed. */
function gate() {
  let opened: Promise<void> = Promise.resolve();
  let open = () => {};
  return {
    close() {
      opened = new Promise((r) => (open = r));
    },
    open: () => open(),
    passed: () => opened,
  };
}

/**
 * A local site on 127.0.0.1: a sitemap index with two gzip children (readable cross-origin), a
 * sitemap that is not, and a real-sized inventory (an index of four 50,000-URL gzip sitemaps whose
 * second waits at a gate, so a run can be caught in its middle).
 */
async function site(): Promise<{ server: Server; origin: string; held: ReturnType<typeof gate>; bigIndexReads: () => number }> {
  let origin = '';
  const held = gate();
  let bigIndexReads = 0;
  let big: Buffer[] = [];
  const server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*' };
    const path = req.url ?? '/';
    if (path === '/big/index.xml') {
      bigIndexReads++;
      const children = Array.from({ length: BIG_CHILDREN }, (_, k) => `<sitemap><loc>${origin}/big/${k}.xml.gz</loc></sitemap>`).join('');
      return void res.writeHead(200, { ...cors, 'content-type': 'application/xml' }).end(`<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${children}</sitemapindex>`);
    }
    const child = /^\/big\/(\d+)\.xml\.gz$/.exec(path);
    if (child) {
      const k = Number(child[1]);
      big = big.length > 0 ? big : Array.from({ length: BIG_CHILDREN }, (_, j) => gzipSync(urlset(Array.from({ length: BIG_PER }, (_, i) => {
        const n = j * BIG_PER + i;
        return `${origin}/${n % 10 === 0 ? 'private' : `section-${n % 7}`}/page-${n}`;
      }))));
      void (k === 1 ? held.passed() : Promise.resolve()).then(() => res.writeHead(200, { ...cors, 'content-type': 'application/gzip' }).end(big[k]));
      return;
    }
    if (path === '/sitemap_index.xml') {
      return void res.writeHead(200, { ...cors, 'content-type': 'application/xml' }).end(
        `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/pages.xml.gz</loc></sitemap><sitemap><loc>${origin}/private.xml.gz</loc></sitemap></sitemapindex>`,
      );
    }
    if (path === '/pages.xml.gz') {
      return void res.writeHead(200, { ...cors, 'content-type': 'application/gzip' })
        .end(gzipSync(urlset([`${origin}/`, `${origin}/blog/a`, `${origin}/blog/b`, `${origin}/docs/1`, 'mailto:someone@example.com'])));
    }
    if (path === '/private.xml.gz') {
      return void res.writeHead(200, { ...cors, 'content-type': 'application/gzip' })
        .end(gzipSync(urlset([`${origin}/private/x`, `${origin}/private/y`, `${origin}/private/ok`])));
    }
    // No Access-Control-Allow-Origin: the browser may not read it.
    if (path === '/closed/sitemap.xml') return void res.writeHead(200, { 'content-type': 'application/xml' }).end(urlset([`${origin}/closed`]));
    res.writeHead(404, cors).end('not here');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, origin, held, bigIndexReads: () => bigIndexReads };
}

test.use({ serviceWorkers: 'block' });
let local: Awaited<ReturnType<typeof site>>;
test.beforeAll(async () => {
  local = await site();
});
test.afterAll(async () => {
  local.held.open();
  local.server.closeAllConnections();
  await new Promise<void>((r) => local.server.close(() => r()));
});

async function openSite(app: App, robots: string): Promise<void> {
  await app.open();
  await app.paste(robots);
  await app.page.getByTestId('tab-site').click();
  await expect(app.page.getByTestId('site-panel')).toBeVisible();
}

async function fetchSitemap(app: App, url: string): Promise<void> {
  await app.page.getByTestId('site-fetch-url').fill(url);
  await app.page.getByTestId('site-fetch-url').press('Enter');
}

/** Drops files on the Site tab's drop zone as a person dragging them from a file manager does. */
async function dropFiles(app: App, files: { name: string; text: string; type: string }[]): Promise<void> {
  await app.page.getByTestId('site-drop').evaluate((el, fs) => {
    const data = new DataTransfer();
    for (const f of fs) data.items.add(new File([f.text], f.name, { type: f.type }));
    el.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
    el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, files);
}

const complete = (app: App) => expect(app.page.getByTestId('site-audit')).toHaveAttribute('data-complete', 'true', { timeout: 20_000 });

/**
 * Makes the Site worker die of an uncaught error, as a bug in it would: Playwright runs the throw
 * inside the worker (the page hears of it as of a real crash).
 */
async function crashSiteWorker(page: Page): Promise<void> {
  const worker = page.workers().find((w) => /\/site\.worker-[\w-]+\.js$/.test(w.url()));
  if (!worker) throw new Error('no Site worker runs');
  await worker.evaluate(() => {
    setTimeout(() => {
      throw new Error('Simulated crash (test)');
    }, 0);
  });
}

test('a fetched sitemap index with gzip children: per-source report, counts, blocked URLs first with their line, rule impact', async ({ app }) => {
  await openSite(app, ROBOTS);
  await fetchSitemap(app, `${local.origin}/sitemap_index.xml`);
  await complete(app);
  const reports = app.page.getByTestId('site-report');
  await expect(reports).toHaveCount(3);
  await expect(reports.nth(0)).toContainText('sitemap index');
  await expect(reports.nth(0)).toContainText('2 sitemaps followed');
  await expect(reports.nth(1)).toContainText('gzip');
  await expect(reports.nth(1).getByTestId('site-skip')).toHaveText('1 entry is not an http(s) URL');
  await expect(app.page.getByTestId('site-source-urls')).toHaveText('7 URLs');
  const row = app.page.getByTestId('site-counts').locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row.locator('td')).toHaveText(['5', '2', '0', '0']);
  // Blocked first: both /private/ URLs, each with line 2.
  const blocked = app.page.getByTestId('site-blocked');
  await expect(blocked.locator('summary')).toHaveText(/2 URLs blocked/);
  await expect(blocked.locator('li')).toHaveText([`${local.origin}/private/x Line 2`, `${local.origin}/private/y Line 2`]);
  // Rule impact: line 2 decides 2, line 3 decides 1, line 4 never wins, line 5 matches nothing.
  const rules = app.page.getByTestId('site-rules').locator('tbody tr');
  await expect(rules).toHaveCount(4);
  await expect(rules.nth(0)).toContainText('2 verdicts');
  await expect(rules.nth(1)).toContainText('1 verdict');
  await expect(rules.nth(2)).toHaveAttribute('data-unused', 'never-wins');
  await expect(rules.nth(3)).toHaveAttribute('data-unused', 'matches-nothing');
  // A click on a rule's line shows it in the editor.
  await rules.nth(2).getByRole('button', { name: 'Line 4' }).click();
  await expect(app.page.locator('.cm-activeLine')).toHaveText('Disallow: /priv');
  // The CSV: url, crawler, verdict, line, rule, source.
  const download = app.page.waitForEvent('download');
  await app.page.getByTestId('site-csv').click();
  const csv = readFileSync(await (await download).path()!, 'utf8').trim().split(/\r?\n/);
  expect(csv[0]).toMatch(/^url,crawler,verdict,line,rule,source/);
  expect(csv).toHaveLength(8);
  expect(csv.find((l) => l.startsWith(`${local.origin}/private/x,`))).toMatch(/,blocked,2,Disallow: \/private\/,/);
  // Another parser's reading beside Google's: a column of its own.
  await app.page.locator('[data-testid=site-reader][data-reader=bing]').check();
  await expect(app.page.getByTestId('site-counts').locator('tbody tr')).toHaveCount(2);
});

test('the site tree by keyboard: arrows open and close folders, Enter lists a folder’s URLs', async ({ app }) => {
  await openSite(app, ROBOTS);
  await fetchSitemap(app, `${local.origin}/sitemap_index.xml`);
  await complete(app);
  const tree = app.page.getByTestId('site-tree');
  const rows = tree.getByTestId('site-tree-row');
  await expect(rows).toHaveCount(1);
  await rows.first().focus();
  await expect(rows.first()).toHaveAttribute('aria-expanded', 'false');
  await app.page.keyboard.press('ArrowRight');
  await expect(rows.first()).toHaveAttribute('aria-expanded', 'true');
  await expect(rows).toHaveCount(4);
  await expect(rows.locator('.site-tree-label')).toHaveText([local.origin, 'blog/', 'docs/', 'private/']);
  await app.page.keyboard.press('ArrowDown');
  await app.page.keyboard.press('End');
  await expect(rows.nth(3)).toBeFocused();
  await expect(rows.nth(3)).toHaveAttribute('data-blocked', '2');
  await app.page.keyboard.press('Enter');
  await expect(app.page.getByTestId('site-list-folder')).toContainText(`${local.origin}/private/`);
  await expect(app.page.getByTestId('site-list').locator('tbody tr')).toHaveCount(3);
  // Left goes to the parent, then closes it.
  await rows.nth(3).focus();
  await app.page.keyboard.press('ArrowLeft');
  await expect(rows.first()).toBeFocused();
  await app.page.keyboard.press('ArrowLeft');
  await expect(rows).toHaveCount(1);
  // Every folder again.
  await app.page.getByRole('button', { name: 'Every folder' }).click();
  await expect(app.page.getByTestId('site-list').locator('tbody tr')).toHaveCount(7);
});

for (const [width, scheme] of [[1400, 'dark'], [390, 'light']] as const) {
  test(`the URL list searched and sorted, rule impact sorted and filtered, by keyboard (${width} px, ${scheme})`, async ({ app }) => {
    await app.page.emulateMedia({ colorScheme: scheme });
    await app.page.setViewportSize({ width, height: 1000 });
    await openSite(app, 'User-agent: *\nDisallow: /private/\nAllow: /private/ok\nDisallow: /never-listed/\nDisallow: /Blog/\n');
    const urls = [...Array.from({ length: 60 }, (_, i) => `https://x.test/${i % 3 ? 'blog' : 'private'}/post-${String(i).padStart(2, '0')}`), 'https://x.test/Blog/x', 'https://x.test/Blog/y', 'https://x.test/private/ok'];
    await dropFiles(app, [{ name: 'urls.txt', type: 'text/plain', text: urls.join('\n') }]);
    await complete(app);
    const list = app.page.getByTestId('site-list');
    // The search box: the URLs holding the text exactly as typed (case counts).
    await app.page.getByTestId('site-list-search').focus();
    await app.page.keyboard.type('/Blog/');
    await expect(list.locator('tbody tr')).toHaveCount(2);
    await expect(list.locator('tbody tr').first()).toContainText('https://x.test/Blog/x');
    await app.page.keyboard.press('Control+A');
    await app.page.keyboard.type('/private/post-1');
    await expect(list.locator('tbody tr')).toHaveCount(3);
    // The URL column's sort button: ascending, then descending, said by aria-sort.
    const urlHead = app.page.getByTestId('site-sort-url');
    await urlHead.focus();
    await app.page.keyboard.press('Enter');
    await expect(app.page.locator('th', { has: urlHead })).toHaveAttribute('aria-sort', 'ascending');
    await app.page.keyboard.press('Enter');
    await expect(app.page.locator('th', { has: urlHead })).toHaveAttribute('aria-sort', 'descending');
    await expect(list.locator('tbody tr').first()).toContainText('post-18');
    // Rule impact: the rules that decide nothing hidden (Space), then the busiest first (Enter).
    const rules = app.page.getByTestId('site-rules');
    await expect(rules.locator('tbody tr')).toHaveCount(4);
    await app.page.getByTestId('site-rules-hide-idle').focus();
    await app.page.keyboard.press('Space');
    await expect(rules.locator('tbody tr')).toHaveCount(3);
    await app.page.getByTestId('site-rules-sort-decides').focus();
    await app.page.keyboard.press('Enter');
    await expect(app.page.locator('th', { has: app.page.getByTestId('site-rules-sort-decides') })).toHaveAttribute('aria-sort', 'descending');
    await expect(rules.locator('tbody tr').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-line'))))).resolves.toEqual([2, 5, 3]);
    const overflow = await app.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await app.page.getByTestId('site-audit').screenshot({ path: `/tmp/site-sort-${width}-${scheme}.png` });
  });
}

test('a sitemap the site does not let the browser read says so; a dropped crawl export and a pasted list are audited', async ({ app }) => {
  await openSite(app, ROBOTS);
  await fetchSitemap(app, `${local.origin}/closed/sitemap.xml`);
  await expect(app.page.getByTestId('site-problem')).toContainText('the site does not allow cross-origin reads');
  await dropFiles(app, [{
    name: 'crawl.csv', type: 'text/csv',
    text: `Address,Status Code\n${local.origin}/private/from-csv,200\n${local.origin}/ok-from-csv,200\n`,
  }]);
  await app.page.getByTestId('site-paste-toggle').click();
  await app.page.getByTestId('site-paste').fill(`${local.origin}/private/pasted\nnot a url\n`);
  await app.page.getByTestId('site-paste-add').click();
  await complete(app);
  await expect(app.page.getByTestId('site-source')).toHaveCount(3);
  await expect(app.page.getByTestId('site-source').nth(1)).toContainText('crawl.csv');
  await expect(app.page.getByTestId('site-source').nth(1).getByTestId('site-source-urls')).toHaveText('2 URLs');
  // "not a url" cannot be tested.
  await expect(app.page.getByTestId('site-counts').locator('tbody td')).toHaveText(['1', '2', '0', '1']);
  // Kept between visits: the dropped file and the paste come back after a reload.
  await app.page.evaluate(() => (window as unknown as { __robotsTester: { saved(): Promise<void> } }).__robotsTester.saved());
  await app.page.reload();
  await app.page.getByTestId('tab-site').click();
  await complete(app);
  await expect(app.page.getByTestId('site-counts').locator('tbody td')).toHaveText(['1', '2', '0', '1']);
});

test('a link reopens the Site tab’s fetched sources (fetched once the user says so); the changes against Compare’s version are listed with both lines', async ({ app, browser }) => {
  await openSite(app, ROBOTS);
  // Reopened, the draft is the version opened: Compare holds it, then /private/ is opened up.
  await app.page.evaluate(() => (window as unknown as { __robotsTester: { saved(): Promise<void> } }).__robotsTester.saved());
  await app.page.reload();
  await app.page.getByTestId('tab-compare').click();
  await app.page.getByTestId('compare-opened').click();
  await app.paste(ROBOTS.replace('Disallow: /private/\n', '# opened up\n').replace('Disallow: /priv\n', ''));
  await app.page.getByTestId('tab-site').click();
  await fetchSitemap(app, `${local.origin}/sitemap_index.xml`);
  await complete(app);
  await expect(app.page.getByTestId('site-changes')).toContainText('2 verdicts change (0 newly blocked, 2 no longer blocked)');
  await app.page.getByTestId('site-changes-show').click();
  const list = app.page.getByTestId('site-list').locator('tbody tr');
  await expect(list).toHaveCount(2);
  await expect(list.first()).toContainText('Blocked Line 2: Disallow: /private/');
  await expect(app.page).toHaveURL(/#z[A-Za-z0-9_-]+$/);
  await app.page.evaluate(() => (window as unknown as { __robotsTester: { saved(): Promise<void> } }).__robotsTester.saved());
  const link = app.page.url();

  const fresh = await browser.newContext();
  const page = await fresh.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(link);
  await page.getByTestId('tab-site').click();
  // The link's sitemap is on this machine: listed, and fetched on its own click.
  await expect(page.getByTestId('site-linked-url')).toHaveAttribute('data-private', 'loopback');
  await page.getByTestId('site-linked-fetch-one').click();
  await expect(page.getByTestId('site-audit')).toHaveAttribute('data-complete', 'true', { timeout: 20_000 });
  await expect(page.getByTestId('site-source')).toHaveCount(1);
  await expect(page.getByTestId('site-source')).toContainText(`${local.origin}/sitemap_index.xml`);
  await expect(page.getByTestId('site-counts').locator('tbody td')).toHaveText(['7', '0', '0', '0']);
  expect(errors).toEqual([]);
  await fresh.close();
});

test('the printed report: the Site tab’s summary, tree, rules and list, without buttons or the editor', async ({ app }) => {
  await openSite(app, ROBOTS);
  await fetchSitemap(app, `${local.origin}/sitemap_index.xml`);
  await complete(app);
  // As the Print button prints: its class on the page, then the print media.
  await app.page.evaluate(() => document.documentElement.classList.add('print-site'));
  await app.page.emulateMedia({ media: 'print' });
  await expect(app.page.locator('.site-print-title h2')).toHaveText('Site audit');
  for (const id of ['site-counts', 'site-tree', 'site-rules', 'site-list']) await expect(app.page.getByTestId(id)).toBeVisible();
  for (const id of ['site-csv', 'site-print', 'site-fetch-url', 'site-drop']) await expect(app.page.getByTestId(id)).toBeHidden();
  await expect(app.page.locator('[data-testid="robots-editor"]')).toBeHidden();
  await expect(app.page.getByTestId('tab-site')).toBeHidden();
});

test('the Site worker crashes in the middle of a 200,000-URL inventory: the tab says so, keeps its sources and audits them again; nothing waits for ever', async ({ app }) => {
  local.held.close();
  const reads = local.bigIndexReads();
  await openSite(app, 'User-agent: *\nDisallow: /private/\n');
  await fetchSitemap(app, `${local.origin}/big/index.xml`);
  // The first child read and audited, the second held: the run is under way.
  await expect(app.page.getByTestId('site-source-urls')).toHaveText('50,000 URLs', { timeout: 20_000 });
  await expect(app.page.getByTestId('site-source')).toHaveAttribute('data-reading', 'true');
  await crashSiteWorker(app.page);
  const notice = app.page.getByTestId('site-notice');
  await expect(notice).toHaveAttribute('data-message', 'site.restarted');
  await expect(notice).toContainText('The site audit crashed and was restarted. Its sources are kept and are being read and audited again.');
  await expect(app.page.getByTestId('site-source')).toHaveCount(1);
  await expect(app.page.getByTestId('site-source')).toContainText(`${local.origin}/big/index.xml`);
  local.held.open();
  await expect(app.page.getByTestId('site-audit')).toHaveAttribute('data-complete', 'true', { timeout: 60_000 });
  // Read again from the start, by the new worker, to the end.
  expect(local.bigIndexReads() - reads).toBe(2);
  await expect(app.page.getByTestId('site-source-urls')).toHaveText('200,000 URLs');
  await expect(app.page.getByTestId('site-counts').locator('tbody td')).toHaveText(['180,000', '20,000', '0', '0']);
  await expect(app.page.getByTestId('site-done')).toHaveText('200,000 URLs audited');
  await expect(app.page.getByTestId('site-list').locator('tbody tr')).toHaveCount(50);
  await expect(app.page.getByTestId('site-list-range')).toHaveText('1–50 of 200,000');
  await expect(app.page.getByTestId('site-tree-row')).toHaveCount(1);
  await expect(app.page.getByTestId('site-progress')).toBeHidden();
  // The notice stays until dismissed.
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
});

test('the Site tab’s words in Korean', async ({ app }) => {
  await openSite(app, ROBOTS);
  await app.page.getByTestId('language').selectOption('ko');
  await fetchSitemap(app, `${local.origin}/sitemap_index.xml`);
  await complete(app);
  await expect(app.page.getByTestId('tab-site')).toHaveText(/사이트/);
  await expect(app.page.locator('#site-rules-h')).not.toHaveText('Rule impact');
  await expect(app.page.locator('#site-tree-h')).not.toHaveText('Site tree');
});

for (const [width, scheme] of [[1400, 'light'], [1400, 'dark'], [390, 'light'], [390, 'dark']] as const) {
  test(`screenshot: the Site tab with a ~100 KB file, ${width} px, ${scheme}`, async ({ app }) => {
    await app.page.emulateMedia({ colorScheme: scheme });
    await app.page.setViewportSize({ width, height: 1000 });
    await openSite(app, BIG);
    const lines = BIG.split('\n').filter((l) => /^disallow:\s*\/\S/i.test(l)).slice(0, 400).map((l) => l.replace(/^disallow:\s*/i, '').trim().replace(/[*$].*$/, ''));
    const urls = [...lines.map((p) => `https://www.caltech.edu${p}`), ...Array.from({ length: 300 }, (_, i) => `https://www.caltech.edu/news/item-${i}`), 'https://other.example/x'];
    await dropFiles(app, [{ name: 'urls.txt', type: 'text/plain', text: urls.join('\n') }]);
    await complete(app);
    const caltech = app.page.locator('[data-testid=site-tree-row][data-folder="https://www.caltech.edu/"]');
    await caltech.focus();
    await app.page.keyboard.press('ArrowRight');
    await expect(caltech).toHaveAttribute('aria-expanded', 'true');
    await expect(app.page.getByTestId('site-tree-row')).not.toHaveCount(2);
    const overflow = await app.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await app.page.getByTestId('site-panel').screenshot({ path: `test-results/site-${width}-${scheme}.png` });
  });
}

import { App, expect, test } from './fixtures.js';
import { makeCrawlReport } from './crawl-report.mjs';

// A crawl report made by the CLI against a local site of real-shaped HTML (e2e/crawl-report.mjs).
let report = '';
test.beforeAll(async () => {
  report = await makeCrawlReport();
});

async function openSiteTab(app: App): Promise<void> {
  await app.open();
  await app.page.getByTestId('tab-site').click();
  await expect(app.page.getByTestId('crawl-report')).toBeVisible();
}

test('a crawl report picked as a file: what the crawl did, and each list with its deciding line and linking pages', async ({ app }) => {
  await openSiteTab(app);
  await app.page.getByTestId('crawl-file').setInputFiles({ name: 'crawl.json', mimeType: 'application/json', buffer: Buffer.from(report) });
  const body = app.page.getByTestId('crawl-body');
  await expect(body).toBeVisible();
  const data = JSON.parse(report) as { start: string; linkedBlocked: unknown[]; targetsBlocked: unknown[]; sitemapIssues: unknown[]; hiddenNoindex: unknown[] };
  await expect(app.page.getByTestId('crawl-summary')).toContainText(`Crawl of ${data.start} as googlebot`);
  for (const [id, rows] of [['crawl-linked', data.linkedBlocked], ['crawl-targets', data.targetsBlocked], ['crawl-sitemap', data.sitemapIssues], ['crawl-hidden', data.hiddenNoindex]] as const) {
    expect(rows.length, id).toBeGreaterThan(0);
    await expect(app.page.getByTestId(id)).toHaveAttribute('data-count', String(rows.length));
  }
  const linked = app.page.getByTestId('crawl-linked');
  await expect(linked.locator('tbody tr').first()).toContainText('line 2: Disallow: /private/');
  await expect(linked.locator('tbody tr').first()).toContainText(/\d+ links/);
  await expect(app.page.getByTestId('crawl-hidden')).toContainText('read under the compared version');
  await expect(app.page.getByTestId('crawl-hidden')).toContainText('read by fetching it although blocked');
  await expect(app.page.getByTestId('crawl-hides')).toContainText('/docs/meta-noindex/');
  await app.page.getByTestId('crawl-close').click();
  await expect(body).toBeHidden();
});

test('a dropped file that is not a crawl report is named as such; the Site tab goes on', async ({ app }) => {
  await openSiteTab(app);
  await app.page.getByTestId('crawl-drop').evaluate((el, text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'audit.json', { type: 'application/json' }));
    el.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
    el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, '{"inventory": 12, "sources": []}');
  await expect(app.page.getByTestId('crawl-problem')).toHaveText('audit.json: this is not a crawl report (audit --crawl --format json makes one).');
  await expect(app.page.getByTestId('crawl-body')).toHaveCount(0);
});

for (const [width, scheme] of [[1400, 'light'], [1400, 'dark'], [390, 'light'], [390, 'dark']] as const) {
  test(`screenshot: the crawl report, ${width} px, ${scheme}`, async ({ app }) => {
    await app.page.emulateMedia({ colorScheme: scheme });
    await app.page.setViewportSize({ width, height: 1000 });
    await openSiteTab(app);
    await app.page.getByTestId('crawl-file').setInputFiles({ name: 'crawl.json', mimeType: 'application/json', buffer: Buffer.from(report) });
    await expect(app.page.getByTestId('crawl-body')).toBeVisible();
    const all = app.page.getByTestId('crawl-linked-all');
    if (await all.count()) await all.click();
    const overflow = await app.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await app.page.getByTestId('crawl-report').screenshot({ path: `test-results/site-crawl-${width}-${scheme}.png` });
  });
}

import { existsSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, manyRules, test, type App } from './fixtures.js';

// Every table fits its panel: at 1400 px and at 390 px, in every tab, with real files (linkedin's
// and shopify's robots.txt), a sitemap set and an access log, no table (nor role table, grid or
// treegrid) is wider than the tab's panel, and the page never scrolls sideways.

/** A real robots.txt from the shared corpus (`source` ends with `host`), else a stand-in of the same shape. */
function realFile(host: string): string {
  const bodies = '../shared/realworld/google/bodies.jsonl';
  if (existsSync(bodies)) {
    for (const line of readFileSync(bodies, 'utf8').split('\n')) {
      if (!line.includes(host)) continue;
      const o = JSON.parse(line) as { source: string; robots: string };
      if (o.source.endsWith(host)) return o.robots;
    }
  }
  return `User-agent: *\n${manyRules(2000, `/${host}/some/long/path/segment`)}\n`;
}
const LINKEDIN = realFile('sg.linkedin.com');
const SHOPIFY = realFile('robots/shopify.com');

const SITE = 'https://www.linkedin.com';
// Long, real-shaped paths: the kind that widened tables.
const PATHS = [
  ...Array.from({ length: 120 }, (_, i) => `/jobs/view/senior-software-engineer-distributed-systems-at-example-corporation-${3_800_000_000 + i}/?trackingId=abcdefghijklmnopqrstuv%3D%3D&refId=${i}`),
  ...Array.from({ length: 60 }, (_, i) => `/in/someone-with-a-rather-long-profile-name-${i}/recent-activity/all/`),
  ...Array.from({ length: 40 }, (_, i) => `/company/example-${i}/life/engineering-culture-and-values-in-the-team/`),
  ...Array.from({ length: 30 }, (_, i) => `/psettings/guest-controls/retargeting-opt-out?section=${i}`),
];
const urlset = (paths: readonly string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${(SITE + p).replace(/&/g, '&amp;')}</loc></url>`).join('')}</urlset>`;
const SITEMAPS = [
  { name: 'sitemap_index.xml', text: `<?xml version="1.0"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${SITE}/sitemap-jobs.xml</loc></sitemap><sitemap><loc>${SITE}/sitemap-people.xml</loc></sitemap></sitemapindex>` },
  { name: 'sitemap-jobs.xml', text: urlset(PATHS.slice(0, 120)) },
  { name: 'sitemap-people.xml', text: urlset(PATHS.slice(120)) },
];
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)';
const ACCESS_LOG = PATHS.slice(0, 60).map((p, i) => `66.249.66.${i % 200} - - [0${1 + (i % 7)}/Mar/2025:10:00:00 +0000] "GET ${p} HTTP/1.1" 200 512 "-" "${i % 3 ? GOOGLEBOT : GPTBOT}"`).join('\n') + '\n';

/** Drops files on a drop zone as a drag from a file manager does. */
async function drop(page: Page, testId: string, files: readonly { name: string; text: string }[]): Promise<void> {
  await page.getByTestId(testId).evaluate((el, fs) => {
    const data = new DataTransfer();
    for (const f of fs) data.items.add(new File([f.text], f.name, { type: 'text/plain' }));
    el.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
    el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, files);
}

/** What is wider than the tab's panel: each table (or role table, grid, treegrid) with its width, and the page's sideways scroll. */
async function overflow(page: Page): Promise<{ panel: number; tables: string[]; page: number }> {
  return page.evaluate(() => {
    const panel = document.querySelector('.tab-panel')!.getBoundingClientRect();
    const tables = [...document.querySelectorAll<HTMLElement>('.tab-panel table, .tab-panel [role=table], .tab-panel [role=grid], .tab-panel [role=treegrid]')]
      .filter((t) => t.getClientRects().length > 0)
      .map((t) => ({ t, r: t.getBoundingClientRect() }))
      // Wider than the panel, or reaching out of it (a table in a scroller still counts its own width).
      .filter(({ t, r }) => Math.max(r.width, t.scrollWidth) > panel.width + 1 || r.left < panel.left - 1 || r.right > panel.right + 1)
      .map(({ t, r }) => `${t.getAttribute('data-testid') ?? t.className} ${Math.round(Math.max(r.width, t.scrollWidth))} px`);
    return { panel: Math.round(panel.width), tables, page: document.scrollingElement!.scrollWidth - window.innerWidth };
  });
}

/** Opens a tab and waits for its panel to be drawn. */
async function openTab(app: App, id: string): Promise<void> {
  await app.page.getByTestId(`tab-${id}`).click();
  await expect(app.page.getByTestId(`tab-${id}`)).toHaveAttribute('aria-selected', 'true');
  await expect(app.page.locator('.tab-panel')).not.toHaveText(/^Loading…$/);
}

/** Linkedin's file with four crawlers and three URLs in the Test tab's matrix. */
async function fillTest(app: App): Promise<void> {
  await app.paste(LINKEDIN);
  await app.url.fill(`${SITE}${PATHS[0]}`);
  for (const crawler of ['Bingbot', 'GPTBot', 'ClaudeBot']) {
    await app.page.getByTestId('add-crawler').click();
    await app.page.keyboard.type(crawler);
    await app.page.keyboard.press('Enter');
  }
  for (const p of [PATHS[120]!, PATHS[200]!]) {
    await app.page.getByTestId('add-test').click();
    await app.url.fill(SITE + p);
  }
  await expect(app.page.getByTestId('test-cell')).toHaveCount(12);
}

// Each width in one theme here; the Site tab's sort and search run in the other (site.spec.ts).
const WIDTHS = [[1400, 'light'], [390, 'dark']] as const;

for (const [width, scheme] of WIDTHS) {
  test(`every table fits its panel at ${width} px, in every tab but Logs (${scheme})`, async ({ app }) => {
    test.setTimeout(180_000);
    await app.page.emulateMedia({ colorScheme: scheme });
    await app.page.setViewportSize({ width, height: 1000 });
    await app.open();
    await fillTest(app);
    await openTab(app, 'bulk');
    await app.page.getByTestId('bulk-urls').click();
    await app.page.keyboard.insertText(PATHS.map((p) => SITE + p).join('\n'));
    await expect(app.page.getByTestId('bulk-table')).toBeVisible({ timeout: 20_000 });
    await openTab(app, 'site');
    await drop(app.page, 'site-drop', SITEMAPS);
    await expect(app.page.getByTestId('site-audit')).toHaveAttribute('data-complete', 'true', { timeout: 30_000 });
    await openTab(app, 'compare');
    await app.page.getByTestId('compare-opened').click();
    // Shopify's file against linkedin's: the comparison has its changes and its merge view.
    await app.paste(SHOPIFY);
    await expect(app.page.getByTestId('merge-view')).toBeVisible();
    const tabs = await app.page.getByRole('tab').evaluateAll((els) => els.map((e) => e.id.replace(/^tab-/, '')));
    expect(tabs).toEqual(expect.arrayContaining(['test', 'bulk', 'ai', 'diagnostics', 'site', 'compare', 'logs']));
    for (const id of tabs.filter((x) => x !== 'logs')) {
      await openTab(app, id);
      await app.page.waitForTimeout(500);
      const o = await overflow(app.page);
      console.log(`${width} px, ${id}: panel ${o.panel} px; wider: ${o.tables.join(', ') || 'none'}; page overflow ${o.page}`);
      expect.soft(o.tables, `tables wider than the ${id} panel (${o.panel} px)`).toEqual([]);
      expect.soft(o.page, `the page scrolls sideways on the ${id} tab`).toBeLessThanOrEqual(0);
      await app.page.locator('.test-panel').screenshot({ path: `/tmp/tables-fit-${width}-${scheme}-${id}.png` });
    }
    // At 1400 px the Test tab has room for the matrix itself, not its stacked layout.
    if (width === 1400) {
      await openTab(app, 'test');
      await app.paste(LINKEDIN);
      const row = app.page.getByTestId('test-row').first();
      await expect(row).toHaveCSS('display', 'table-row');
    }
  });

  test(`the Logs tab's tables fit its panel at ${width} px (${scheme})`, async ({ app }) => {
    test.setTimeout(120_000);
    await app.page.emulateMedia({ colorScheme: scheme });
    await app.page.setViewportSize({ width, height: 1000 });
    await app.open();
    await app.paste(LINKEDIN);
    await openTab(app, 'logs');
    await drop(app.page, 'logs-drop', [{ name: 'access.log', text: ACCESS_LOG }]);
    await expect(app.page.getByTestId('logs-results')).toBeVisible({ timeout: 30_000 });
    await app.page.waitForTimeout(500);
    const o = await overflow(app.page);
    console.log(`${width} px, logs: panel ${o.panel} px; wider: ${o.tables.join(', ') || 'none'}; page overflow ${o.page}`);
    expect.soft(o.tables, `tables wider than the logs panel (${o.panel} px)`).toEqual([]);
    expect.soft(o.page, 'the page scrolls sideways on the logs tab').toBeLessThanOrEqual(0);
  });
}

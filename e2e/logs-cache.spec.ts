import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, type App } from './fixtures.js';

// The Logs tab with two dated versions of the file: requests in the 24 hours after the change
// that the version before allowed are within the cache window (RFC 9309 §2.4: a crawler may keep
// robots.txt up to 24 hours), not disobeying; each crawler's reaction to the change.
const LIVE = 'User-agent: *\nDisallow: /private/\nDisallow: /new/\n';
const BEFORE = 'User-agent: *\nDisallow: /private/\n';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BINGBOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
const combined = (ip: string, when: string, path: string, ua: string) => `${ip} - - [${when} +0000] "GET ${path} HTTP/1.1" 200 512 "-" "${ua}"`;
const LOG = [
  combined('40.77.167.1', '01/Mar/2025:10:00:00', '/new/a', BINGBOT),
  // The file changed on 2 March: Bingbot still had the old one for an hour, then read the new one.
  combined('40.77.167.1', '02/Mar/2025:01:00:00', '/new/b', BINGBOT),
  combined('40.77.167.1', '02/Mar/2025:03:00:00', '/robots.txt', BINGBOT),
  combined('40.77.167.1', '02/Mar/2025:05:00:00', '/open', BINGBOT),
  combined('66.249.66.1', '03/Mar/2025:10:00:00', '/private/x', GOOGLEBOT),
].join('\n');

/** The app with the live file in the editor, the earlier one in Compare, `log` read in the Logs tab with both dated. */
async function readDated(app: App, log = LOG): Promise<Page> {
  const page = app.page;
  await app.open();
  await app.paste(LIVE);
  await page.getByTestId('tab-compare').click();
  await page.getByTestId('compare-file').setInputFiles({ name: 'robots-before.txt', mimeType: 'text/plain', buffer: Buffer.from(BEFORE) });
  await page.getByTestId('tab-logs').click();
  await page.getByTestId('logs-file').setInputFiles({ name: 'access.log', mimeType: 'text/plain', buffer: Buffer.from(log) });
  await page.getByText('Versions of the file').click();
  await page.getByTestId('logs-live-since').fill('2025-03-02');
  await page.getByTestId('logs-compare-since').fill('2025-01-01');
  return page;
}

for (const width of [1400, 390]) {
  test(`dated versions: the cache-window count beside the verdict, the reactions to the change, the "disobeying" filter (${width} px)`, async ({ app }) => {
    await app.page.setViewportSize({ width, height: 1000 });
    const page = await readDated(app);
    await expect(page.getByTestId('logs-cache-window')).toHaveText('1 request came within the cache window after a change: blocked by the new file, allowed by the one before, which a crawler may keep for up to 24 hours (RFC 9309). Not counted as disobeying.');
    // Bingbot's one blocked request is within the window: only Googlebot disobeyed.
    await expect(page.getByTestId('logs-verdict')).toHaveText('1 crawler fetched URLs the file blocks for it.');
    const change = page.getByTestId('logs-reactions-change');
    await expect(change.locator('caption')).toHaveText('The file changed on 2025-03-02 00:00 (UTC)');
    const bing = page.locator('[data-testid=logs-reaction][data-crawler=bingbot]');
    await expect(bing.locator('[data-col=fetched]')).toHaveText('2025-03-02 03:00');
    await expect(bing.locator('[data-col=reaction]')).toHaveText('3 h 0 min');
    await expect(bing.locator('[data-col=first-blocked]')).toHaveText('2025-03-02 01:00');
    await expect(bing.locator('[data-col=cache-window]')).toHaveText('1');
    const google = page.locator('[data-testid=logs-reaction][data-crawler=googlebot]');
    await expect(google.locator('[data-col=fetched]')).toHaveText('not fetched');
    await expect(google.locator('[data-col=reaction]')).toHaveText('—');
    await expect(google.locator('[data-col=first-blocked]')).toHaveText('2025-03-03 10:00');
    // Nothing runs past the page's width; the new parts pass axe.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const serious = (await new AxeBuilder({ page }).include('[data-testid=logs-reactions]').include('[data-testid=logs-cache-window]').analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
    await page.getByTestId('logs-reactions').screenshot({ path: `test-results/logs-reactions-${width}.png` });
    // Only crawlers that fetched what they may not: Bingbot's request in the window is not one.
    await page.getByTestId('logs-filter-disobeying').check();
    await expect(page.locator('[data-testid=logs-row]')).toHaveCount(1);
    await expect(page.locator('[data-testid=logs-row][data-crawler=googlebot]')).toBeVisible();
    await expect(page.locator('[data-testid=logs-reaction]')).toHaveCount(1);
  });
}

test('without dated versions there is no change: no cache window, no reactions, both crawlers disobeyed', async ({ app }) => {
  const page = app.page;
  await app.open();
  await app.paste(LIVE);
  await page.getByTestId('tab-logs').click();
  await page.getByTestId('logs-file').setInputFiles({ name: 'access.log', mimeType: 'text/plain', buffer: Buffer.from(LOG) });
  await expect(page.getByTestId('logs-verdict')).toHaveText('2 crawlers fetched URLs the file blocks for them.');
  await expect(page.getByTestId('logs-cache-window')).toHaveCount(0);
  await expect(page.getByTestId('logs-reactions')).toHaveCount(0);
});

test('a change many bots met: its reactions listed 50 at a time, "show more" from the keyboard', async ({ app }) => {
  // 60 crawlers (one real User-Agent each, from crawler-user-agents) each fetch robots.txt the day after the change.
  const list = JSON.parse(readFileSync(join('node_modules', 'crawler-user-agents', 'crawler-user-agents.json'), 'utf8')) as { instances?: string[] }[];
  const agents = [...new Set(list.flatMap((e) => (e.instances?.[0] ? [e.instances[0].replace(/"/g, '')] : [])))].slice(0, 60);
  const page = await readDated(app, agents.map((ua, i) => combined(`203.0.113.${i + 1}`, `03/Mar/2025:10:${String(i).padStart(2, '0')}:00`, '/robots.txt', ua)).join('\n'));
  const rows = page.locator('[data-testid=logs-reaction]');
  await expect(rows).toHaveCount(50);
  const found = await page.getByTestId('logs-crawlers-count').textContent();
  const crawlers = Number(/of (\d+) crawlers/.exec(found ?? '')?.[1]);
  expect(crawlers).toBeGreaterThan(50);
  const more = page.getByTestId('logs-reactions-more');
  await expect(more).toHaveText(`Show ${crawlers - 50} more (${crawlers - 50} left)`);
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(crawlers);
  await expect(more).toHaveCount(0);
});

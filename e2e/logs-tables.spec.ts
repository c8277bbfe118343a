import type { Page } from '@playwright/test';
import { expect, test, type App } from './fixtures.js';

// The Logs tab's tables in Chromium: they fit their panel at 1400 and 390 px in both themes, each
// crawler and blocked path names its User-Agent with a copy button, and the paths are searched and
// sorted from the keyboard. Screenshots go to /tmp/logs-tables (looked at, never committed).
const SHOTS = '/tmp/logs-tables';
const ROBOTS = 'User-agent: *\nDisallow: /private/\nDisallow: /account/\n\nUser-agent: GPTBot\nDisallow: /\n';
// Real User-Agents as they come in access logs (Googlebot Smartphone is among the longest).
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const GOOGLEBOT_PHONE = 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.204 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BINGBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36';
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const AHREFS = 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)';
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const LONG_PATH = '/private/reports/2025/quarterly/enterprise-customers-renewal-forecast-by-region-and-segment.pdf?session=8f14e45fceea167a5a36dedd4bea2543&utm_source=newsletter';

const combined = (ip: string, path: string, ua: string, day: number, hour: number) =>
  `${ip} - - [${String(day).padStart(2, '0')}/Mar/2025:${String(hour).padStart(2, '0')}:${String((day * 7 + hour) % 60).padStart(2, '0')}:00 +0000] "GET ${path} HTTP/1.1" 200 ${512 + hour} "-" "${ua}"`;

/** A few days of a site's log as real logs mix them: browsers most, search engines, an AI crawler, an SEO bot, a Googlebot from someone else's address (~`lines` lines). */
function accessLog(lines: number): string {
  const agents = [[BROWSER, '82.1.2.'], [GOOGLEBOT, '66.249.66.'], [BROWSER, '91.4.7.'], [GOOGLEBOT_PHONE, '66.249.68.'], [BINGBOT, '40.77.167.'], [GPTBOT, '20.171.207.'], [AHREFS, '54.36.148.'], [GOOGLEBOT, '185.220.101.']] as const;
  const paths = ['/', '/blog/a-post', '/private/report.pdf', '/search?q=shoes', LONG_PATH, '/account/orders/1234567', '/products/42', '/robots.txt', '/about', '/private/admin/users?page=3'];
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const [ua, net] = agents[(i * 5) % agents.length]!;
    out.push(combined(`${net}${1 + (i % 200)}`, paths[(i * 3 + Math.floor(i / 7)) % paths.length]!, ua, 1 + Math.floor((i / lines) * 5), (i * 13) % 24));
  }
  return out.join('\n');
}
const GOOGLEBOT_RANGES = JSON.stringify({ creationTime: '2025-03-01T00:00:00', prefixes: [{ ipv4Prefix: '66.249.64.0/19' }] });

async function openWithLog(app: App, lines = 6000): Promise<void> {
  await app.open();
  await app.paste(ROBOTS);
  await app.page.getByTestId('tab-test').focus();
  await app.page.keyboard.press('End');
  await expect(app.page.getByTestId('logs-panel')).toBeVisible();
  const data = await app.page.evaluateHandle(([log, ranges]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([log], 'access.log'));
    dt.items.add(new File([ranges], 'googlebot.json'));
    return dt;
  }, [accessLog(lines), GOOGLEBOT_RANGES] as const);
  const drop = app.page.getByTestId('logs-drop');
  await drop.dispatchEvent('dragover', { dataTransfer: data });
  await drop.dispatchEvent('drop', { dataTransfer: data });
  await expect(app.page.getByTestId('logs-table')).toBeVisible();
}

/** Each Logs table's width beside its panel's (the tab's), and what of its cells is cut. */
function widths(page: Page) {
  return page.evaluate(() => {
    const panel = document.querySelector('[data-testid=logs-panel]')!.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLTableElement>('[data-testid=logs-panel] table')].map((t) => ({
      table: t.dataset.testid!,
      width: Math.round(t.getBoundingClientRect().width),
      right: Math.round(t.getBoundingClientRect().right),
      panel: Math.round(panel.width),
      panelRight: Math.round(panel.right),
      // Numbers are never cut: no count cell is narrower than its text.
      cutCounts: [...t.querySelectorAll<HTMLElement>('td.num')].filter((c) => c.scrollWidth > c.clientWidth + 1).length,
      columns: [...t.querySelectorAll<HTMLElement>('thead th')].map((th) => Math.round(th.getBoundingClientRect().width)),
    }));
  });
}

for (const width of [1400, 390]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`the Logs tables fit their panel at ${width} px, ${scheme}: every column in view, User-Agents and long paths cut, whole on focus`, async ({ app }) => {
      const { page } = app;
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 1000 });
      await openWithLog(app);
      const measured = await widths(page);
      console.log(`${width} px ${scheme}: ${measured.map((m) => `${m.table} ${m.width} px in a ${m.panel} px panel (columns ${m.columns.join(', ')})`).join('; ')}`);
      expect(measured.map((m) => m.table)).toEqual(['logs-table', 'logs-top']);
      for (const m of measured) {
        expect(m.width, m.table).toBeLessThanOrEqual(m.panel);
        expect(m.right, m.table).toBeLessThanOrEqual(m.panelRight);
        expect(m.cutCounts, m.table).toBe(0);
      }
      // At 1400 px the crawlers' table is a table (its rows stack only where it does not fit).
      if (width === 1400) await expect(page.getByTestId('logs-table').locator('xpath=..')).not.toHaveAttribute('data-stacked');
      else await expect(page.getByTestId('logs-table').locator('xpath=..')).toHaveAttribute('data-stacked', '');
      // Verified and Spoofed are in view beside the crawler's name (not scrolled off).
      const googlebot = page.locator('[data-testid=logs-row][data-crawler=googlebot]');
      for (const col of ['requests', 'blocked', 'verified', 'spoofed', 'unverified', 'robots', 'first', 'last']) {
        const box = (await googlebot.locator(`[data-col=${col}]`).boundingBox())!;
        expect(box.x + box.width, col).toBeLessThanOrEqual(width);
      }
      await expect(googlebot.locator('[data-col=spoofed]')).not.toHaveText('0');
      // The agent: cut to its cell, whole on focus.
      const agent = googlebot.getByTestId('logs-agent').locator('code');
      await expect(agent).toHaveAttribute('title', /Googlebot\/2\.1/);
      const cut = await agent.evaluate((el) => el.scrollWidth > el.clientWidth);
      await agent.focus();
      const whole = await agent.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().height > 0);
      expect(whole).toBe(true);
      if (width === 390) expect(cut).toBe(true);
      await page.getByTestId('logs-table').screenshot({ path: `${SHOTS}/crawlers-${width}-${scheme}.png` });
      // The long path: cut in the middle, whole on focus.
      const path = page.getByTestId('logs-path').filter({ hasText: 'forecast' }).first();
      await expect(path).toBeVisible();
      const before = (await path.boundingBox())!;
      await path.focus();
      const after = (await path.boundingBox())!;
      expect(after.height).toBeGreaterThan(before.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.getByTestId('logs-top').screenshot({ path: `${SHOTS}/paths-${width}-${scheme}.png` });
      await page.getByTestId('logs-panel').screenshot({ path: `${SHOTS}/panel-${width}-${scheme}.png` });
    });
  }
}

test('keyboard: an agent copied whole with its button; the paths searched as typed and sorted by their headers (aria-sort)', async ({ app, context }) => {
  const { page } = app;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await openWithLog(app, 3000);
  // Copy: from the agent, Tab reaches its button; Enter copies the whole agent.
  const googlebot = page.locator('[data-testid=logs-row][data-crawler=googlebot]');
  await googlebot.getByTestId('logs-agent').locator('code').focus();
  await page.keyboard.press('Tab');
  await expect(googlebot.getByTestId('logs-agent-copy')).toBeFocused();
  await expect(googlebot.getByTestId('logs-agent-copy')).toHaveAccessibleName('Copy the User-Agent of Googlebot');
  await page.keyboard.press('Enter');
  await expect(googlebot.getByTestId('logs-agent-copy')).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect([GOOGLEBOT, GOOGLEBOT_PHONE]).toContain(copied);
  expect(copied).toBe(await googlebot.getByTestId('logs-agent').locator('code').textContent());

  // Search: as typed, case included.
  const search = page.getByTestId('logs-paths-search');
  const rows = page.getByTestId('logs-path-row');
  const paths = () => page.getByTestId('logs-path').allTextContents();
  await search.focus();
  await page.keyboard.type('/private/');
  await expect(rows.first()).toBeVisible();
  expect((await paths()).every((p) => p.includes('/private/'))).toBe(true);
  await expect(page.getByTestId('logs-paths-count')).toContainText(/of \d+ paths?/);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('/PRIVATE/');
  await expect(page.getByTestId('logs-paths-none')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('forecast');
  expect((await paths()).length).toBeGreaterThan(0);
  expect((await paths()).every((p) => p === LONG_PATH)).toBe(true);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');

  // Sort: Tab from the search box reaches the headers' buttons; each says how the paths are sorted.
  const requests = page.getByTestId('logs-sort-requests');
  await expect(requests.locator('xpath=..')).toHaveAttribute('aria-sort', 'descending');
  const pathHeader = page.getByTestId('logs-sort-path');
  await pathHeader.focus();
  await page.keyboard.press('Enter');
  await expect(pathHeader.locator('xpath=..')).toHaveAttribute('aria-sort', 'ascending');
  await expect(requests.locator('xpath=..')).toHaveAttribute('aria-sort', 'none');
  const ascending = await paths();
  expect(ascending).toEqual([...ascending].sort());
  await page.keyboard.press('Space');
  await expect(pathHeader.locator('xpath=..')).toHaveAttribute('aria-sort', 'descending');
  const descending = await paths();
  expect(descending).toEqual([...descending].sort().reverse());
  // Another column starts most fetched first; pressed again, fewest first.
  await requests.focus();
  await page.keyboard.press('Enter');
  await expect(requests.locator('xpath=..')).toHaveAttribute('aria-sort', 'descending');
  await page.keyboard.press('Enter');
  await expect(requests.locator('xpath=..')).toHaveAttribute('aria-sort', 'ascending');
  const counts = (await page.locator('[data-testid=logs-path-row] [data-col=count]').allTextContents()).map((t) => Number(t.replace(/\D/g, '')));
  expect(counts).toEqual([...counts].sort((a, b) => a - b));
});

test.describe('a browser in a language the app does not speak (German)', () => {
  test.use({ locale: 'de-DE' });
  test('the table writes numbers as the summary does, in the app\'s language, not the browser\'s', async ({ app }) => {
    await app.page.setViewportSize({ width: 1400, height: 1000 });
    await openWithLog(app);
    await expect(app.page.getByTestId('logs-summary')).toContainText('6,000 lines');
    const requests = app.page.locator('[data-testid=logs-row][data-crawler=googlebot] [data-col=requests]');
    await expect(requests).toHaveText(/^\d{1,3}(,\d{3})+$/);
  });
});

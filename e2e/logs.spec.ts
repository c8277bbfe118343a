import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type App } from './fixtures.js';

// Server logs read against the robots.txt in the Logs tab (Chromium, keyboard included).
const ROBOTS = 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BINGBOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

const combined = (ip: string, path: string, ua: string, day = 1, hour = 10) =>
  `${ip} - - [${String(day).padStart(2, '0')}/Mar/2025:${String(hour).padStart(2, '0')}:00:00 +0000] "GET ${path} HTTP/1.1" 200 512 "-" "${ua}"`;
const ACCESS_LOG = [
  combined('66.249.66.1', '/a', GOOGLEBOT),
  combined('66.249.66.1', '/private/x', GOOGLEBOT, 1, 11),
  combined('6.6.6.6', '/private/y', GOOGLEBOT, 2),
  combined('66.249.66.1', '/robots.txt', GOOGLEBOT),
  combined('10.0.0.1', '/private/x', BROWSER),
  combined('20.171.206.1', '/page', GPTBOT, 2, 3),
  combined('40.77.167.1', '/private/z', BINGBOT, 3),
  'this line is no request',
].join('\n');
// Cloudflare Logpush's field names.
const CLOUDFLARE = [
  { ClientIP: '23.98.142.176', ClientRequestURI: '/private/asked', ClientRequestHost: 'example.com', ClientRequestUserAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot', EdgeStartTimestamp: '2025-03-02T12:00:00Z' },
  { ClientIP: '66.249.66.2', ClientRequestURI: '/b', ClientRequestHost: 'example.com', ClientRequestUserAgent: GOOGLEBOT, EdgeStartTimestamp: '2025-03-03T08:00:00Z' },
].map((o) => JSON.stringify(o)).join('\n');
const GOOGLEBOT_RANGES = JSON.stringify({ creationTime: '2025-03-01T00:00:00', prefixes: [{ ipv4Prefix: '66.249.64.0/19' }, { ipv6Prefix: '2001:4860:4801:10::/64' }] });

type Drop = { name: string; text?: string; bytes?: number[] };

/** Drops files on the tab's drop zone as a user's drag from the desktop does. */
async function dropFiles(page: Page, target: Locator, files: readonly Drop[]): Promise<void> {
  const data = await page.evaluateHandle((fs) => {
    const dt = new DataTransfer();
    for (const f of fs) dt.items.add(new File([f.text ?? new Uint8Array(f.bytes!)], f.name));
    return dt;
  }, files as Drop[]);
  await target.dispatchEvent('dragover', { dataTransfer: data });
  await target.dispatchEvent('drop', { dataTransfer: data });
}

/** Opens the Logs tab from the keyboard: the tab list's End key. */
async function openLogsTab(app: App): Promise<void> {
  await app.page.getByTestId('tab-test').focus();
  await app.page.keyboard.press('End');
  await expect(app.page.getByTestId('tab-logs')).toHaveAttribute('aria-selected', 'true');
  await expect(app.page.getByTestId('logs-panel')).toBeVisible();
}

const row = (page: Page, id: string) => page.locator(`[data-testid="logs-row"][data-crawler="${id}"]`);
const cell = (page: Page, id: string, col: string) => row(page, id).locator(`[data-col="${col}"]`);

test('a combined log, a JSON-lines log and a ranges file dropped: counts, a disobeying crawler, a filter, the CSV, unreadable files named', async ({ app }) => {
  await app.open();
  await app.paste(ROBOTS);
  await openLogsTab(app);
  const page = app.page;
  await dropFiles(page, page.getByTestId('logs-drop'), [
    { name: 'access.log', text: ACCESS_LOG },
    { name: 'cloudflare.jsonl', text: CLOUDFLARE },
    { name: 'googlebot.json', text: GOOGLEBOT_RANGES },
    { name: 'image.log', bytes: [0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 10, 1, 2] },
    { name: 'notes.txt', text: 'hello\nthere\n' },
  ]);
  await expect(page.getByTestId('logs-results')).toBeVisible();
  // The ranges file is recognised by its published name, not read as a log.
  await expect(page.getByTestId('logs-ranges')).toContainText('googlebot.json: 2 prefixes');
  await expect(page.getByTestId('logs-files')).toContainText('4 log files');
  const outcomes = page.getByTestId('logs-file-outcome');
  await expect(outcomes).toHaveCount(4);
  await expect(outcomes.nth(0)).toHaveText(/access\.log: combined, 8 lines/);
  await expect(outcomes.nth(1)).toHaveText(/cloudflare\.jsonl: .+, 2 lines/);
  await expect(outcomes.nth(2)).toHaveText('image.log: this is a binary file, not a text log');
  await expect(outcomes.nth(3)).toHaveText(/notes\.txt: unknown log format: the first lines fit none of Apache\/nginx common or combined/);
  await expect(page.getByTestId('logs-summary')).toContainText('1 could not be read; 2 files could not be read, below.');

  // Googlebot: 4 requests (one spoofed), 2 to /private/ (one verified, one spoofed), its robots.txt fetch apart.
  await expect(cell(page, 'googlebot', 'requests')).toHaveText('4');
  await expect(cell(page, 'googlebot', 'blocked')).toHaveText('2');
  await expect(cell(page, 'googlebot', 'verified')).toHaveText('3');
  await expect(cell(page, 'googlebot', 'spoofed')).toHaveText('1');
  await expect(cell(page, 'googlebot', 'robots')).toHaveText('1');
  // GPTBot fetched a page its own group blocks: disobeying, verified by OpenAI's gptbot.json (shipped).
  await expect(cell(page, 'gptbot', 'blocked')).toHaveText('1');
  await expect(cell(page, 'gptbot', 'verified')).toHaveText('1');
  await expect(row(page, 'gptbot')).toHaveClass(/disobeying/);
  // Bingbot is also judged as Bing's own parser reads the file.
  await expect(cell(page, 'bingbot', 'own')).toHaveText('1');
  // ChatGPT-User fetched a blocked URL for a user: marked, not disobeying.
  await expect(row(page, 'chatgpt-user')).toContainText('ignores robots.txt by design');
  await expect(row(page, 'chatgpt-user')).not.toHaveClass(/disobeying/);
  await expect(page.getByTestId('logs-verdict')).toHaveText('3 crawlers fetched URLs the file blocks for them.');
  await expect(page.getByTestId('logs-series')).toHaveCount(4);
  await expect(page.getByTestId('logs-top')).toContainText('/private/x');

  // Only spoofed requests, from the keyboard.
  await page.getByTestId('logs-filter-spoofed').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('logs-row')).toHaveCount(1);
  await expect(cell(page, 'googlebot', 'requests')).toHaveText('1');

  // The CSV holds what the filter shows: the spoofed request alone.
  const downloaded = page.waitForEvent('download');
  await page.getByTestId('logs-export').focus();
  await page.keyboard.press('Enter');
  const csv = readFileSync((await (await downloaded).path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain('6.6.6.6');
  expect(csv[1]).toContain('/private/y');
  await expect(page.getByTestId('logs-exported')).toHaveText('CSV written: 1 row.');

  // Only disobeying crawlers: Googlebot, GPTBot and Bingbot, not ChatGPT-User.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Space');
  await page.getByTestId('logs-filter-disobeying').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('logs-row')).toHaveCount(3);
  await expect(row(page, 'chatgpt-user')).toHaveCount(0);
});

test('an edit of the robots.txt after a run: the results say they are the earlier file\'s, and reading again by keyboard brings the new counts', async ({ app }) => {
  await app.open();
  await app.paste(ROBOTS);
  await openLogsTab(app);
  const page = app.page;
  await dropFiles(page, page.getByTestId('logs-drop'), [{ name: 'access.log', text: ACCESS_LOG }]);
  await expect(cell(page, 'googlebot', 'blocked')).toHaveText('2');
  await expect(page.getByTestId('logs-stale')).toHaveCount(0);
  await app.paste(`User-agent: Googlebot\nDisallow: /\n\n${ROBOTS}`);
  const stale = page.getByTestId('logs-stale');
  await expect(stale).toContainText('The robots.txt has changed since these results were read');
  await expect(cell(page, 'googlebot', 'blocked')).toHaveText('2');
  await page.getByTestId('logs-stale-run').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('logs-run')).toBeFocused();
  await expect(stale).toHaveCount(0);
  await expect(cell(page, 'googlebot', 'blocked')).not.toHaveText('2');
  // The file as it was when read: nothing is out of date.
  await app.paste(ROBOTS);
  await expect(stale).toBeVisible();
  await app.paste(`User-agent: Googlebot\nDisallow: /\n\n${ROBOTS}`);
  await expect(stale).toHaveCount(0);
});

test('by keyboard, focus stays where the work is: on "Read the logs" through a run, on it when Stop goes, on the first path "Show all" brings', async ({ app }) => {
  await app.open();
  await app.paste(ROBOTS);
  await openLogsTab(app);
  const page = app.page;
  const log = [...Array.from({ length: 15 }, (_, i) => combined(`66.249.66.${i + 1}`, `/private/p${i}`, GOOGLEBOT, 1, i)), combined('82.1.2.3', '/open', '-')].join('\n') + '\n';
  await dropFiles(page, page.getByTestId('logs-drop'), [{ name: 'access.log', text: log }]);
  await expect(page.getByTestId('logs-paths-all')).toHaveText(/15/);
  // A request that sent no User-Agent is said to be one, not "an unnamed bot".
  await expect(row(page, '-')).toContainText('requests that sent no User-Agent');
  await expect(row(page, '-')).not.toContainText('unnamed bot');
  const run = page.getByTestId('logs-run');
  await run.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('logs-results')).toBeVisible();
  await expect(run).toBeEnabled();
  await expect(run).toBeFocused();
  await page.getByTestId('logs-paths-all').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('logs-path')).toHaveCount(15);
  await expect(page.getByTestId('logs-path').nth(10)).toBeFocused();
  // A long log added runs at once; Stop pressed goes with the run, and focus goes to the button that reads the logs.
  await dropFiles(page, page.getByTestId('logs-drop'), [{ name: 'big.log', text: realisticLog(300_000) }]);
  const stop = page.getByTestId('logs-cancel');
  await stop.focus();
  await page.keyboard.press('Enter');
  await expect(stop).toHaveCount(0);
  await expect(run).toBeFocused();
  await expect(page.getByTestId('logs-cancelled')).toHaveText('The run was stopped before the end: the results below are those of the last run that finished. Read the logs to run it again.');
});

test('an empty log and a gzip log cut short: each says so, the summary counts the files not read whole, and the cut one\'s lines read are counted', async ({ app }) => {
  await app.open();
  await app.paste(ROBOTS);
  await openLogsTab(app);
  const page = app.page;
  const whole = gzipSync(realisticLog(3000));
  await dropFiles(page, page.getByTestId('logs-drop'), [
    { name: 'empty.log', text: '' },
    { name: 'cut.log.gz', bytes: [...whole.subarray(0, Math.floor(whole.length / 2))] },
  ]);
  const outcomes = page.getByTestId('logs-file-outcome');
  await expect(outcomes).toHaveCount(2);
  await expect(outcomes.nth(0)).toHaveText('empty.log: empty, no lines');
  await expect(outcomes.nth(1)).toHaveText(/^cut\.log\.gz: .+ \(the [\d,]+ lines before that are counted\)$/);
  const read = Number((await outcomes.nth(1).textContent())!.match(/the ([\d,]+) lines/)![1]!.replace(/,/g, ''));
  expect(read).toBeGreaterThan(0);
  expect(read).toBeLessThan(3000);
  await expect(page.getByTestId('logs-summary')).toHaveText(new RegExp(`^${read.toLocaleString('en-US')} lines read in [\\d.]+ s; every one was readable; 1 file could not be read, below\\.$`));
});

test('the choose button opens the file picker from the keyboard; a ranges file of another name asks whose it is', async ({ app }) => {
  await app.open();
  await app.paste(ROBOTS);
  await openLogsTab(app);
  const page = app.page;
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('logs-choose').focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'access.log', mimeType: 'text/plain', buffer: Buffer.from(ACCESS_LOG) });
  // Google's ranges shipped with the tester verify 66.249.66.1; 6.6.6.6 is no Google address.
  await expect(cell(page, 'googlebot', 'verified')).toHaveText('2');
  await expect(cell(page, 'googlebot', 'spoofed')).toHaveText('1');
  // A file chosen for Googlebot replaces the shipped copy: its addresses alone are Googlebot's.
  const mine = JSON.stringify({ creationTime: '2025-03-01T00:00:00', prefixes: [{ ipv4Prefix: '6.6.6.0/24' }] });
  await page.getByTestId('logs-ranges-file').setInputFiles({ name: 'my-ranges.json', mimeType: 'application/json', buffer: Buffer.from(mine) });
  await expect(page.getByTestId('logs-ranges')).toContainText('Whose addresses are in my-ranges.json?');
  await page.getByTestId('logs-ranges-crawler').selectOption('googlebot');
  await expect(cell(page, 'googlebot', 'verified')).toHaveText('1');
  await expect(cell(page, 'googlebot', 'spoofed')).toHaveText('2');
});

test('dated versions: requests before the live file\'s date are judged by Compare\'s other version', async ({ app }) => {
  await app.open();
  await app.paste(ROBOTS);
  const page = app.page;
  await page.getByTestId('tab-compare').click();
  await page.getByTestId('compare-file').setInputFiles({ name: 'robots-old.txt', mimeType: 'text/plain', buffer: Buffer.from('User-agent: *\nDisallow: /a\n') });
  await openLogsTab(app);
  await page.getByTestId('logs-file').setInputFiles({ name: 'access.log', mimeType: 'text/plain', buffer: Buffer.from(ACCESS_LOG) });
  // Undated, every request is judged by the file in the editor.
  await expect(page.getByTestId('logs-top')).not.toContainText('an earlier version');
  await page.getByText('Versions of the file').click();
  await page.getByTestId('logs-live-since').fill('2025-03-02');
  await page.getByTestId('logs-compare-since').fill('2025-01-01');
  // 1 March's requests by the old file (its line 2 blocks /a), 2 March's by the live one.
  const top = page.getByTestId('logs-top');
  await expect(top.locator('tr', { hasText: '/a' })).toContainText('an earlier version, line 2');
  await expect(top.locator('tr', { hasText: '/private/y' })).toContainText('line 2');
  await expect(top).not.toContainText('/private/x');
  await expect(cell(page, 'googlebot', 'blocked')).toHaveText('2');
});

test('the Logs worker crashes in the middle of a 1,000,000-line log: the tab says the run stopped and offers to run it again, which reads it to the right counts; nothing runs for ever', async ({ app }) => {
  test.setTimeout(240_000);
  await app.page.setViewportSize({ width: 1400, height: 1000 });
  await app.open();
  await app.paste(ROBOTS);
  await openLogsTab(app);
  const page = app.page;
  // The access log 125,000 times over (1,000,000 lines, ~130 MB), made in the page: nothing that big crosses to it.
  await page.getByTestId('logs-file').evaluate((input: HTMLInputElement, log) => {
    const data = new DataTransfer();
    data.items.add(new File(Array.from({ length: 125_000 }, () => `${log}\n`), 'big-access.log'));
    input.files = data.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, ACCESS_LOG);
  // Under way: some of it read, far from all.
  const bar = page.getByTestId('logs-progress').getByRole('progressbar');
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 60_000 }).toBeGreaterThan(0);
  // Killed from inside, as a bug in it would: the page hears the worker's error and replaces it.
  await app.crashWorker('robots-logs');
  const stopped = page.getByTestId('logs-stopped');
  await expect(stopped).toHaveAttribute('data-reason', 'crash');
  await expect(stopped).toContainText('Reading the logs crashed, so the run stopped. The files and choices are kept: run it again to see what they say.');
  await expect(page.getByTestId('logs-progress')).toBeHidden();
  await expect(page.getByTestId('logs-run')).toBeEnabled();
  await expect(page.getByTestId('logs-files')).toContainText('1 log file');
  await expect(page.getByTestId('logs-results')).toBeHidden();
  for (const [width, scheme] of [[1400, 'light'], [1400, 'dark'], [390, 'light'], [390, 'dark']] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 1000 });
    // Nothing runs past the page's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.getByTestId('logs-panel').screenshot({ path: `test-results/logs-stopped-${width}-${scheme}.png` });
    const serious = (await new AxeBuilder({ page }).include('[data-testid=logs-stopped]').analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1400, height: 1000 });

  // Run again, by a new worker, to the end.
  await stopped.getByTestId('logs-run-again').click();
  await expect(stopped).toBeHidden();
  await expect(page.getByTestId('logs-summary')).toContainText('1,000,000 lines read', { timeout: 180_000 });
  await expect(page.getByTestId('logs-summary')).toContainText('125,000 could not be read');
  await expect(cell(page, 'googlebot', 'requests')).toHaveText('375,000');
  await expect(cell(page, 'googlebot', 'blocked')).toHaveText('250,000');
  await expect(cell(page, 'googlebot', 'robots')).toHaveText('125,000');
  await expect(cell(page, 'gptbot', 'blocked')).toHaveText('125,000');
  await expect(page.getByTestId('logs-progress')).toBeHidden();
  await expect(page.getByTestId('logs-run')).toBeEnabled();
});

/** A realistic log of a few days: search engines, AI crawlers, a spoofer, browsers (~`lines` lines). */
function realisticLog(lines: number): string {
  const agents = [
    [GOOGLEBOT, '66.249.66.'], [BINGBOT, '40.77.167.'], [GPTBOT, '20.171.207.'], [GOOGLEBOT, '185.220.101.'],
    ['Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)', '3.16.1.'], ['Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', '54.36.148.'],
    ['Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)', '144.76.1.'], [BROWSER, '82.1.2.'],
  ] as const;
  const paths = ['/', '/blog/a-post', '/private/report.pdf', '/search?q=x', '/private/admin', '/products/42', '/robots.txt', '/about'];
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const [ua, net] = agents[(i * 7) % agents.length]!;
    const day = 1 + Math.floor((i / lines) * 6);
    const hour = (i * 13) % 24;
    out.push(combined(`${net}${1 + (i % 200)}`, paths[(i * 5 + Math.floor(i / 3)) % paths.length]!, ua, day, hour));
  }
  return out.join('\n');
}

for (const width of [1400, 390]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`screenshot: the Logs tab with a ~1 MB log (gzipped), ${width} px, ${scheme}`, async ({ app }) => {
      await app.page.emulateMedia({ colorScheme: scheme });
      await app.page.setViewportSize({ width, height: 1000 });
      await app.open();
      await app.paste(ROBOTS);
      await openLogsTab(app);
      // The log gzipped, as servers rotate them.
      await dropFiles(app.page, app.page.getByTestId('logs-drop'), [{ name: 'access.log.1.gz', bytes: [...gzipSync(realisticLog(6000))] }, { name: 'googlebot.json', text: GOOGLEBOT_RANGES }]);
      await expect(app.page.getByTestId('logs-table')).toBeVisible();
      await expect(app.page.getByTestId('logs-summary')).toContainText('6,000 lines');
      await expect(app.page.getByTestId('logs-file-outcome')).toHaveText('access.log.1.gz: combined, 6,000 lines');
      // Nothing runs past the page's width.
      expect(await app.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await app.page.getByTestId('logs-panel').screenshot({ path: `test-results/logs-${width}-${scheme}.png` });
      const serious = (await new AxeBuilder({ page: app.page }).include('[data-testid=logs-panel]').analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([]);
    });
  }
}

import { readFileSync } from 'node:fs';
import { expect, test, type App } from './fixtures.js';

const ROBOTS = [
  'User-agent: *', //                      1
  'Disallow: /private', //                 2
  'Disallow: /assets/', //                 3 blocks CSS/JS
  '', //                                   4
  'User-agent: Googlebot', //              5
  'Disallow: /no-google', //               6
  '', //                                   7
  'User-agent: AdsBot-Google', //          8
  'Disallow: /no-ads', //                  9
  'Sitemap: https://a.test/sitemap.xml', // 10
  'Sitemap: https://cdn.other.test/s.xml', // 11
  'Sitemap: /relative.xml', //              12
].join('\n');

async function bulk(app: App, urls: string): Promise<void> {
  await app.page.getByTestId('tab-bulk').click();
  await app.page.getByTestId('bulk-urls').fill(urls);
}

const row = (app: App, url: string, ua: string) => app.page.locator(`[data-testid="bulk-table"] [data-url="${url}"][data-ua="${ua}"]`);

test('bulk: 100,000 URLs with a progress bar, a responsive page and a CSV download', async ({ app }) => {
  await app.open();
  await app.paste(ROBOTS);
  await app.page.getByTestId('tab-bulk').click();
  // Record whether the progress bar ever shows: the run may be faster than any poll.
  await app.page.evaluate(() => {
    const w = window as unknown as { sawProgress: boolean };
    w.sawProgress = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="bulk-progress"]')) w.sawProgress = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  const urls = Array.from({ length: 100_000 }, (_, i) => `https://a.test/${i % 3 === 0 ? 'no-google' : 'page'}/${i}`);
  await app.page.getByTestId('bulk-import').setInputFiles({ name: 'urls.txt', mimeType: 'text/plain', buffer: Buffer.from(urls.join('\n')) });
  await expect(app.page.getByTestId('bulk-summary')).toContainText('100,000 URLs × 1 crawler', { timeout: 30_000 });
  await expect(app.page.getByTestId('bulk-summary')).toContainText('33,334 blocked');
  expect(await app.page.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress)).toBe(true);
  await expect(row(app, 'https://a.test/no-google/0', 'Googlebot')).toHaveAttribute('data-verdict', 'disallowed');
  // The page stays responsive: the single test still answers at once.
  await app.page.getByTestId('tab-test').click();
  await app.url.fill('https://a.test/no-google/x');
  await app.expectVerdict('disallowed', 6);
  await app.page.getByTestId('tab-bulk').click();
  const download = app.page.waitForEvent('download');
  await app.page.getByTestId('export-csv').click();
  const csv = readFileSync((await (await download).path())!, 'utf8').trimEnd().split('\r\n');
  expect(csv).toHaveLength(100_001);
  expect(csv[0]!.startsWith('\uFEFFurl,crawler,verdict,line,rule,tested_path,group,')).toBe(true);
  expect(csv[1]).toMatch(/^https:\/\/a\.test\/no-google\/0,Googlebot,blocked,6,Disallow: \/no-google,\/no-google\/0,Googlebot \(line \d+\),,$/);
  // Too big for a link and for localStorage: the draft is kept in IndexedDB and survives a reload.
  await expect(app.page.getByTestId('long-link')).toHaveCount(0);
  await app.page.getByTestId('copy-link').click();
  await expect(app.page.getByTestId('long-link')).toContainText('too large for a link');
  await app.page.waitForTimeout(1500);
  await app.page.reload();
  await app.page.getByTestId('tab-bulk').click();
  await expect(app.page.getByTestId('bulk-summary')).toContainText('100,000 URLs × 1 crawler', { timeout: 30_000 });
});

test('bulk: filters, search, sort, expectations, and selecting a row highlights its rule', async ({ app }) => {
  await app.open();
  await app.paste(ROBOTS);
  await bulk(app, ['https://a.test/', 'https://a.test/private/1', 'https://a.test/no-google', 'https://a.test/ok'].join('\n'));
  const table = app.page.getByTestId('bulk-table');
  await expect(table.locator('[data-url]')).toHaveCount(4);
  // Googlebot has a group of its own: only /no-google is blocked for it.
  await app.page.getByTestId('filter-blocked').click();
  await expect(table.locator('[data-url]')).toHaveCount(1);
  await app.page.getByTestId('filter-allowed').click();
  await expect(table.locator('[data-url]')).toHaveCount(3);
  await app.page.getByTestId('filter-all').click();
  await app.page.getByTestId('bulk-search').fill('google');
  await expect(table.locator('[data-url]')).toHaveCount(1);
  await app.page.getByTestId('bulk-search').fill('');
  await app.page.getByRole('columnheader', { name: /Verdict/ }).click();
  await expect(table.locator('[data-url]').first()).toHaveAttribute('data-verdict', 'allowed');
  // Expectations: the check an SEO runs before every deploy.
  await row(app, 'https://a.test/ok', 'Googlebot').getByTestId('expect').selectOption('allowed');
  await expect(app.page.getByTestId('expectation-failures')).toHaveText('All expectations met');
  await row(app, 'https://a.test/no-google', 'Googlebot').getByTestId('expect').selectOption('allowed');
  await expect(app.page.getByTestId('expectation-failures')).toHaveText('1 expectation fails');
  await app.page.getByTestId('filter-failing').click();
  await expect(table.locator('[data-url]')).toHaveCount(1);
  await row(app, 'https://a.test/no-google', 'Googlebot').click();
  await expect(app.line(6)).toHaveClass(/rt-winner-disallow/);
  await expect(app.line(6)).toBeInViewport();
});

test('crawler matrix: one click tests every Google crawler with its own rules', async ({ app }) => {
  await app.open();
  await app.paste(ROBOTS);
  await bulk(app, ['https://a.test/private', 'https://a.test/no-google', 'https://a.test/no-ads'].join('\n'));
  await app.page.getByTestId('all-google').click();
  await expect(app.page.getByTestId('bulk-summary')).toContainText('3 URLs × 16 crawlers');
  const search = app.page.getByTestId('bulk-search');
  // Googlebot has its own group: * does not apply.
  await search.fill('/private');
  await expect(row(app, 'https://a.test/private', 'Googlebot')).toHaveAttribute('data-verdict', 'allowed');
  // Googlebot-Image has no group: it falls back to *.
  await expect(row(app, 'https://a.test/private', 'Googlebot-Image')).toHaveAttribute('data-line', '2');
  // AdsBot-Google-Mobile ignores * and has no group: allowed.
  await expect(row(app, 'https://a.test/private', 'AdsBot-Google-Mobile')).toHaveAttribute('data-verdict', 'allowed');
  await search.fill('/no-google');
  await expect(row(app, 'https://a.test/no-google', 'Googlebot')).toHaveAttribute('data-line', '6');
  // Google-InspectionTool falls back to the Googlebot group.
  await expect(row(app, 'https://a.test/no-google', 'Google-InspectionTool')).toHaveAttribute('data-verdict', 'disallowed');
  await search.fill('/no-ads');
  await expect(row(app, 'https://a.test/no-ads', 'AdsBot-Google')).toHaveAttribute('data-line', '9');
  await expect(row(app, 'https://a.test/no-ads', 'Google-Safety')).toHaveAttribute('data-verdict', 'allowed');
});

test('diagnostics: panel items with codes, lint markers, and a click to the line', async ({ app }) => {
  await app.open();
  await app.paste(['Disallow: /early', 'User-agent: *', 'Crawl-delay: 5', 'Disalow /x', 'Disallow: fish/', 'Disallow: /', 'Allow: /*', 'User-agent: Googlebot/2.1', 'Sitemap: /s.xml', '<p>'].join('\n'));
  await app.page.getByTestId('tab-diagnostics').click();
  const items = app.page.getByTestId('diagnostics').locator(':scope > li');
  // Diagnostics follow the verdict in a message of their own.
  await expect.poll(() => items.evaluateAll((els) => els.map((e) => `${e.getAttribute('data-line')}:${e.getAttribute('data-code')}`))).toEqual([
    // Google's errors, warnings, notes, then the other parsers'; one card per kind, at its first line.
    // Line 4 is also shadowed (Allow: /* ties with /x, and the allow wins): the shadowed-rule card holds lines 4 and 6.
    '1:rule-outside-group', '5:path-never-matches', '9:sitemap-not-absolute', '10:invalid-line',
    '4:misspelled-field', '4:missing-colon', '4:shadowed-rule', '8:agent-cut', '3:unused-field', '7:wildcard-literal',
  ]);
  // A portability finding says so: CPython ≤ 3.12 takes the * of line 7 literally.
  await expect(app.page.locator('[data-testid="diagnostics"] li[data-code="wildcard-literal"] [data-testid="portability"]')).toHaveText('Other parsers');
  await expect(app.page.locator('.cm-lintRange-warning').first()).toBeVisible();
  await expect(app.page.locator('.cm-lintRange-error').first()).toBeVisible();
  // Two shadowed rules are one card: its lines open on demand.
  await expect(app.page.locator('.diag[data-code="shadowed-rule"]')).toHaveAttribute('data-count', '2');
  await app.page.locator('.diag[data-code="shadowed-rule"]').getByTestId('show-lines').click();
  await app.page.locator('.diag[data-code="shadowed-rule"] .diag-line[data-line="6"] button').click();
  await expect(app.page.locator('.cm-activeLine')).toHaveText('Disallow: /');

  // Markers follow the text: fixing line 5 removes its error; an edit elsewhere keeps the rest.
  // Errors on lines 1, 5 and 9 (the invalid line 10 has its own underline).
  await expect(app.page.locator('.cm-lintRange-error')).toHaveCount(3);
  await app.line(5).click();
  await app.page.keyboard.press('Home');
  for (let i = 0; i < 'Disallow: '.length; i++) await app.page.keyboard.press('ArrowRight');
  await app.page.keyboard.type('/');
  await expect(app.line(5)).toHaveText('Disallow: /fish/');
  await expect(items.locator('[data-code="path-never-matches"]')).toHaveCount(0);
  await expect(app.page.locator('.cm-lintRange-error')).toHaveCount(2);
  await expect(app.line(5).locator('.cm-lintRange-error')).toHaveCount(0);
  await app.line(3).click();
  await app.page.keyboard.press('End');
  await app.page.keyboard.type('0');
  await expect(app.line(3)).toHaveText('Crawl-delay: 50');
  await expect(app.line(3).locator('.cm-lintRange-info')).toHaveText('Crawl-delay');
  await expect(app.page.locator('.cm-lintRange-error')).toHaveCount(2);
});

test('scope: URLs on another host are not covered, with the robots.txt that governs them', async ({ app }) => {
  await app.open();
  await app.paste(ROBOTS);
  await app.page.locator('.context summary').click();
  await app.page.getByTestId('site').fill('https://a.test/robots.txt');
  await app.url.fill('https://shop.a.test/private');
  await expect(app.verdict).toHaveAttribute('data-verdict', 'out-of-scope');
  await expect(app.page.getByTestId('governing-robots')).toHaveText('https://shop.a.test/robots.txt');
  await app.url.fill('https://A.TEST:443/no-google');
  await app.expectVerdict('disallowed', 6);
  await bulk(app, ['https://a.test/no-google', 'http://a.test/no-google', 'https://a.test:8443/x', '/no-google'].join('\n'));
  await expect(row(app, 'http://a.test/no-google', 'Googlebot')).toHaveAttribute('data-verdict', 'out-of-scope');
  await expect(row(app, 'https://a.test:8443/x', 'Googlebot')).toHaveAttribute('data-verdict', 'out-of-scope');
  await expect(row(app, '/no-google', 'Googlebot')).toHaveAttribute('data-verdict', 'disallowed');
  await expect(row(app, 'https://a.test/no-google', 'Googlebot')).toHaveAttribute('data-line', '6');
});

test('HTTP status what-if: every verdict follows the fetch result', async ({ app }) => {
  await app.open();
  await app.paste(ROBOTS);
  await app.url.fill('https://a.test/public');
  await app.expectVerdict('allowed', 0);
  await app.page.locator('.context summary').click();
  const status = app.page.getByTestId('http-status');
  await status.selectOption('503');
  await app.expectVerdict('disallowed', 0);
  await expect(app.page.getByTestId('fetch-outcome')).toContainText('server error');
  await status.selectOption('network-error');
  await app.expectVerdict('disallowed', 0);
  await app.url.fill('https://a.test/no-google');
  await status.selectOption('404');
  await app.expectVerdict('allowed', 0);
  await status.selectOption('403');
  await app.expectVerdict('allowed', 0);
  await status.selectOption('301');
  await app.expectVerdict('disallowed', 6);
  await app.page.getByTestId('redirect-hops').fill('6');
  await app.expectVerdict('allowed', 0);
  await expect(app.page.getByTestId('fetch-outcome')).toContainText('more than 5');
  await status.selectOption('200');
  await app.expectVerdict('disallowed', 6);
});

test('sitemaps: validity and host', async ({ app }) => {
  await app.open();
  await app.paste(ROBOTS);
  await app.page.locator('.context summary').click();
  await app.page.getByTestId('site').fill('https://a.test');
  await app.page.getByTestId('tab-site').click();
  const items = app.page.getByTestId('sitemaps').locator('li');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toHaveAttribute('data-valid', 'true');
  await expect(items.nth(0)).toHaveAttribute('data-other-host', 'false');
  await expect(items.nth(1)).toHaveAttribute('data-other-host', 'true');
  await expect(items.nth(2)).toHaveAttribute('data-valid', 'false');
});

test('compare: a side-by-side diff, and the verdicts that change listed first', async ({ app, browser }) => {
  await app.open();
  await app.paste(ROBOTS);
  await app.userAgent.fill('Bingbot');
  await bulk(app, ['https://a.test/a', 'https://a.test/b', 'https://a.test/private/x', 'https://a.test/c'].join('\n'));
  await app.page.getByTestId('tab-compare').click();
  await app.page.getByTestId('compare-paste').click();
  await app.page.locator('[data-testid="merge-view"] .cm-content').first().click();
  await app.page.keyboard.insertText('User-agent: *\nDisallow: /c\n');
  await expect(app.page.getByTestId('compare-summary')).toContainText('2 verdicts change');
  await app.page.getByTestId('tab-bulk').click();
  const rows = app.page.getByTestId('bulk-table').locator('[data-url]');
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toHaveAttribute('data-changed', 'true');
  await expect(rows.nth(1)).toHaveAttribute('data-changed', 'true');
  await expect(rows.nth(2)).toHaveAttribute('data-changed', 'false');
  const changed = await rows.evaluateAll((els) => els.filter((e) => e.getAttribute('data-changed') === 'true').map((e) => e.getAttribute('data-url')));
  expect(changed.sort()).toEqual(['https://a.test/c', 'https://a.test/private/x']);
  await app.page.getByTestId('filter-changed').click();
  await expect(rows).toHaveCount(2);

  // All of it travels in the link (format 2).
  await app.page.waitForTimeout(400);
  const fresh = await browser.newContext();
  const page = await fresh.newPage();
  await page.goto(app.page.url());
  await page.getByTestId('tab-bulk').click();
  await expect(page.getByTestId('changed-count')).toHaveText('2 changes');
  await fresh.close();
});

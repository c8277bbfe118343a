import { expect, test } from './fixtures.js';

// Printing prints the case as a report, not the app.

const ROBOTS = [
  'User-agent: *', 'Disallow: /private/', 'Allow: /private/public-page', 'Disalow: /typo-a', 'Disalow: /typo-b',
  'Disallow: /catalogue/search/results/with/a/very/long/path/that/keeps/going/and/going/until/it-passes-a-page-width/last-line-marker',
].join('\n');

test('the printed page is the case report: summary, each test with its verdict and why, diagnostics grouped, the whole file, no buttons', async ({ app }) => {
  await app.open();
  await app.paste(ROBOTS);
  await app.url.fill('https://a.test/private/x');
  await app.expectVerdict('disallowed', 2);
  await app.page.getByTestId('add-test').click();
  await app.url.fill('https://a.test/private/public-page');
  await app.expectVerdict('allowed', 3);
  await expect(app.page.getByTestId('tab-diagnostics')).not.toHaveText('Diagnostics');
  // The report's code loads once the page is idle; then the browser prints.
  await app.page.waitForTimeout(2500);
  await app.page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await app.page.emulateMedia({ media: 'print' });
  const report = app.page.getByTestId('print-report');
  await expect(report).toBeVisible();
  await expect(app.page.getByTestId('print-summary')).toContainText('6 lines');
  const rows = app.page.getByTestId('print-tests').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  // RFC 9309 2.2.2: the longest match decides, shown with its line and the why.
  await expect(rows.nth(0)).toHaveAttribute('data-verdict', 'disallowed');
  await expect(rows.nth(0)).toContainText('Line 2');
  await expect(rows.nth(0)).toContainText('Disallow: /private/');
  await expect(rows.nth(1)).toHaveAttribute('data-verdict', 'allowed');
  await expect(rows.nth(1)).toContainText('longest matching rule');
  // Google-specific: a misspelt field on two lines is one entry with both lines.
  const typo = app.page.getByTestId('print-findings').locator('[data-code="misspelled-field"]');
  await expect(typo).toHaveAttribute('data-count', '2');
  await expect(typo).toContainText('2 lines: 4, 5');
  // The whole file, its longest line wrapped, not cut.
  const text = app.page.getByTestId('print-text');
  await expect(text.locator('li')).toHaveCount(6);
  const last = text.locator('li').last();
  await expect(last).toContainText('last-line-marker');
  const inPage = await last.evaluate((el) => el.getBoundingClientRect().right <= document.documentElement.clientWidth);
  expect(inPage).toBe(true);
  // Nothing of the app prints: no editor, no buttons, no tabs.
  await expect(app.page.locator('.app-header')).toBeHidden();
  await expect(app.page.getByTestId('robots-editor')).toBeHidden();
  const visibleButtons = await app.page.locator('button').evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).length);
  expect(visibleButtons).toBe(0);
  // After printing, the app is back.
  await app.page.emulateMedia({ media: 'screen' });
  await app.page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(report).toHaveCount(0);
  await expect(app.page.getByTestId('robots-editor')).toBeVisible();
});

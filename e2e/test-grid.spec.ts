import { expect, test } from './fixtures.js';

// Several crawlers per URL as one grid; URLs cut where they do not differ; one number format.

/** A file whose deciding rules sit past line 1,000 (numbers with a thousands separator). */
function bigFile(): string {
  const filler = Array.from({ length: 1100 }, (_, i) => `# note ${i}`);
  return [...filler, 'User-agent: Googlebot', 'Disallow: /private/', 'User-agent: Bingbot', 'Disallow: /', 'Allow: /public/'].join('\n');
}

test('a URL × crawler grid: each cell is one verdict, opened with a click or the keyboard', async ({ app }) => {
  await app.open();
  await app.paste(bigFile());
  await app.url.fill('https://www.example-shop.test/private/orders/2026/invoice-12345.pdf');
  await app.userAgent.fill('Googlebot');
  await app.expectVerdict('disallowed', 1102);
  // Numbers read the same in the card and in the Why (Google-specific: longest match decides).
  await expect(app.page.getByTestId('deciding-rule')).toContainText('Line 1,102');
  await expect(app.page.getByTestId('matches')).toContainText('1,102');
  await expect(app.page.getByTestId('reason')).toContainText('1,102');
  await expect(app.page.getByTestId('group-explanation')).toContainText('(line 1,101)');

  await app.page.getByTestId('add-test').click();
  await app.url.fill('https://www.example-shop.test/public/catalogue/spring/shoes.html');
  // A second crawler for every URL at once, chosen by keyboard (RFC 9309: each crawler its own group).
  await app.page.getByTestId('add-crawler').click();
  await expect(app.page.getByTestId('add-crawler-input')).toBeFocused();
  await app.page.keyboard.type('Bingbot');
  await app.page.keyboard.press('Enter');
  const cells = app.page.getByTestId('test-cell');
  await expect(cells).toHaveCount(4);
  await expect(app.page.getByTestId('test-grid-crawler')).toHaveText(['Googlebot', 'Bingbot']);
  // Row by row: /private/ × (Googlebot, Bingbot), /public/ × (Googlebot, Bingbot).
  await expect(cells.nth(0)).toHaveAttribute('data-verdict', 'disallowed');
  await expect(cells.nth(1)).toHaveAttribute('data-verdict', 'disallowed');
  await expect(cells.nth(2)).toHaveAttribute('data-verdict', 'allowed');
  await expect(cells.nth(3)).toHaveAttribute('data-verdict', 'allowed');
  // The new column's cell for the URL being edited is the one open.
  await expect(cells.nth(3)).toHaveAttribute('aria-pressed', 'true');
  await expect(cells.nth(3)).toBeFocused();
  await app.expectVerdict('allowed', 1105);

  // Arrow keys move between cells; Enter opens the cell's Why.
  await app.page.keyboard.press('ArrowUp');
  await expect(cells.nth(1)).toBeFocused();
  await app.page.keyboard.press('Enter');
  await app.expectVerdict('disallowed', 1104);
  await expect(app.userAgent).toHaveValue('Bingbot');
  await expect(app.page.getByTestId('explanation')).toBeVisible();
  await app.page.keyboard.press('ArrowLeft');
  await app.page.keyboard.press('Space');
  await app.expectVerdict('disallowed', 1102);
  await expect(app.userAgent).toHaveValue('Googlebot');
  await cells.nth(2).click();
  await app.expectVerdict('allowed', 0);

  // The distinct end of each URL shows; the start gives way, the whole URL is the title.
  const first = app.page.locator('.test-grid-url .middle-cut').first();
  await expect(first).toHaveAttribute('title', 'https://www.example-shop.test/private/orders/2026/invoice-12345.pdf');
  await expect(first.locator('.middle-cut-tail')).toBeVisible();
  await expect(first.locator('.middle-cut-tail')).toHaveText(/invoice-12345\.pdf$/);
  const tailFits = await first.locator('.middle-cut-tail').evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  expect(tailFits).toBe(true);

  // Removing the Bingbot column leaves one crawler per URL.
  await app.page.getByRole('button', { name: 'Remove Bingbot' }).click();
  await expect(cells).toHaveCount(2);
  await expect(app.page.getByTestId('test-grid-crawler')).toHaveText(['Googlebot']);
});

test('a shared case whose URLs differ in crawler shows empty cells that add the missing test', async ({ app }) => {
  await app.open();
  await app.paste('User-agent: *\nDisallow: /x\n');
  await app.url.fill('/x');
  await app.page.getByTestId('add-test').click();
  await app.url.fill('/y');
  await app.userAgent.fill('Bingbot');
  await expect(app.page.getByTestId('test-cell')).toHaveCount(2);
  const holes = app.page.getByTestId('test-cell-add');
  await expect(holes).toHaveCount(2);
  await holes.first().focus();
  await app.page.keyboard.press('Enter');
  await expect(app.page.getByTestId('test-cell')).toHaveCount(3);
  await expect(app.userAgent).toHaveValue('Bingbot');
  await expect(app.url).toHaveValue('/x');
  await app.expectVerdict('disallowed', 2);
});

test('a URL on another host than the file’s sitemaps is flagged, and one click sets the site (RFC 9309 2.3: one robots.txt per host)', async ({ app }) => {
  await app.open();
  await app.paste('User-agent: *\nDisallow: /private/\nSitemap: https://www.shop.test/sitemap.xml\n');
  await app.url.fill('https://www.shop.test/private/x');
  await app.expectVerdict('disallowed', 2);
  await expect(app.page.getByTestId('host-mismatch')).toHaveCount(0);
  await app.url.fill('https://blog.shop.test/private/x');
  const notice = app.page.getByTestId('host-mismatch');
  await expect(notice).toContainText('This URL is on blog.shop.test, but the file’s sitemaps are on www.shop.test');
  await notice.getByRole('button', { name: 'Set the site to https://www.shop.test' }).focus();
  await app.page.keyboard.press('Enter');
  await expect(app.page.getByTestId('site')).toHaveValue('https://www.shop.test');
  await expect(app.verdict).toHaveAttribute('data-verdict', 'out-of-scope');
  await expect(notice).toHaveCount(0);
});

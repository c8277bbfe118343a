import { expect, test, type App } from './fixtures.js';
import frozenV1 from '../src/share/fixtures/link-v1.json' with { type: 'json' };

// Every URL × every crawler as one matrix; URLs by what tells them apart; one number format.

/** A file whose deciding rules sit past line 1,000 (numbers with a thousands separator). */
function bigFile(): string {
  const filler = Array.from({ length: 1100 }, (_, i) => `# note ${i}`);
  return [...filler, 'User-agent: Googlebot', 'Disallow: /private/', 'User-agent: Bingbot', 'Disallow: /', 'Allow: /public/'].join('\n');
}

/** Adds a crawler column by keyboard, as a user does: "+ Add crawler", its name, Enter. */
async function addCrawler(app: App, name: string): Promise<void> {
  await app.page.getByTestId('add-crawler').click();
  await expect(app.page.getByTestId('add-crawler-input')).toBeFocused();
  await app.page.keyboard.type(name);
  await app.page.keyboard.press('Enter');
}

test('a URL × crawler matrix: each cell is one verdict, opened with a click or the keyboard', async ({ app }) => {
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
  await addCrawler(app, 'Bingbot');
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

  // The host both URLs are on is said once; each row shows its path, the whole URL on hover and focus.
  await expect(app.page.getByTestId('test-grid-origin')).toHaveText('Paths on https://www.example-shop.test');
  const first = app.page.getByTestId('test-row-url').first();
  await expect(first).toHaveText('/private/orders/2026/invoice-12345.pdf');
  await expect(first).toHaveAttribute('title', 'https://www.example-shop.test/private/orders/2026/invoice-12345.pdf');
  await expect(first).toHaveAccessibleName('https://www.example-shop.test/private/orders/2026/invoice-12345.pdf');

  // Removing the Bingbot column leaves one crawler per URL.
  await app.page.getByRole('button', { name: 'Remove Bingbot' }).click();
  await expect(cells).toHaveCount(2);
  await expect(app.page.getByTestId('test-grid-crawler')).toHaveText(['Googlebot']);
});

test('every URL × every crawler is tested as typed: Bingbot, GPTBot and four URLs make twelve verdicts, each a word with its deciding line', async ({ app }) => {
  await app.open();
  await app.paste(['User-agent: *', 'Disallow: /search', '', 'User-agent: GPTBot', 'Disallow: /', '', 'User-agent: Bingbot', 'Disallow: /jobs/', 'Allow: /jobs/view/'].join('\n'));
  await app.url.fill('https://www.example.com/');
  await addCrawler(app, 'Bingbot');
  await addCrawler(app, 'GPTBot');
  const paths = ['/jobs/search?trk=public&geoId=92000000&keywords=seo', '/jobs/view/123', '/search?q=robots'];
  for (const path of paths) {
    await app.page.getByTestId('add-test').click();
    await expect(app.url).toBeFocused();
    await app.page.keyboard.type(`https://www.example.com${path}`);
  }
  const cells = app.page.getByTestId('test-cell');
  await expect(cells).toHaveCount(12);
  // No cell waits for a click: every one has its verdict, in words (row by row: Googlebot, Bingbot, GPTBot).
  await expect.poll(() => cells.evaluateAll((els) => els.map((e) => e.getAttribute('data-verdict')))).toEqual([
    'allowed', 'allowed', 'disallowed',
    'allowed', 'disallowed', 'disallowed',
    'allowed', 'allowed', 'disallowed',
    'disallowed', 'allowed', 'disallowed',
  ]);
  await expect(app.page.getByTestId('test-cell-add')).toHaveCount(0);
  await expect(cells.nth(2)).toContainText('Blocked');
  await expect(cells.nth(0)).toContainText('Allowed');
  // No cell shares a glyph with a control: the remove buttons' × is theirs alone.
  for (const text of await cells.allTextContents()) expect(text).not.toMatch(/[✕×+]/);
  // Every crawler named in full; the host once, each row its path and query.
  await expect(app.page.getByTestId('test-grid-crawler')).toHaveText(['Googlebot', 'Bingbot', 'GPTBot']);
  await expect(app.page.getByTestId('test-grid-origin')).toHaveText('Paths on https://www.example.com');
  await expect(app.page.getByTestId('test-row-url')).toHaveText(['/', ...paths]);
  // The deciding line of a cell on hover and on focus (RFC 9309 §2.2.2: the longest match decides).
  const pointed = app.page.getByTestId('test-grid-pointed');
  await cells.nth(4).hover();
  await expect(pointed).toContainText('Bingbot · https://www.example.com/jobs/search?trk=public&geoId=92000000&keywords=seo Blocked · Line 8: Disallow: /jobs/');
  await expect(cells.nth(4)).toHaveAttribute('title', 'Line 8: Disallow: /jobs/');
  await cells.nth(7).focus();
  await expect(pointed).toContainText('Line 9: Allow: /jobs/view/');
  // The other crawlers' parsers read every cell too: CPython's first match stops at line 8's disallow.
  await expect(cells.nth(7)).toHaveAccessibleName('Bingbot · https://www.example.com/jobs/view/123: Allowed. Line 9: Allow: /jobs/view/. 1 other parser reads it otherwise');
  await expect(cells.nth(7).getByTestId('test-cell-readers')).toHaveText('≠1');
  await expect(cells.nth(4).getByTestId('test-cell-readers')).toHaveCount(0);
  await cells.nth(6).focus();
  await expect(pointed).toContainText('No rule matches');

  // Typing a rule re-tests every cell at once, not the selected one alone.
  await app.line(2).click();
  await app.page.keyboard.press('End');
  await app.page.keyboard.type('/x');
  await expect.poll(() => cells.evaluateAll((els) => els.map((e) => e.getAttribute('data-verdict')))).toEqual([
    'allowed', 'allowed', 'disallowed',
    'allowed', 'disallowed', 'disallowed',
    'allowed', 'allowed', 'disallowed',
    'allowed', 'allowed', 'disallowed',
  ]);
  // The crawler field names the selected column: typing there changes it for every URL.
  await cells.nth(5).click();
  await app.userAgent.fill('DuckDuckBot');
  await expect(app.page.getByTestId('test-grid-crawler')).toHaveText(['Googlebot', 'Bingbot', 'DuckDuckBot']);
  await expect(cells.nth(2)).toHaveAttribute('data-verdict', 'allowed');
});

test('a link whose URLs differ in crawler opens as the whole matrix, its own test shown (the frozen format-1 link)', async ({ app }) => {
  await app.page.goto('./#' + frozenV1.fragment);
  await expect(app.verdict).toHaveAttribute('data-verdict', 'disallowed');
  await expect(app.verdict).toHaveAttribute('data-line', '7');
  await expect(app.userAgent).toHaveValue('AdsBot-Google');
  const cells = app.page.getByTestId('test-cell');
  await expect(cells).toHaveCount(9);
  await expect(cells.nth(4)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => cells.evaluateAll((els) => els.every((e) => e.getAttribute('data-verdict') !== 'pending'))).toBe(true);
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

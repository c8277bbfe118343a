import { expect, test } from './fixtures.js';

const FIRST_MATCH = ['User-agent: *', 'Disallow: /a', 'Allow: /a/b', '', 'User-agent: foo', 'Disallow: /private'].join('\n');
// The same file without the `foo` group, which Python and Protego would apply to FooBot (a substring).
const FIRST_MATCH_ONLY = FIRST_MATCH.split('\n').slice(0, 3).join('\n');

test.describe('other crawlers’ parsers beside the verdict', () => {
  test('readers that agree fold into one chip; one that differs says why in its own terms', async ({ app }) => {
    await app.open();
    await app.setCase(FIRST_MATCH_ONLY, 'https://x.test/a/b', 'FooBot');
    await app.expectVerdict('allowed', 3);
    const readers = app.page.getByTestId('readers');
    const python = readers.locator('[data-testid="reader-chip"][data-reader="python-urllib"]');
    await expect(python).toHaveAttribute('data-verdict', 'disallowed');
    await expect(python).toHaveAttribute('data-line', '2');
    await expect(python).toHaveText(/Python ≤3.12 and 3.13.0–3.13.7: blocked · line 2/);
    await expect(readers.getByTestId('reader-chip-same')).toHaveText('= Same as Google (6 parsers)');
    await expect(readers.locator('[data-testid="reader-why"][data-reader="python-urllib"]'))
      .toContainText('Python ≤3.12 and 3.13.0–3.13.7 takes the first rule that matches, in file order: line 2, “Disallow: /a”, comes before line 3, “Allow: /a/b”.');
  });

  test('a group named by a substring of the crawler’s name: Python and Protego apply it, Google does not', async ({ app }) => {
    await app.open();
    await app.setCase(FIRST_MATCH, 'https://x.test/private', 'FooBot');
    await app.expectVerdict('allowed', 0);
    for (const reader of ['python-urllib', 'python-urllib-rfc9309', 'scrapy-protego', 'scrapy-protego-0.6']) {
      await expect(app.page.locator(`[data-testid="reader-chip"][data-reader="${reader}"]`)).toHaveAttribute('data-verdict', 'disallowed');
    }
    await expect(app.page.locator('[data-testid="reader-why"][data-reader="scrapy-protego"]')).toContainText('It reads the group at line 5; Google reads the group at line 1.');
  });

  test('keyboard: a chip opens who runs that parser; the row hides and shows; chips follow the URL', async ({ app }) => {
    await app.open();
    await app.setCase(FIRST_MATCH_ONLY, 'https://x.test/a/b', 'FooBot');
    const chip = app.page.locator('[data-testid="reader-chip"][data-reader="python-urllib"]');
    await expect(chip).toBeVisible();
    await chip.focus();
    await app.page.keyboard.press('Enter');
    await expect(chip).toHaveAttribute('aria-expanded', 'true');
    await expect(app.page.getByTestId('reader-detail')).toContainText('Python’s standard urllib.robotparser as CPython 3.12 and earlier and 3.13.0 to 3.13.7 ship it');
    await app.page.keyboard.press('Shift+Tab');
    await app.page.keyboard.press('Enter');
    await expect(app.page.getByTestId('reader-detail')).toContainText('Scrapy (Protego 0.7)');

    // Every parser agrees on /c.
    await app.url.fill('https://x.test/c');
    await expect(app.page.getByTestId('readers-all-same')).toBeVisible();
    await expect(app.page.getByTestId('reader-chip')).toHaveCount(0);

    const toggle = app.page.getByTestId('readers-toggle');
    await toggle.focus();
    await app.page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(app.page.getByTestId('reader-chips')).toHaveCount(0);
    await app.page.keyboard.press('Enter');
    await expect(app.page.getByTestId('reader-chips')).toBeVisible();
  });

  test('no reader verdict for a test that cannot run', async ({ app }) => {
    await app.open();
    await app.setCase(FIRST_MATCH, 'mailto:someone@x.test', 'FooBot');
    await expect(app.verdict).toHaveAttribute('data-verdict', 'invalid');
    await expect(app.page.getByTestId('readers-none')).toBeVisible();
    await expect(app.page.getByTestId('reader-chip')).toHaveCount(0);
  });
});

test.describe('Bulk readers mode', () => {
  test('URL × reader, a count of disagreements, and a filter for only those URLs; keyboard and CSV', async ({ app }) => {
    await app.open();
    await app.setCase(['User-agent: *', 'Disallow: /a', 'Allow: /a/b', 'Disallow: /*.pdf$'].join('\n'), 'https://x.test/', 'FooBot');
    await app.page.getByTestId('tab-bulk').click();
    await app.page.getByTestId('bulk-urls').fill('https://x.test/a/b\nhttps://x.test/doc.pdf\nhttps://x.test/c');
    const toggle = app.page.getByTestId('bulk-readers');
    await toggle.focus();
    await app.page.keyboard.press('Space');
    await expect(toggle).toBeChecked();
    await expect(app.page.getByTestId('disagree-count')).toHaveAttribute('data-count', '2');
    const table = app.page.getByTestId('bulk-table');
    await expect(table.locator('[data-url="https://x.test/a/b"][data-reader="python-urllib"]')).toHaveAttribute('data-verdict', 'disallowed');
    await expect(table.locator('[data-url="https://x.test/a/b"][data-reader="google"] [data-testid="row-disagree"]')).toHaveText('1 differ');
    await expect(table.locator('[data-url="https://x.test/doc.pdf"][data-reader="google"] [data-testid="row-disagree"]')).toHaveText('1 differ');
    const filter = app.page.getByTestId('filter-disagree');
    await filter.focus();
    await app.page.keyboard.press('Enter');
    await expect(filter).toHaveAttribute('aria-pressed', 'true');
    await expect(table.locator('[data-url="https://x.test/c"]')).toHaveCount(0);
    await expect(table.locator('[data-url="https://x.test/a/b"]')).toHaveCount(8);

    const [download] = await Promise.all([app.page.waitForEvent('download'), app.page.getByTestId('export-csv').click()]);
    const csv = (await (await download.createReadStream()).toArray()).join('');
    expect(csv).toContain('url,crawler,reader,readers_disagreeing,verdict');
    expect(csv).toContain('https://x.test/a/b,FooBot,python-urllib,1,blocked,2,Disallow: /a');
  });
});

test.describe('portability findings and their repairs', () => {
  test('an Allow after the Disallow that covers it: moved above it by keyboard, one undoable edit; Python then agrees', async ({ app }) => {
    await app.open();
    await app.setCase(['User-agent: *', 'Disallow: /a', 'Allow: /a/b', 'Disallow: /c'].join('\n'), 'https://x.test/a/b', 'FooBot');
    await expect(app.page.locator('[data-testid="reader-chip"][data-reader="python-urllib"]')).toHaveAttribute('data-verdict', 'disallowed');
    await app.page.getByTestId('tab-diagnostics').click();
    const item = app.page.locator('[data-testid="diagnostics"] li[data-code="order-matters"]');
    await expect(item).toContainText('Parsers that take the first matching rule read “Allow: /a/b” (line 3) as blocked: “Disallow: /a” on line 2 comes first.');
    await expect(item).toContainText('first-match parsers (Python ≤3.12 and 3.13.0–3.13.7) stop at the disallow');
    const fix = item.getByTestId('fix');
    await expect(fix).toHaveText('Move it above line 2');
    await fix.focus();
    await app.page.keyboard.press('Enter');
    await expect(app.content).toHaveText(['User-agent: *', 'Allow: /a/b', 'Disallow: /a', 'Disallow: /c'].join(''));
    await expect(app.page.locator('[data-testid="diagnostics"] li[data-code="order-matters"]')).toHaveCount(0);
    await app.page.getByTestId('tab-test').click();
    await expect(app.page.getByTestId('readers-all-same')).toBeVisible();
    // One undo brings the file back.
    await app.content.focus();
    await app.page.keyboard.press('ControlOrMeta+Z');
    await expect(app.line(2)).toHaveText('Disallow: /a');
    await expect(app.line(3)).toHaveText('Allow: /a/b');
  });

  test('a rule no crawler can match (raw braces, a .. segment) is rewritten as crawlers send it', async ({ app }) => {
    await app.open();
    await app.setCase(['User-agent: *', 'Disallow: /a{b}', 'Disallow: /x/../y'].join('\n'), 'https://x.test/a{b}', 'FooBot');
    await app.expectVerdict('allowed', 0);
    await app.page.getByTestId('tab-diagnostics').click();
    // A raw brace and a .. segment are told apart: each its own card, its own advice and repair.
    const cards = app.page.locator('[data-testid="diagnostics"] li[data-code="path-unsendable"]');
    await expect(cards).toHaveCount(2);
    await cards.first().getByTestId('fix').click();
    await expect(app.line(2)).toHaveText('Disallow: /a%7Bb%7D');
    await expect(cards).toHaveCount(1);
    await cards.first().getByTestId('fix').click();
    await expect(app.line(3)).toHaveText('Disallow: /y');
    await app.page.getByTestId('tab-test').click();
    await app.expectVerdict('disallowed', 2);
  });
});

test.describe('the readers’ chips at phone width, dark theme', () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  test('they wrap inside the panel, nothing overflows sideways, and axe finds nothing serious', async ({ app }) => {
    await app.open();
    await app.setCase(['User-agent: *', 'Disallow: /a', 'Allow: /a/b', 'Disallow: /*.pdf$'].join('\n'), 'https://x.test/a/b', 'FooBot');
    const chip = app.page.locator('[data-testid="reader-chip"][data-reader="python-urllib"]');
    await expect(chip).toBeVisible();
    await chip.click();
    await expect(app.page.getByTestId('reader-detail')).toBeVisible();
    const overflow = await app.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const { default: AxeBuilder } = await import('@axe-core/playwright');
    const result = await new AxeBuilder({ page: app.page }).include('[data-testid=readers]').analyze();
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { expect, test, type App } from './fixtures.js';

const ROBOTS = ['User-agent: *', 'Disallow: /private', '', 'User-agent: Googlebot', 'Disallow: /no-google', 'Disallow: /old'].join('\n');
const table = (app: App) => app.page.getByTestId('bulk-table');

test.describe('Bulk lists in and out', () => {
  test('a one-column list with a header and repeats: the header is no URL, repeats are dropped and counted; the export is what the filter shows', async ({ app }) => {
    await app.open();
    await app.paste(ROBOTS);
    await app.page.getByTestId('tab-bulk').click();
    const list = ['URL', 'https://www.chainreaction-cycles.example/en/products/bikes/road/12345', 'https://shop.example/no-google/a',
      'https://shop.example/no-google/b', 'https://shop.example/ok', 'https://shop.example/no-google/a', 'https://shop.example/ok'];
    await app.page.getByTestId('bulk-import').setInputFiles({ name: 'urls.csv', mimeType: 'text/csv', buffer: Buffer.from(list.join('\n')) });
    await expect(app.page.getByTestId('notice')).toContainText('2 duplicates dropped');
    await expect(app.page.getByTestId('bulk-summary')).toContainText('4 URLs × 1 crawler');
    await expect(app.page.getByTestId('bulk-invalid')).toHaveCount(0);
    await expect(app.page.getByTestId('bulk-urls')).not.toHaveValue(/^URL/);

    // A full URL keeps its distinct end in view: cut in the middle, the path's end shown.
    const long = table(app).locator('[data-url="https://www.chainreaction-cycles.example/en/products/bikes/road/12345"] .bulk-url');
    await expect(long.locator('.middle-cut-tail')).toHaveText(/\/road\/12345$/);
    await expect(long.locator('.middle-cut-tail')).toBeInViewport();

    // The filter by keyboard; the button says how many rows it exports, and exports those.
    await app.page.getByTestId('filter-blocked').focus();
    await app.page.keyboard.press('Enter');
    await expect(table(app).locator('[data-url]')).toHaveCount(2);
    const exportButton = app.page.getByTestId('export-csv');
    await expect(exportButton).toHaveText('Export 2 rows');
    await exportButton.focus();
    const download = app.page.waitForEvent('download');
    await app.page.keyboard.press('Enter');
    const csv = readFileSync((await (await download).path())!, 'utf8').trimEnd().split('\r\n');
    expect(csv.slice(1).map((r) => r.split(',').slice(0, 3).join(','))).toEqual([
      'https://shop.example/no-google/a,Googlebot,blocked', 'https://shop.example/no-google/b,Googlebot,blocked',
    ]);
    await app.page.getByTestId('filter-all').click();
    await expect(exportButton).toHaveText('Export 4 rows');
    // A search nothing fits: the table says so rather than standing empty.
    await expect(app.page.getByTestId('bulk-none')).toHaveCount(0);
    await app.page.getByTestId('bulk-search').fill('no-such-url');
    await expect(app.page.getByTestId('bulk-none')).toHaveText('No row fits the filter and the search.');
    await app.page.getByTestId('bulk-search').fill('');
    await expect(app.page.getByTestId('bulk-none')).toHaveCount(0);
  });

  test('a compared row says its old verdict whole, not cut to “Allowed…”', async ({ app }) => {
    await app.open();
    await app.page.getByTestId('open-file').setInputFiles({ name: 'robots.txt', mimeType: 'text/plain', buffer: Buffer.from(ROBOTS) });
    await expect(app.line(6)).toHaveText('Disallow: /old');
    await app.page.getByTestId('tab-bulk').click();
    await app.page.getByTestId('bulk-urls').fill(['https://a.test/old', 'https://a.test/ok'].join('\n'));
    await app.line(6).click();
    await app.page.keyboard.press('End');
    await app.page.keyboard.type('er');
    await app.page.getByTestId('tab-compare').click();
    await app.page.getByTestId('compare-opened').click();
    await app.page.getByTestId('tab-bulk').click();
    const cell = table(app).locator('[data-url="https://a.test/old"] .bulk-verdict');
    await expect(cell).toContainText('Allowed');
    await expect(cell).toContainText('was blocked (line 6)');
    // Nothing of it is cut: its content fits its box.
    for (const el of [cell, cell.locator('.pill')]) expect(await el.evaluate((e) => e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1)).toBe(true);
  });
});

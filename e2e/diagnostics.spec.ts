import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type App } from './fixtures.js';

/**
 * A real ~100 KB file like linkedin's (40-odd groups, a thousand wildcard rules that CPython ≤ 3.12
 * reads literally), with Google's own problems added at its very end: the panel lists them first
 * all the same.
 */
const REAL = '../shared/corpus/real/www.linkedin.com.txt';
const head = existsSync(REAL) ? readFileSync(REAL, 'utf8') : Array.from({ length: 40 }, (_, g) =>
  [`User-agent: bot${g}`, ...Array.from({ length: 30 }, (_, i) => `Disallow: /g${g}/*/p${i}*.json$`)].join('\n')).join('\n\n');
const filler: string[] = [];
for (let i = 0; head.length + filler.join('\n').length < 100_000; i++) filler.push(`User-agent: crawler-${i}`, ...Array.from({ length: 20 }, (_, j) => `Disallow: /c${i}/*/${j}?*`), '');
const TAIL = ['User-agent: MJ12bot', 'Disallow: fish', 'Disalow: /y'];
const BIG = [head.trimEnd(), '', ...filler, ...TAIL].join('\n');
const lineOf = (text: string) => BIG.split('\n').indexOf(text) + 1;

const cards = (app: App) => app.page.getByTestId('diagnostics').locator(':scope > li.diag');
const tabCount = async (app: App) => Number((await app.page.getByTestId('tab-diagnostics').textContent())!.match(/\((\d+)\)/)?.[1] ?? 0);

test.describe('Diagnostics on a real 100 KB file', () => {
  test('Google’s problems first by severity; alike findings are one card with a count; the tab counts the cards', async ({ app }) => {
    await app.open();
    await app.paste(BIG);
    await app.page.getByTestId('tab-diagnostics').click();
    const fish = cards(app).and(app.page.locator('[data-code="path-never-matches"]'));
    await expect(fish).toHaveAttribute('data-line', String(lineOf('Disallow: fish')), { timeout: 20_000 });
    // By severity within each audience: the file's last lines' error is among the first cards.
    const order = await cards(app).evaluateAll((els) => els.map((e) => [
      e.querySelector('[data-testid=portability]') ? 1 : 0, ['error', 'warning', 'info'].findIndex((s) => e.classList.contains(`diag-${s}`)), e.getAttribute('data-code'),
    ] as const));
    expect(order.map(([a, s]) => a * 3 + s)).toEqual(order.map(([a, s]) => a * 3 + s).sort((x, y) => x - y));
    expect(order.findIndex(([, , c]) => c === 'path-never-matches')).toBeLessThan(order.findIndex(([, s]) => s > 0));
    // Never thousands of cards: one per kind, its count on it.
    const n = await cards(app).count();
    expect(n).toBeLessThan(40);
    const wild = cards(app).and(app.page.locator('[data-code="wildcard-literal"]'));
    expect(Number(await wild.getAttribute('data-count'))).toBeGreaterThan(1000);
    await expect(wild.getByTestId('diag-count')).toHaveText(/^[\d,]+ lines:$/);
    expect(order.some(([a]) => a === 1)).toBe(true);
    expect(await tabCount(app)).toBe(n);

    // Its lines on demand, a page at a time, by keyboard.
    await wild.getByTestId('show-lines').focus();
    await app.page.keyboard.press('Enter');
    await expect(wild.getByTestId('diag-lines').locator('li.diag-line')).toHaveCount(100);
    // Each listed line shows its own text (the card already says what is wrong).
    const firstRow = wild.getByTestId('diag-lines').locator('li.diag-line').first();
    await expect(firstRow.locator('.diag-line-text')).toHaveText(BIG.split('\n')[Number(await firstRow.getAttribute('data-line')) - 1]!.trim());
    await wild.getByTestId('diag-more-lines').focus();
    await app.page.keyboard.press('Enter');
    await expect(wild.getByTestId('diag-lines').locator('li.diag-line')).toHaveCount(200);
    await wild.getByTestId('diag-lines').locator('li.diag-line').nth(150).getByRole('button').click();
    const line150 = await wild.getByTestId('diag-lines').locator('li.diag-line').nth(150).getAttribute('data-line');
    await expect(app.page.locator('.cm-activeLine')).toHaveText(BIG.split('\n')[Number(line150) - 1]!);
  });

  test('the filter by audience and severity, remembered across visits; the gutter marks other parsers’ notes only when asked', async ({ app }) => {
    await app.open();
    await app.paste(['User-agent: *', 'Disallow: /a*b', 'Disallow: /c$', 'Disalow: /x', 'Disallow: fish'].join('\n'));
    await app.page.getByTestId('tab-diagnostics').click();
    await expect(cards(app)).toHaveCount(3);
    expect(await tabCount(app)).toBe(3);
    // The wildcard lines carry no gutter marker: that note is about CPython, not Google.
    const markerOn = (line: number) => app.line(line).evaluate((el) => {
      const top = el.getBoundingClientRect().top;
      const cell = [...document.querySelectorAll('.rt-marker-gutter .cm-gutterElement')].find((g) => Math.abs(g.getBoundingClientRect().top - top) < 3);
      return cell?.querySelector('.rt-marker')?.className ?? 'none';
    });
    await expect.poll(() => markerOn(4)).toBe('rt-marker rt-marker-warning');
    await expect.poll(() => markerOn(2)).toBe('none');
    // Keyboard: Space on the focused filter box.
    await app.page.getByTestId('diag-filter-markOther').locator('input').focus();
    await app.page.keyboard.press('Space');
    await expect.poll(() => markerOn(2)).toBe('rt-marker rt-marker-info');

    await app.page.getByTestId('diag-filter-other').locator('input').focus();
    await app.page.keyboard.press('Space');
    await expect(cards(app)).toHaveCount(2);
    await expect(app.page.getByTestId('diagnostics-summary')).toContainText('2 hidden by the filter');
    expect(await tabCount(app)).toBe(2);
    await app.page.getByTestId('diag-filter-error').locator('input').focus();
    await app.page.keyboard.press('Space');
    await expect(cards(app)).toHaveCount(1);
    await expect(cards(app)).toHaveAttribute('data-code', 'misspelled-field');

    await app.page.reload();
    await app.page.getByTestId('tab-diagnostics').click();
    await expect(cards(app)).toHaveCount(1);
    await expect(app.page.getByTestId('diag-filter-other').locator('input')).not.toBeChecked();
    await expect(app.page.getByTestId('diag-filter-error').locator('input')).not.toBeChecked();
  });

  test('after a repair or “fix all” the focus is back in the editor: Ctrl+Z undoes it at once, and so does “Changed — Undo”', async ({ app }) => {
    const text = ['User-agent: *', 'Disalow: /x', 'Disalow: /y', 'Disallow: fish'].join('\n');
    await app.open();
    await app.paste(text);
    await app.page.getByTestId('tab-diagnostics').click();
    const misspelled = cards(app).and(app.page.locator('[data-code="misspelled-field"]'));
    await misspelled.getByTestId('fix-all').focus();
    await app.page.keyboard.press('Enter');
    await expect(app.line(2)).toHaveText('Disallow: /x');
    await expect(app.line(3)).toHaveText('Disallow: /y');
    await expect(app.content).toBeFocused();
    await expect(app.page.getByTestId('changed')).toContainText('Changed');
    await app.page.keyboard.press('ControlOrMeta+z');
    await expect(app.line(2)).toHaveText('Disalow: /x');
    await expect(app.line(3)).toHaveText('Disalow: /y');

    // One repair by mouse, then the confirmation's own Undo.
    const fish = cards(app).and(app.page.locator('[data-code="path-never-matches"]'));
    await fish.getByTestId('fix').click();
    await expect(app.line(4)).toHaveText('Disallow: /fish');
    await expect(app.content).toBeFocused();
    await app.page.getByTestId('changed-undo').click();
    await expect(app.line(4)).toHaveText('Disallow: fish');
    await expect(app.page.getByTestId('changed')).toHaveCount(0);
    await expect(app.content).toBeFocused();
  });

  test('a card per code and field where the advice differs; a Noindex line is a warning of its own, first, its advice on the card', async ({ app }) => {
    await app.open();
    await app.paste(['User-agent: *', 'Disallow: /private/', 'Crawl-delay: 5', 'Host: www.example.com', 'Clean-param: ref /shop/', 'Noindex: /drafts/', 'Crawl-delay: 10', 'Disalow: /x'].join('\n'));
    await app.page.getByTestId('tab-diagnostics').click();
    await expect.poll(() => cards(app).evaluateAll((els) => els.map((e) => `${e.getAttribute('data-line')}:${e.getAttribute('data-code')}:${e.getAttribute('data-count')}`))).toEqual([
      // Google stopped reading noindex in robots.txt in 2019 (Google Search Central): the owner's intent is lost.
      '6:intent-dropped:1', '8:misspelled-field:1', '3:unused-field:2', '4:unused-field:1', '5:unused-field:1',
    ]);
    expect(await tabCount(app)).toBe(5);
    // Each card says its own field's advice, without opening its lines.
    await expect(cards(app).nth(0)).toContainText('Google stopped reading noindex in robots.txt in 2019: use a noindex robots meta tag or an X-Robots-Tag header');
    await expect(cards(app).nth(0)).toHaveClass(/diag-warning/);
    await expect(cards(app).nth(2)).toContainText('Googlebot sets its crawl rate by itself');
    await expect(cards(app).nth(3)).toContainText('Google uses redirects and canonical links instead');
    await expect(cards(app).nth(4)).toContainText('A Yandex field; Google ignores it');
    await expect(cards(app).nth(0).getByTestId('diag-lines')).toHaveCount(0);
  });
});

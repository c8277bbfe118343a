import { readFileSync } from 'node:fs';
import { expect, test, type App } from './fixtures.js';

const ROBOTS = ['User-agent: *', 'Disallow: /private', '', 'User-agent: Googlebot', 'Disallow: /no-google', 'Disallow: /old'].join('\n');

async function bulk(app: App, urls: string): Promise<void> {
  await app.page.getByTestId('tab-bulk').click();
  await app.page.getByTestId('bulk-urls').fill(urls);
}
/** How an editor shows focus: its outline style, and its ring overlay ('none' when absent). */
const ringOf = (app: App, editor: string) => app.page.locator(editor).first().evaluate((el) => {
  const after = getComputedStyle(el, '::after');
  return { outline: getComputedStyle(el).outlineStyle, ring: after.content !== 'none' ? `${after.borderTopWidth} ${after.borderTopStyle}` : 'none' };
});
const row = (app: App, url: string, ua: string) => app.page.locator(`[data-testid="bulk-table"] [data-url="${url}"][data-ua="${ua}"]`);

test.describe('keyboard', () => {
  test('Tab never edits the file: it moves into the editor (with a visible focus ring) and out again', async ({ app }) => {
    await app.open();
    const before = await app.content.textContent();
    // Tab from the top of the page until the editor has focus.
    await app.page.locator('body').focus();
    for (let i = 0; i < 12 && !(await app.content.evaluate((el) => el === document.activeElement)); i++) await app.page.keyboard.press('Tab');
    await expect(app.content).toBeFocused();
    // CodeMirror marks itself focused on its next update: the ring is polled for, not read at once.
    await expect.poll(() => ringOf(app, '.cm-editor')).toEqual({ outline: 'none', ring: '2px solid' });
    await app.page.keyboard.press('Tab');
    await expect(app.content).not.toBeFocused();
    await expect.poll(() => ringOf(app, '.cm-editor')).toEqual({ outline: 'none', ring: 'none' });
    expect(await app.content.textContent()).toBe(before);
  });

  test('the editor and the compare view, focused, show their ring as an overlay and no outline', async ({ app }) => {
    // An outline on an editor made Chromium repaint all of it on every keystroke, not the line typed in.
    await app.open();
    const editors = [
      { editor: '.editor-host .cm-editor', focus: () => app.content.focus() },
      {
        editor: '[data-testid=merge-view] .cm-editor',
        focus: async () => {
          await app.page.getByTestId('tab-compare').click();
          await app.page.getByTestId('compare-paste').click();
        },
      },
    ];
    for (const { editor, focus } of editors) {
      await focus();
      // The compare view loads apart: its editors are waited for before they are read.
      await expect(app.page.locator(editor).first()).toBeVisible();
      await expect.poll(() => ringOf(app, editor)).toEqual({ outline: 'none', ring: '2px solid' });
      await app.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await expect.poll(() => ringOf(app, editor)).toEqual({ outline: 'none', ring: 'none' });
    }
  });

  test('tabs answer the arrow keys, Home and End (WAI-ARIA tabs)', async ({ app }) => {
    await app.open();
    await app.page.getByTestId('tab-test').focus();
    await app.page.keyboard.press('ArrowRight');
    await expect(app.page.getByTestId('tab-bulk')).toBeFocused();
    await expect(app.page.getByTestId('tab-bulk')).toHaveAttribute('aria-selected', 'true');
    await app.page.keyboard.press('End');
    await expect(app.page.getByTestId('tab-logs')).toBeFocused();
    await app.page.keyboard.press('ArrowRight');
    await expect(app.page.getByTestId('tab-test')).toHaveAttribute('aria-selected', 'true');
    await app.page.keyboard.press('Home');
    await app.page.keyboard.press('ArrowLeft');
    await expect(app.page.getByTestId('tab-logs')).toHaveAttribute('aria-selected', 'true');
    await expect(app.page.getByTestId('tab-test')).toHaveAttribute('tabindex', '-1');
  });

  test('Escape closes the notice and the hover tooltip; a new URL field gets the focus', async ({ app }) => {
    await app.open();
    await app.page.getByTestId('open-file').setInputFiles({ name: 'robots.txt', mimeType: 'text/plain', buffer: Buffer.from(ROBOTS) });
    await expect(app.page.getByTestId('notice')).toBeVisible();
    await app.page.keyboard.press('Escape');
    await expect(app.page.getByTestId('notice')).toHaveCount(0);
    await app.line(2).hover({ position: { x: 30, y: 8 } });
    await expect(app.page.locator('.rt-tooltip')).toBeVisible();
    await app.page.keyboard.press('Escape');
    await expect(app.page.locator('.rt-tooltip')).toHaveCount(0);
    await app.page.getByTestId('add-test').click();
    await expect(app.url).toBeFocused();
    await expect(app.url).toHaveValue('');
  });
});

test.describe('files', () => {
  test('a PNG is refused with a clear notice; the robots.txt stays', async ({ app }) => {
    await app.open();
    await app.paste(ROBOTS);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    await app.page.getByTestId('open-file').setInputFiles({ name: 'image.png', mimeType: 'image/png', buffer: png });
    await expect(app.page.getByTestId('notice')).toContainText('“image.png” is a PNG image, not a robots.txt');
    await expect(app.line(2)).toHaveText('Disallow: /private');
    // A file with NUL bytes, whatever its name.
    await app.page.locator('.editor-pane').evaluate((el) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array([65, 0, 66, 0, 67])], 'robots.txt', { type: 'text/plain' }));
      el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await expect(app.page.getByTestId('notice')).toContainText('is a binary file');
    await expect(app.line(2)).toHaveText('Disallow: /private');
  });

  test('opening a file replaces the sample\'s URLs by the file\'s site root', async ({ app }) => {
    // Chosen as soon as the page is in, maybe before the app has taken it over (e2e/first-paint.spec.ts holds that case).
    await app.page.goto('./');
    await expect(app.url).toHaveValue(/example-shop\.com/);
    const file = 'User-agent: *\nDisallow: /search\nSitemap: https://github.com/sitemap.xml\n';
    await app.page.getByTestId('open-file').setInputFiles({ name: 'github.com.txt', mimeType: 'text/plain', buffer: Buffer.from(file) });
    await expect(app.url).toHaveValue('https://github.com/');
    await app.page.getByTestId('tab-bulk').click();
    await expect(app.page.getByTestId('bulk-urls')).toHaveValue('');
    // Without a sitemap to name the site, the URL is cleared: no verdict for a test that cannot run.
    await app.page.getByTestId('tab-test').click();
    await app.url.fill('https://www.example-shop.com/checkout/payment?step=2');
    await app.page.getByTestId('open-file').setInputFiles({ name: 'robots.txt', mimeType: 'text/plain', buffer: Buffer.from('User-agent: *\nDisallow: /') });
    await expect(app.url).toHaveValue('');
    await expect(app.verdict).toHaveAttribute('data-verdict', 'invalid');
  });

  test('Compare with “the version I opened” diffs the file that was opened, not the sample', async ({ app }) => {
    await app.open();
    await app.page.getByTestId('open-file').setInputFiles({ name: 'robots.txt', mimeType: 'text/plain', buffer: Buffer.from(ROBOTS) });
    await expect(app.line(6)).toHaveText('Disallow: /old');
    // The sample loaded at start blocks /checkout/ and /internal/ for Googlebot; the opened file does not.
    await bulk(app, ['https://a.test/old', 'https://a.test/checkout/', 'https://a.test/internal/x'].join('\n'));
    await app.line(6).click();
    await app.page.keyboard.press('End');
    await app.page.keyboard.type('er');
    await app.page.getByTestId('tab-compare').click();
    await app.page.getByTestId('compare-opened').click();
    await expect(app.page.getByTestId('compare-summary')).toContainText('1 verdict changes between the versions');
  });

  test('“Paste a version” opens a pane that says what to do, with the focus in it', async ({ app }) => {
    await app.open();
    await app.page.getByTestId('tab-compare').click();
    await app.page.getByTestId('compare-paste').click();
    await expect(app.page.locator('[data-testid=merge-view] .cm-placeholder')).toHaveText('Paste or type the other version of robots.txt here');
    await expect(app.page.locator('[data-testid=merge-view] [aria-label="Other version"]')).toBeFocused();
  });

  test('New asks before replacing the text; the starter replaces it, and Ctrl+Z brings it back', async ({ app }) => {
    await app.open();
    await app.paste(ROBOTS);
    await app.page.getByTestId('new-file').click();
    const dialog = app.page.getByTestId('new-dialog');
    await expect(dialog).toBeVisible();
    await app.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(app.line(2)).toHaveText('Disallow: /private');
    await app.page.getByTestId('new-file').click();
    await dialog.getByRole('button', { name: 'Starter with comments' }).click();
    await expect(app.line(4)).toHaveText('User-agent: *');
    await expect(app.url).toHaveValue('');
    await app.content.focus();
    await app.page.keyboard.press('ControlOrMeta+Z');
    await expect(app.line(2)).toHaveText('Disallow: /private');
  });
});

test.describe('what the verdict shows', () => {
  test('a 10,000-character URL keeps the verdict icon and a card of bounded height', async ({ app }) => {
    await app.open();
    await app.setCase(ROBOTS, 'https://a.test/private/' + 'x'.repeat(10_000), 'Googlebot');
    await app.expectVerdict('allowed', 0);
    const icon = await app.page.locator('.verdict-icon').boundingBox();
    expect(icon!.width).toBeGreaterThanOrEqual(36);
    const card = await app.verdict.boundingBox();
    expect(card!.height).toBeLessThan(260);
  });

  test('Google-specific: a rule path with a raw space gets a finding; a line past 500 KiB says it once', async ({ app }) => {
    await app.open();
    await app.paste('User-agent: *\nDisallow: /path with space\n' + '#'.repeat(99).concat('\n').repeat(5200) + 'Disallow: /late');
    await app.page.getByTestId('tab-diagnostics').click();
    await expect(app.page.locator('.diag[data-line="2"][data-code="path-has-space"]')).toContainText('Write “/path%20with%20space”.');
    await app.content.evaluate((el) => el.closest('.cm-scroller')!.scrollTo(0, 1e9));
    const last = app.page.locator('.cm-line', { hasText: 'Disallow: /late' });
    await last.hover({ position: { x: 30, y: 8 } });
    const tip = app.page.locator('.rt-tooltip');
    await expect(tip).toContainText('Past the 500 KiB limit.');
    const text = (await tip.textContent())!;
    expect(text.split('never reads').length - 1).toBe(1);
  });
});

test.describe('bulk', () => {
  test('expectations belong to one URL × crawler', async ({ app }) => {
    await app.open();
    await app.paste(ROBOTS);
    await bulk(app, 'https://a.test/x\nhttps://a.test/y');
    await app.page.getByTestId('all-google').click();
    await expect(app.page.getByTestId('bulk-summary')).toContainText('2 URLs × 16 crawlers');
    await app.page.getByTestId('bulk-search').fill('/x');
    await row(app, 'https://a.test/x', 'Googlebot').getByTestId('expect').selectOption('allowed');
    await row(app, 'https://a.test/x', 'Googlebot-Image').getByTestId('expect').selectOption('blocked');
    await expect(row(app, 'https://a.test/x', 'Googlebot').getByTestId('expect')).toHaveValue('allowed');
    await expect(row(app, 'https://a.test/x', 'Googlebot-Image').getByTestId('expect')).toHaveValue('blocked');
    await expect(row(app, 'https://a.test/x', 'Googlebot-Video').getByTestId('expect')).toHaveValue('');
    await expect(app.page.getByTestId('expectation-failures')).toHaveAttribute('data-failing', '1');
  });

  test('CSV out for spreadsheets, CSV in from Excel (semicolons, BOM, quoted line breaks, a crawler column)', async ({ app }) => {
    await app.open();
    await app.paste(ROBOTS);
    await app.page.getByTestId('tab-bulk').click();
    const csvIn = '\uFEFFurl;crawler;expected\r\nhttps://a.test/über;Googlebot;blocked\r\n"https://a.test/old";googlebot-image;allowed\r\n';
    await app.page.getByTestId('bulk-import').setInputFiles({ name: 'urls.csv', mimeType: 'text/csv', buffer: Buffer.from(csvIn) });
    await expect(app.page.getByTestId('bulk-summary')).toContainText('2 URLs × 1 crawler');
    await expect(row(app, 'https://a.test/über', 'Googlebot').getByTestId('expect')).toHaveValue('blocked');
    await expect(row(app, 'https://a.test/old', 'Googlebot')).toHaveAttribute('data-verdict', 'disallowed');
    await expect(row(app, 'https://a.test/old', 'Googlebot')).toContainText('Disallow: /old');
    const download = app.page.waitForEvent('download');
    await app.page.getByTestId('export-csv').click();
    const bytes = readFileSync((await (await download).path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[1]).toBe('https://a.test/über,Googlebot,allowed,,,/%C3%BCber,Googlebot (line 4),blocked,no');
    expect(lines[2]).toBe('https://a.test/old,Googlebot,blocked,6,Disallow: /old,/old,Googlebot (line 4),,');
  });

  test('“Edit the whole list” of 100,000 URLs opens without freezing the page', async ({ app }) => {
    await app.open();
    await app.page.getByTestId('tab-bulk').click();
    const urls = Array.from({ length: 100_000 }, (_, i) => `https://a.test/page/${i}`);
    await app.page.getByTestId('bulk-import').setInputFiles({ name: 'urls.txt', mimeType: 'text/plain', buffer: Buffer.from(urls.join('\n')) });
    await expect(app.page.getByTestId('bulk-large')).toContainText('100,000 lines (2.6 MB) — showing the first 300.', { timeout: 30_000 });
    const ms = await app.page.evaluate(async () => {
      const t0 = performance.now();
      [...document.querySelectorAll('button')].find((b) => b.textContent === 'Edit the whole list')!.click();
      // Until the editor is there and a frame with it has been drawn.
      await new Promise<void>((r) => {
        const check = () => (document.querySelector('[data-testid=bulk-urls-editor]') ? r() : requestAnimationFrame(check));
        check();
      });
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return performance.now() - t0;
    });
    const editor = app.page.locator('[data-testid=bulk-urls-editor]');
    await expect(editor).toBeVisible();
    console.log(`edit the whole list: ${Math.round(ms)} ms`);
    // A text box laid out 100,000 lines in 5.2 s; the editor lays out what is in view.
    expect(ms).toBeLessThan(1500);
    // Editing works, and reaches the list after a pause.
    await editor.click();
    await expect.poll(() => ringOf(app, '[data-testid=bulk-urls] .cm-editor')).toEqual({ outline: 'none', ring: '2px solid' });
    await app.page.keyboard.press('ControlOrMeta+Home');
    await app.page.keyboard.type('https://a.test/first\n');
    await expect(app.page.getByTestId('bulk-summary')).toContainText('100,001 URLs', { timeout: 30_000 });
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('every tab is reachable, the bulk table has a crawler column and readable selects, compare panes are wide enough', async ({ app }) => {
    await app.open();
    for (const id of ['test', 'bulk', 'diagnostics', 'site', 'compare']) {
      const box = await app.page.getByTestId(`tab-${id}`).boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    await app.paste(ROBOTS);
    await bulk(app, 'https://a.test/private');
    await app.page.getByTestId('all-google').click();
    const r = row(app, 'https://a.test/private', 'Googlebot-Image');
    await expect(r.locator('.bulk-ua')).toBeVisible();
    await r.getByTestId('expect').selectOption('blocked');
    const select = await r.getByTestId('expect').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, width: el.getBoundingClientRect().width }));
    expect(select.width).toBeGreaterThanOrEqual(80);
    await app.page.getByTestId('tab-compare').click();
    await app.page.getByTestId('compare-paste').click();
    const pane = await app.page.locator('.cm-mergeView .cm-editor').first().boundingBox();
    expect(pane!.width).toBeGreaterThanOrEqual(300);
  });

  test('the ↗ jump to the deciding line brings it to the middle of the screen, not its bottom edge', async ({ app }) => {
    await app.open();
    const filler = Array.from({ length: 200 }, (_, i) => `# filler line ${i + 1}`);
    await app.setCase(['User-agent: *', ...filler, 'Disallow: /deep', ...filler].join('\n'), 'https://a.test/deep/x', 'Googlebot');
    await app.expectVerdict('disallowed', 202);
    await app.page.evaluate(() => window.scrollTo(0, 0));
    await app.page.getByTestId('deciding-rule').click();
    const winner = app.page.locator('.cm-line.rt-winner');
    await expect(winner).toBeInViewport();
    const box = (await winner.boundingBox())!;
    const middle = box.y + box.height / 2;
    expect(middle).toBeGreaterThan(844 * 0.2);
    expect(middle).toBeLessThan(844 * 0.8);
  });
});

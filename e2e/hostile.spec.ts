import { expect, test } from './fixtures.js';

const EVIL = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold</b>';
const pwned = (page: import('@playwright/test').Page) => page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned);

test('a 10 MB paste is cut at 500 KiB with a notice, and the page stays responsive', async ({ app }) => {
  test.setTimeout(240_000);
  await app.open();
  const body = 'User-agent: *\n' + 'Disallow: /p\n'.repeat(800_000) + 'Disallow: /late\n';
  await app.paste(body);
  await expect(app.page.getByTestId('limit-notice')).toContainText('Over 500 KiB', { timeout: 60_000 });
  // A 10 MB document is twenty times Google's limit; on a loaded 2-core machine each step can take
  // seconds (the analysis and readers workers re-read it), so the steps get a generous bound.
  await app.url.fill('https://a.test/p/1');
  await app.expectVerdict('disallowed', 2, 60_000);
  await app.url.fill('https://a.test/late');
  await app.expectVerdict('allowed', 0, 60_000);
  // Typing in the editor still works and still updates the verdict.
  await app.content.focus();
  await app.page.keyboard.press('ControlOrMeta+Home');
  await app.page.keyboard.press('End');
  await app.page.keyboard.type('\nAllow: /late');
  await app.expectVerdict('allowed', 2, 60_000);
});

test('a crashed worker is restarted, the user is told, and no edit is lost', async ({ app }) => {
  await app.open();
  await app.setCase('User-agent: *\nDisallow: /a', 'https://a.test/ab', 'Googlebot');
  await app.expectVerdict('disallowed', 2);
  await app.crashWorker('robots-analysis');
  await app.line(2).click();
  await app.page.keyboard.press('End');
  await app.page.keyboard.type('bc');
  await expect(app.page.getByTestId('notice')).toContainText('crashed and was restarted');
  await expect(app.line(2)).toHaveText('Disallow: /abc');
  await app.expectVerdict('allowed', 0);
  await app.url.fill('https://a.test/abcd');
  await app.expectVerdict('disallowed', 2);
});

test('no input can inject HTML: robots text, URL, crawler name, imported files', async ({ app }) => {
  await app.open();
  await app.setCase(`User-agent: *\nDisallow: /${EVIL}\nSitemap: ${EVIL}\n${EVIL}: x`, `https://a.test/${EVIL}`, EVIL);
  await expect(app.verdict).toHaveAttribute('data-verdict', /allowed|disallowed/);
  await app.line(2).hover({ position: { x: 24, y: 8 } });
  await expect(app.page.locator('.rt-tooltip')).toContainText('Disallow rule');
  for (const tab of ['diagnostics', 'sitemaps', 'bulk', 'test'] as const) {
    await app.page.getByTestId(`tab-${tab}`).click();
  }
  await app.page.getByTestId('tab-bulk').click();
  await app.page.getByTestId('bulk-urls').fill(`/${EVIL}\n${EVIL}`);
  await expect(app.page.getByTestId('bulk-table').locator('[data-url]').first()).toBeVisible();
  await app.page.getByTestId('open-file').setInputFiles({ name: 'evil.txt', mimeType: 'text/plain', buffer: Buffer.from(`User-agent: ${EVIL}\nDisallow: /${EVIL}`) });
  await expect(app.line(1)).toHaveText(`User-agent: ${EVIL}`);
  await app.page.getByTestId('open-file').setInputFiles({
    name: 'evil.json', mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ v: 2, r: EVIL, t: [{ u: EVIL, c: EVIL }], s: EVIL, b: EVIL, o: EVIL })),
  });
  await expect(app.line(1)).toHaveText(EVIL);
  await app.page.getByTestId('tab-compare').click();
  await expect(app.page.getByTestId('merge-view')).toBeVisible();
  await app.page.waitForTimeout(300);
  expect(await pwned(app.page)).toBeUndefined();
  await expect(app.page.locator('img[src="x"]')).toHaveCount(0);
  await expect(app.page.locator('b', { hasText: 'bold' })).toHaveCount(0);
});

import { expect, test, type App } from './fixtures.js';

// Compare compares with what the user opened, follows the changes, and says it is on.

const LONG_RULE = 'Disallow: /catalogue/search/results/with/a/very/long/path/that/keeps/going/and/going/until/it-passes-the-pane-width/end-of-rule-marker';

/** A pasted file of a few hundred lines, none of the built-in sample's. */
function pastedFile(): string {
  const rules = Array.from({ length: 300 }, (_, i) => `Disallow: /section-${i}/`);
  return ['User-agent: *', ...rules, LONG_RULE, 'Sitemap: https://shop.test/sitemap.xml'].join('\n');
}

async function bulk(app: App, urls: string): Promise<void> {
  await app.page.getByTestId('tab-bulk').click();
  await app.page.getByTestId('bulk-urls').fill(urls);
}

const otherPane = (app: App) => app.page.locator('[data-testid=merge-view] [aria-label="Other version"]');

test('“The version I opened” is the pasted file; the panes open at the change, long lines wrap', async ({ app }) => {
  await app.open();
  await app.paste(pastedFile());
  // An edit at the end of the file, far below the first screen of the panes.
  await app.content.focus();
  await app.page.keyboard.press('ControlOrMeta+End');
  await app.page.keyboard.press('Enter');
  await app.page.keyboard.type('Disallow: /added-at-the-end/');
  await app.page.getByTestId('tab-compare').click();
  await app.page.getByTestId('compare-opened').click();
  await expect(otherPane(app)).toContainText('Disallow: /section-299/');
  await expect(otherPane(app)).not.toContainText('Disallow: /added-at-the-end/');
  await expect(app.page.getByTestId('compare-source')).toHaveText('Comparing with the version you opened');
  // The panes are scrolled to the changed line, not left at the top.
  const host = app.page.getByTestId('merge-view');
  const changed = host.locator('.cm-changedLine', { hasText: 'Disallow: /added-at-the-end/' });
  await expect(changed).toHaveCount(1);
  await expect.poll(async () => {
    const [h, c] = [await host.boundingBox(), await changed.boundingBox()];
    return !!h && !!c && c.y >= h.y && c.y + c.height <= h.y + h.height;
  }).toBe(true);
  // A long rule is shown whole: it wraps inside the pane, nothing cut at its edge.
  const long = otherPane(app).locator('.cm-line', { hasText: 'end-of-rule-marker' });
  await long.scrollIntoViewIfNeeded();
  const fits = await long.evaluate((el) => {
    const pane = el.closest('.cm-editor')!.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(el);
    const text = range.getBoundingClientRect();
    return text.right <= pane.right + 1 && el.scrollWidth <= el.clientWidth + 1;
  });
  expect(fits).toBe(true);
});

test('“Paste a version” works while comparing; the comparison is named on every tab, with a way to stop', async ({ app }) => {
  await app.open();
  await app.paste('User-agent: *\nDisallow: /private/\n');
  await bulk(app, 'https://a.test/private/x\nhttps://a.test/c');
  await app.page.getByTestId('tab-compare').click();
  await app.page.getByTestId('compare-opened').click();
  await expect(app.page.getByTestId('compare-summary')).toContainText('0 verdicts change');
  // A second version pasted while the first comparison is open (RFC 9309 2.2.2: the longest match decides).
  await app.page.getByTestId('compare-paste').click();
  await expect(otherPane(app)).toBeFocused();
  await expect(app.page.locator('[data-testid=merge-view] .cm-placeholder')).toBeVisible();
  await app.page.keyboard.insertText('User-agent: *\nDisallow: /c\n');
  await expect(app.page.getByTestId('compare-summary')).toContainText('2 verdicts change');
  await expect(app.page.getByTestId('compare-source')).toHaveText('Comparing with a pasted version');
  // Bulk counts the changes: it says against what, and stops from there too.
  await app.page.getByTestId('tab-bulk').click();
  const banner = app.page.getByTestId('compare-banner');
  await expect(banner).toContainText('Comparing with a pasted version');
  await app.page.getByTestId('tab-test').click();
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Stop comparing' }).focus();
  await app.page.keyboard.press('Enter');
  await expect(banner).toHaveCount(0);
  await app.page.getByTestId('tab-compare').click();
  await expect(app.page.getByTestId('merge-view')).toHaveCount(0);
});

test('the verdicts that change are found with no URL typed, each with both deciding lines; a path opens its test', async ({ app }) => {
  await app.open();
  await app.paste('User-agent: *\nDisallow: /private/\n');
  await app.url.fill('https://a.test/private/x');
  await app.page.getByTestId('tab-compare').click();
  await app.page.getByTestId('compare-paste').click();
  await expect(otherPane(app)).toBeFocused();
  await app.page.keyboard.insertText('User-agent: *\nDisallow: /\n');
  // No URL typed for it: the paths the two versions' rules tell apart are tried (RFC 9309 2.2.2: the longest match decides).
  const found = app.page.getByTestId('compare-found');
  await expect(found).toHaveText('2 verdicts change for Googlebot, on the 4 paths the two versions’ rules tell apart:');
  const rows = app.page.getByTestId('compare-change');
  await expect(rows).toHaveCount(2);
  await expect.poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-url')))).toEqual(['/', '/private']);
  await expect(rows.nth(0).getByTestId('compare-before')).toHaveAttribute('data-verdict', 'disallowed');
  await expect(rows.nth(0).getByTestId('compare-before')).toContainText('Line 2: Disallow: /');
  await expect(rows.nth(0).getByTestId('compare-after')).toHaveAttribute('data-verdict', 'allowed');
  await expect(rows.nth(0).getByTestId('compare-after')).toContainText('no rule');
  // A change made to the text is looked for again, without a URL.
  await app.paste('User-agent: *\nDisallow: /\n');
  await expect(found).toHaveText('No verdict changes for Googlebot on the 2 paths the two versions’ rules tell apart.');
  await app.paste('User-agent: *\nDisallow: /private/\n');
  await expect(rows).toHaveCount(2);
  // By keyboard: the path opens its test in the Test tab, its verdict in the current version.
  await rows.nth(1).getByRole('button', { name: '/private' }).focus();
  await app.page.keyboard.press('Enter');
  await expect(app.page.getByTestId('tab-test')).toHaveAttribute('aria-selected', 'true');
  await expect(app.url).toHaveValue('/private');
  await expect(app.verdict).toHaveAttribute('data-verdict', 'allowed');
});

test('opening another file while comparing asks whether to keep comparing, by keyboard', async ({ app }) => {
  await app.open();
  await app.paste('User-agent: *\nDisallow: /private/\n');
  await app.page.getByTestId('tab-compare').click();
  await app.page.getByTestId('compare-opened').click();
  const banner = app.page.getByTestId('compare-source');
  await expect(banner).toHaveText('Comparing with the version you opened');
  const open = (name: string, text: string) => app.page.getByTestId('open-file').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await open('new-robots.txt', 'User-agent: *\nDisallow: /\n');
  const question = app.page.getByTestId('compare-question');
  await expect(question).toContainText('You opened new-robots.txt while comparing.');
  await expect(app.page.getByTestId('compare-keep')).toBeFocused();
  await app.page.keyboard.press('Enter');
  await expect(question).toHaveCount(0);
  // Kept: the file opened is compared with the version opened before it.
  await expect(app.page.getByTestId('compare-found')).toContainText('verdicts change for Googlebot');
  await open('third.txt', 'User-agent: *\nAllow: /\n');
  await expect(question).toContainText('You opened third.txt while comparing.');
  await app.page.keyboard.press('Tab');
  await expect(app.page.getByTestId('compare-ask-stop')).toBeFocused();
  await app.page.keyboard.press('Enter');
  await expect(question).toHaveCount(0);
  await expect(app.page.getByTestId('merge-view')).toHaveCount(0);
  await expect(app.page.getByTestId('compare-banner')).toHaveCount(0);
});

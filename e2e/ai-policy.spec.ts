import AxeBuilder from '@axe-core/playwright';
import { expect, test, type App } from './fixtures.js';

const SHOP = [
  '# Shop', //                      1
  'User-agent: *', //               2
  'Disallow: /checkout/', //        3
  '', //                            4
  'User-agent: GPTBot', //          5
  'Allow: /', //                    6
  '', //                            7
  'User-agent: Googlebot', //       8
  'User-agent: PerplexityBot', //   9
  'Disallow: /drafts/', //         10
].join('\n');

// A crawler's own group with rules of its own (lines 5-7), beside the * group.
const OWN = [
  'User-agent: *', //               1
  'Disallow: /private/', //         2
  '', //                            3
  'User-agent: PerplexityBot', //   4
  'Disallow: /*?session=', //       5
  'Disallow: /archive/', //         6
  'Allow: /members/join', //        7
].join('\n');

const editorText = (app: App) => app.content.evaluate((el) => [...el.querySelectorAll('.cm-line')].map((l) => l.textContent).join('\n'));

/** Opens the AI access tab from the tab list with the keyboard (WAI-ARIA tabs: arrows). */
async function openAiTabByKeyboard(app: App): Promise<void> {
  await app.page.getByTestId('tab-test').focus();
  await app.page.keyboard.press('ArrowRight');
  await app.page.keyboard.press('ArrowRight');
  await expect(app.page.getByTestId('tab-ai')).toHaveAttribute('aria-selected', 'true');
  await expect(app.page.getByTestId('ai-panel')).toBeVisible();
}

test.describe('AI access', () => {
  test('keyboard only: from the sample to “no training, yes search and answers” — diff and verdicts before applying, one undoable edit, the All-AI summary shows the policy', async ({ app }) => {
    await app.open();
    await app.paste(SHOP);
    await app.url.fill('https://shop.test/checkout/cart');
    await openAiTabByKeyboard(app);
    // Tab into the panel to the preset and take it with the keyboard.
    const preset = app.page.getByTestId('ai-preset-no-training');
    for (let i = 0; i < 6 && !(await preset.evaluate((el) => el === document.activeElement)); i++) await app.page.keyboard.press('Tab');
    await expect(preset).toBeFocused();
    await app.page.keyboard.press('Enter');
    await expect(app.page.getByTestId('ai-training-block')).toBeChecked();
    await expect(app.page.getByTestId('ai-search-allow')).toBeChecked();

    // Before anything changes: the diff, the notes, each crawler's verdicts before → after, the check.
    const diff = app.page.getByTestId('ai-diff');
    await expect(diff.locator('[data-kind=del]')).toContainText(['− Allow: /', '− User-agent: PerplexityBot']);
    await expect(diff.locator('[data-kind=add]').first()).toHaveText('+ Disallow: /');
    await expect(diff).toContainText('+ User-agent: ClaudeBot');
    await expect(app.page.getByTestId('ai-outcome')).toHaveAttribute('data-ok', 'yes');
    // The names Google cuts (AI2Bot…) follow * under Google's reading: counted as differing, as the table shows them.
    await expect(app.page.getByTestId('ai-outcome')).toContainText(/Checked with Google’s reading: \d+ crawlers, \d+ URLs? differ from the chosen verdict/);
    await expect(app.page.getByTestId('ai-notes').locator('[data-code=left-group]')).toContainText('One crawler leaves a group it shares with other crawlers (line 9)');
    await expect(app.page.getByTestId('ai-notes').locator('[data-code=unnameable]')).toContainText('AI2Bot');
    const gpt = app.page.getByTestId('ai-verdicts').locator('tr[data-crawler=GPTBot]');
    await expect(gpt.locator('td').nth(1)).toHaveText(/^[1-9]\d* → 0 of \d+$/);
    expect(await editorText(app)).toBe(SHOP);

    // Apply with the keyboard: one edit.
    await app.page.getByTestId('ai-apply').focus();
    await app.page.keyboard.press('Enter');
    await expect(app.page.getByTestId('notice')).toContainText('Applied as one edit');
    await expect.poll(() => editorText(app)).toContain('User-agent: GPTBot\nDisallow: /');
    const applied = await editorText(app);
    expect(applied).toContain('User-agent: Googlebot\nDisallow: /drafts/');
    expect(applied).not.toContain('PerplexityBot');
    // The panel now has nothing left to change.
    await expect(app.page.getByTestId('ai-notes').locator('[data-code=no-change]')).toBeVisible();
    await expect(app.page.getByTestId('ai-apply')).toBeDisabled();

    // The focus is back in the editor: Ctrl+Z undoes the whole change at once; redo brings it back.
    await expect(app.content).toBeFocused();
    await expect(app.page.getByTestId('changed')).toContainText('Changed');
    await app.page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => editorText(app)).toBe(SHOP);
    await app.page.keyboard.press('ControlOrMeta+y');
    await app.content.evaluate((el) => el.closest('.cm-scroller')!.scrollTo(0, 0));
    await expect.poll(() => editorText(app)).toContain('User-agent: GPTBot\nDisallow: /');

    // The All-AI summary afterwards shows exactly that policy.
    await app.page.getByTestId('tab-ai').click();
    await app.page.getByTestId('ai-see-all').click();
    const summary = app.page.getByTestId('ai-summary');
    await expect(summary.locator('tr[data-purpose="training"]')).toHaveAttribute('data-standing', 'blocked');

    for (const c of ['GPTBot', 'ClaudeBot', 'CCBot', 'Google-Extended', 'Applebot-Extended']) await expect(summary.locator(`[data-crawler="${c}"]`)).toHaveAttribute('data-standing', 'blocked');
    // Google's parser cannot name AI2Bot: it follows * (the panel said so before applying), marked apart.
    await expect(summary.locator('[data-crawler="AI2Bot"]')).toHaveAttribute('data-unnameable', 'yes');
    await expect(summary.locator('[data-crawler="AI2Bot"]')).toHaveAttribute('data-standing', 'partly');
    await expect(app.page.getByTestId('ai-unnameable-note')).toContainText('Google’s parser cannot name these crawlers');
    await expect(summary.locator('[data-crawler="PerplexityBot"]')).toHaveAttribute('data-standing', 'partly');
    await expect(summary.locator('[data-crawler="OAI-SearchBot"]')).toHaveAttribute('data-standing', 'partly');
  });

  test('block these paths, an override and Content Signals; a check that fails says which verdict and why, and does not claim success', async ({ app }) => {
    await app.open();
    await app.paste(['User-agent: *', 'Allow: /*.pdf', 'Allow: /*m', 'Disallow: /checkout/'].join('\n'));
    await app.url.fill('https://shop.test/m');
    await app.page.getByTestId('tab-ai').click();
    await app.page.getByTestId('ai-search-paths').check();
    await app.page.getByTestId('ai-search-paths').press('Tab');
    await app.page.keyboard.type('/m');
    await expect(app.page.locator('textarea[data-testid=ai-search-pathlist]')).toHaveValue('/m');
    // /*.pdf is outweighed by a longer Disallow (/m*.pdf); /*m matches /m itself and outweighs /m.
    const outcome = app.page.getByTestId('ai-outcome');
    await expect(outcome).toHaveAttribute('data-ok', 'no');
    await expect(outcome).toContainText('The check failed');
    await expect(app.page.getByTestId('ai-failures')).toContainText('PerplexityBot would be allowed on https://shop.test/m, not blocked as chosen');
    await expect(app.page.getByTestId('ai-apply')).toBeDisabled();
    await expect(app.page.getByTestId('ai-apply-anyway')).toBeEnabled();
    await expect(app.page.getByTestId('ai-notes').locator('[data-code=carried-rules]').first()).toContainText('carries the 3 rules of the * group that still bind it (line 2, 3, 4)');
    await expect(app.page.getByTestId('ai-notes').locator('[data-code=sharpened]')).toContainText('a longer Disallow written after it blocks those too');
    await expect(app.page.getByTestId('ai-diff')).toContainText('+ Disallow: /m*.pdf');

    // An override and the preference line.
    await app.page.locator('textarea[data-testid=ai-search-pathlist]').fill('/members');
    await app.page.getByTestId('ai-search-keep').check();
    await app.page.getByTestId('ai-training-block').check();
    await app.page.getByTestId('ai-override-crawler').selectOption('ccbot');
    await app.page.getByTestId('ai-override-add').click();
    await app.page.getByTestId('ai-override-ccbot-keep').check();
    await app.page.getByTestId('ai-content-signal').check();
    await expect(outcome).toHaveAttribute('data-ok', 'yes');
    const diff = app.page.getByTestId('ai-diff');
    await expect(diff).toContainText('+ Content-Signal: search=yes, ai-train=no');
    await expect(diff).toContainText('+ User-agent: GPTBot');
    await expect(diff).not.toContainText('CCBot');
    await app.page.getByTestId('ai-apply').click();
    await expect.poll(() => editorText(app)).toContain('User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /*.pdf');
    await expect(app.page.getByTestId('ai-notes').locator('[data-code=no-change]')).toBeVisible();
  });

  test('the tab: agents without a token said apart, a directory’s name marked and written only when chosen, a crawler’s own rules kept and the ones the change drops listed with why', async ({ app }) => {
    await app.open();
    await app.paste(OWN);
    await app.page.getByTestId('tab-ai').click();
    await expect(app.page.getByTestId('ai-no-token')).toContainText('No robots.txt line can address');
    await expect(app.page.getByTestId('ai-no-token')).toContainText('ChatGPT Agent');
    await app.page.getByTestId('ai-search-paths').check();
    await app.page.locator('textarea[data-testid=ai-search-pathlist]').fill('/members/');
    await expect(app.page.getByTestId('ai-outcome')).toHaveAttribute('data-ok', 'yes');
    // PerplexityBot's own rules stay; the Allow inside the newly blocked path is listed with why.
    await expect(app.page.getByTestId('ai-notes').locator('[data-code=kept-rules]')).toContainText('The rules the file gives PerplexityBot stay as written (line 5, 6)');
    await expect(app.page.getByTestId('ai-dropped').locator('li')).toHaveText(['Line 7 (Allow: /members/join) no longer applies to PerplexityBot: an Allow inside a path now blocked would reopen part of it.']);
    await expect(app.page.getByTestId('ai-diff')).toContainText('+ Disallow: /members/');
    await expect(app.page.getByTestId('ai-diff')).not.toContainText('AddSearchBot');

    // A directory's name comes from its own group in the list, and only then is it written.
    await expect(app.page.getByTestId('ai-override-directory').locator('option[value=addsearchbot]')).toHaveCount(1);
    await app.page.getByTestId('ai-override-crawler').selectOption('addsearchbot');
    await app.page.getByTestId('ai-override-add').click();
    await expect(app.page.locator('[data-override=addsearchbot]').getByTestId('ai-directory-only')).toHaveText('directory only');
    await expect(app.page.getByTestId('ai-diff')).toContainText('+ User-agent: AddSearchBot');
    await expect(app.page.getByTestId('ai-outcome')).toHaveAttribute('data-ok', 'yes');
  });

  test('phone width, dark theme, Dutch: the tab fits, reads in Dutch, has no serious axe violation', async ({ app }) => {
    await app.page.setViewportSize({ width: 390, height: 844 });
    await app.page.emulateMedia({ colorScheme: 'dark' });
    await app.open();
    await app.paste(SHOP);
    await app.page.getByTestId('language').selectOption('nl');
    await app.page.getByTestId('tab-ai').click();
    await expect(app.page.getByTestId('tab-ai')).toHaveText('AI-toegang');
    await app.page.getByTestId('ai-preset-no-training').click();
    await expect(app.page.getByTestId('ai-outcome')).toContainText('Gecontroleerd met de lezing van Google');
    await expect(app.page.getByTestId('ai-panel')).toContainText('Overal blokkeren');
    const overflow = await app.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const serious = (await new AxeBuilder({ page: app.page }).include('[data-testid=ai-panel]').analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);
  });
});

import { expect, test, type App } from './fixtures.js';

const AI_FILE = [
  'User-agent: GPTBot', //                          1
  'Disallow: /', //                                 2
  '', //                                            3
  'User-agent: CCBot', //                           4
  'Disallow: /blog/', //                            5
  '', //                                            6
  'User-agent: *', //                               7
  'Allow: /', //                                    8
  'Content-Signal: search=yes, ai-train=no', //     9
  'Content-Usage: train-ai=maybe', //              10
].join('\n');

/** A finding's repair: on its card when it is the only one of its kind, else on its line in its kind's card (opened). */
async function fixOf(app: App, line: number, code: string) {
  const card = app.page.locator(`.diag[data-code="${code}"]`);
  await expect(card).toBeVisible();
  if ((await card.getAttribute('data-count')) === '1') return card.getByTestId('fix');
  const toggle = card.getByTestId('show-lines');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return card.locator(`.diag-line[data-line="${line}"]`).getByTestId('fix');
}
const diag = (app: App, line: number, code: string) => app.page.locator(`.diag[data-line="${line}"][data-code="${code}"]`);

test.describe('AI crawlers', () => {
  test('the picker lists them by purpose, searchable by operator and token, with caveats', async ({ app }) => {
    await app.open();
    await app.userAgent.fill('anthropic');
    await expect(app.page.getByRole('listbox', { name: 'Crawlers' }).getByRole('option')).toHaveText([/^anthropic-ai/, /^Claude-SearchBot/, /^Claude-User/, /^ClaudeBot/, /^Claude-Code.*directory only$/, /^Claude-Web.*directory only$/]);
    await app.userAgent.fill('');
    await app.userAgent.type('chatgpt');
    const option = app.page.getByRole('option', { name: /ChatGPT-User/ });
    await expect(option).toContainText('may ignore robots.txt');
    await expect(option).toHaveAttribute('data-group', 'AI · Fetches a user asked for');
    await app.page.keyboard.press('Enter');
    await expect(app.userAgent).toHaveValue('ChatGPT-User');
    await expect(app.page.locator('[data-testid=why-note][data-code=profile-caveat]')).toContainText('OpenAI says robots.txt rules may not apply');
  });

  test('the whole list, loaded as the list opens: a name only a directory lists is marked and tested as its token; an agent without a token cannot be picked', async ({ app }) => {
    await app.open();
    await app.userAgent.fill('AddSearch');
    const directory = app.page.getByRole('option', { name: /AddSearchBot/ });
    await expect(directory.getByTestId('picker-directory-only')).toHaveText('directory only');
    await expect(directory).toHaveAttribute('data-group', 'AI · listed by a directory only');
    await directory.click();
    await expect(app.userAgent).toHaveValue('AddSearchBot');
    await expect(app.page.getByTestId('group-explanation')).toContainText('No group names AddSearchBot');
    await app.userAgent.fill('ChatGPT Ag');
    const agent = app.page.getByRole('option', { name: /ChatGPT Agent/ });
    await expect(agent).toHaveAttribute('aria-disabled', 'true');
    await expect(agent).toContainText('no robots.txt token');
    await agent.click({ force: true });
    await expect(app.userAgent).toHaveValue('ChatGPT Ag');
  });

  test('search ranks exact names and search engines first: “Yandex” + Enter is the search engine', async ({ app }) => {
    await app.open();
    await app.userAgent.fill('');
    await app.userAgent.pressSequentially('Yandex');
    await expect(app.page.getByRole('listbox', { name: 'Crawlers' }).getByRole('option').first()).toHaveText(/^YandexBot/);
    await app.page.keyboard.press('Enter');
    await expect(app.userAgent).toHaveValue('YandexBot');
    await app.userAgent.fill('');
    await app.userAgent.pressSequentially('gptbot');
    await app.page.keyboard.press('Enter');
    await expect(app.userAgent).toHaveValue('GPTBot');
  });

  test('one click tests every AI crawler; the summary answers per purpose: allowed, blocked or partly', async ({ app }) => {
    await app.open();
    await app.paste(AI_FILE);
    await app.page.getByTestId('tab-bulk').click();
    await app.page.getByTestId('bulk-urls').fill('https://a.test/\nhttps://a.test/blog/post');
    await app.page.getByTestId('all-ai').click();
    const summary = app.page.getByTestId('ai-summary');
    await expect(summary.locator('tr[data-purpose="training"]')).toHaveAttribute('data-standing', 'partly');
    await expect(summary.locator('[data-crawler="GPTBot"]')).toHaveAttribute('data-standing', 'blocked');
    await expect(summary.locator('[data-crawler="CCBot"]')).toHaveAttribute('data-standing', 'partly');
    await expect(summary.locator('tr[data-purpose="search"]')).toHaveAttribute('data-standing', 'allowed');
    await expect(summary.locator('tr[data-purpose="training"] [data-crawler="Google-Extended"]')).toHaveAttribute('data-standing', 'allowed');
    await expect(summary).toContainText('Verdicts are Google’s parser’s reading of the file.');
  });

  test('Content-Signal and Content-Usage: what they declare in plain words; a value that cannot be read gets a finding', async ({ app }) => {
    await app.open();
    await app.paste(AI_FILE);
    await app.page.getByTestId('tab-diagnostics').click();
    await expect(diag(app, 9, 'ai-preference')).toContainText('search: yes, AI training: no');
    await expect(diag(app, 9, 'ai-preference')).toContainText('Google’s robots.txt parser does not act on it');
    await expect(diag(app, 10, 'ai-preference-invalid')).toContainText('“train-ai=maybe” is not a preference that can be read');
    await app.line(9).hover({ position: { x: 30, y: 8 } });
    await expect(app.page.locator('.rt-tooltip [data-code="ai-preference"]')).toContainText('an AI-use preference');
  });
});

test.describe('one-click fixes', () => {
  const BROKEN = [
    'Disallow: /stray', //                      1 rule before any user-agent
    'User-agent: Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', // 2
    'Disalow: /a', //                           3 misspelling
    'Disallow /b', //                           4 missing colon
    'Allow: no-slash', //                       5 no leading /
    'Disallow: /with space', //                 6 raw space
    'Disalow: /c', //                           7 misspelling
    'Sitemap: /sitemap.xml', //                 8 relative sitemap
  ].join('\n');

  test('each repair is a button in its Diagnostics row and one undoable edit', async ({ app }) => {
    await app.open();
    await app.paste(BROKEN);
    await app.page.getByTestId('tab-diagnostics').click();
    for (const [line, code, after] of [
      [3, 'misspelled-field', 'Disallow: /a'],
      [4, 'missing-colon', 'Disallow: /b'],
      [5, 'path-never-matches', 'Allow: /no-slash'],
      [6, 'path-has-space', 'Disallow: /with%20space'],
      [2, 'agent-cut', 'User-agent: Googlebot'],
    ] as const) {
      await (await fixOf(app, line, code)).click();
      await expect(app.line(line)).toHaveText(after);
    }
    await diag(app, 1, 'rule-outside-group').getByTestId('fix').click();
    await expect(app.line(1)).toHaveText('User-agent: *');
    await expect(app.line(2)).toHaveText('Disallow: /stray');
    await app.content.focus();
    await app.page.keyboard.press('ControlOrMeta+Z');
    await expect(app.line(1)).toHaveText('Disallow: /stray');
    await expect(app.line(2)).toHaveText('User-agent: Googlebot');
  });

  test('a relative sitemap is made absolute once the site is known; fix all of a kind at once', async ({ app }) => {
    await app.open();
    await app.paste(BROKEN);
    await app.page.getByTestId('tab-diagnostics').click();
    await expect(diag(app, 8, 'sitemap-not-absolute').getByTestId('fix')).toHaveCount(0);
    await app.page.locator('.context summary').click();
    await app.page.getByTestId('site').fill('https://a.test');
    await diag(app, 8, 'sitemap-not-absolute').getByTestId('fix').click();
    await expect(app.line(8)).toHaveText('Sitemap: https://a.test/sitemap.xml');
    await diag(app, 3, 'misspelled-field').getByTestId('fix-all').click();
    await expect(app.line(3)).toHaveText('Disallow: /a');
    await expect(app.line(7)).toHaveText('Disallow: /c');
  });

  test('the repair is also a button in the editor’s hover, which says each finding once and no raw code', async ({ app }) => {
    await app.open();
    await app.paste(BROKEN);
    await expect(app.line(5).locator('.cm-lintRange-error')).toHaveCount(1);
    await app.line(5).locator('.cm-lintRange-error').hover();
    const tooltips = app.page.locator('.cm-tooltip');
    await expect(app.page.locator('.rt-tooltip')).toBeVisible();
    // One tooltip: the lint markers' own one repeated the title and showed the finding's code.
    await expect(tooltips).toHaveCount(1);
    const text = await tooltips.innerText();
    const codes = await app.page.locator('.rt-tooltip [data-code]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset['code']!));
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) expect(text).not.toContain(code);
    const titles = await app.page.locator('.rt-tooltip-title').allInnerTexts();
    expect(new Set(titles).size).toBe(titles.length);
    await app.page.locator('.rt-tooltip-fix', { hasText: 'Write “/no-slash”' }).click();
    await expect(app.line(5)).toHaveText('Allow: /no-slash');
    // The focus stays in the editor: Ctrl+Z undoes the repair at once.
    await expect(app.content).toBeFocused();
    await app.page.keyboard.press('ControlOrMeta+z');
    await expect(app.line(5)).toHaveText('Allow: no-slash');
  });
});

test.describe('completion', () => {
  test('field names at line start and crawler tokens after User-agent:, never paths', async ({ app }) => {
    await app.open();
    await app.paste('User-agent: *\n');
    await app.content.focus();
    await app.page.keyboard.press('ControlOrMeta+End');
    await app.page.keyboard.type('Disa');
    await expect(app.page.locator('.cm-tooltip-autocomplete')).toContainText('Disallow');
    // CodeMirror ignores Enter for a moment after the list opens, so fast typists do not pick by accident.
    await app.page.waitForTimeout(150);
    await app.page.keyboard.press('Enter');
    await expect(app.line(2)).toHaveText('Disallow: ');
    await app.page.keyboard.type('/ad');
    await expect(app.page.locator('.cm-tooltip-autocomplete')).toHaveCount(0);
    await app.page.keyboard.press('Enter');
    await app.page.keyboard.type('User-agent: Claude-S');
    const option = app.page.locator('.cm-tooltip-autocomplete li', { hasText: 'Claude-SearchBot' });
    await expect(option).toContainText('Anthropic · AI search and answers');
    await app.page.waitForTimeout(150);
    await app.page.keyboard.press('Enter');
    await expect(app.line(3)).toHaveText('User-agent: Claude-SearchBot');
    // A name typed whole: Enter starts the next line (accepting the same name swallowed it).
    await app.page.keyboard.press('End');
    await app.page.keyboard.press('Enter');
    await app.page.keyboard.type('User-agent: Googlebot');
    await expect(app.page.locator('.cm-tooltip-autocomplete li[aria-selected=true]')).toContainText('Googlebot');
    await app.page.waitForTimeout(150);
    await app.page.keyboard.press('Enter');
    await app.page.keyboard.type('Disallow: /');
    await expect(app.line(4)).toHaveText('User-agent: Googlebot');
    await expect(app.line(5)).toHaveText('Disallow: /');
  });
});

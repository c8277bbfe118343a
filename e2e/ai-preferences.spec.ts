import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type App } from './fixtures.js';

/** A file stating AI preferences three ways (draft-ietf-aipref-attach-05, Content Signals, RSL 1.0). */
const PREFS = [
  'License: https://news.example/license.xml', //  1
  'User-agent: *', //                              2
  'Content-Signal: search=yes, ai-train=no', //    3
  'Disallow: /private/', //                        4
  'Content-Usage: train-ai=n', //                  5
  'Content-Usage: /open/ train-ai=y', //           6
].join('\n');

/** What the preference line says for /story in each language (beside the verdict, in all four languages). */
const LINE = [
  { lang: 'en', label: 'AI preferences', says: 'crawling allowed; train-ai = n from line 5 (Content-Usage); search = yes from line 3 (Content-Signal); ai-train = no from line 3 (Content-Signal); licence (RSL): https://news.example/license.xml, line 1', blocked: 'crawling blocked, so no AI preference applies here' },
  { lang: 'nl', label: 'AI-voorkeuren', says: 'crawlen toegestaan; train-ai = n uit regel 5 (Content-Usage); search = yes uit regel 3 (Content-Signal)', blocked: 'crawlen geblokkeerd, dus hier geldt geen AI-voorkeur' },
  { lang: 'ko', label: 'AI 선호', says: '크롤링 허용; 5번 줄의 train-ai = n (Content-Usage); 3번 줄의 search = yes (Content-Signal)', blocked: '크롤링이 차단되어 이곳에는 AI 선호가 적용되지 않음' },
  { lang: 'hi', label: 'AI प्राथमिकताएं', says: 'क्रॉल करने की अनुमति है; लाइन 5 से train-ai = n (Content-Usage); लाइन 3 से search = yes (Content-Signal)', blocked: 'क्रॉल करना रोका गया है, इसलिए यहां कोई AI प्राथमिकता लागू नहीं होती' },
] as const;

const activeLineText = (app: App) => app.page.locator('[data-testid="robots-editor"] .cm-activeLine').textContent();

test.describe('AI preferences per URL, beside the verdict', () => {
  for (const l of LINE) {
    test(`${l.lang}: what the file says about AI use of the tested URL; the keyboard opens the line that says it`, async ({ app }) => {
      await app.open();
      if (l.lang !== 'en') await app.page.getByTestId('language').selectOption(l.lang);
      await app.setCase(PREFS, 'https://news.example/story', 'GPTBot');
      await app.expectVerdict('allowed', 0);
      const line = app.page.getByTestId('ai-preferences');
      await expect(line).toHaveAttribute('data-crawl', 'allowed');
      await expect(line).toContainText(l.label);
      await expect(line).toContainText(l.says);
      // Keyboard: the part naming line 5 is a button; Enter puts the editor's cursor on that line.
      const part = line.locator('button[data-line="5"]');
      await part.focus();
      await app.page.keyboard.press('Enter');
      await expect.poll(() => activeLineText(app)).toBe('Content-Usage: train-ai=n');
      // The longest path wins (attach-05 §3.1); where crawling is blocked no preference applies.
      await app.url.fill('https://news.example/open/story');
      await expect(line).toContainText('train-ai = y');
      await app.url.fill('https://news.example/private/x');
      await app.expectVerdict('disallowed', 4);
      await expect(line).toHaveAttribute('data-crawl', 'blocked');
      await expect(line).toContainText(l.blocked);
    });
  }

  test('a file without AI preferences shows no line; a crawler with a group of its own reads only its group', async ({ app }) => {
    await app.open();
    await app.setCase('User-agent: *\nDisallow: /x\n', 'https://a.test/y', 'GPTBot');
    await app.expectVerdict('allowed', 0);
    await expect(app.page.getByTestId('ai-preferences')).toHaveCount(0);
    await app.paste(`${PREFS}\n\nUser-agent: GPTBot\nAllow: /\nContent-Usage: train-ai=y, ai-use=n`);
    await expect(app.page.getByTestId('ai-preferences')).toContainText('train-ai = y from line 10 (Content-Usage); ai-use = n from line 10 (Content-Usage); licence');
    await expect(app.page.getByTestId('ai-preferences')).not.toContainText('Content-Signal');
  });

  test('Diagnostics: preferences that cannot take effect, labels the current draft lacks, conflicting values', async ({ app }) => {
    await app.open();
    await app.paste(['User-agent: *', 'Disallow: /private/', 'Content-Usage: /private/x train-ai=n', 'Content-Usage: train-genai=n', 'Content-Signal: ai-train=no', 'Content-Usage: train-ai=y'].join('\n'));
    await app.page.getByTestId('tab-diagnostics').click();
    const diag = (line: number, code: string) => app.page.locator(`.diag[data-line="${line}"][data-code="${code}"]`);
    await expect(diag(3, 'pref-not-crawlable')).toContainText('This preference for /private/x never applies: line 2 blocks every URL it covers.');
    await expect(diag(4, 'pref-unknown-label')).toContainText('Write “train-ai” instead.');
    await expect(diag(6, 'pref-conflict')).toContainText('“train-ai=y” here, but “ai-train=no” on line 5');
  });
});

test.describe('advice names whose reading it is about', () => {
  test('MJ12bot runs its own parser: a note that says so, with no rewrite to “MJ”', async ({ app }) => {
    await app.open();
    await app.paste(['User-agent: *', 'Disallow: /admin/', '', 'User-agent: MJ12bot', 'Disallow: /'].join('\n'));
    await app.page.getByTestId('tab-diagnostics').click();
    const row = app.page.locator('.diag[data-line="4"][data-code="agent-name-unreadable"]');
    await expect(row).toHaveClass(/diag-info/);
    await expect(row).toContainText('MJ12bot is not one of Google’s crawlers: it runs its own parser');
    await expect(row).not.toContainText('Write “User-agent: MJ”');
    await expect(row.getByTestId('fix')).toHaveCount(0);
    await expect(app.page.locator('.diag[data-line="4"][data-code="agent-cut"]')).toHaveCount(0);
  });
});

/** nytimes.com's robots.txt when the shared corpus is beside the repository, else a stand-in of the same shape. */
function nytimes(): string {
  const bodies = '../shared/realworld/google/bodies.jsonl';
  if (existsSync(bodies)) {
    for (const line of readFileSync(bodies, 'utf8').split('\n')) {
      if (!line.includes('nytimes.com')) continue;
      const o = JSON.parse(line) as { source: string; robots: string };
      if (o.source.endsWith('www.nytimes.com.robots.txt')) return o.robots;
    }
  }
  const block = (names: string[]) => [...names.map((n) => `user-agent: ${n}`), 'disallow: /', ''];
  return [
    '# news site: content for personal, non-commercial use', '', 'user-agent: *', 'user-agent: googlebot', 'disallow: /search', 'disallow: /*?*query=', 'allow: /ads/public/', '', '',
    '# disallow rules', '',
    ...['anthropic-ai', 'applebot-extended', 'bytespider', 'ccbot', 'chatgpt-user', 'claudebot', 'claude-searchbot', 'claude-user', 'cohere-ai', 'duckassistbot', 'google-extended', 'gptbot',
      'meta-externalfetcher', 'oai-searchbot', 'perplexitybot', 'perplexity-user', 'poseidon research crawler', 'quillbot.com', 'youbot'].flatMap((n) => block([n])),
    '# other bot rules', '', 'user-agent: twitterbot', 'allow: /*?*smid=', '', 'sitemap: https://www.nytimes.com/sitemaps/new/news.xml.gz', '',
  ].join('\n');
}

async function openAiTabByKeyboard(app: App): Promise<void> {
  await app.page.getByTestId('tab-test').focus();
  await app.page.keyboard.press('ArrowRight');
  await app.page.keyboard.press('ArrowRight');
  await expect(app.page.getByTestId('tab-ai')).toHaveAttribute('aria-selected', 'true');
}

test.describe('the AI composer on a real file (nytimes.com)', () => {
  test('the preset changes only what its name says; the preview shows only real changes, in the file’s spelling; after applying, one note, and the composer’s own lines are notes', async ({ app }, info) => {
    const text = nytimes();
    await app.page.setViewportSize({ width: 1400, height: 1000 });
    await app.open();
    await app.paste(text);
    await app.url.fill('https://www.nytimes.com/2026/11/25/world/story.html');
    await openAiTabByKeyboard(app);
    const preset = app.page.getByTestId('ai-preset-no-training');
    await preset.focus();
    await app.page.keyboard.press('Enter');
    await expect(app.page.getByTestId('ai-training-block')).toBeChecked();
    await expect(app.page.getByTestId('ai-search-allow')).toBeChecked();
    // Fetches a user asks for: left as the owner has them.
    await expect(app.page.getByTestId('ai-user-keep')).toBeChecked();
    await expect(app.page.getByTestId('ai-training-includes')).toContainText('Google-Extended, Applebot-Extended');
    await expect(app.page.getByTestId('ai-outcome')).toHaveAttribute('data-ok', 'yes');

    const diff = app.page.getByTestId('ai-diff');
    const rows = await diff.locator('[data-kind]').evaluateAll((els) => els.map((e) => ({ kind: e.getAttribute('data-kind')!, line: Number(e.getAttribute('data-line')), text: e.textContent!.slice(2).replace(/\n$/, '') })));
    const removed = rows.filter((r) => r.kind === 'del').map((r) => r.text);
    // The file's own blocks for user fetchers stay; only the AI search crawlers' blocks go.
    for (const name of ['chatgpt-user', 'claude-user', 'perplexity-user', 'meta-externalfetcher', 'cohere-ai', 'gptbot', 'ccbot']) expect(removed, name).not.toContain(`user-agent: ${name}`);
    for (const name of ['oai-searchbot', 'perplexitybot', 'claude-searchbot']) expect(removed, name).toContain(`user-agent: ${name}`);
    // No rewrite of lines that stay: removed "disallow: /" lines are exactly those of the removed groups.
    expect(removed.filter((t) => t === 'disallow: /').length).toBe(removed.filter((t) => t.startsWith('user-agent: ')).length);
    expect(rows.filter((r) => r.kind === 'add' && /^(User-agent|Disallow):/.test(r.text))).toEqual([]);
    // No phantom: no line is shown both unchanged and removed.
    const same = new Set(rows.filter((r) => r.kind === 'same').map((r) => r.line));
    expect(rows.filter((r) => r.kind === 'del' && same.has(r.line))).toEqual([]);
    const notes = app.page.getByTestId('ai-notes');
    await expect(notes.locator('[data-code=reused-group]')).toHaveCount(0);

    // Screenshots of the preview: light and dark, 1400 px.
    for (const scheme of ['light', 'dark'] as const) {
      await app.page.emulateMedia({ colorScheme: scheme });
      await app.page.getByTestId('ai-diff').scrollIntoViewIfNeeded();
      await app.page.screenshot({ path: info.outputPath(`ai-preview-1400-${scheme}.png`) });
    }

    // Apply with the keyboard: one edit; the file now says it, and says so once.
    await app.page.getByTestId('ai-apply').focus();
    await app.page.keyboard.press('Enter');
    await expect(app.page.getByTestId('notice')).toContainText('Applied as one edit');
    await expect(notes.locator('[data-code=no-change]')).toBeVisible();
    await expect(notes.locator('li')).not.toContainText(['groups are updated in place']);
    await expect(notes.locator('[data-code=reused-group], [data-code=left-group], [data-code=google-untouched]')).toHaveCount(0);

    // The lines it wrote on purpose for their own parsers are notes, not warnings.
    await app.page.getByTestId('tab-diagnostics').click();
    // One card of that kind, a note; its lines name each crawler.
    const own = app.page.locator('.diag[data-code="agent-name-unreadable"]');
    await expect(own).toHaveClass(/diag-info/);
    await own.getByTestId('show-lines').click();
    const texts = [await own.textContent() ?? ''];
    for (const name of ['AI2Bot', 'Brightbot 1.0', 'Linguee Bot']) expect(texts.some((t) => t.includes(`“${name}”`)), name).toBe(true);
  });

  test('phone width, both themes: the preview fits and reads', async ({ app }, info) => {
    await app.page.setViewportSize({ width: 390, height: 844 });
    await app.open();
    await app.paste(nytimes());
    await app.page.getByTestId('tab-ai').click();
    await app.page.getByTestId('ai-preset-no-training').click();
    await expect(app.page.getByTestId('ai-outcome')).toHaveAttribute('data-ok', 'yes');
    for (const scheme of ['light', 'dark'] as const) {
      await app.page.emulateMedia({ colorScheme: scheme });
      await app.page.getByTestId('ai-diff').scrollIntoViewIfNeeded();
      await app.page.screenshot({ path: info.outputPath(`ai-preview-390-${scheme}.png`) });
    }
    const overflow = await app.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

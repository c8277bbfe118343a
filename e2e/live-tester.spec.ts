import { App, expect, manyRules, test } from './fixtures.js';

const ROBOTS = [
  'Disallow: /before-any-group', //   1 rule before any user-agent → ignored
  'User-agent: *', //                 2
  'Disallow: /private', //            3
  'Crawl-delay: 10', //               4 ignored field
  '', //                              5
  'User-agent: Googlebot', //         6
  'Disallow: /checkout/', //          7
  'Allow: /checkout/help', //         8
  'Disalow: /tmp/', //                9 misspelling Google accepts
  'Disallow:', //                    10 empty rule → ignored
  '<html>', //                       11 invalid
  '', //                             12
  'User-agent: AdsBot-Google', //    13
  'Disallow: /ads-only', //          14
].join('\n');

test.describe('highlights', () => {
  test('winner, applied group, ignored and invalid lines', async ({ app }) => {
    await app.open();
    await app.setCase(ROBOTS, 'https://shop.test/checkout/pay', 'Googlebot');
    await app.expectVerdict('disallowed', 7);
    await expect(app.line(7)).toHaveClass(/rt-winner/);
    await expect(app.line(7)).toHaveClass(/rt-winner-disallow/);
    for (const n of [6, 7, 8, 9, 10]) await expect(app.line(n)).toHaveClass(/rt-group/);
    for (const n of [2, 3, 13, 14]) await expect(app.line(n)).not.toHaveClass(/rt-group/);
    for (const n of [1, 4, 10]) await expect(app.line(n)).toHaveClass(/rt-ignored/);
    await expect(app.line(11)).toHaveClass(/rt-invalid/);
    await expect(app.line(11).locator('.rt-invalid-text')).toHaveText('<html>');
    await expect(app.line(3)).not.toHaveClass(/rt-ignored|rt-invalid|rt-winner/);

    // Gutter markers say why.
    await expect(app.page.locator('.rt-marker-info[title*="“Crawl-delay” is a known field that Google does not use"]')).toHaveCount(1);
    await expect(app.page.locator('.rt-marker-error[title*="This rule comes before any user-agent line."]')).toHaveCount(1);
    await expect(app.page.locator('.rt-marker-warning[title*="“Disalow” is a misspelling of disallow."]')).toHaveCount(1);
    await expect(app.page.locator('.rt-marker-info[title*="An empty Disallow blocks nothing."]')).toHaveCount(1);
    await expect(app.page.locator('.rt-marker-error[title*="Not a “field: value” line"]')).toHaveCount(1);

    // An allow decides: green.
    await app.url.fill('https://shop.test/checkout/help/faq');
    await app.expectVerdict('allowed', 8);
    await expect(app.line(8)).toHaveClass(/rt-winner-allow/);
    await expect(app.line(7)).not.toHaveClass(/rt-winner/);
  });

  test('syntax colours follow typing, and Ctrl+/ comments a line out', async ({ app }) => {
    await app.open();
    await app.setCase(ROBOTS, 'https://shop.test/checkout/pay', 'Googlebot');
    await app.expectVerdict('disallowed', 7);
    await expect(app.line(6).locator('.rt-syn-field')).toHaveText('User-agent');
    await expect(app.line(6).locator('.rt-syn-agent')).toHaveText('Googlebot');
    await expect(app.line(2).locator('.rt-syn-wildcard')).toHaveText('*');
    await expect(app.line(4).locator('.rt-syn-other-field')).toHaveText('Crawl-delay');

    // Typing a wildcard into a rule colours it at once.
    await app.line(7).click();
    await app.page.keyboard.press('End');
    await app.page.keyboard.type('*.pdf$');
    await expect(app.line(7)).toHaveText('Disallow: /checkout/*.pdf$');
    await expect(app.line(7).locator('.rt-syn-wildcard')).toHaveText(['*', '$']);

    // Toggle comment knows robots.txt comments start with #.
    await app.page.keyboard.press('ControlOrMeta+/');
    await expect(app.line(7)).toHaveText('# Disallow: /checkout/*.pdf$');
    await expect(app.line(7).locator('.rt-syn-comment')).toHaveText('# Disallow: /checkout/*.pdf$');
    // With line 7 gone, the group's empty `Disallow:` (line 10) allows everything.
    await app.expectVerdict('allowed', 10);
  });

  test('hovering a line shows how Google reads it', async ({ app }) => {
    await app.open();
    await app.setCase(ROBOTS, '/x', 'Googlebot');
    await app.expectVerdict('allowed', 10);
    await app.line(9).hover({ position: { x: 24, y: 8 } });
    await expect(app.page.locator('.rt-tooltip')).toContainText('Line 9 · Disallow rule');
    await expect(app.page.locator('.rt-tooltip [data-code="misspelled-field"]')).toContainText('“Disalow” is a misspelling of disallow.');
    await expect(app.page.locator('.rt-tooltip [data-code="misspelled-field"]')).toContainText('Google accepts it and reads the line as disallow; other crawlers may not.');
  });
});

test.describe('verdict follows every keystroke', () => {
  test('typing in the editor', async ({ app }) => {
    await app.open();
    await app.setCase('User-agent: *\nDisallow: /', 'https://a.test/private/page', 'Googlebot');
    await app.expectVerdict('disallowed', 2);
    await app.line(2).click();
    await app.page.keyboard.press('End');
    const steps: [string, 'allowed' | 'disallowed', number][] = [
      ['p', 'disallowed', 2], // /p
      ['u', 'allowed', 0], //    /pu no longer matches /private
      ['Backspace', 'disallowed', 2],
      ['r', 'disallowed', 2],
    ];
    for (const [key, verdict, line] of steps) {
      await app.page.keyboard.press(key);
      await app.expectVerdict(verdict, line);
    }
    await app.page.keyboard.press('Enter');
    await app.page.keyboard.type('Allow: /private/');
    await app.expectVerdict('allowed', 3);
    await expect(app.line(3)).toHaveClass(/rt-winner-allow/);
    await app.page.keyboard.press('ControlOrMeta+Z');
    await app.expectVerdict('disallowed', 2);
  });

  test('typing the URL', async ({ app }) => {
    await app.open();
    await app.setCase('User-agent: *\nDisallow: /ab\nAllow: /abc', '', 'Googlebot');
    await app.url.click();
    const steps: [string, 'allowed' | 'disallowed', number][] = [
      ['/', 'allowed', 0], ['a', 'allowed', 0], ['b', 'disallowed', 2], ['c', 'allowed', 3], ['d', 'allowed', 3],
    ];
    for (const [key, verdict, line] of steps) {
      await app.page.keyboard.type(key);
      await app.expectVerdict(verdict, line);
    }
  });

  test('shows the path actually tested when it differs from the input', async ({ app }) => {
    await app.open();
    await app.setCase('User-agent: *\nDisallow: /caf%C3%A9', 'https://a.test/café?x=1#top', 'Googlebot');
    await app.expectVerdict('disallowed', 2);
    await expect(app.page.getByTestId('tested-path')).toContainText('/caf%C3%A9?x=1');
  });
});

test.describe('crawlers', () => {
  const robots = [
    'User-agent: *', //             1
    'Disallow: /', //               2
    '', //                          3
    'User-agent: Googlebot', //     4
    'Disallow: /nogoogle', //       5
  ].join('\n');

  test('a full User-Agent string, a crawler falling back to *, and a special-case crawler ignoring *', async ({ app }) => {
    await app.open();
    await app.setCase(robots, 'https://a.test/page', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    await app.expectVerdict('allowed', 0);
    await expect(app.page.getByTestId('explanation')).toContainText('From the User-Agent string, Google reads the token “Googlebot”');
    await expect(app.page.getByTestId('group-explanation')).toContainText('The group for “Googlebot” (line 4) applies');

    await app.userAgent.fill('Bingbot');
    await app.expectVerdict('disallowed', 2);
    await expect(app.page.getByTestId('group-explanation')).toContainText('No group names Bingbot, so the * group (line 1) applies.');
    await expect(app.line(1)).toHaveClass(/rt-group/);
    await expect(app.line(4)).not.toHaveClass(/rt-group/);

    await app.userAgent.fill('AdsBot-Google');
    await app.expectVerdict('allowed', 0);
    await expect(app.page.getByTestId('group-explanation')).toContainText('special-case crawler: it ignores the * group');
  });

  test('picking from the crawler list, with the keyboard', async ({ app }) => {
    await app.open();
    await app.setCase(robots, 'https://a.test/x', 'Googlebot');
    await app.userAgent.fill('');
    await app.userAgent.type('inspection');
    await expect(app.page.getByRole('option', { name: /Google-InspectionTool/ })).toBeVisible();
    await app.page.keyboard.press('Enter');
    await expect(app.userAgent).toHaveValue('Google-InspectionTool');
    // It obeys Google-InspectionTool, then Googlebot: the Googlebot group applies.
    await app.expectVerdict('allowed', 0);
    await expect(app.page.getByTestId('group-explanation')).toContainText('so it follows the Googlebot group (line 4)');
    await app.page.getByRole('button', { name: 'Show crawlers' }).click();
    await app.page.getByRole('option', { name: /Mediapartners-Google/ }).click();
    await expect(app.userAgent).toHaveValue('Mediapartners-Google');
    await app.expectVerdict('allowed', 0);
  });
});

test('clicking the deciding rule puts the cursor on it and scrolls to it, painting no other text', async ({ app }) => {
  await app.open();
  const filler = Array.from({ length: 400 }, (_, i) => `# filler line ${i + 1}`);
  const robots = ['User-agent: *', ...filler, 'Disallow: /deep'].join('\n');
  await app.setCase(robots, 'https://a.test/deep/x', 'Googlebot');
  await app.expectVerdict('disallowed', 402);
  await app.content.evaluate((el) => el.closest('.cm-scroller')!.scrollTo(0, 0));
  await app.page.getByTestId('deciding-rule').click();
  const winner = app.page.locator('.cm-line.rt-winner');
  await expect(winner).toBeInViewport();
  await expect(winner).toHaveText('Disallow: /deep');
  await expect(winner).toHaveClass(/cm-activeLine/);
  await expect.poll(() => app.page.evaluate(() => document.getSelection()?.toString())).toBe('');
  await expect(app.page.locator('.cm-selectionMatch')).toHaveCount(0);
});

test('the deciding line scrolls into view when it changes, without moving the cursor or focus', async ({ app }) => {
  await app.open();
  const filler = Array.from({ length: 400 }, (_, i) => `Disallow: /filler-${i + 1}/`);
  const robots = ['User-agent: *', 'Disallow: /search', ...filler, 'Disallow: /deep', '# the end'].join('\n');
  await app.setCase(robots, 'https://a.test/search', 'Googlebot');
  await app.expectVerdict('disallowed', 2);
  await app.content.evaluate((el) => el.closest('.cm-scroller')!.scrollTo(0, 0));
  await app.url.fill('https://a.test/deep/x');
  await app.expectVerdict('disallowed', 403);
  await expect(app.page.locator('.cm-line.rt-winner')).toBeInViewport();
  await expect(app.url).toBeFocused();
  // The cursor stayed where it was (the paste left it at the end of the text).
  await expect(app.page.locator('.cm-line.rt-winner')).not.toHaveClass(/cm-activeLine/);
  await expect(app.page.locator('.cm-selectionMatch')).toHaveCount(0);
});

test('a 500 KB paste keeps the page responsive and shows the 500 KiB cut', async ({ app }) => {
  await app.open();
  const rules: string[] = ['User-agent: *'];
  let size = 0;
  for (let i = 0; size < 530_000; i++) {
    const line = `Disallow: /section-${i}/page-${i % 97}/*.html$`;
    rules.push(line);
    size += line.length + 1;
  }
  rules.push('Disallow: /after-the-limit');
  await app.paste(rules.join('\n'));
  await app.url.fill('https://a.test/section-5/page-5/x.html');
  await app.expectVerdict('disallowed', 7);
  await expect(app.page.getByTestId('limit-notice')).toContainText('Over 500 KiB');
  // The rule after the cut is ignored.
  await app.url.fill('https://a.test/after-the-limit');
  await app.expectVerdict('allowed', 0);
  // Typing still updates the verdict at once (the paste left the cursor at the end: go to line 1).
  await app.content.focus();
  await app.page.keyboard.press('ControlOrMeta+Home');
  await app.page.keyboard.press('End');
  await app.page.keyboard.press('Enter');
  await app.page.keyboard.type('Disallow: /after');
  await app.expectVerdict('disallowed', 2);
  await app.page.keyboard.press('Backspace');
  await expect(app.verdict).toHaveAttribute('data-line', '2');
});

test('a stuck worker is restarted, the user is told, and no edit is lost', async ({ app }) => {
  await app.open();
  await app.setCase('User-agent: *\nDisallow: /a', 'https://a.test/a', 'Googlebot');
  await app.expectVerdict('disallowed', 2);
  await app.hangWorker('robots-analysis', 6000);
  // Edits made while the worker is stuck are kept and analysed by the new worker.
  await app.line(2).click();
  await app.page.keyboard.press('End');
  await app.page.keyboard.type('b');
  await expect(app.page.getByTestId('notice')).toContainText('restarted', { timeout: 5000 });
  await app.expectVerdict('allowed', 0);
  await expect(app.line(2)).toHaveText('Disallow: /ab');
  await app.url.fill('https://a.test/abc');
  await app.expectVerdict('disallowed', 2);
  await app.page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(app.page.getByTestId('notice')).toHaveCount(0);
});

test('typing in the middle of a large file: every edit reaches the worker as a change and the verdict follows', async ({ app }) => {
  await app.open();
  // 3,000 rules (~90 KB): large enough that edits travel as changes, not as copies of the file.
  await app.paste(manyRules(3000, 'shelf'));
  await app.url.fill('https://a.test/shelf-1500x/item');
  await app.expectVerdict('allowed', 0);
  // Line 1502 is `Disallow: /shelf-1500/`: go there (Ctrl+Alt+G) and make it `/shelf-1500x/`.
  await app.content.focus();
  await app.page.keyboard.press('ControlOrMeta+Alt+g');
  await app.page.keyboard.type('1502');
  await app.page.keyboard.press('Enter');
  await app.page.keyboard.press('End');
  await app.page.keyboard.press('ArrowLeft');
  await app.page.keyboard.type('x');
  await app.expectVerdict('disallowed', 1502);
  // The worker's copy is exact, character for character (the deciding rule is read from it).
  await expect(app.page.getByTestId('deciding-rule')).toContainText('Disallow: /shelf-1500x/');
  // A new line above it moves the deciding rule down by one.
  await app.page.keyboard.press('Home');
  await app.page.keyboard.press('Enter');
  await app.expectVerdict('disallowed', 1503);
  await expect(app.page.getByTestId('deciding-rule')).toContainText('Disallow: /shelf-1500x/');
  // After a worker crash the file is sent whole again, and typing goes on with no edit lost.
  await app.crashWorker('robots-analysis');
  await expect(app.page.getByTestId('notice')).toContainText('restarted', { timeout: 5000 });
  await app.page.keyboard.press('Backspace');
  await app.expectVerdict('disallowed', 1502);
  await app.page.keyboard.press('End');
  await app.page.keyboard.press('Backspace');
  await app.page.keyboard.press('Backspace');
  await app.page.keyboard.type('y/');
  await app.expectVerdict('allowed', 0);
  await expect(app.page.locator('.cm-activeLine')).toHaveText('Disallow: /shelf-1500y/');
});

test('two tabs of the tester analyse side by side, each showing its own verdicts (answers travel on a channel per worker)', async ({ app }) => {
  await app.open();
  await app.setCase('User-agent: *\nDisallow: /a', 'https://a.test/a', 'Googlebot');
  await app.expectVerdict('disallowed', 2);
  const other = new App(await app.page.context().newPage());
  await other.open();
  await other.setCase('User-agent: *\nAllow: /\nDisallow: /b', 'https://a.test/a', 'Googlebot');
  await other.expectVerdict('allowed', 2);
  // Typing in one tab changes its verdict only.
  await app.line(2).click();
  await app.page.keyboard.press('End');
  await app.page.keyboard.type('x');
  await app.expectVerdict('allowed', 0);
  await other.line(3).click();
  await other.page.keyboard.press('End');
  await other.page.keyboard.press('Backspace');
  await other.page.keyboard.type('a');
  await other.expectVerdict('disallowed', 3);
  await app.expectVerdict('allowed', 0);
  await other.page.close();
});

/**
 * What the editor shows on each drawn line, by line number: its text, its rt-* line classes, its
 * syntax colours (class and text of each piece) and its gutter marker.
 */
function drawnLines(page: App['page']): Promise<Record<number, string>> {
  return page.evaluate(() => {
    const editor = document.querySelector('[data-testid="robots-editor"]')!;
    const atTop = (selector: string, top: number) =>
      [...editor.querySelectorAll(selector)].find((g) => Math.abs(g.getBoundingClientRect().top - top) < 2);
    const out: Record<number, string> = {};
    for (const line of editor.querySelectorAll('.cm-line')) {
      const top = line.getBoundingClientRect().top;
      const number = Number(atTop('.cm-lineNumbers .cm-gutterElement', top)?.textContent);
      if (!number) continue;
      const classes = [...line.classList].filter((c) => c.startsWith('rt-')).sort().join(' ');
      const pieces = [...line.querySelectorAll('[class*="rt-syn-"]')].map((s) => `${s.className}=${s.textContent}`).join(' | ');
      const marker = atTop('.rt-marker-gutter .cm-gutterElement', top)?.querySelector('.rt-marker');
      out[number] = `${line.textContent} :: ${classes} :: ${pieces} :: ${marker ? `${marker.className} ${marker.getAttribute('title')}` : '-'}`;
    }
    return out;
  });
}

/**
 * drawnLines once the analysis of the current text is shown and nothing has changed for 2.5 s:
 * longer than the pause before the file-wide findings are asked for (at most 1.65 s).
 */
async function settledLines(app: App): Promise<Record<number, string>> {
  let before = JSON.stringify(await drawnLines(app.page));
  for (let still = 0; still < 5; ) {
    await app.page.waitForTimeout(500);
    const revision = await app.page.evaluate(() => (window as unknown as { __robotsTester: { revision(): number } }).__robotsTester.revision());
    const shown = Number(await app.verdict.getAttribute('data-revision'));
    const now = JSON.stringify(await drawnLines(app.page));
    still = shown === revision && now === before ? still + 1 : 0;
    before = now;
  }
  return JSON.parse(before) as Record<number, string>;
}

test('typing in a big file redraws only what it changed: colours, highlights and markers equal a fresh drawing of the same text', async ({ app }) => {
  const block = ['# section', 'User-agent: *', 'Disallow: /private', 'Crawl-delay: 10', 'User-agent: Googlebot', 'Disalow: /tmp/*.pdf$', 'Allow: /tmp/ok', '<html>', ''];
  const scroller = app.page.locator('[data-testid="robots-editor"] .cm-scroller');
  // Where the editor and the page are scrolled (the page scrolls too when the explanation is long).
  const scrolled = () => scroller.evaluate((el) => [el.scrollTop, window.scrollY] as const);
  const goTo = async (line: number) => {
    await app.page.keyboard.press('ControlOrMeta+Alt+g');
    await app.page.keyboard.type(String(line));
    await app.page.keyboard.press('Enter');
  };
  const keys = async (...list: string[]) => {
    for (const key of list) await app.page.keyboard.press(key === ' ' ? 'Space' : key);
  };
  const doc = () => app.page.evaluate(() => (window as unknown as { __robotsTester: { doc(): string } }).__robotsTester.doc());
  await app.open();
  await app.paste(Array.from({ length: 400 }, () => block.join('\n')).join('\n'));
  await app.url.fill('https://a.test/private/x');
  await app.expectVerdict('allowed', 0);
  await app.content.focus();
  // Line 1803 is a `Disallow: /private`: edit it and around it (new lines, joined lines), then
  // look before the view moves.
  await goTo(1803);
  await keys('End', 'x', 'Enter', ...'Disalow: /typo*', 'Enter', ...'<html>', 'Home', 'Backspace', 'Backspace', 'Backspace', 'ArrowUp', 'End', ...' # note', 'ArrowUp', 'Home', ...'# ');
  const middle = { lines: await settledLines(app), at: await scrolled(), text: await doc() };
  expect(middle.lines[1803]).toMatch(/^Disallow: \/privatex # note :: /);
  expect(middle.lines[1804]).toMatch(/^Disalow: \/typ<html> :: .*rt-syn-field=Disalow.* :: rt-marker rt-marker-warning /);
  expect(middle.lines[1802]).toMatch(/^# User-agent: \* :: .*rt-syn-comment=# User-agent: \*/);
  // Commenting out the file's first user-agent line makes line 3 a rule before any group: its
  // reading changes though its text does not.
  await goTo(2);
  await keys('Home', ...'# ');
  const top = { lines: await settledLines(app), at: await scrolled(), text: await doc() };
  expect(top.lines[3]).toMatch(/^Disallow: \/private :: rt-ignored :: .* :: rt-marker rt-marker-error /);
  // Each text drawn afresh, by a new editor (the page loaded again), scrolled to the same place.
  for (const [typed, lines] of [[middle, ['1802', '1803', '1804', '1805']], [top, ['1', '2', '3', '4']]] as const) {
    await app.open();
    await app.paste(typed.text);
    await app.url.fill('https://a.test/private/x');
    await scroller.evaluate((el, [editorTop, pageTop]) => {
      el.scrollTo(0, editorTop);
      window.scrollTo(0, pageTop);
    }, typed.at);
    const fresh = await settledLines(app);
    const shared = Object.keys(typed.lines).filter((n) => n in fresh);
    expect(shared).toEqual(expect.arrayContaining([...lines]));
    expect(Object.fromEntries(shared.map((n) => [n, fresh[Number(n)]]))).toEqual(Object.fromEntries(shared.map((n) => [n, typed.lines[Number(n)]])));
  }
});

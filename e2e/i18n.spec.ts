import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.js';

/** A file with one misspelled field and one rule that decides: every kind of text appears once. */
const ROBOTS = 'User-agent: *\nDisalow: /private/\nDisallow: /tmp/\n';
const TEST_URL = 'https://example.com/tmp/report';

/** What each language shows for ROBOTS × URL × Googlebot, in the words of Google's docs in that language. */
const LANGUAGES = [
  {
    locale: 'hi-IN', lang: 'hi', blocked: 'ब्लॉक है', group: '* ग्रुप', reason: 'सबसे लंबा मेल खाने वाला नियम', why: 'क्यों',
    finding: 'की गलत वर्तनी है', fix: '“Disallow” लिखें', tab: 'जांच के नतीजे', notice: 'नई robots.txt शुरू की गई', hover: 'लाइन 2', find: 'खोजें',
  },
  {
    locale: 'nl-NL', lang: 'nl', blocked: 'Geblokkeerd', group: 'de *-groep', reason: 'langste overeenkomende regel', why: 'Waarom',
    finding: 'is een spelfout voor', fix: 'Schrijf “Disallow”', tab: 'Diagnose', notice: 'Nieuwe robots.txt gestart', hover: 'Regel 2', find: 'Zoeken',
  },
  {
    locale: 'ko-KR', lang: 'ko', blocked: '차단됨', group: '* 그룹', reason: '가장 길게 일치하는 규칙', why: '이유',
    finding: '의 오타입니다', fix: '다음으로 쓰기: “Disallow”', tab: '진단', notice: '새 robots.txt를 시작했습니다', hover: '2번 줄', find: '찾기',
  },
] as const;

for (const l of LANGUAGES) {
  test.describe(`a browser in ${l.locale}`, () => {
    test.use({ locale: l.locale });

    test('verdict, Why, diagnostics, hover, repairs and notices appear in its language; data stays as written', async ({ app }) => {
      const { page } = app;
      await app.open();
      await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
      await expect(page.getByTestId('language')).toHaveValue(l.lang);
      await app.setCase(ROBOTS, TEST_URL, 'Googlebot');
      await app.expectVerdict('disallowed', 3);
      await expect(app.verdict.locator('.verdict-word')).toHaveText(l.blocked);
      // Rule text, URL path, crawler token and line number are data: never translated.
      await expect(page.getByTestId('deciding-rule')).toContainText('Disallow: /tmp/');
      await expect(page.getByTestId('deciding-rule')).toContainText('3');
      await expect(app.verdict).toContainText('/tmp/report');
      await expect(page.getByTestId('explanation').locator('h3')).toHaveText(l.why);
      await expect(page.getByTestId('group-explanation')).toContainText(l.group);
      await expect(page.getByTestId('group-explanation')).toContainText('Googlebot');
      await expect(page.getByTestId('reason')).toContainText(l.reason);
      await expect(page.getByTestId('reason')).toContainText('/tmp/');
      // No mechanical particles such as “Googlebot은(는)”: sentences read whatever the name.
      expect(await page.locator('.test-panel').innerText()).not.toMatch(/\((?:은|는|이|가|을|를|와|과|으)\)/);

      // The editor: hover and gutter speak the language too.
      await app.line(2).hover({ position: { x: 30, y: 8 } });
      const tooltip = page.locator('.rt-tooltip');
      await expect(tooltip.locator('.rt-tooltip-head')).toContainText(l.hover);
      await expect(tooltip.locator('[data-code="misspelled-field"]')).toContainText(l.finding);
      await page.keyboard.press('Escape');
      // The pointer leaves the line, as a hand does: resting there, CodeMirror's lint tooltip opens over line 1.
      await page.mouse.move(0, 0);
      await expect(page.locator('.rt-marker-warning').first()).toHaveAttribute('title', new RegExp(l.finding));
      // CodeMirror's own panels too: Ctrl+F opens the search panel in the language.
      await app.line(1).click();
      await page.keyboard.press('ControlOrMeta+F');
      await expect(page.locator('.cm-search input[name="search"]')).toHaveAttribute('placeholder', l.find);
      await page.keyboard.press('Escape');

      // Diagnostics and their one-click repair, reached from the keyboard.
      const tab = page.getByTestId('tab-diagnostics');
      await expect(tab).toContainText(l.tab);
      await page.getByTestId('tab-test').focus();
      // Test, Bulk, AI access, Diagnostics.
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      const row = page.locator('[data-code="misspelled-field"]');
      await expect(row.locator('.diag-title')).toContainText(l.finding);
      await expect(row.getByTestId('fix')).toHaveText(l.fix);

      // A notice, after a dialog in the same language.
      await page.getByTestId('new-file').click();
      await expect(page.getByTestId('new-dialog')).toBeVisible();
      await page.getByTestId('new-dialog').locator('button[value="blank"]').click();
      await expect(page.getByTestId('notice')).toContainText(l.notice);
    });
  });
}

test.describe('the language picker', () => {
  test.use({ locale: 'en-US' });

  test('switches every text at once (keyboard included), is remembered on this device, and links carry no language', async ({ app, browser }) => {
    const { page } = app;
    await app.open();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await app.setCase(ROBOTS, TEST_URL, 'Googlebot');
    await app.expectVerdict('disallowed', 3);
    await expect(app.verdict.locator('.verdict-word')).toHaveText('Blocked');
    await page.getByTestId('tab-diagnostics').click();
    await expect(page.locator('[data-code="misspelled-field"] .diag-title')).toContainText('is a misspelling of');

    // Keyboard: focus the picker and choose with the arrow keys.
    const picker = page.getByTestId('language');
    await picker.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(picker).toHaveValue('nl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.locator('[data-code="misspelled-field"] .diag-title')).toContainText('is een spelfout voor');
    await expect(page.getByTestId('tab-diagnostics')).toContainText('Diagnose');
    // The editor's words follow without a reload: its lint markers and hover are reworded.
    await app.line(2).hover({ position: { x: 30, y: 8 } });
    await expect(page.locator('.rt-tooltip-head')).toContainText('Regel 2');
    await page.keyboard.press('Escape');

    await picker.selectOption('ko');
    await page.getByTestId('tab-test').click();
    await expect(app.verdict.locator('.verdict-word')).toHaveText('차단됨');

    // Remembered on this device: a reload opens in Korean, whatever the browser says.
    await page.reload();
    await expect(page.getByTestId('language')).toHaveValue('ko');
    await expect(app.verdict.locator('.verdict-word')).toHaveText('차단됨');

    // A shared link carries no language: a Dutch browser reads the same case in Dutch.
    await page.getByTestId('copy-link').click();
    await expect.poll(() => page.evaluate(() => location.hash.length)).toBeGreaterThan(10);
    const link = page.url();
    expect(decodeURIComponent(link)).not.toMatch(/lang|ko/);
    const other = await browser.newContext({ locale: 'nl-NL', baseURL: new URL('.', link).href });
    const otherPage = await other.newPage();
    await otherPage.goto(link);
    await expect(otherPage.getByTestId('verdict')).toHaveAttribute('data-verdict', 'disallowed');
    await expect(otherPage.getByTestId('verdict').locator('.verdict-word')).toHaveText('Geblokkeerd');
    await expect(otherPage.locator('html')).toHaveAttribute('lang', 'nl');
    await other.close();
  });
});

test.describe('a tab’s words load with the tab', () => {
  test.use({ locale: 'nl-NL' });

  test('the Logs and Site tabs speak the language once opened, and the new one after a switch', async ({ app }) => {
    const { page } = app;
    await app.open();
    await page.getByTestId('tab-logs').click();
    await expect(page.getByTestId('logs-choose')).toHaveText('Logbestanden kiezen');
    await page.getByTestId('tab-site').click();
    await expect(page.getByTestId('site-open')).toHaveText('Bestanden openen…');
    await page.getByTestId('language').selectOption('ko');
    await expect(page.getByTestId('site-open')).toHaveText('파일 열기…');
    await page.getByTestId('tab-logs').click();
    await expect(page.getByTestId('logs-choose')).toHaveText('로그 파일 선택');
    await page.getByTestId('language').selectOption('hi');
    await expect(page.getByTestId('logs-choose')).toHaveText('लॉग फ़ाइलें चुनें');
    await page.getByTestId('tab-site').click();
    await expect(page.getByTestId('site-open')).toHaveText('फ़ाइलें खोलें…');
  });
});

test.describe('layout holds in every language', () => {
  for (const l of LANGUAGES) {
    for (const width of [1400, 390]) {
      test.describe(`${l.locale} at ${width} px`, () => {
        test.use({ locale: l.locale, viewport: { width, height: 900 } });

        test('nothing overflows the page sideways, on any tab; axe finds nothing serious', async ({ app }) => {
          const { page } = app;
          await app.open();
          for (const tab of ['test', 'bulk', 'diagnostics', 'site', 'compare', 'logs']) {
            await page.getByTestId(`tab-${tab}`).click();
            await expect(page.getByTestId(`tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
            // Let lazily loaded tabs render before measuring.
            await page.waitForTimeout(150);
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            expect(overflow, `${tab} overflows by ${overflow} px`).toBeLessThanOrEqual(0);
            const serious = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
            expect(serious.map((v) => `${tab}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([]);
          }
        });
      });
    }
  }
});

import { deflateRawSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test, type App } from './fixtures.js';

const b64url = (b: Buffer) => b.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const pack = (value: unknown) => 'z' + b64url(deflateRawSync(Buffer.from(JSON.stringify(value))));

/** The autosaved draft's robots.txt as stored on this device (localStorage, format 2's `r`). */
const savedRobots = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('robots-txt-tester:draft');
    return raw ? (JSON.parse(raw) as { r?: string }).r ?? null : null;
  });
const saved = (page: Page) => page.evaluate(() => (window as unknown as { __robotsTester: { saved(): Promise<void> } }).__robotsTester.saved());

/** A second tab of the same browser (one context: same storage, same locks), failing on page errors. */
async function secondTab(app: App): Promise<{ page: Page; errors: string[] }> {
  const page = await app.page.context().newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('./');
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', /allowed|disallowed/);
  return { page, errors };
}

/** Replaces the robots.txt of `page` as a paste does. */
async function pasteIn(page: Page, text: string): Promise<void> {
  const content = page.locator('[data-testid="robots-editor"] .cm-content');
  await content.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await content.evaluate((el, t) => {
    const ev = new ClipboardEvent('paste', { clipboardData: new DataTransfer(), bubbles: true, cancelable: true });
    ev.clipboardData!.setData('text/plain', t);
    el.dispatchEvent(ev);
  }, text);
}

test('two tabs of one browser: one autosaves the draft, the other says so, saves nothing, and may take over', async ({ app }) => {
  await app.open();
  await app.paste('User-agent: *\nDisallow: /one');
  await saved(app.page);
  expect(await savedRobots(app.page)).toBe('User-agent: *\nDisallow: /one');

  const second = await secondTab(app);
  const tab2 = second.page;
  // The second tab opens the draft, says another tab autosaves it; the first tab is told.
  await expect(tab2.getByTestId('draft-elsewhere')).toContainText('open in another tab');
  await expect(tab2.locator('[data-testid="robots-editor"] .cm-line').nth(1)).toHaveText('Disallow: /one');
  await expect(app.page.getByTestId('notice')).toContainText('opened in another tab');
  await expect(app.page.getByTestId('draft-elsewhere')).toHaveCount(0);

  // Edits in the second tab do not overwrite the first tab's draft.
  await pasteIn(tab2, 'User-agent: *\nDisallow: /two');
  await tab2.waitForTimeout(400);
  await saved(tab2);
  expect(await savedRobots(app.page)).toBe('User-agent: *\nDisallow: /one');
  // The first tab's edits are saved.
  await app.line(2).click();
  await app.page.keyboard.press('End');
  await app.page.keyboard.type('-more');
  await saved(app.page);
  expect(await savedRobots(app.page)).toBe('User-agent: *\nDisallow: /one-more');

  // Taking over (keyboard): the second tab's case becomes the draft, and the first tab is told.
  await tab2.getByTestId('take-over-draft').focus();
  await tab2.keyboard.press('Enter');
  await expect(tab2.getByTestId('draft-elsewhere')).toHaveCount(0);
  await expect.poll(() => savedRobots(app.page)).toBe('User-agent: *\nDisallow: /two');
  await expect(app.page.getByTestId('notice')).toContainText('Another tab now autosaves your draft');
  await expect(app.page.getByTestId('draft-elsewhere')).toBeVisible();
  // Now the first tab's edits wait; they go in when it gets the autosave back (the other tab closed).
  await app.page.keyboard.type('-later');
  await app.page.waitForTimeout(400);
  await saved(app.page);
  expect(await savedRobots(app.page)).toBe('User-agent: *\nDisallow: /two');
  await tab2.close();
  await expect(app.page.getByTestId('draft-elsewhere')).toHaveCount(0);
  await expect.poll(() => savedRobots(app.page)).toBe('User-agent: *\nDisallow: /one-more-later');
  expect(second.errors).toEqual([]);
});

test('a tab that opens a shared link tells no one and takes nothing', async ({ app }) => {
  await app.open();
  await app.paste('User-agent: *\nDisallow: /mine');
  await saved(app.page);
  const tab2 = await app.page.context().newPage();
  await tab2.goto('./#' + pack({ v: 1, r: 'User-agent: *\nDisallow: /theirs', t: [{ u: '/theirs' }] }));
  await expect(tab2.getByTestId('shared-banner')).toBeVisible();
  await expect(tab2.getByTestId('draft-elsewhere')).toHaveCount(0);
  await app.page.waitForTimeout(300);
  await expect(app.page.getByTestId('notice')).toHaveCount(0);
  expect(await savedRobots(app.page)).toBe('User-agent: *\nDisallow: /mine');
  await tab2.close();
});

test('a fragment change within 250 ms of typing loses no keystroke of the draft', async ({ app }) => {
  await app.open();
  await app.paste('User-agent: *\nDisallow: /draft');
  await saved(app.page);
  await app.line(2).click();
  await app.page.keyboard.press('End');
  await app.page.keyboard.type('-typed');
  // At once, well inside the 250 ms autosave delay: a link pasted into the address bar of this tab.
  await app.page.evaluate((h) => { location.hash = h; }, '#' + pack({ v: 1, r: 'User-agent: *\nAllow: /\nDisallow: /theirs', t: [{ u: '/theirs' }] }));
  await expect(app.page.getByTestId('shared-banner')).toBeVisible();
  await expect(app.line(3)).toHaveText('Disallow: /theirs');
  await saved(app.page);
  expect(await savedRobots(app.page)).toBe('User-agent: *\nDisallow: /draft-typed');
  await app.page.getByTestId('back-to-draft').click();
  await expect(app.line(2)).toHaveText('Disallow: /draft-typed');
  await app.page.goto('./');
  await expect(app.line(2)).toHaveText('Disallow: /draft-typed');
});

/** The banner and the notice in each language (the catalogue's words). */
const LANGUAGES = [
  { locale: 'nl-NL', banner: 'open in een ander tabblad', notice: 'geopend in een ander tabblad', take: 'Hier automatisch opslaan', taken: 'Een ander tabblad slaat uw concept nu' },
  { locale: 'ko-KR', banner: '다른 탭에서 열려 있고', notice: '다른 탭에서 열렸습니다', take: '대신 여기서 자동 저장', taken: '이제 다른 탭이 내 초안을 자동 저장합니다' },
  { locale: 'hi-IN', banner: 'दूसरे टैब में खुला है', notice: 'दूसरे टैब में खोला गया', take: 'इसके बजाय यहाँ अपने-आप सेव करें', taken: 'अब एक दूसरा टैब आपका ड्राफ़्ट' },
];
for (const l of LANGUAGES) {
  test.describe(l.locale, () => {
    test.use({ locale: l.locale });
    test('the other tab is told in its language', async ({ app }) => {
      await app.open();
      const { page: tab2, errors } = await secondTab(app);
      await expect(tab2.getByTestId('draft-elsewhere')).toContainText(l.banner);
      await expect(app.page.getByTestId('notice')).toContainText(l.notice);
      await expect(tab2.getByTestId('take-over-draft')).toHaveText(l.take);
      await tab2.getByTestId('take-over-draft').click();
      await expect(app.page.getByTestId('notice')).toContainText(l.taken);
      await tab2.close();
      expect(errors).toEqual([]);
    });
  });
}

import { deflateRawSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { expect, manyRules, test } from './fixtures.js';
import frozenV1 from '../src/share/fixtures/link-v1.json' with { type: 'json' };
import frozenV2 from '../src/share/fixtures/link-v2.json' with { type: 'json' };

const b64url = (b: Buffer) => b.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const pack = (value: unknown) => 'z' + b64url(deflateRawSync(Buffer.from(JSON.stringify(value))));

const ROBOTS_CRLF = 'User-agent: *\r\nDisallow: /ünï # ä comment\r\n\tAllow: /100%\r\n\r\nUser-agent: AdsBot-Google\r\nDisallow: /ads\r\n';

test('a link reproduces the case exactly in a fresh browser', async ({ app, browser }) => {
  await app.open();
  await app.paste(ROBOTS_CRLF);
  await app.url.fill('https://a.test/ünï/x');
  await app.expectVerdict('disallowed', 2);
  await app.page.getByTestId('add-test').click();
  await app.url.fill('https://a.test/100%25/y');
  await app.expectVerdict('allowed', 3);
  await app.page.getByTestId('add-test').click();
  await app.url.fill('https://a.test/ads/1');
  // A second crawler for every URL: the matrix is 3 URLs × 2 crawlers.
  await app.page.getByTestId('add-crawler').click();
  await app.page.keyboard.type('AdsBot-Google');
  await app.page.keyboard.press('Enter');
  await app.expectVerdict('disallowed', 6);
  await expect(app.page).toHaveURL(/#z[A-Za-z0-9_-]+$/);
  await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.page.getByTestId('copy-link').click();
  await expect(app.page.getByTestId('copy-link')).toHaveText('Link copied ✓');
  const link = await app.page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(app.page.url());

  const fresh = await browser.newContext();
  const page = await fresh.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(link);
  const verdict = page.getByTestId('verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'disallowed');
  await expect(verdict).toHaveAttribute('data-line', '6');
  await expect(page.getByTestId('user-agent')).toHaveValue('AdsBot-Google');
  await expect(page.getByTestId('test-cell')).toHaveCount(6);
  await expect(page.getByTestId('test-cell').nth(0)).toHaveAttribute('data-verdict', 'disallowed');
  await expect(page.getByTestId('test-cell').nth(1)).toHaveAttribute('data-verdict', 'allowed');
  await expect(page.getByTestId('test-cell').nth(5)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.cm-line').nth(1)).toHaveText('Disallow: /ünï # ä comment');
  await expect(page.locator('.cm-line').nth(2)).toHaveText('\tAllow: /100%');
  // The text, CRLF line breaks included, comes back byte for byte.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save robots.txt' }).click();
  const saved = readFileSync(await (await download).path()!, 'utf8');
  expect(saved).toBe(ROBOTS_CRLF);
  // Opening a shared link does not count as the visitor's own draft.
  await expect(page.getByTestId('shared-banner')).toBeVisible();
  expect(errors).toEqual([]);
  await fresh.close();
});

test.describe('hostile links open safely, with a message, and the draft instead', () => {
  const cases: [string, string | (() => string)][] = [
    ['invalid base64', 'z!!!%%%'],
    ['not our format', 'hello-world'],
    ['a broken deflate stream', 'z' + b64url(Buffer.from('this is not deflate at all'))],
    ['a truncated link', () => frozenV1.fragment.slice(0, 60)],
    ['a decompression bomb', () => pack({ v: 1, r: 'A'.repeat(4 * 1024 * 1024) })],
    ['an unknown version', () => pack({ v: 42, r: 'x' })],
    ['wrong types', () => pack({ v: 1, r: ['User-agent: *'], t: 'x' })],
  ];
  for (const [name, fragment] of cases) {
    test(name, async ({ app }) => {
      await app.open();
      await app.paste('User-agent: *\nDisallow: /my-draft');
      await app.url.fill('/my-draft/page');
      await app.expectVerdict('disallowed', 2);
      await app.page.waitForTimeout(400); // the autosave debounce
      const f = typeof fragment === 'string' ? fragment : fragment();
      await app.page.goto('./?fresh#' + f);
      await expect(app.page.getByTestId('notice')).toContainText('This link could not be opened');
      await expect(app.line(2)).toHaveText('Disallow: /my-draft');
      await app.expectVerdict('disallowed', 2);
      await app.page.getByRole('button', { name: 'Dismiss' }).click();
      await expect(app.page.getByTestId('notice')).toHaveCount(0);
      // The page keeps working.
      await app.url.fill('/elsewhere');
      await app.expectVerdict('allowed', 0);
    });
  }

  test('HTML and script in every value are shown as text, never run', async ({ app }) => {
    const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    await app.page.goto('./#' + pack({ v: 1, r: `User-agent: *\nDisallow: /${evil}`, t: [{ u: `/${evil}`, c: evil }] }));
    await expect(app.verdict).toHaveAttribute('data-verdict', /allowed|disallowed/);
    await expect(app.line(2)).toHaveText(`Disallow: /${evil}`);
    await expect(app.userAgent).toHaveValue(evil);
    await expect(app.page.getByTestId('test-url')).toHaveValue(`/${evil}`);
    expect(await app.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(app.page.locator('img[src="x"], body script:not([type="module"])')).toHaveCount(0);
  });
});

test('a page opened and left alone gets its case’s link and draft once it is idle', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('./');
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'disallowed');
  // No edit: the case as opened is written at the page's first idle moment (or within 2 s).
  await expect(page).toHaveURL(/#z[A-Za-z0-9_-]+$/, { timeout: 5000 });
  // The draft goes in once this tab is the one that autosaves (claimed alongside, app/draft-owner.ts).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('robots-txt-tester:draft')), { timeout: 5000 }).toContain('User-agent: Googlebot-News');
  await context.close();
});

test('autosave keeps the case across a reload, with or without the link', async ({ app }) => {
  await app.open();
  await app.paste('User-agent: *\nDisallow: /saved');
  await app.url.fill('/saved/1');
  await app.expectVerdict('disallowed', 2);
  await app.page.waitForTimeout(400);
  await app.page.reload();
  await expect(app.line(2)).toHaveText('Disallow: /saved');
  await expect(app.url).toHaveValue('/saved/1');
  await app.page.goto('./');
  await expect(app.line(2)).toHaveText('Disallow: /saved');
  await app.expectVerdict('disallowed', 2);
  await expect(app.page.getByTestId('shared-banner')).toHaveCount(0);
});

test('a large draft (kept in IndexedDB, not localStorage) survives a reload', async ({ app }) => {
  await app.open();
  await app.paste(manyRules(6000, 'big-draft'));
  await app.url.fill('/big-draft-5999/x');
  await app.expectVerdict('disallowed', 6001);
  await expect.poll(() => app.page.evaluate(() => localStorage.getItem('robots-txt-tester:draft')), { timeout: 5000 }).toBe('{"big":true}');
  // The newest edit (the URL) is saved too before the page goes.
  await app.page.evaluate(() => (window as unknown as { __robotsTester: { saved(): Promise<void> } }).__robotsTester.saved());
  // Without the link: only the draft can bring the case back.
  await app.page.goto('./');
  await app.expectVerdict('disallowed', 6001);
  await expect(app.url).toHaveValue('/big-draft-5999/x');
});

test('typing on while a big case is being saved: the link and the draft still get the newest text', async ({ app, browser }) => {
  await app.open();
  await app.paste(manyRules(6000, 'big'));
  await app.url.fill('/typed-on/x');
  await app.expectVerdict('allowed', 0);
  // Saves of the pasted case start while the user types a new rule at the end, key by key.
  await app.content.focus();
  await app.page.keyboard.press('ControlOrMeta+End');
  for (const ch of '\nDisallow: /typed-on/') {
    await app.page.keyboard.type(ch);
    await app.page.waitForTimeout(60);
  }
  await app.expectVerdict('disallowed', 6002);
  await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.page.getByTestId('copy-link').click();
  await expect(app.page.getByTestId('copy-link')).toHaveText('Link copied ✓');
  const link = await app.page.evaluate(() => navigator.clipboard.readText());

  const fresh = await browser.newContext();
  const page = await fresh.newPage();
  await page.goto(link);
  // A fresh browser loads the app and parses 6,000 rules cold: on a loaded machine, seconds.
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-line', '6002', { timeout: 15_000 });
  await fresh.close();
  // The draft too, once typing has paused.
  await app.page.goto('./');
  await app.expectVerdict('disallowed', 6002);
});

test('opening a shared link keeps the draft, one click away', async ({ app }) => {
  await app.open();
  await app.paste('User-agent: *\nDisallow: /mine');
  await app.url.fill('/mine');
  await app.expectVerdict('disallowed', 2);
  await app.page.waitForTimeout(400);
  await app.page.goto('./#' + pack({ v: 1, r: 'User-agent: *\nAllow: /\nDisallow: /theirs', t: [{ u: '/theirs' }] }));
  await expect(app.page.getByTestId('shared-banner')).toBeVisible();
  await expect(app.line(3)).toHaveText('Disallow: /theirs');
  await app.expectVerdict('disallowed', 3);
  // Editing the shared case does not touch the draft either, even across a reload.
  await app.line(3).click();
  await app.page.keyboard.press('End');
  await app.page.keyboard.type('-edited');
  await app.page.waitForTimeout(400);
  await app.page.reload();
  await expect(app.line(3)).toHaveText('Disallow: /theirs-edited');
  await app.page.getByTestId('back-to-draft').click();
  await expect(app.line(2)).toHaveText('Disallow: /mine');
  await expect(app.url).toHaveValue('/mine');
  await app.expectVerdict('disallowed', 2);
  await expect(app.page.getByTestId('shared-banner')).toHaveCount(0);
});

test('the frozen format-1 link opens forever', async ({ app }) => {
  await app.page.goto('./#' + frozenV1.fragment);
  await expect(app.verdict).toHaveAttribute('data-verdict', 'disallowed');
  await expect(app.verdict).toHaveAttribute('data-line', '7');
  await expect(app.userAgent).toHaveValue('AdsBot-Google');
  // Its three tests, each URL with its own crawler, open as the matrix of every URL × every crawler.
  await expect(app.page.getByTestId('test-cell')).toHaveCount(9);
  await expect(app.page.getByTestId('test-cell').nth(0)).toHaveAttribute('data-verdict', 'disallowed');
  await expect(app.page.getByTestId('test-cell').nth(4)).toHaveAttribute('data-verdict', 'disallowed');
  await expect(app.page.getByTestId('test-cell').nth(8)).toHaveAttribute('data-verdict', 'disallowed');
  await expect(app.line(4)).toHaveText('Disallow: /ünï # trailing comment');
});

test('the frozen format-2 link opens forever', async ({ app }) => {
  await app.page.goto('./#' + frozenV2.fragment);
  await expect(app.verdict).toHaveAttribute('data-verdict', 'disallowed');
  await expect(app.verdict).toHaveAttribute('data-line', '3');
  await expect(app.userAgent).toHaveValue('Bingbot');
  await expect(app.page.getByTestId('site')).toHaveValue('https://www.example.com');
  await expect(app.page.getByTestId('http-status')).toHaveValue('301');
  await expect(app.page.getByTestId('redirect-hops')).toHaveValue('2');
  await app.page.getByTestId('tab-bulk').click();
  const row = (url: string, ua: string) => app.page.locator(`[data-testid="bulk-table"] [data-url="${url}"][data-ua="${ua}"]`);
  await expect(row('https://cdn.example.com/x', 'Bingbot')).toHaveAttribute('data-verdict', 'out-of-scope');
  await expect(row('https://www.example.com/old-shop/b', 'Bingbot')).toHaveAttribute('data-changed', 'true');
  await expect(row('/no-google', 'Googlebot')).toHaveAttribute('data-line', '7');
  await expect(app.page.getByTestId('expectation-failures')).toHaveText('1 expectation fails');
});

test('a long link is flagged; the case goes through a file instead', async ({ app, browser }) => {
  await app.open();
  // Hard-to-compress rules make a long link.
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed.toString(36));
  const rules = Array.from({ length: 900 }, () => `Disallow: /${rnd()}/${rnd()}`);
  await app.paste(['User-agent: *', ...rules, 'Disallow: /target'].join('\n'));
  await app.url.fill('/target/x');
  await app.expectVerdict('disallowed', 902);
  // The warning is about sharing, so it waits until the user shares.
  await app.page.waitForTimeout(1000);
  await expect(app.page.getByTestId('long-link')).toHaveCount(0);
  await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.page.getByTestId('copy-link').focus();
  await app.page.keyboard.press('Enter');
  await expect(app.page.getByTestId('long-link')).toContainText('chat tools may cut links over 8,000');
  const download = app.page.waitForEvent('download');
  await app.page.getByTestId('download-case').click();
  const file = await (await download).path();

  const fresh = await browser.newContext();
  const page = await fresh.newPage();
  await page.goto('./');
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', /allowed|disallowed/);
  await page.getByTestId('open-file').setInputFiles(file!);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-line', '902');
  await expect(page.getByTestId('test-url')).toHaveValue('/target/x');
  await fresh.close();
});

test('robots.txt files open by picker or drag and drop', async ({ app }) => {
  await app.open();
  await app.page.getByTestId('open-file').setInputFiles({
    name: 'robots.txt', mimeType: 'text/plain', buffer: Buffer.from('User-agent: *\r\nDisallow: /from-file\r\n'),
  });
  await expect(app.line(2)).toHaveText('Disallow: /from-file');
  await expect(app.page.getByTestId('notice')).toContainText('Opened “robots.txt”');
  await app.page.locator('.editor-pane').evaluate((el) => {
    const data = new DataTransfer();
    data.items.add(new File(['User-agent: *\nDisallow: /dropped\n'], 'dropped.txt', { type: 'text/plain' }));
    el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await expect(app.line(2)).toHaveText('Disallow: /dropped');
  await app.page.getByTestId('open-file').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"v": 7}') });
  await expect(app.page.getByTestId('notice')).toContainText('is not a test case');
  await expect(app.line(2)).toHaveText('Disallow: /dropped');
});

import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
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

test('a worker whose script comes slowly (a slow network) is waited for, not restarted again and again', async ({ app }) => {
  const fetched: string[] = [];
  // Each of the analysis worker's two scripts takes 2.5 s: 5 s in all, past the 2 s watchdog.
  await app.page.route(/robots\.worker/, async (route) => {
    fetched.push(new URL(route.request().url()).pathname.split('/').pop()!.replace(/-[\w-]{8}\.js$/, ''));
    await new Promise((r) => setTimeout(r, 2500));
    await route.fallback();
  });
  await app.page.goto('./');
  // The page's HTML shows the sample's verdict from the start: the findings' count is the app's first answer.
  await expect(app.page.getByTestId('tab-diagnostics')).toHaveText(/\(\d+\)/, { timeout: 20_000 });
  await expect(app.page.getByTestId('notice')).toHaveCount(0);
  expect(fetched).toEqual(['robots.worker', 'analysis~robots.worker']);
});

test('an analysis worker whose script fails to load once is replaced at once, not after the load deadline', async ({ app }) => {
  let failures = 0;
  await app.page.route(/\/robots\.worker-[\w-]+\.js$/, async (route) => {
    if (failures++ === 0) return route.fulfill({ status: 404, body: 'gone' });
    return route.fallback();
  });
  // The app's own script comes a second later: the early worker has failed before the app takes it over.
  await app.page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.fallback();
  });
  const started = Date.now();
  await app.page.goto('./');
  // The page's HTML shows the sample's verdict from the start: the findings' count is the app's first answer.
  await expect(app.page.getByTestId('tab-diagnostics')).toHaveText(/\(\d+\)/, { timeout: 15_000 });
  expect(failures).toBe(2);
  expect(Date.now() - started).toBeLessThan(15_000);
});

test('no input can inject HTML: robots text, URL, crawler name, imported files', async ({ app }) => {
  await app.open();
  await app.setCase(`User-agent: *\nDisallow: /${EVIL}\nSitemap: ${EVIL}\n${EVIL}: x`, `https://a.test/${EVIL}`, EVIL);
  await expect(app.verdict).toHaveAttribute('data-verdict', /allowed|disallowed/);
  await app.line(2).hover({ position: { x: 24, y: 8 } });
  await expect(app.page.locator('.rt-tooltip')).toContainText('Disallow rule');
  for (const tab of ['diagnostics', 'site', 'bulk', 'test'] as const) {
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

test('a link of over 64 KB with 10,000 tests opens without stalling the page or a false "stopped responding"', async ({ app }) => {
  test.setTimeout(90_000);
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const tests = Array.from({ length: 10_000 }, (_, i) => ({ u: `/p/${Math.floor(rnd() * 1e3).toString(36)}/${i}`, ...(i % 3 ? { c: 'Bot' + Math.floor(rnd() * 1000) } : {}) }));
  const packed = deflateRawSync(Buffer.from(JSON.stringify({ v: 3, r: 'User-agent: *\nDisallow: /p/a', t: tests, a: 5 })));
  const fragment = 'z' + packed.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  expect(fragment.length).toBeGreaterThan(64 * 1024);
  await app.page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) w.__longTasks.push(Math.round(e.duration)); }).observe({ type: 'longtask', buffered: true });
  });
  await app.page.goto('./#' + fragment);
  await expect(app.verdict).toHaveAttribute('data-verdict', /allowed|disallowed/, { timeout: 30_000 });
  await expect(app.page.getByTestId('test-row')).toHaveCount(100);
  await expect(app.page.getByTestId('test-row').nth(5)).toHaveClass(/active/);
  // Typing goes on at once, and the watchdog stays quiet while the page works through the tests.
  await app.line(2).click();
  await app.page.keyboard.press('End');
  await app.page.keyboard.type('b');
  await app.expectVerdict('allowed', 0);
  await app.page.waitForTimeout(5000);
  await expect(app.page.getByTestId('notice')).toHaveCount(0);
  // The list grows a hundred rows at a time (keyboard included).
  await app.page.getByTestId('test-more').focus();
  await app.page.keyboard.press('Enter');
  await expect(app.page.getByTestId('test-row')).toHaveCount(200);
  await expect(app.page.getByTestId('test-more')).toContainText('9,800 tests not shown');
  const longest = Math.max(0, ...(await app.page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks)));
  // The probe measured 1.3 s (5.7 s on a loaded machine) before; the page now works in short tasks
  // (a bound with room for a loaded 2-core machine; today's longest task is 50–350 ms).
  expect(longest).toBeLessThan(800);
});

test('one group of 4,000 User-agent lines: the Diagnostics fill (they stayed empty for a minute)', async ({ app }) => {
  await app.open();
  await app.paste(Array.from({ length: 4000 }, (_, i) => `User-agent: bot${i}`).join('\n') + '\nDisallow: /x\n');
  await app.url.fill('https://a.test/x');
  await app.expectVerdict('allowed', 0);
  await app.page.getByTestId('tab-diagnostics').click();
  await expect(app.page.locator('.diag').first()).toBeVisible({ timeout: 20_000 });
  await expect(app.page.getByTestId('notice')).toHaveCount(0);
});

test('Bulk URLs named toString, constructor and __proto__ inherit no expectation, and a row that cannot be tested meets none', async ({ app }) => {
  await app.open();
  await app.paste('User-agent: *\nDisallow: /');
  await app.page.getByTestId('tab-bulk').click();
  const names = ['toString', 'constructor', '__proto__'];
  await app.page.getByTestId('bulk-urls').fill(names.join('\n'));
  const row = (url: string) => app.page.locator(`[data-testid="bulk-table"] [data-url="${url}"][data-ua="Googlebot"]`);
  for (const n of names) await expect(row(n).getByTestId('expect')).toHaveValue('');
  await row('constructor').getByTestId('expect').selectOption('allowed');
  const download = app.page.waitForEvent('download');
  await app.page.getByTestId('export-csv').click();
  const lines = readFileSync((await (await download).path())!).toString('utf8').slice(1).trim().split('\r\n');
  expect(lines.join('\n')).not.toContain('function');
  // Relative URLs with no site cannot be tested: the one expectation set is kept, met or failed by nothing.
  expect(lines.slice(1).map((l) => [l.split(',')[2], ...l.split(',').slice(-2)].join(','))).toEqual(['cannot test,,', 'cannot test,allowed,', 'cannot test,,']);
});

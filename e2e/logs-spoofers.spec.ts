import type { Page } from '@playwright/test';
import { expect, test, type App } from './fixtures.js';

// The Logs tab's spoofing addresses as a deny list, with the operators' ranges shipped with the
// tester (Chromium, keyboard only for the list's choices and its copy button).
const ROBOTS = 'User-agent: *\nDisallow: /private/\n';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const line = (ip: string, path: string, ua: string) => `${ip} - - [10/Oct/2026:13:55:36 +0000] "GET ${path} HTTP/1.1" 200 10 "-" "${ua}"`;
// 66.249.66.1 is Googlebot's and 20.171.206.3 GPTBot's (their operators' files); the others only use their names.
const LOG = [
  line('66.249.66.1', '/a', GOOGLEBOT), line('203.0.113.9', '/private/a', GOOGLEBOT), line('203.0.113.9', '/b', GOOGLEBOT),
  line('2001:DB8::7', '/c', GOOGLEBOT), line('20.171.206.3', '/d', GPTBOT), line('10.0.0.10', '/e', GPTBOT), line('9.0.0.1', '/f', GPTBOT),
].join('\n');

/** Opens the Logs tab and reads the log. */
async function readLog(app: App): Promise<Page> {
  await app.open();
  await app.paste(ROBOTS);
  const page = app.page;
  await page.getByTestId('tab-logs').click();
  await page.getByTestId('logs-file').setInputFiles({ name: 'access.log', mimeType: 'text/plain', buffer: Buffer.from(LOG) });
  await expect(page.getByTestId('logs-results')).toBeVisible();
  return page;
}

for (const width of [1400, 390]) {
  test(`the spoofers' deny list at ${width} px: every crawler's or one's, plain, nginx or Cloudflare, copied from the keyboard`, async ({ app }) => {
    await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await app.page.setViewportSize({ width, height: 900 });
    const page = await readLog(app);
    // The shipped ranges are said, with their date.
    await expect(page.getByTestId('logs-ranges-shipped')).toContainText(/Shipped with the tester: \d+ operators’ files, copied on \d{4}-\d{2}-\d{2}/);
    const list = page.getByTestId('logs-spoofers-list');
    await expect(list).toHaveValue('9.0.0.1\n10.0.0.10\n203.0.113.9\n2001:db8::7\n');
    await expect(page.getByTestId('logs-spoofers-crawler')).toContainText('every crawler (4 addresses)');

    // The format by keyboard: the radio group's arrow keys.
    await page.getByTestId('logs-spoofers-plain').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('logs-spoofers-nginx')).toBeChecked();
    await expect(list).toHaveValue('deny 9.0.0.1;\ndeny 10.0.0.10;\ndeny 203.0.113.9;\ndeny 2001:db8::7;\n');
    await page.keyboard.press('ArrowRight');
    await expect(list).toHaveValue('(ip.src in {9.0.0.1 10.0.0.10 203.0.113.9 2001:db8::7})\n');

    // One crawler's, from the keyboard.
    await page.getByTestId('logs-spoofers-crawler').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('logs-spoofers-crawler')).toHaveValue('googlebot');
    await expect(list).toHaveValue('(ip.src in {203.0.113.9 2001:db8::7})\n');

    // The copy button is the next stop after the format's radios.
    await page.getByTestId('logs-spoofers-cloudflare').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('logs-spoofers-copy')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('logs-spoofers-status')).toHaveText('Copied: 2 addresses.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('(ip.src in {203.0.113.9 2001:db8::7})\n');

    // Nothing of the section is wider than the panel.
    const section = page.getByTestId('logs-spoofers');
    expect(await section.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
  });
}

test('a ranges file added for Googlebot replaces the shipped copy: its addresses are no longer listed, and the shipped file says so', async ({ app }) => {
  const page = await readLog(app);
  const mine = JSON.stringify({ creationTime: '2026-12-01T00:00:00Z', prefixes: [{ ipv4Prefix: '203.0.113.0/24' }, { ipv6Prefix: '2001:db8::/32' }] });
  await page.getByTestId('logs-ranges-file').setInputFiles({ name: 'googlebot.json', mimeType: 'application/json', buffer: Buffer.from(mine) });
  await expect(page.getByTestId('logs-spoofers-list')).toHaveValue('9.0.0.1\n10.0.0.10\n66.249.66.1\n');
  await page.getByTestId('logs-ranges-shipped').locator('summary').click();
  await expect(page.getByTestId('logs-ranges-shipped')).toContainText('googlebot.json (Google): replaced by the file you added');
});

test('a long deny list shows its first 500 addresses until asked for all; copying takes them all, from the keyboard', async ({ app }) => {
  await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.open();
  await app.paste(ROBOTS);
  const page = app.page;
  await page.getByTestId('tab-logs').click();
  // 1,200 addresses that only use Googlebot's name (198.18.0.0/15, set aside for benchmarks).
  const addresses = Array.from({ length: 1200 }, (_, i) => `198.18.${i >> 8}.${i & 255}`);
  const log = addresses.map((ip) => line(ip, '/a', GOOGLEBOT)).join('\n');
  await page.getByTestId('logs-file').setInputFiles({ name: 'access.log', mimeType: 'text/plain', buffer: Buffer.from(log) });
  const list = page.getByTestId('logs-spoofers-list');
  await expect(list).toHaveValue(addresses.slice(0, 500).map((a) => `${a}\n`).join(''));
  await expect(page.getByTestId('logs-spoofers-cut')).toContainText('The first 500 of 1,200 addresses are shown; “Copy the list” copies them all.');
  await page.getByTestId('logs-spoofers-copy').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('logs-spoofers-status')).toHaveText('Copied: 1,200 addresses.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(addresses.map((a) => `${a}\n`).join(''));
  await page.getByTestId('logs-spoofers-whole').focus();
  await page.keyboard.press('Enter');
  await expect(list).toHaveValue(addresses.map((a) => `${a}\n`).join(''));
  await expect(page.getByTestId('logs-spoofers-cut')).toHaveCount(0);
});

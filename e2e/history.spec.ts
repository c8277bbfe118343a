import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, manyRules, test, type App } from './fixtures.js';

/** A real ~100 KB robots.txt when the shared corpus is beside the repository, else one of that size. */
const REAL = '../shared/corpus/real/www.caltech.edu.txt';
const BIG = existsSync(REAL) ? readFileSync(REAL, 'utf8') : manyRules(4000, 'section');
const OLD = 'User-agent: *\nDisallow: /old\n';
/** The archive's versions: timestamp → [status, body]. */
const VERSIONS: Record<string, [number, string]> = {
  '20190105120000': [200, OLD],
  '20200610083000': [404, 'not found'],
  '20230301000000': [200, BIG],
};

/**
 * A stand-in for the Wayback Machine on 127.0.0.1: its CDX index and id_ copies. Under /ok it lets
 * other pages read its answers (CORS), under /closed it does not, under /empty it holds nothing.
 */
let server: Server;
let archive = '';
test.beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://127.0.0.1');
    const [, mode, ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    const cors: Record<string, string> = mode === 'closed' ? {} : { 'access-control-allow-origin': '*' };
    if (path === '/cdx/search/cdx') {
      if (url.searchParams.get('url') !== 'example.com/robots.txt' || url.searchParams.get('collapse') !== 'digest') return void res.writeHead(400, cors).end('bad query');
      const rows = mode === 'empty' ? [] : [['timestamp', 'original', 'statuscode', 'digest'],
        ...Object.entries(VERSIONS).map(([ts, [status]], i) => [ts, 'https://example.com/robots.txt', String(status), `DIGEST${i}ABCDEFGHIJKLMNOPQRSTUVWXYZ`])];
      return void res.writeHead(200, { 'content-type': 'application/json', ...cors }).end(JSON.stringify(rows));
    }
    const m = /^\/web\/(\d{14})id_\/https:\/\/example\.com\/robots\.txt$/.exec(path);
    const version = m ? VERSIONS[m[1]!] : undefined;
    if (!version) return void res.writeHead(404, cors).end('no such capture');
    res.writeHead(version[0], { 'content-type': 'text/plain', ...cors }).end(version[1]);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  archive = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

/** Opens the app with the hidden setting pointing at the stand-in (`mode`: ok, closed or empty). */
async function openWith(app: App, mode: string): Promise<void> {
  await app.page.addInitScript((base) => localStorage.setItem('robots-txt-tester.wayback-url', base), `${archive}/${mode}`);
  await app.open();
}

/** Presses Tab until `target` has the focus (at most `max` times). */
async function tabTo(app: App, target: ReturnType<App['page']['getByTestId']>, max = 25): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await app.page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The Compare tab, its earlier versions, a site's list: keyboard only. */
async function listByKeyboard(app: App, site = 'example.com'): Promise<void> {
  await app.page.getByTestId('tab-compare').focus();
  await app.page.keyboard.press('Enter');
  await tabTo(app, app.page.getByTestId('history-open'));
  await app.page.keyboard.press('Enter');
  await expect(app.page.getByTestId('history-open')).toHaveAttribute('aria-expanded', 'true');
  await tabTo(app, app.page.getByTestId('history-site'));
  await app.page.keyboard.press('ControlOrMeta+A');
  await app.page.keyboard.type(site);
  await app.page.keyboard.press('Enter');
}

test('Compare lists the versions the Wayback Machine holds and loads one into Compare, by keyboard alone', async ({ app }) => {
  await openWith(app, 'ok');
  await app.paste('User-agent: *\nDisallow: /new\n');
  await listByKeyboard(app);
  const status = app.page.getByTestId('history-status');
  await expect(status).toHaveText('3 versions of https://example.com/robots.txt, newest first.');
  const rows = app.page.getByTestId('history-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Mar 1, 2023, 12:00 AM');
  await expect(rows.nth(0)).toContainText('HTTP 200');
  // A capture of a 404 holds no file: nothing to load.
  await expect(rows.nth(1)).toContainText('HTTP 404');
  await expect(rows.nth(1).getByRole('button')).toHaveCount(0);
  await expect(rows.nth(1)).toContainText('no file');

  const oldest = app.page.getByRole('button', { name: 'Compare with the version archived Jan 5, 2019, 12:00 PM' });
  await tabTo(app, oldest);
  await app.page.keyboard.press('Enter');
  await expect(status).toHaveText(`Comparing with the version archived Jan 5, 2019, 12:00 PM (${OLD.length} bytes).`);
  await expect(rows.nth(2)).toHaveAttribute('aria-current', 'true');
  // The other version of the merge view is the archived one; the current file is unchanged.
  const merge = app.page.locator('[data-testid="merge-view"] .cm-content');
  await expect(merge.first()).toContainText('Disallow: /old');
  await expect(merge.nth(1)).toContainText('Disallow: /new');
  await expect(app.page.getByTestId('compare-summary')).toBeVisible();
});

test('an archive the browser may not read says so, with the command line and the archive’s own page', async ({ app }) => {
  await openWith(app, 'closed');
  await listByKeyboard(app);
  const message = app.page.getByTestId('history-unreadable');
  await expect(message).toContainText('Your browser may not read the Wayback Machine’s answer from this page');
  await expect(message.locator('code')).toHaveText('npx robots-txt-tester history https://example.com/robots.txt');
  await expect(message.getByRole('link', { name: 'Open the list on web.archive.org' })).toHaveAttribute('href', `${archive}/closed/web/*/example.com/robots.txt`);
  await expect(app.page.getByTestId('history-row')).toHaveCount(0);
  // No verdict changed and nothing was compared.
  await expect(app.page.getByTestId('compare-summary')).toHaveCount(0);
});

test('no capture, and a site that is not one, are said plainly', async ({ app }) => {
  await openWith(app, 'empty');
  await listByKeyboard(app);
  await expect(app.page.getByTestId('history-status')).toHaveText('The Wayback Machine holds no copy of https://example.com/robots.txt.');
  await app.page.getByTestId('history-site').fill('mailto:x');
  await app.page.getByTestId('history-site').press('Enter');
  await expect(app.page.getByTestId('history-status')).toHaveText('“mailto:x” is not a site: type a host such as example.com, or a URL on it.');
});

for (const [width, scheme] of [[1400, 'light'], [1400, 'dark'], [390, 'light'], [390, 'dark']] as const) {
  test(`screenshot: the history in Compare with a ~100 KB file, ${width} px, ${scheme}`, async ({ app }) => {
    await app.page.emulateMedia({ colorScheme: scheme });
    await app.page.setViewportSize({ width, height: 900 });
    await openWith(app, 'ok');
    await app.paste(BIG.replace(/^/, '# edited\n'));
    await listByKeyboard(app);
    await expect(app.page.getByTestId('history-row')).toHaveCount(3);
    await app.page.getByRole('button', { name: /Compare with the version archived Mar 1, 2023/ }).click();
    await expect(app.page.getByTestId('history-status')).toContainText('Comparing with the version archived Mar 1, 2023');
    await expect(app.page.getByTestId('compare-summary')).toBeVisible();
    await expect(app.page.locator('[data-testid="merge-view"] .cm-content').first()).toBeVisible();
    const overflow = await app.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await app.page.getByTestId('history').scrollIntoViewIfNeeded();
    await app.page.screenshot({ path: `test-results/history-${width}-${scheme}.png`, fullPage: width < 600 });
  });
}

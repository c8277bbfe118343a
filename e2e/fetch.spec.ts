import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type App } from './fixtures.js';

const LIVE = 'User-agent: *\nDisallow: /live-only\n';

/** A local site on 127.0.0.1: its robots.txt, with or without a CORS header, and a page. */
async function site(cors: boolean): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8', ...(cors ? { 'access-control-allow-origin': '*' } : {}) };
    if (req.url === '/robots.txt') return void res.writeHead(200, headers).end(LIVE);
    if (req.url === '/gone/robots.txt') return void res.writeHead(404, headers).end('not here');
    // A soft 404 (an HTML page answered with 200) and a UTF-16 file, as some sites serve them.
    if (req.url === '/soft/robots.txt') return void res.writeHead(200, { ...headers, 'content-type': 'text/html' }).end('<!doctype html><html><head><title>Not found</title></head><body>Page not found</body></html>');
    if (req.url === '/wide/robots.txt') return void res.writeHead(200, { ...headers, 'content-type': 'application/octet-stream' }).end(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('User-agent: *\nDisallow: /\n', 'utf16le')]));
    if (req.url?.startsWith('/page.html')) return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>A page</title><p>A page of the site.</p>');
    res.writeHead(404, headers).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let open: Awaited<ReturnType<typeof site>>;
let closed: Awaited<ReturnType<typeof site>>;
test.beforeAll(async () => {
  open = await site(true);
  closed = await site(false);
});
test.afterAll(async () => {
  for (const s of [open, closed]) {
    s.server.closeAllConnections();
    await new Promise<void>((r) => s.server.close(() => r()));
  }
});

/** "Test a live site", in the page header: the URL, then Enter. */
async function fetchRobots(app: App, url: string): Promise<void> {
  await app.page.getByTestId('fetch-url').fill(url);
  await app.page.getByTestId('fetch-url').press('Enter');
}

test('“Test a live site” is the first field of the page, reached by keyboard, and fits a phone', async ({ app }) => {
  await app.page.setViewportSize({ width: 390, height: 844 });
  await app.open();
  await app.page.locator('body').focus();
  await app.page.keyboard.press('Tab');
  await expect(app.page.getByTestId('fetch-url')).toBeFocused();
  await app.page.keyboard.type(open.origin);
  await app.page.keyboard.press('Enter');
  await expect(app.line(2)).toHaveText('Disallow: /live-only');
  const overflow = await app.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The collapsed section keeps the what-if settings only.
  await expect(app.page.locator('details.context [data-testid=fetch-url]')).toHaveCount(0);
});

test('a body that is not a robots.txt says so: an HTML page (soft 404), UTF-16 text, a non-text type; the verdict stays Google’s', async ({ app }) => {
  await app.open();
  await fetchRobots(app, `${open.origin}/soft/robots.txt`);
  const notice = app.page.getByTestId('notice');
  await expect(notice.locator('[data-code="body.html"]')).toContainText('This looks like an HTML page, not a robots.txt');
  await app.expectVerdict('allowed', 0);
  await fetchRobots(app, `${open.origin}/wide/robots.txt`);
  await expect(notice.locator('[data-code="body.utf16"]')).toContainText('This file is UTF-16 text');
  await expect(notice.locator('[data-code="body.content-type"]')).toContainText('served as “application/octet-stream”');
  await app.url.fill(`${open.origin}/anything`);
  await app.expectVerdict('allowed', 0);
});

test('a site that allows cross-origin reads: the file loads as a new case, with its site and status; the draft stays', async ({ app }) => {
  await app.open();
  await app.paste('User-agent: *\nDisallow: /my-draft');
  await fetchRobots(app, open.origin);
  await expect(app.line(2)).toHaveText('Disallow: /live-only');
  await expect(app.page.getByTestId('site')).toHaveValue(open.origin);
  await expect(app.url).toHaveValue(`${open.origin}/`);
  await expect(app.page.getByTestId('notice')).toContainText(`Fetched ${open.origin}/robots.txt: HTTP 200`);
  await app.url.fill(`${open.origin}/live-only/x`);
  await app.expectVerdict('disallowed', 2);
  await app.page.getByTestId('back-to-draft').click();
  await expect(app.line(2)).toHaveText('Disallow: /my-draft');
});

test('the fetch status feeds the what-if: a 404 allows everything', async ({ app }) => {
  await app.open();
  await fetchRobots(app, `${open.origin}/gone/robots.txt`);
  await expect(app.page.getByTestId('http-status')).toHaveValue('404');
  await app.expectVerdict('allowed', 0);
  await expect(app.page.getByTestId('reason')).toContainText('HTTP 404: Google treats robots.txt as missing and allows everything');
});

test('a site that does not allow it: a plain notice with a bookmarklet and a curl command, and no verdict change', async ({ app }) => {
  await app.open();
  await app.paste('User-agent: *\nDisallow: /my-draft');
  await fetchRobots(app, `${closed.origin}/robots.txt`);
  const notice = app.page.getByTestId('notice');
  await expect(notice).toContainText(`This page cannot read ${closed.origin}/robots.txt: the site does not let other web pages read its robots.txt`);
  await expect(notice.getByTestId('bookmarklet')).toHaveAttribute('href', /^javascript:/);
  await expect(notice.getByTestId('curl-command')).toContainText(`'${closed.origin}/robots.txt'`);
  await expect(app.line(2)).toHaveText('Disallow: /my-draft');
});

test('the bookmarklet, run on a page of the site, opens the tester with the file, its status and the page URL', async ({ app, context }) => {
  await app.open();
  await fetchRobots(app, `${closed.origin}/robots.txt`);
  const href = await app.page.getByTestId('bookmarklet').getAttribute('href');
  const sitePage = await context.newPage();
  await sitePage.goto(`${closed.origin}/page.html?from=x`);
  const popup = sitePage.waitForEvent('popup');
  // What clicking the bookmark does: run its code on the site's page.
  await sitePage.evaluate((code) => (0, eval)(code), decodeURIComponent(href!.slice('javascript:'.length)));
  const tester = await popup;
  await expect(tester.locator('[data-testid="robots-editor"] .cm-line').nth(1)).toHaveText('Disallow: /live-only');
  await expect(tester.getByTestId('test-url')).toHaveValue(`${closed.origin}/page.html?from=x`);
  await expect(tester.getByTestId('notice')).toContainText(`Read ${closed.origin}/robots.txt from the site (HTTP 200)`);
  await tester.getByTestId('test-url').fill(`${closed.origin}/live-only`);
  await expect(tester.getByTestId('verdict')).toHaveAttribute('data-verdict', 'disallowed');
  await tester.locator('.context summary').click();
  await expect(tester.getByTestId('site')).toHaveValue(closed.origin);
});

test('a bookmarklet message with an impossible status opens nothing; a page URL that is not the site’s is not used', async ({ app, context, baseURL }) => {
  await app.open();
  const sitePage = await context.newPage();
  await sitePage.goto(`${closed.origin}/page.html`);
  const robotsUrl = `${closed.origin}/robots.txt`;
  /** What a bookmarklet of another make might send: the tester is opened, asks, and is told `message`. */
  const handOver = async (message: Record<string, unknown>) => {
    const popup = sitePage.waitForEvent('popup');
    await sitePage.evaluate(([testerUrl, m]) => {
      const w = window.open(testerUrl + '#bookmarklet', '_blank')!;
      window.addEventListener('message', function ready(e) {
        if (e.source !== w || (e.data as { type?: string } | null)?.type !== 'robots-txt-tester:ready') return;
        window.removeEventListener('message', ready);
        w.postMessage(m, '*');
      });
    }, [baseURL!, { type: 'robots-txt-tester', robots: 'User-agent: *\nDisallow: /handed', robotsUrl, url: `${closed.origin}/page.html`, ...message }] as const);
    return popup;
  };
  for (const status of [999999, -5, 200.5]) {
    const tester = await handOver({ status });
    await expect(tester.getByTestId('notice')).toContainText('The bookmarklet’s message was not usable');
    await expect(tester.locator('[data-testid="robots-editor"] .cm-content')).not.toContainText('/handed');
    await tester.close();
  }
  const tester = await handOver({ status: 200, url: 'javascript:alert(1)' });
  await expect(tester.getByTestId('notice')).toContainText(`Read ${robotsUrl} from the site (HTTP 200)`);
  await expect(tester.locator('[data-testid="robots-editor"] .cm-line').nth(1)).toHaveText('Disallow: /handed');
  await expect(tester.getByTestId('test-url')).not.toHaveValue(/javascript/);
});

test('the built page carries a strict Content-Security-Policy: no inline script runs, the app works under it', async ({ app }) => {
  await app.open();
  const policy = await app.page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).toMatch(/default-src 'self'/);
  expect(policy).toMatch(/script-src 'self'(;|$)/);
  expect(policy).not.toMatch(/unsafe-inline'[^;]*;?\s*$|script-src[^;]*unsafe/);
  const blocked = await app.page.evaluate(async () => {
    const violation = new Promise<string>((r) => document.addEventListener('securitypolicyviolation', (e) => r(e.violatedDirective), { once: true }));
    const s = document.createElement('script');
    s.textContent = 'window.__inline = 1';
    document.body.append(s);
    return { ran: (window as unknown as { __inline?: number }).__inline ?? null, directive: await violation };
  });
  expect(blocked).toEqual({ ran: null, directive: expect.stringMatching(/^script-src/) });
  await app.setCase('User-agent: *\nDisallow: /csp', 'https://a.test/csp', 'Googlebot');
  await app.expectVerdict('disallowed', 2);
});

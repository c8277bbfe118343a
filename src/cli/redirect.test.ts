/**
 * A redirected robots.txt: the site stays the one asked for, the chain is
 * reported, a redirect that cannot be followed is said so and read as not found, never applied.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './test-helpers.js';

let server: Server;
let port = 0;
/** The same server under two origins: 127.0.0.1 and localhost. */
const at = (host: string, path: string) => `http://${host}:${port}${path}`;

const cli = (args: string[]) => runCli(args);

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    const routes: Record<string, () => void> = {
      '/ok/robots.txt': () => res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private\n'),
      '/away/robots.txt': () => res.writeHead(301, { location: at('localhost', '/ok/robots.txt') }).end(),
      '/twice/robots.txt': () => res.writeHead(302, { location: '/away/robots.txt' }).end(),
      '/data/robots.txt': () => res.writeHead(301, { location: 'data:text/plain,User-agent: *%0ADisallow: /' }).end(),
      '/broken/robots.txt': () => res.writeHead(301, { location: 'http://[::1' }).end(),
      '/nowhere/robots.txt': () => res.writeHead(301).end('User-agent: *\nDisallow: /\n'),
      '/cached/robots.txt': () => res.writeHead(304).end(),
    };
    const route = Object.hasOwn(routes, path) ? routes[path] : undefined;
    if (route) route();
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => {
  server.closeAllConnections();
  server.close(() => r());
}));

describe('a robots.txt redirected to another origin', () => {
  it('keeps the site asked for: its URLs are in scope and blocked (exit 1), not OUT OF SCOPE (exit 0)', async () => {
    const r = await cli(['check', at('127.0.0.1', '/away/robots.txt'), '--ua', 'Googlebot', at('127.0.0.1', '/private'), '/private']);
    // The absolute URL and the path relative to the site asked for are the same URL tested: each row names it whole.
    expect(r.out.match(new RegExp(`^BLOCKED {2}http://127\\.0\\.0\\.1:${port}/private {2}line 2`, 'gm'))).toHaveLength(2);
    expect(r.code).toBe(1);
  });
  it('reports the chain, and whose URLs the rules apply to', async () => {
    const r = await cli(['check', at('127.0.0.1', '/twice/robots.txt'), '--ua', 'Googlebot', '/private']);
    expect(r.err).toContain(`HTTP 200 after 2 redirects`);
    expect(r.err).toContain(`Redirects: ${at('127.0.0.1', '/twice/robots.txt')} (302) → ${at('127.0.0.1', '/away/robots.txt')} (301) → ${at('localhost', '/ok/robots.txt')} (200).`);
    expect(r.err).toContain(`The rules apply to http://127.0.0.1:${port}'s URLs, the site whose robots.txt was asked for.`);
    const json = JSON.parse((await cli(['check', at('127.0.0.1', '/twice/robots.txt'), '--ua', 'Googlebot', '--json', '/private'])).out);
    expect(json[0].source).toMatchObject({
      hops: 2, code: 200, unfollowed: null, finalUrl: at('localhost', '/ok/robots.txt'),
      chain: [{ url: at('127.0.0.1', '/twice/robots.txt'), code: 302 }, { url: at('127.0.0.1', '/away/robots.txt'), code: 301 }, { url: at('localhost', '/ok/robots.txt'), code: 200 }],
    });
  });
});

describe('a redirect that cannot be followed is not: Google reads it as not found (everything allowed)', () => {
  it.each([
    ['/data/robots.txt', 'a redirect to "data:text/plain,User-agent: *%0ADisallow: /", which is not an http(s) address: not followed', 'not-http'],
    ['/broken/robots.txt', 'a redirect to "http://[::1", which is not a URL', 'bad-location'],
    ['/nowhere/robots.txt', 'a redirect without a Location header', 'no-location'],
  ])('%s', async (path, why, unfollowed) => {
    const r = await cli(['check', at('127.0.0.1', path), '--ua', 'Googlebot', '/private', '/']);
    expect(r.err).toContain(`HTTP 301 (${why}). HTTP 301 with no redirect to follow (no Location, or not http(s)): Google treats robots.txt as not found and allows everything.`);
    expect(r.err).not.toMatch(/internal error|follows/);
    expect(r.out).toMatch(new RegExp(`^ALLOWED {2}http://127\\.0\\.0\\.1:${port}/private {2}fetch result decides`, 'm'));
    expect(r.code).toBe(0);
    const json = JSON.parse((await cli(['check', at('127.0.0.1', path), '--ua', 'Googlebot', '--json', '/private'])).out);
    expect(json[0]).toMatchObject({ allowed: true, reason: 'status-allow-all', fetch: { effect: 'allow-all', kind: 'unfollowed' }, source: { unfollowed, hops: 0 } });
  });
  it('a 304 is worded as what it is, not as a followed redirect', async () => {
    const r = await cli(['check', at('127.0.0.1', '/cached/robots.txt'), '--ua', 'Googlebot', '/private']);
    expect(r.err).toContain('HTTP 304. HTTP 304 (Not Modified) answers a request for a cached copy, and none was made: Google treats robots.txt as not found and allows everything.');
    expect(r.code).toBe(0);
  });
});

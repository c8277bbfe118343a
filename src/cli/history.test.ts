/**
 * `history` against a local stand-in for the Wayback Machine (its CDX index and `id_` copies),
 * chosen by ROBOTS_WAYBACK_URL or --wayback: the list, --at, and what goes wrong.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './test-helpers.js';

const ROBOTS = 'https://example.com/robots.txt';
/** The archive's versions: timestamp → [status, digest, body]. */
const VERSIONS: Record<string, [string, string, string]> = {
  '20190105120000': ['200', 'AAAA', 'User-agent: *\nDisallow: /old\n'],
  '20200610083000': ['404', 'BBBB', 'not found'],
  '20230301000000': ['200', 'CCCC', 'User-agent: *\nDisallow: /new\n'],
};

/** An answer that never ends: rows as fast as the client takes them, until it goes. */
function endless(res: ServerResponse): void {
  const rows = Buffer.from(',["20200101000000","https://example.com/robots.txt"]'.repeat(1000));
  let open = true;
  res.on('close', () => (open = false));
  res.writeHead(200, { 'content-type': 'application/json' }).write('[["timestamp","original"]');
  const more = () => {
    while (open && res.write(rows));
    if (open) res.once('drain', more);
  };
  more();
}

let server: Server;
let base = '';
const queries: URLSearchParams[] = [];

const cli = (args: string[], env: Record<string, string> = {}) => runCli(args, { env: { ROBOTS_WAYBACK_URL: `${base}/ok`, ...env } });

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://127.0.0.1');
    const [, mode, ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    if (path === '/cdx/search/cdx') {
      queries.push(url.searchParams);
      if (mode === 'busy') return void res.writeHead(503).end('Service Unavailable');
      if (mode === 'html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Please wait</body></html>');
      if (mode === 'empty') return void res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
      if (mode === 'endless') return void endless(res);
      // A list begun, then nothing more (a timeout), or the connection dropped (a cut-off answer).
      if (mode === 'stalled') return void res.writeHead(200, { 'content-type': 'application/json' }).write('[["timestamp","original"]');
      if (mode === 'cut') return void res.writeHead(200, { 'content-type': 'application/json' }).write('[["timestamp","original"]', () => res.destroy());
      const rows = Object.entries(VERSIONS).map(([ts, [status, digest]]) => [ts, 'https://example.com/robots.txt', status, digest]);
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([['timestamp', 'original', 'statuscode', 'digest'], ...rows]));
    }
    const m = /^\/web\/(\d{14})id_\/(.+)$/.exec(path);
    const version = m ? VERSIONS[m[1]!] : undefined;
    if (!version || m![2] !== ROBOTS || mode === 'gone') return void res.writeHead(404).end('no such capture');
    res.writeHead(Number(version[0]), { 'content-type': 'text/plain' }).end(version[2]);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => {
  // The stalled answer's connection is still open.
  server.closeAllConnections();
  server.close(() => r());
}));

describe('history: the versions the Wayback Machine holds (CDX server API, collapse=digest)', () => {
  it('asks the CDX index for one row per version of the site’s robots.txt and lists them newest first', async () => {
    const r = await cli(['history', 'example.com']);
    expect(r.code).toBe(0);
    expect(Object.fromEntries(queries.at(-1)!)).toEqual({
      url: 'example.com/robots.txt', output: 'json', fl: 'timestamp,original,statuscode,digest', collapse: 'digest',
    });
    expect(r.out.split('\n')).toEqual([
      'date                     status  digest                            archived copy',
      `2023-03-01 00:00:00 UTC  200     CCCC                              ${base}/ok/web/20230301000000id_/${ROBOTS}`,
      `2020-06-10 08:30:00 UTC  404     BBBB                              ${base}/ok/web/20200610083000id_/${ROBOTS}`,
      `2019-01-05 12:00:00 UTC  200     AAAA                              ${base}/ok/web/20190105120000id_/${ROBOTS}`,
      '',
    ]);
    expect(r.err).toBe(`robots-txt-tester: 3 versions of ${ROBOTS} in the Wayback Machine, newest first\n`);
  });

  it('--json gives each capture as data; --wayback overrides the environment', async () => {
    const r = await cli(['history', 'https://example.com/some/page', '--json', '--wayback', `${base}/ok`], { ROBOTS_WAYBACK_URL: `${base}/busy` });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)[1]).toEqual({
      timestamp: '20200610083000', date: '2020-06-10T08:30:00.000Z', status: 404, digest: 'BBBB', url: ROBOTS, archived: `${base}/ok/web/20200610083000id_/${ROBOTS}`,
    });
  });
});

describe('history --at: the version nearest a date', () => {
  it('prints the body of the nearest capture of a file (a 404 capture is passed over)', async () => {
    const r = await cli(['history', 'example.com', '--at', '2020-06']);
    expect(r.code).toBe(0);
    // 2020-06-01 is nearer the 404 of 2020-06-10, and nearer 2019-01-05 than 2023-03-01.
    expect(r.out).toBe(VERSIONS['20190105120000']![2]);
    expect(r.err).toContain('the version archived 2019-01-05 12:00:00 UTC (nearest to 2020-06-01 00:00:00 UTC), HTTP 200, digest AAAA, 29 bytes');
  });

  it('--out writes it to a file, whole, and nothing else beside it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rtt-history-'));
    const file = join(dir, 'robots.txt');
    const r = await cli(['history', 'example.com', '--at', '20230401', '--out', file]);
    expect([r.code, r.out]).toEqual([0, '']);
    expect(readFileSync(file, 'utf8')).toBe(VERSIONS['20230301000000']![2]);
    expect(readdirSync(dir)).toEqual(['robots.txt']);
  });

  it('a date that cannot be read, or --out without --at, is bad input (exit 2)', async () => {
    const r = await cli(['history', 'example.com', '--at', 'last week']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--at takes a date');
    expect((await cli(['history', 'example.com', '--out', 'x.txt'])).code).toBe(2);
    expect((await cli(['history'])).err).toContain('missing the site');
  });

  it('an archived copy that cannot be read is said, with its address (exit 2)', async () => {
    const r = await cli(['history', 'example.com', '--at', '2023', '--wayback', `${base}/gone`]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`the archived copy ${base}/gone/web/20230301000000id_/${ROBOTS} could not be read: HTTP 404`);
  });
});

describe('history: an archive that cannot be read never gives a list', () => {
  it('an answer that is not JSON (exit 2)', async () => {
    const r = await cli(['history', 'example.com'], { ROBOTS_WAYBACK_URL: `${base}/html` });
    expect([r.code, r.out]).toEqual([2, '']);
    expect(r.err).toBe('robots-txt-tester: the Wayback Machine\'s answer is not JSON (it may be busy: try again later): "<html><body>Please wait</body></html>"\n');
  });

  it('a 5xx answer (exit 2)', async () => {
    const r = await cli(['history', 'example.com'], { ROBOTS_WAYBACK_URL: `${base}/busy` });
    expect([r.code, r.out]).toEqual([2, '']);
    expect(r.err).toContain('the Wayback Machine answered HTTP 503');
  });

  it('an answer that never ends is read up to 64 MiB, then given up (exit 2)', async () => {
    const r = await cli(['history', 'example.com'], { ROBOTS_WAYBACK_URL: `${base}/endless` });
    expect([r.code, r.out, r.err]).toEqual([2, '', 'robots-txt-tester: the Wayback Machine\'s answer is larger than 64 MiB, which no list of captures is: not read\n']);
  });

  it('an answer cut by --timeout is no "no capture": exit 2, saying so', async () => {
    const r = await cli(['history', 'example.com', '--timeout', '500'], { ROBOTS_WAYBACK_URL: `${base}/stalled` });
    expect([r.code, r.out, r.err]).toEqual([2, '', 'robots-txt-tester: the Wayback Machine\'s answer did not end within 0.5 s (timeout): no list of captures was read\n']);
  });

  it('an answer cut off by the connection is no "no capture": exit 2, saying so', async () => {
    const r = await cli(['history', 'example.com', '--at', '2020'], { ROBOTS_WAYBACK_URL: `${base}/cut` });
    expect([r.code, r.out, r.err]).toEqual([2, '', 'robots-txt-tester: the Wayback Machine\'s answer broke off: no list of captures was read\n']);
  });

  it('no capture at all (exit 1)', async () => {
    const r = await cli(['history', 'example.com', '--at', '2020'], { ROBOTS_WAYBACK_URL: `${base}/empty` });
    expect([r.code, r.out, r.err]).toEqual([1, '', `robots-txt-tester: the Wayback Machine holds no capture of ${ROBOTS}\n`]);
  });
});

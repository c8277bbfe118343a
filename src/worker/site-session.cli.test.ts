/**
 * The Site tab and the `audit` command audit an inventory with the same engine: for the same
 * sources, robots.txt, compared version, site and crawlers, the Site worker's core (SiteSession)
 * and the CLI (lib/cli.js, built by the unit tests' global setup, run as a process) write the
 * same rows.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedSource } from '../robots/site/index.js';
import { streamChunks } from './site-io.js';
import type { SiteSourceInput } from './site-protocol.js';
import { SiteSession } from './site-session.js';

// The draft blocks /private/ and /drafts/ for everyone, and /g/ for Googlebot; the live file (the
// compared version) blocked /old/ instead of /drafts/: verdicts change both ways.
const DRAFT = 'User-agent: *\nDisallow: /private/\nAllow: /private/ok\nDisallow: /drafts/\n\nUser-agent: Googlebot\nDisallow: /g/\n';
const LIVE = 'User-agent: *\nDisallow: /private/\nDisallow: /old/\n';
const SITE = 'https://x.test';

const urlset = (...paths: string[]) =>
  `<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${SITE}${p}</loc></url>`).join('')}</urlset>`;

let server: Server;
let base = '';
const dir = mkdtempSync(join(tmpdir(), 'rtt-site-cli-'));

beforeAll(async () => {
  server = createServer((req, res) => {
    const pages: Record<string, () => void> = {
      '/index.xml': () => res.writeHead(200).end(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${base}/pages.xml.gz</loc></sitemap><sitemap><loc>${base}/old.xml</loc></sitemap></sitemapindex>`),
      '/pages.xml.gz': () => res.writeHead(200, { 'content-type': 'application/gzip' }).end(gzipSync(urlset(
        ...Array.from({ length: 300 }, (_, i) => `/${['blog', 'private', 'drafts', 'g', 'old'][i % 5]}/p${i}?a=${i}&amp;b=1`), '/private/ok', '/',
      ))),
      '/old.xml': () => res.writeHead(200).end(urlset('/old/1', '/old/2', '/drafts/x', '/blog/p1?a=1&amp;b=1')),
      '/feed.xml': () => res.writeHead(200).end(`<rss version="2.0"><channel><item><link>${SITE}/blog/feed-1</link></item><item><link>${SITE}/g/feed-2</link></item></channel></rss>`),
    };
    const page = pages[new URL(req.url!, 'http://127.0.0.1').pathname];
    if (page) page();
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => {
  server.closeAllConnections();
  server.close(() => r());
}));

/** `node lib/cli.js …args`: its standard output (the child runs apart, so this process's server answers it). */
function cli(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['lib/cli.js', ...args]);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code, out, err }));
    child.stdin.end();
  });
}

/** The Site worker's core, reading with Node's fetch as the worker reads with the browser's. */
async function siteTab(sources: readonly SiteSourceInput[]): Promise<string> {
  const session = new SiteSession(() => {}, {
    open: async (url): Promise<OpenedSource> => {
      const res = await fetch(url);
      if (!res.ok) return { ok: false, problem: { code: 'http', args: { status: res.status } } };
      return { ok: true, body: streamChunks(res.body!) };
    },
    chunks: (file) => streamChunks(file.stream() as ReadableStream<Uint8Array>),
    yieldNow: () => new Promise((r) => setImmediate(r)),
    now: () => performance.now(),
  });
  void session.auditAgainst(
    { revision: 1, status: { kind: 'http', code: 200 }, compare: LIVE, crawlers: [{ kind: 'text', value: 'Googlebot' }, { kind: 'profile', id: 'gptbot' }], readers: [], site: SITE },
    { kind: 'whole', text: DRAFT },
  );
  await session.read(sources);
  return session.csv().csv.text();
}

describe('the Site tab\'s worker and `audit` (the CLI): one engine', () => {
  it('give identical rows for the same inventory: sitemaps (an index, gzip, a feed) and a URL list, every verdict, a compared version, two crawlers', async () => {
    const draft = join(dir, 'draft.txt');
    const live = join(dir, 'live.txt');
    const list = join(dir, 'urls.txt');
    writeFileSync(draft, DRAFT);
    writeFileSync(live, LIVE);
    writeFileSync(list, ['/drafts/listed', '/blog/p1?a=1&b=1', 'https://other.test/elsewhere', 'https://x.test:99999/no-such-port', `${SITE}/old/listed`, ''].join('\n'));

    const run = await cli(['audit', draft, '--compare', live, '--site', SITE, '--ua', 'Googlebot', '--crawler', 'gptbot',
      '--sitemap', `${base}/index.xml`, '--sitemap', `${base}/feed.xml`, '--urls', list, '--format', 'csv']);
    expect(run.err).not.toMatch(/error|usage/i);
    const tab = await siteTab([
      { kind: 'url', url: `${base}/index.xml` }, { kind: 'url', url: `${base}/feed.xml` },
      { kind: 'file', name: list, file: new Blob([readFileSync(list)]) },
    ]);
    const rows = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, '').trim()).data;
    const cliRows = rows(run.out);
    expect(rows(tab)).toEqual(cliRows);

    // The comparison means something: every verdict, both crawlers, changes both ways, every source.
    const [header, ...body] = cliRows;
    const col = (name: string) => header!.indexOf(name);
    expect(new Set(body.map((r) => r[col('verdict')]))).toEqual(new Set(['allowed', 'blocked', 'out of scope', 'cannot test']));
    expect(new Set(body.map((r) => r[col('crawler')])).size).toBe(2);
    const changed = body.filter((r) => r[col('verdict')] !== r[col('compared verdict')]);
    expect(new Set(changed.map((r) => r[col('verdict')]))).toEqual(new Set(['allowed', 'blocked']));
    expect(new Set(body.map((r) => r[col('source')]))).toEqual(new Set([`${base}/pages.xml.gz`, `${base}/old.xml`, `${base}/feed.xml`, list]));
    expect(body.length).toBe(2 * new Set(body.map((r) => r[col('url')])).size);
  });
});

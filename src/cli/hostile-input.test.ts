/**
 * Nothing injected. A GitHub Actions runner reads every line a step prints, split at CR, LF and
 * CRLF and stripped of leading white space, and runs each that starts with `::` as a workflow
 * command (GitHub: "Workflow commands for GitHub Actions"); a terminal acts on the escape
 * character and the other controls (ECMA-48). Every command here is fed input holding a line
 * break or a carriage return before a workflow command, a percent-escaped line break, an escape
 * sequence and a C1 next-line (which .NET's trim strips): in robots.txt lines, URLs, URL lists,
 * expectations (a quoted line break and a lone CR in a URL cell), user agents, file names, log
 * lines, sitemaps, the archive's answers. No line of standard error or of a text output starts a
 * workflow command other than the tool's own annotations, and none holds a control character. The
 * machine formats keep their data exact: no line of JSON starts a workflow command either (it
 * escapes C0 controls, and C1 ones break no line); CSV is left out, as a quoted cell may hold a
 * line break (RFC 4180).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliRun } from './test-helpers.js';

/** What the probe fed: a CR and an LF before a workflow command, a percent-escaped LF, a screen-clearing escape sequence; and NEL. */
const HOSTILE = ['\r::warning::x', '\n::set-output name=a::b', '%0A::error::', '\u001b[2J', '\u0085::add-mask::nel'] as const;

/** The lines a runner reads: split at CR, LF and CRLF. */
const runnerLines = (text: string) => text.split(/\r\n|\r|\n/);
/** The lines a runner runs as workflow commands: `::` after leading white space (.NET's TrimStart, which JavaScript's covers). */
const workflowCommands = (text: string) => runnerLines(text).filter((l) => l.replace(/^[\s\u0085]+/, '').startsWith('::'));
/** The tool's own annotations: `::error`, `::notice` or `::warning`, properties escaped (no `:` or `,` inside a value). */
const OWN_ANNOTATION = /^::(error|notice|warning)( [a-z]+=[^:,]*(,[a-z]+=[^:,]*)*)?::/;
/** Any C0 control but LF, DEL, any C1 control. */
const CONTROL_BUT_LF = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

/**
 * No workflow command but the tool's annotations (`github`) and no control character but line feeds on
 * standard error, nor on standard output when it is text; JSON may hold C1 controls, CSV anything.
 */
function expectNothingInjected(r: CliRun, { out = 'text', github = false }: { out?: 'text' | 'json' | 'csv'; github?: boolean } = {}): void {
  const streams: [string, string, boolean][] = [['stderr', r.err, true]];
  if (out !== 'csv') streams.push(['stdout', r.out, out === 'text']);
  for (const [name, text, controls] of streams) {
    expect(workflowCommands(text).filter((l) => !(github && OWN_ANNOTATION.test(l))), name).toEqual([]);
    if (controls) expect(text, name).not.toMatch(CONTROL_BUT_LF);
  }
}
const formatOf = (name: string) => name as 'text' | 'json' | 'csv';

const dir = mkdtempSync(join(tmpdir(), 'rtt-hostile-'));
const put = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
/** A CSV cell, quoted: it may hold any of them. */
const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

// Lines cannot hold CR or LF (they end a line); everything else can, and a line can start with `::`.
const ROBOTS_LINES = ['User-agent: *', 'Disallow: /private/', 'Disallow: /private\u001b[2J', 'Disallow: /x%0A::error::', 'Disallow: /n\u0085::add-mask::nel', '::warning::from-robots', 'Allow: /private/ok'];
const robots = put('robots.txt', ROBOTS_LINES.join('\n') + '\n');
// The deciding lines of the changed verdicts hold the escape sequence (a path's ESC is matched as %1B).
const robotsNew = put('new.txt', 'User-agent: *\nDisallow: /u\u001b[2J\nDisallow: /private\u0085\n::warning::from-new\n');
const urls = HOSTILE.map((h) => `/u${h}`);
const urlList = put('urls.txt', [...urls, ...HOSTILE.map((h) => `/private${h}`)].join('\n') + '\n');
const expectations = put('expect.csv', ['url,crawler,expected', ...HOSTILE.map((h) => `${quoted(`/private${h}`)},googlebot,allowed`), `${quoted('/e\r::warning::lone-cr')},,blocked`].join('\n') + '\n');
/** A file name holds any byte but / and NUL on Linux. */
const namedList = put('list\n::set-output name=a::b\u001b[2J.txt', '/private/a\n/b\n');
const missing = join(dir, 'missing\r::warning::x.txt');

const USER_AGENTS = ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', '::warning::bot/1.0', 'evilbot/1.0 \u001b[2J\r::warning::ua'];
const logLine = (path: string, ua: string) => `66.249.66.1 - - [01/Mar/2025:10:00:00 +0000] "GET ${path} HTTP/1.1" 200 10 "-" "${ua}"`;
const log = put('access\n::warning::log.log', [
  ...HOSTILE.flatMap((h) => USER_AGENTS.map((ua) => logLine(`/private${h.replace(/[\r\n]/g, '')}`, ua))),
  'not a log line \u001b[2J\u0085::warning::unread',
].join('\n') + '\n');
const sitemap = put('sitemap\r::warning::name.xml', `<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[
  'https://example.com/private/a&#13;::warning::x', 'https://example.com/private/b&#10;::set-output name=a::b', 'https://example.com/private/%0A::error::', 'https://example.com/private/&#133;::warning::nel', '::warning::relative',
].map((l) => `<url><loc>${l}</loc></url>`).join('\n')}\n</urlset>\n`);

let server: Server;
let wayback = '';
beforeAll(async () => {
  // The archive's answer is input too: its digests, its URLs, the archived body.
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://127.0.0.1');
    if (url.pathname === '/cdx/search/cdx') {
      const rows = [['20200101000000', 'https://example.com/robots.txt?\r::warning::x', '200', '\n::set-output name=a::b'], ['20210101000000', 'https://example.com/robots.txt', '200', '\u001b[2J%0A::error::']];
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([['timestamp', 'original', 'statuscode', 'digest'], ...rows]));
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\r::warning::body\nDisallow: /\u001b[2J\n::set-output name=a::b\n  \u0085::warning::nel\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  wayback = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const github = (summary: string) => ({ GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(dir, summary) });

describe('check: URLs, lists, expectations, user agents and robots.txt lines that hold workflow commands and escape sequences', () => {
  it.each([['text'], ['json']])('URLs given and a URL list, --format %s, --summary', async (format) => {
    const args = ['check', robots, '--crawler', 'googlebot', '--ua', USER_AGENTS[2]!, '--format', format, '--summary'];
    expectNothingInjected(await runCli([...args, ...urls]), { out: formatOf(format) });
    expectNothingInjected(await runCli([...args, '--urls', urlList]), { out: formatOf(format) });
  });

  it.each([['text'], ['json'], ['csv']])('--expect with a URL cell holding a quoted line break or a lone CR (the probe), --format %s', async (format) => {
    const r = await runCli(['check', robots, '--crawler', 'googlebot', '--expect', expectations, '--format', format]);
    expect(r.code).toBe(1);
    expectNothingInjected(r, { out: formatOf(format) });
  });

  it('--expect on GitHub Actions: the annotations are the only workflow commands, each one line', async () => {
    const r = await runCli(['check', robots, '--crawler', 'googlebot', '--expect', expectations], { env: github('check.md') });
    expect(r.err).toMatch(/^::error file=/m);
    expectNothingInjected(r, { github: true });
  });

  it('file names and option values in error messages', async () => {
    for (const args of [['check', missing, '/'], ['check', robots, '--ua', 'Googlebot', '--urls', missing], ['check', robots, '--crawler', HOSTILE[0]], [HOSTILE[1]], ['check', robots, '--ua', 'x', HOSTILE[3]]]) {
      const r = await runCli(args);
      expect(r.code).toBe(2);
      expectNothingInjected(r);
    }
  });
});

describe('diff, lines and ai-policy', () => {
  it.each([['text'], ['json']])('diff --format %s, and on GitHub Actions', async (format) => {
    const out = formatOf(format);
    expectNothingInjected(await runCli(['diff', robots, robotsNew, '--urls', urlList, '--ua', 'Googlebot', '--format', format, '--summary']), { out });
    expectNothingInjected(await runCli(['diff', robots, robotsNew, '--urls', namedList, '--ua', 'Googlebot', '--format', format]), { out });
    expectNothingInjected(await runCli(['diff', robots, robotsNew, '--urls', urlList, '--ua', 'Googlebot', '--format', format], { env: github('diff.md') }), { out, github: true });
  });

  it.each([['text'], ['json'], ['csv']])('lines --format %s', async (format) => {
    expectNothingInjected(await runCli(['lines', robots, '--format', format]), { out: formatOf(format) });
  });

  it('lines --batch and batch: JSON Lines answers', async () => {
    const bodies = HOSTILE.map((h, i) => JSON.stringify({ id: `${i}${h}`, robots: `User-agent: *\nDisallow: /${h}\n${h}` })).join('\n') + '\n{broken' + HOSTILE[0] + '\n';
    expectNothingInjected(await runCli(['lines', '--batch'], { input: bodies }), { out: 'json' });
    const requests = HOSTILE.map((h, i) => JSON.stringify({ id: `${i}${h}`, robots: `User-agent: *\nDisallow: /${h}\n`, ua: `Googlebot${h}`, url: `https://example.com/${h}` })).join('\n') + '\n';
    expectNothingInjected(await runCli(['batch'], { input: requests }), { out: 'json' });
  });

  it.each([['text'], ['json']])('ai-policy --format %s: the diff of lines that start with :: or hold escape sequences', async (format) => {
    const r = await runCli(['ai-policy', robots, '--train', 'block', '--urls', urlList, '--format', format]);
    expect(r.code).toBe(0);
    expectNothingInjected(r, { out: formatOf(format) });
  });
});

describe('history: the archive\'s answers (CDX rows, the archived body)', () => {
  it.each([['text'], ['json']])('the list and the version --at, --format %s', async (format) => {
    const env = { ROBOTS_WAYBACK_URL: wayback };
    const list = await runCli(['history', 'example.com', '--format', format], { env });
    expect(list.code).toBe(0);
    expectNothingInjected(list, { out: formatOf(format) });
    const at = await runCli(['history', 'example.com', '--at', '2020', '--format', format], { env });
    expect(at.code).toBe(0);
    expectNothingInjected(at, { out: formatOf(format) });
  });
});

describe('logs: paths, user agents, unreadable lines and the log file\'s name', () => {
  it.each([['text'], ['json'], ['csv']])('--format %s', async (format) => {
    const r = await runCli(['logs', robots, log, '--format', format, '--jobs', '1']);
    expect(r.err).toContain('could not be read');
    expectNothingInjected(r, { out: formatOf(format) });
  });
});

describe('audit: sitemap entries, URL lists and the sources\' names', () => {
  it.each([['text'], ['json'], ['csv']])('--format %s, and on GitHub Actions', async (format) => {
    const args = ['audit', robots, '--ua', 'Googlebot', '--ua', USER_AGENTS[2]!, '--sitemap', sitemap, '--urls', namedList, '--site', 'https://example.com', '--format', format, '--jobs', '1'];
    const r = await runCli(args);
    expect(r.code).toBe(1);
    expectNothingInjected(r, { out: formatOf(format) });
    const annotated = await runCli(args, { env: github(`audit-${format}.md`) });
    expect(annotated.err).toMatch(/^::error file=/m);
    expectNothingInjected(annotated, { out: formatOf(format), github: true });
  });
});

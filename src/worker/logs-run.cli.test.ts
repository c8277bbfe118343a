/**
 * The Logs tab and the `logs` command read logs with the same engine: for the same logs, robots.txt
 * versions (dated), IP ranges file and reader, the Logs worker's core (runLogs), the CLI
 * (lib/cli.js, built by the unit tests' global setup, run as a process, with one thread and with
 * two) and the engine's judgeLog give the same report, file by file and in all.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { judgeLog, logReport, publishedCrawlers, readIpRanges, type LogJudgeSetup, type LogReport } from '../robots/logs/index.js';
import { createLogJudge } from '../robots/logs/index.js';
import { runLogs } from './logs-run.js';

// The live file (from 2 March) blocks /private/ but lets /private/ok through (RFC 9309: the
// longest match wins; Python's urllib.robotparser takes the first rule that matches, so it blocks
// /private/ok too); the earlier version (from 1 January) blocked /old/ instead.
const LIVE = 'User-agent: *\nDisallow: /private/\nAllow: /private/ok\n\nUser-agent: GPTBot\nDisallow: /\n';
const EARLIER = 'User-agent: *\nDisallow: /old/\n';
const LIVE_SINCE = '2025-03-02';
const EARLIER_SINCE = '2025-01-01';
const RANGES = JSON.stringify({ creationTime: '2025-03-01T00:00:00', prefixes: [{ ipv4Prefix: '66.249.64.0/19' }, { ipv6Prefix: '2001:4860:4801:10::/64' }] });

const AGENTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
];
const PATHS = ['/', '/private/report', '/private/ok', '/old/page', '/blog/a?x=1', '/robots.txt'];
/** Request i's pieces: its crawler, address (Googlebot's own, or a spoofer's), path and day (1 to 3 March). */
const request = (i: number) => {
  const ua = AGENTS[i % AGENTS.length]!;
  const ip = i % 5 === 0 ? `6.6.6.${i % 250}` : `66.249.66.${i % 250}`;
  return { ua, ip, path: PATHS[(i * 7 + Math.floor(i / 6)) % PATHS.length]!, day: 1 + (Math.floor(i / 6) % 3), second: i % 60 };
};
const two = (n: number) => String(n).padStart(2, '0');

/** An Apache combined log of `n` requests, a broken line among them. */
function combinedLog(n: number): string {
  const lines = Array.from({ length: n }, (_, i) => {
    const r = request(i);
    return `${r.ip} - - [${two(r.day)}/Mar/2025:10:00:${two(r.second)} +0000] "GET ${r.path} HTTP/1.1" 200 512 "-" "${r.ua}"`;
  });
  lines.splice(n >> 1, 0, 'this line is no request');
  return lines.join('\n') + '\n';
}

/**
 * An IIS log (W3C extended) whose columns change once `n` requests are written (W3C Extended Log
 * File Format: a new #Fields directive), a request right after it carrying "#Fields:" in its
 * query (not a directive: it is not at a line's start), and far more than a chunk of lines after
 * both, read by the new columns.
 */
function w3cLog(n: number): string {
  const first = '#Fields: date time c-ip cs-method cs-uri-stem cs-uri-query sc-status cs(User-Agent)';
  const second = '#Fields: cs(User-Agent) sc-status cs-uri-stem cs-uri-query cs-method c-ip date time';
  const stemQuery = (path: string) => {
    const q = path.indexOf('?');
    return q < 0 ? [path, '-'] : [path.slice(0, q), path.slice(q + 1)];
  };
  const out = ['#Software: Microsoft Internet Information Services 10.0', '#Version: 1.0', first];
  for (let i = 0; i < n; i++) {
    const r = request(i);
    const [stem, query] = stemQuery(r.path);
    out.push(`2025-03-${two(r.day)} 10:00:${two(r.second)} ${r.ip} GET ${stem} ${query} 200 ${r.ua.replace(/ /g, '+')}`);
  }
  out.push('#Date: 2025-03-02 00:00:00', second);
  for (let i = 0; i < n; i++) {
    const r = request(i + 1);
    const [stem, query] = stemQuery(r.path);
    out.push(`${r.ua.replace(/ /g, '+')} 200 ${stem} ${i === 0 ? 'q=#Fields:+date+time' : query} GET ${r.ip} 2025-03-${two(r.day)} 10:00:${two(r.second)}`);
  }
  return out.join('\r\n') + '\r\n';
}

const dir = mkdtempSync(join(tmpdir(), 'rtt-logs-cli-'));
const put = (name: string, content: string | Uint8Array) => {
  const f = join(dir, name);
  writeFileSync(f, content);
  return f;
};

const combined = combinedLog(3000);
const iis = w3cLog(3000);
const LOGS = [
  { name: 'access.log', bytes: new TextEncoder().encode(combined), text: combined },
  { name: 'u_ex250302.log.gz', bytes: gzipSync(iis), text: iis },
];

/** What every judge is given: the versions with their dates, the reader, the ranges file as the tab and the CLI take it. */
const SETUP: LogJudgeSetup = {
  versions: [{ text: LIVE, since: Date.UTC(2025, 2, 2) }, { text: EARLIER, since: Date.UTC(2025, 0, 1) }],
  readers: ['python-urllib'],
  ranges: [{ source: 'googlebot.json', text: RANGES, crawlers: readIpRanges(RANGES, 'googlebot.json', publishedCrawlers('googlebot.json')!).crawlers }],
};

/** `node lib/cli.js logs …args`: its standard output and error. */
function cli(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['lib/cli.js', 'logs', ...args]);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

/** Each file's line as the CLI writes it. */
const fileLine = (name: string, format: string, lines: number, unparsed: number) =>
  `${name}: ${format}, ${lines.toLocaleString('en-US')} line${lines === 1 ? '' : 's'}${unparsed > 0 ? `, ${unparsed.toLocaleString('en-US')} could not be read` : ''}`;

describe('the Logs tab\'s worker core, the logs command and judgeLog: one engine, one report', () => {
  it('a combined log and a gzipped W3C log whose #Fields change (a "#Fields:" in a query after it), two dated versions, a ranges file and a reader', async () => {
    // The engine's own reading: the text in pieces, every file into one judge.
    const judge = createLogJudge(SETUP);
    const formats: string[] = [];
    const perFile: string[] = [];
    for (const log of LOGS) {
      const before = { lines: judge.tally.lines, unparsed: judge.tally.unparsed };
      const pieces = Array.from({ length: Math.ceil(log.text.length / 10_000) }, (_, k) => log.text.slice(k * 10_000, (k + 1) * 10_000));
      const { format } = await judgeLog(pieces, { versions: [] }, { judge });
      formats.push(format);
      perFile.push(fileLine(log.name, format, judge.tally.lines - before.lines, judge.tally.unparsed - before.unparsed));
    }
    expect(formats).toEqual(['combined', 'w3c-iis']);
    const engine: LogReport = logReport(judge.tally, formats.join(', '));

    // The Logs tab's worker core, over the files as Blobs.
    const tab = await runLogs(LOGS.map((l) => ({ name: l.name, blob: new Blob([l.bytes as BlobPart]) })), SETUP, () => {}, () => false);
    expect(tab!.files.map((f) => fileLine(f.name, f.format, f.lines, f.unparsed))).toEqual(perFile);
    expect(logReport(tab!.tally, tab!.files.map((f) => f.format).join(', '))).toEqual(engine);

    // The command, as a process, on one thread and on two.
    const robots = put('robots.txt', LIVE);
    const earlier = put('robots-earlier.txt', EARLIER);
    const ranges = put('googlebot.json', RANGES);
    const files = LOGS.map((l) => put(l.name, l.bytes));
    for (const jobs of ['1', '2']) {
      const r = await cli([robots, ...files, '--live-since', LIVE_SINCE, '--version-from', `${EARLIER_SINCE}=${earlier}`, '--ip-ranges', ranges, '--no-shipped-ranges', '--reader', 'python-urllib', '--format', 'json', '--jobs', jobs]);
      expect(r.code).toBe(1);
      expect(JSON.parse(r.out)).toEqual(engine);
      expect(r.err.split('\n').filter((l) => !l.includes('could not be read: ')).map((l) => l.replace(/^robots-txt-tester: /, '').replace(`${dir}/`, '')).filter((l) => l !== ''))
        .toEqual(perFile);
    }

    // What the three agree on: requests of every kind were judged, by both versions and both columns' orders.
    const byId = new Map(engine.crawlers.map((c) => [c.crawler, c]));
    expect(engine.lines).toBe(3001 + 3 + 3000 + 2 + 3000);
    expect(engine.unparsed).toBe(1);
    expect(byId.get('googlebot')).toMatchObject({ verified: expect.any(Number), spoofed: expect.any(Number), robotsFetches: expect.any(Number) });
    expect(byId.get('googlebot')!.verified * byId.get('googlebot')!.spoofed).toBeGreaterThan(0);
    expect(byId.get('googlebot')!.topBlocked.map((t) => t.path)).toEqual(expect.arrayContaining(['/private/report', '/private/ok', '/old/page']));
  }, 120_000);
});

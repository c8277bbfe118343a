import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { readCommandArgs } from './command.js';
import { logsCommand, logsWith } from './commands/logs.js';
import { logFilesBytes } from './logs.js';
import { INLINE_BYTES, logThreads } from './logs-run.js';

const dir = mkdtempSync(join(tmpdir(), 'rtt-logs-'));
const put = (name: string, content: string | Uint8Array) => {
  const f = join(dir, name);
  writeFileSync(f, content);
  return f;
};

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)';
const CHATGPT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

const robots = put('robots.txt', 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n');
const line = (ip: string, day: number, path: string, ua: string) => `${ip} - - [${String(day).padStart(2, '0')}/Mar/2025:10:00:00 +0000] "GET ${path} HTTP/1.1" 200 10 "-" "${ua}"`;
const access = put('access.log', [
  line('66.249.66.1', 1, '/private/a', GOOGLEBOT),
  line('66.249.66.1', 2, '/public', GOOGLEBOT),
  line('6.6.6.6', 3, '/private/a', GOOGLEBOT),
  line('20.0.0.1', 1, '/robots.txt', GPTBOT),
  line('20.0.0.1', 4, '/blog/=cmd', GPTBOT),
  line('9.9.9.9', 5, '/private/b', BROWSER),
  'this line is broken',
].join('\n') + '\n');
const googlebotJson = put('googlebot.json', JSON.stringify({ creationTime: '2025-01-01T00:00:00', prefixes: [{ ipv4Prefix: '66.249.64.0/19' }, { ipv6Prefix: '2001:4860:4801::/48' }] }));

/** The CLI with the ranges these tests give alone (the shipped ones are logs-spoofers.test.ts's). */
function cli(args: string[], input?: string | Uint8Array) {
  const r = spawnSync(process.execPath, ['lib/cli.js', 'logs', ...args, '--no-shipped-ranges'], { input, encoding: 'utf8', maxBuffer: 1 << 26 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('robots-txt-tester logs --format json: the shape the issue gives', () => {
  it('{lines, unparsed, format, crawlers: [{crawler, ignoresRobotsTxt, userAgent, userAgents, requests, blocked, cacheWindow, verified, spoofed, unverified, robotsFetches, firstSeen, lastSeen, topBlocked, reactions}]}, exit 1 when a crawler fetched what it may not', () => {
    const r = cli([robots, access, '--ip-ranges', googlebotJson, '--format', 'json', '--jobs', '1']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out);
    expect(Object.keys(report)).toEqual(['lines', 'unparsed', 'format', 'crawlers']);
    expect(report).toEqual({
      lines: 7, unparsed: 1, format: 'combined',
      crawlers: [
        {
          crawler: 'googlebot', ignoresRobotsTxt: false, userAgent: GOOGLEBOT, userAgents: [{ userAgent: GOOGLEBOT, count: 3 }], requests: 3, blocked: 2, cacheWindow: 0, verified: 2, spoofed: 1, unverified: 0, robotsFetches: 0,
          firstSeen: '2025-03-01T10:00:00.000Z', lastSeen: '2025-03-03T10:00:00.000Z', topBlocked: [{ path: '/private/a', line: 2, version: 1, count: 2, userAgent: GOOGLEBOT }], reactions: [],
        },
        {
          crawler: 'gptbot', ignoresRobotsTxt: false, userAgent: GPTBOT, userAgents: [{ userAgent: GPTBOT, count: 2 }], requests: 1, blocked: 1, cacheWindow: 0, verified: 0, spoofed: 0, unverified: 1, robotsFetches: 1,
          firstSeen: '2025-03-01T10:00:00.000Z', lastSeen: '2025-03-04T10:00:00.000Z', topBlocked: [{ path: '/blog/=cmd', line: 5, version: 1, count: 1, userAgent: GPTBOT }], reactions: [],
        },
      ],
    });
    expect(r.err).toContain('access.log: combined, 7 lines, 1 could not be read');
    expect(r.err).toContain('line 7 could not be read: "this line is broken"');
  });
  it('a ranges file\'s entries that are not a prefix are named with their line and counted; the rest verify', () => {
    const bad = put('bad-ranges.json', '{"prefixes": [\n{"ipv4Prefix": "66.249.64.0/19"},\n{"ipv6Prefix": "2001:4860:4801::/999"}\n]}');
    const r = cli([robots, access, '--ip-ranges', `googlebot=${bad}`, '--format', 'json']);
    expect(r.err).toContain('bad-ranges.json: 1 entry is not a prefix and skipped: line 3 "2001:4860:4801::/999"');
    expect(JSON.parse(r.out).crawlers[0]).toMatchObject({ crawler: 'googlebot', verified: 2, spoofed: 1 });
  });
  it('exit 0 when no crawler fetched what it may not; a user-triggered fetcher that ignores robots.txt by design does not count', () => {
    const log = put('ok.log', [line('1.1.1.1', 1, '/public', GOOGLEBOT), line('2.2.2.2', 1, '/private/x', CHATGPT)].join('\n'));
    const r = cli([robots, log, '--format', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).crawlers.map((c: { crawler: string; blocked: number }) => [c.crawler, c.blocked])).toEqual([['chatgpt-user', 1], ['googlebot', 0]]);
  });
});

describe('robots-txt-tester logs: text and CSV', () => {
  it('text: a table per crawler, the blocked paths fetched most with their deciding lines, who fetched what it may not', () => {
    const r = cli([robots, access, '--ip-ranges', googlebotJson]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^CRAWLER +REQUESTS +BLOCKED +VERIFIED +SPOOFED +UNVERIFIED +ROBOTS\.TXT +FIRST SEEN \(UTC\) +LAST SEEN \(UTC\)\n/);
    expect(r.out).toMatch(/\ngooglebot +3 +2 +2 +1 +0 +0 +2025-03-01 10:00:00 +2025-03-03 10:00:00\n/);
    expect(r.out).toContain('    blocked, fetched most: /private/a ×2 (line 2: Disallow: /private/)');
    expect(r.out).toContain('2 crawlers fetched URLs the file blocks for them: googlebot (2), gptbot (1)');
  });
  it('csv: one row per request naming a crawler, the robots.txt fetch included; formula-like cells neutralised', () => {
    const r = cli([robots, access, '--ip-ranges', googlebotJson, '--format', 'csv']);
    expect(r.code).toBe(1);
    const rows = Papa.parse<string[]>(r.out.trim()).data;
    expect(rows[0]).toEqual(['file', 'line', 'time', 'ip', 'crawler', 'named', 'verification', 'ignores_robots_txt', 'method', 'host', 'target', 'status', 'verdict', 'rule_line', 'rule', 'version', 'user_agent']);
    expect(rows.slice(1).map((x) => [x[1], x[4], x[6], x[10], x[12], x[13], x[14]])).toEqual([
      ['1', 'googlebot', 'verified', '/private/a', 'blocked', '2', 'Disallow: /private/'],
      ['2', 'googlebot', 'verified', '/public', 'allowed', '', ''],
      ['3', 'googlebot', 'spoofed', '/private/a', 'blocked', '2', 'Disallow: /private/'],
      ['4', 'gptbot', 'unverified', '/robots.txt', 'robots.txt fetch', '', ''],
      ['5', 'gptbot', 'unverified', "'/blog/=cmd".slice(1), 'blocked', '5', 'Disallow: /'],
    ]);
    expect(r.out.split('\r\n')[1]).toMatch(/^.*access\.log,1,2025-03-01T10:00:00\.000Z,66\.249\.66\.1,googlebot,yes,verified,no,GET,,\/private\/a,200,blocked,2,Disallow: \/private\/,1,"Mozilla\/5\.0 \(compatible; Googlebot\/2\.1; \+http:\/\/www\.google\.com\/bot\.html\)"$/);
  });
  it('csv --all-readers: a verdict and a line column per reader after Google\'s', () => {
    const r = cli([robots, access, '--format', 'csv', '--all-readers']);
    const header = Papa.parse<string[]>(r.out.trim()).data[0]!;
    expect(header.slice(17, 19)).toEqual(['verdict bing', 'rule_line bing']);
    expect(header).toHaveLength(17 + 2 * 7);
  });
  it('text --reader and --all-readers: blocked as each reader reads the file', () => {
    const r = cli([robots, access, '--all-readers']);
    expect(r.out).toMatch(/blocked as each reader reads the file: google 2, bing 2, python-urllib 2, python-urllib-rfc9309 2, scrapy-protego 2, scrapy-protego-0\.6 2, robots-parser 2, crawler-commons 2/);
    expect(cli([robots, access, '--reader', 'python-urllib', '--format', 'json']).code).toBe(1);
  });
});

describe('robots-txt-tester logs: inputs', () => {
  it('gzip, standard input, several files (each its own format) add up', () => {
    const gz = put('access.log.gz', gzipSync(readAccess()));
    const w3c = put('iis.log', `#Software: IIS\n#Fields: date time c-ip cs-method cs-uri-stem cs-uri-query sc-status cs(User-Agent)\n2025-03-06 10:00:00 66.249.66.9 GET /private/c - 200 ${GOOGLEBOT.replace(/ /g, '+')}\n`);
    const plain = JSON.parse(cli([robots, access, '--format', 'json']).out);
    expect(JSON.parse(cli([robots, gz, '--format', 'json']).out)).toEqual(plain);
    expect(JSON.parse(cli([robots, '-', '--format', 'json'], readAccess()).out)).toEqual(plain);
    const both = cli([robots, access, w3c, '--format', 'json']);
    expect(JSON.parse(both.out)).toMatchObject({ lines: 7 + 3, format: 'combined, w3c-iis' });
    expect(JSON.parse(both.out).crawlers[0]).toMatchObject({ crawler: 'googlebot', requests: 4, blocked: 3, lastSeen: '2025-03-06T10:00:00.000Z' });
  });
  it('a named pipe is read as it is written, as a plain file is (it is not opened twice: the writer would lose its reader, and the second open wait for ever)', () => {
    const fifo = join(dir, 'live.log');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const writer = spawn('sh', ['-c', 'cat "$1" > "$2"', 'sh', access, fifo], { stdio: 'ignore' });
    const r = spawnSync(process.execPath, ['lib/cli.js', 'logs', robots, fifo, '--format', 'json', '--no-shipped-ranges'], { encoding: 'utf8', timeout: 20_000 });
    writer.kill();
    expect([r.status, r.signal]).toEqual([1, null]);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(cli([robots, access, '--format', 'json']).out));
  });
  it('--jobs 2 gives what --jobs 1 gives (JSON and CSV, in input order)', () => {
    const big = put('big.log', Array.from({ length: 30_000 }, (_, i) => line(`66.249.${i % 200}.${i % 250}`, 1 + (i % 28), `/${i % 3 ? 'private' : 'open'}/${i}`, [GOOGLEBOT, GPTBOT, BROWSER, CHATGPT][i % 4]!)).join('\n'));
    for (const format of ['json', 'csv']) {
      const one = cli([robots, big, '--ip-ranges', googlebotJson, '--format', format, '--jobs', '1']);
      const two = cli([robots, big, '--ip-ranges', googlebotJson, '--format', format, '--jobs', '2']);
      expect(two.code).toBe(1);
      expect(two.out).toBe(one.out);
    }
  });
  it('without --jobs the threads are chosen by the log\'s size (none under INLINE_BYTES, a gzip file counted as unpacked), and the report is the one --jobs 1 and 2 give', () => {
    const gz = put('sized.log.gz', gzipSync(readAccess()));
    expect(logFilesBytes([access, gz])).toBe(readAccess().length + 10 * gzipSync(readAccess()).length);
    expect([logFilesBytes([access, '-']), logFilesBytes([dir])]).toEqual([null, null]);
    expect([logThreads(0, 2), logThreads(INLINE_BYTES - 1, 2), logThreads(INLINE_BYTES, 2), logThreads(null, 4), logThreads(10 * INLINE_BYTES, 1)]).toEqual([1, 1, 2, 4, 1]);
    const big = put('sized.log', Array.from({ length: 6_000 }, (_, i) => line(`66.249.${i % 200}.${i % 250}`, 1 + (i % 28), `/${i % 3 ? 'private' : 'open'}/${i}`, [GOOGLEBOT, GPTBOT, BROWSER, CHATGPT, `Bot${i % 7}/1.0`][i % 5]!)).join('\n'));
    const chosen = cli([robots, big, gz, '--ip-ranges', googlebotJson, '--format', 'json']);
    expect(chosen.code).toBe(1);
    for (const jobs of ['1', '2']) expect(cli([robots, big, gz, '--ip-ranges', googlebotJson, '--format', 'json', '--jobs', jobs]).out).toBe(chosen.out);
  });
  it('--ip-ranges <crawler>=<file> for a file of another name', () => {
    const mine = put('openai-ranges.json', JSON.stringify({ prefixes: [{ ipv4Prefix: '20.0.0.0/24' }] }));
    const r = JSON.parse(cli([robots, access, '--ip-ranges', `gptbot=${mine}`, '--format', 'json']).out);
    expect(r.crawlers[1]).toMatchObject({ crawler: 'gptbot', verified: 1, unverified: 0 });
  });
  it('--version-from and --live-since: each request judged by the version live at its time', () => {
    const old = put('old-robots.txt', 'User-agent: *\nDisallow: /public\n');
    const r = cli([robots, access, '--version-from', `2025-01-01=${old}`, '--live-since', '2025-03-03', '--format', 'json']);
    // 1 and 2 March: the old file (blocks /public, not /private/); from 3 March the live one (blocks /private/).
    expect(JSON.parse(r.out).crawlers[0]).toMatchObject({ crawler: 'googlebot', blocked: 2, topBlocked: [{ path: '/private/a', line: 2, count: 1 }, { path: '/public', line: 2, count: 1 }] });
    const text = cli([robots, access, '--version-from', `2025-01-01=${old}`, '--live-since', '2025-03-03']).out;
    expect(text).toContain(`Judged by: the live file (since 2025-03-03 00:00:00): 2 requests; ${old} (since 2025-01-01 00:00:00): 3 requests`);
    expect(text).toContain(`/public ×1 (${old} (since 2025-01-01 00:00:00), line 2: Disallow: /public)`);
    expect(cli([robots, access, '--version-from', `2025-01-01=${old}`, '--live-since', '2025-03-02', '--format', 'json']).out).toContain('"blocked":1,');
  });
  it.each([
    [['missing-log.log'], /no such log file: missing-log\.log/],
    [[], /missing the log file/],
    [['--format', 'xml', 'LOG'], /--format takes text, json or csv/],
    [['LOG', '--ip-ranges', 'nothing.json'], /not a published file name; say whose it is: --ip-ranges <crawler>=nothing\.json/],
    [['LOG', '--ip-ranges', 'googlebot.json'], /no such IP ranges file: googlebot\.json/],
    [['LOG', '--version-from', '2025-01-01=ROBOTS'], /--version-from needs --live-since/],
    [['LOG', '--version-from', 'soon=ROBOTS', '--live-since', '2025'], /--version-from takes a date/],
    [['LOG', '--reader', 'nobody'], /no reader "nobody"/],
    [['LOG', '--jobs', '0'], /--jobs takes a number/],
  ])('exits 2 on bad options, before reading: %j', (args, message) => {
    const r = cli([robots, ...args.map((a) => (a === 'LOG' ? access : a.replace('ROBOTS', robots)))]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.out).toBe('');
  });
  it('a log logrotate\'s copytruncate left starting with NULs is read whole, the NULs counted (--jobs 1 and 2)', () => {
    const truncated = put('truncated.log', new Uint8Array([...new Uint8Array(3000), ...Buffer.from(readAccess())]));
    for (const jobs of ['1', '2']) {
      const r = cli([robots, truncated, '--format', 'json', '--jobs', jobs]);
      expect(JSON.parse(r.out)).toMatchObject({ lines: 7, unparsed: 1 });
      expect(r.err).toContain('3,000 NUL bytes skipped at the start of the log');
    }
  });
  it('exits 2 on an unreadable input, naming it: a binary file, an unknown format, a broken gzip, a bad ranges file; the other files are still read', () => {
    const binary = put('binary.log', new Uint8Array([0, 1, 2, 3, 0, 255, 10, 0]));
    const unknown = put('notes.log', 'hello\nworld\n');
    const brokenGz = put('broken.log.gz', gzipSync(readAccess()).subarray(0, 40));
    const badRanges = put('bingbot.json', '{"prefixes": "none"}');
    const r = cli([robots, binary, unknown, brokenGz, access, '--format', 'json']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('binary.log: this is a binary file, not a text log');
    expect(r.err).toMatch(/notes\.log: unknown log format: the first lines fit none of Apache\/nginx common or combined.*"hello"/);
    expect(r.err).toMatch(/broken\.log\.gz: not a readable gzip file/);
    expect(JSON.parse(r.out).crawlers.map((c: { crawler: string }) => c.crawler)).toEqual(['googlebot', 'gptbot']);
    const ranges = cli([robots, access, '--ip-ranges', badRanges]);
    expect([ranges.code, ranges.out]).toEqual([2, '']);
    expect(ranges.err).toContain('bingbot.json holds no "prefixes" list');
  });
});

function readAccess(): string {
  return spawnSync('cat', [access], { encoding: 'utf8' }).stdout;
}

describe('robots-txt-tester logs --verify-dns, with a fake resolver (no network)', () => {
  const fake = {
    reverse: async (ip: string) => {
      if (ip === '66.249.66.1') return ['crawl-66-249-66-1.googlebot.com'];
      throw Object.assign(new Error('no PTR'), { code: 'ENOTFOUND' });
    },
    resolve: async (host: string) => (host === 'crawl-66-249-66-1.googlebot.com' ? ['66.249.66.1'] : []),
  };
  it.each([1, 2])('verified by reverse-then-forward DNS where no ranges are given; spoofed where the address has no such name (--jobs %i)', async (jobs) => {
    let out = '';
    const notes: string[] = [];
    const code = await logsWith(readCommandArgs(logsCommand, [robots, access, '--verify-dns', '--no-shipped-ranges', '--format', 'json', '--jobs', String(jobs)]), {
      write: async (t) => void (out += t), warn: (t) => void notes.push(t), resolver: fake, script: pathToFileURL(resolve('lib/cli.js')),
    });
    expect(code).toBe(1);
    expect(JSON.parse(out).crawlers[0]).toMatchObject({ crawler: 'googlebot', verified: 2, spoofed: 1, unverified: 0 });
    expect(JSON.parse(out).crawlers[1]).toMatchObject({ crawler: 'gptbot', unverified: 1 });
  });
  it('DNS refused or timing out: the real Googlebot is unverified, never spoofed, and the failed lookups are counted', async () => {
    const down = { reverse: async () => Promise.reject(Object.assign(new Error('refused'), { code: 'ECONNREFUSED', syscall: 'queryPtr' })), resolve: async () => [] };
    let out = '';
    const notes: string[] = [];
    await logsWith(readCommandArgs(logsCommand, [robots, access, '--verify-dns', '--no-shipped-ranges', '--format', 'json']), {
      write: async (t) => void (out += t), warn: (t) => void notes.push(t), resolver: down, script: pathToFileURL(resolve('lib/cli.js')),
    });
    expect(JSON.parse(out).crawlers[0]).toMatchObject({ crawler: 'googlebot', verified: 0, spoofed: 0, unverified: 3 });
    expect(notes).toContain('2 DNS lookups failed (refused, timed out, or no answer): those requests are unverified, not spoofed');
  });
});

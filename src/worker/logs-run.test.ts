import { gzipSync } from 'node:zlib';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { ALL_REQUESTS, judgeLog, LogJudge, logReport, logView, readIpRanges } from '../robots/logs/index.js';
import { logsCsv, runLogs, type LogsSetup } from './logs-run.js';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const line = (ip: string, path: string, ua: string, second = 0) => `${ip} - - [01/Mar/2025:10:00:${String(second).padStart(2, '0')} +0000] "GET ${path} HTTP/1.1" 200 1 "-" "${ua}"`;
const text = [line('66.249.66.1', '/p/a', GOOGLEBOT), line('6.6.6.6', '/p/b', GOOGLEBOT, 1), line('1.1.1.1', '/x', 'GPTBot/1.1', 2), 'broken'].join('\n');
const setup: LogsSetup = {
  versions: [{ text: 'User-agent: *\nDisallow: /p/\n' }], readers: ['google'],
  ranges: [{ source: 'googlebot.json', text: JSON.stringify({ prefixes: [{ ipv4Prefix: '66.249.64.0/19' }] }), crawlers: ['googlebot'] }],
};
const file = (name: string, content: string | Uint8Array) => ({ name, blob: new Blob([content as BlobPart]) });
/** Over 256 KiB of lines: more than one of the worker's chunks. */
const big = Array.from({ length: 6000 }, (_, i) => line(`66.249.66.${i % 200}`, `/p/${i}`, i % 2 ? GOOGLEBOT : 'GPTBot/1.1', i % 60)).join('\n');
/** An IIS log (W3C extended) whose #Fields change 3,000 lines in, past the worker's first chunk. */
const iis = ['#Fields: date time c-ip cs-method cs-uri-stem sc-status cs(User-Agent)',
  ...Array.from({ length: 3000 }, (_, i) => `2025-03-01 10:00:${String(i % 60).padStart(2, '0')} 66.249.66.${i % 200} GET /p/${i}/first-part-of-the-log 200 ${GOOGLEBOT.replace(/ /g, '+')}`),
  '#Date: 2025-03-02 00:00:00', '#Fields: date time cs(User-Agent) sc-status cs-uri-stem cs-method c-ip',
  ...Array.from({ length: 3000 }, (_, i) => `2025-03-02 10:00:${String(i % 60).padStart(2, '0')} bingbot/2.0 200 /q/${i}/second-part-of-the-log GET 40.77.167.${i % 200}`),
].join('\r\n');

describe('the logs worker\'s run: Blobs streamed, gzip unpacked, every file told apart', () => {
  it('plain and gzip files add up; a binary file and a file of no known format are named, not fatal', async () => {
    const seen: number[] = [];
    const files = [file('a.log', text), file('a.log.gz', gzipSync(text)), file('bin.log', new Uint8Array([0, 1, 2, 0, 10])), file('notes.txt', 'hello\nthere\n')];
    const out = await runLogs(files, setup, (p) => seen.push(p.read), () => false, 0);
    expect(out!.files.map((f) => [f.name, f.format, f.lines, f.unparsed, f.error])).toEqual([
      ['a.log', 'combined', 4, 1, null], ['a.log.gz', 'combined', 4, 1, null],
      ['bin.log', '', 0, 0, 'this is a binary file, not a text log'], ['notes.txt', '', 0, 0, expect.stringMatching(/^unknown log format/)],
    ]);
    expect(out!.files[0]!.samples).toEqual([{ line: 4, text: 'broken' }]);
    // The deciding lines' texts come with the outcome: the page never parses the file for them.
    expect(out!.lineTexts).toEqual([{ 2: 'Disallow: /p/' }]);
    expect(logReport(out!.tally, 'combined').crawlers.map((c) => [c.crawler, c.requests, c.blocked, c.verified, c.spoofed])).toEqual([['googlebot', 4, 4, 2, 2], ['gptbot', 2, 0, 0, 0]]);
    // Progress counts the files' own bytes (compressed ones for gzip), up to their total.
    expect(seen.at(-1)).toBe(files.reduce((n, f) => n + f.blob.size, 0));
    expect(seen.slice(0, -1).every((n, i) => n >= (seen[i - 1] ?? 0))).toBe(true);
  });
  it('a broken gzip file is named', async () => {
    const out = await runLogs([file('cut.log.gz', gzipSync(text).subarray(0, 30))], setup, () => {}, () => false);
    expect(out!.files[0]!.error).toMatch(/^not a readable gzip file \(/);
  });
  it('a cancelled run gives nothing, cancelled before its first chunk or in the middle of a file', async () => {
    expect(await runLogs([file('a.log', text)], setup, () => {}, () => true)).toBeNull();
    let asked = 0;
    expect(await runLogs([file('big.log', big), file('a.log', text)], setup, () => {}, () => asked++ > 0)).toBeNull();
    // Asked before each chunk: the second one stops the run, not the file alone.
    expect(asked).toBe(2);
  });
  it('the tally judgeLog gives for the same files, a W3C log\'s columns changing past its first chunk (W3C Extended Log File Format: a new #Fields directive)', async () => {
    const files = [file('big.log', big), file('iis.log', iis), file('iis.log.gz', gzipSync(iis))];
    const out = await runLogs(files, setup, () => {}, () => false);
    const judge = new LogJudge({ versions: setup.versions, readers: setup.readers, ranges: setup.ranges.map((r) => readIpRanges(r.text, r.source, r.crawlers)) });
    for (const t of [big, iis, iis]) await judgeLog([t], { versions: [] }, { judge });
    expect(logReport(out!.tally, 'x')).toEqual(logReport(judge.tally, 'x'));
    // The view unfiltered comes with the outcome, made from the tally sent with it.
    expect(out!.view).toEqual(logView(out!.tally, ALL_REQUESTS));
    expect(out!.view.rows.map((r) => r.id)).toEqual(['googlebot', 'bingbot', 'gptbot']);
    expect(out!.files.map((f) => [f.format, f.lines, f.unparsed])).toEqual([['combined', 6000, 0], ['w3c-iis', 6003, 0], ['w3c-iis', 6003, 0]]);
    expect(logReport(out!.tally, 'x').crawlers.find((c) => c.crawler === 'bingbot')).toMatchObject({ requests: 2 * 3000 });
  });
  it('the CSV under a filter: only spoofed, only one crawler', async () => {
    const rows = async (filter = ALL_REQUESTS) => {
      const r = await logsCsv([file('a.log', text)], setup, filter, () => false);
      const table = Papa.parse<string[]>((await r!.csv.text()).replace(/^\uFEFF/, '').trim()).data;
      expect(table.length - 1).toBe(r!.rows);
      return table.slice(1).map((x) => [x[3], x[4], x[6], x[12]]);
    };
    expect(await rows()).toEqual([['66.249.66.1', 'googlebot', 'verified', 'blocked'], ['6.6.6.6', 'googlebot', 'spoofed', 'blocked'], ['1.1.1.1', 'gptbot', 'unverified', 'allowed']]);
    expect(await rows({ ...ALL_REQUESTS, spoofed: true })).toEqual([['6.6.6.6', 'googlebot', 'spoofed', 'blocked']]);
    expect(await rows({ ...ALL_REQUESTS, crawler: 'gptbot' })).toEqual([['1.1.1.1', 'gptbot', 'unverified', 'allowed']]);
    expect(await rows({ ...ALL_REQUESTS, disobeying: true })).toHaveLength(2);
  });
});

/**
 * The logs' pool with the reading thread as one of its threads: it judges the chunks pushed while
 * the worker threads are busy, and what the run gives (its CSV rows in the log's order, its tally
 * added up along the threads) is what one judge gives over every chunk — the issue's "totals
 * identical for --jobs 1, 2 and 4", here with both kinds of thread judging.
 */
import { resolve } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { emptyTally, LogFileReader, logReport, tallyPieces, type Verification } from '../robots/logs/index.js';
import { ChunkJudge, LOG_JOBS, receiveTally, sendTally, wholeTally, type ChunkJob, type LogPool, type LogSetup } from './logs-run.js';
import { OrderedPool } from './pool/index.js';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const line = (i: number) => `66.249.${i % 200}.${i % 250} - - [${String(1 + (i % 28)).padStart(2, '0')}/Mar/2025:10:00:00 +0000] "GET /${i % 3 ? 'private' : 'open'}/${i % 500} HTTP/1.1" 200 10 "-" "${[GOOGLEBOT, GPTBOT, BROWSER, `Bot${i % 7}/1.0`][i % 4]!}"`;
const log = new TextEncoder().encode(Array.from({ length: 3_000 }, (_, i) => line(i)).join('\n') + '\n');

const setup: LogSetup = { versions: [{ text: 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n' }], readers: ['google', 'bing'], ranges: [], csv: true };
const noDns = async (): Promise<(Verification | null)[]> => [];

/** The log's chunks as the command cuts them (small ones, so that there are many). */
function chunks(): ChunkJob[] {
  const reader = new LogFileReader({ chunkBytes: 4096 });
  return [...reader.push(log), ...reader.end()].map((c) => ({ ...c, file: 'access.log' }));
}

describe('logs --jobs N: the reading thread and N - 1 worker threads', () => {
  it.each([1, 2])('with %i worker thread(s), both kinds judge chunks; the CSV rows come in the log\'s order and the tally is the one judge\'s', async (threads) => {
    const alone = new ChunkJudge(setup, noDns);
    let expectedCsv = '';
    for (const job of chunks()) expectedCsv += (await alone.run(job)).csv;

    const inline = new ChunkJudge(setup, noDns);
    let csv = '';
    const pool = new OrderedPool<LogPool>({
      jobs: LOG_JOBS, setup, threads, script: pathToFileURL(resolve('lib/cli.js')), inline, helpWhenBusy: true, inFlight: 1,
      deliver: (r) => void (csv += r.csv),
    });
    let tally;
    try {
      for (const job of chunks()) await pool.push(job);
      const inlineLines = inline.tally().lines;
      tally = await wholeTally(pool, inline);
      expect(inlineLines).toBeGreaterThan(0);
      expect(inlineLines).toBeLessThan(tally.lines);
    } finally {
      await pool.close();
    }
    expect(tally.lines).toBe(3_000);
    expect(csv).toBe(expectedCsv);
    expect(JSON.stringify(logReport(tally, 'combined'))).toBe(JSON.stringify(logReport(alone.tally(), 'combined')));
  });
});

describe('a tally sent between threads in pieces', () => {
  it('arrives whole: added into an empty tally, it equals the one sent, however small the pieces', async () => {
    const judge = new ChunkJudge(setup, noDns);
    for (const job of chunks()) await judge.run(job);
    const sent = judge.tally();
    for (const size of [1, 40, 100_000]) {
      const { port1, port2 } = new MessageChannel();
      let messages = 0;
      port2.on('message', () => messages++);
      const into = emptyTally(1);
      await Promise.all([sendTally(port1, sent, size), receiveTally(port2, into)]);
      expect(into).toEqual(sent);
      // Each piece, then the rest: every crawler alone in a piece with size 1, all of them in one with the largest.
      expect(messages).toBe(tallyPieces(sent, size).pieces.length + 1);
      if (size === 1) expect(messages).toBe(sent.crawlers.size + 1);
      if (size === 100_000) expect(messages).toBe(2);
    }
  });
});

describe('a tally that cannot be added', () => {
  it('rejects with the error and closes the port, which ends the sender too (a listener that threw would end the process)', async () => {
    const { port1, port2 } = new MessageChannel();
    // A piece whose crawler holds no maps: adding it throws, as a Map past its 2^24 entries does.
    port1.postMessage({ piece: [['Googlebot', { broken: true }]] });
    const sent = new Promise<void>((resolve) => port1.once('close', () => resolve()));
    await expect(receiveTally(port2, emptyTally(1))).rejects.toThrow(TypeError);
    await sent;
  });
});

describe('a run whose thread fails before the end', () => {
  it('fails, and leaves no port open to keep the process alive after its error', async () => {
    const ports = () => process.getActiveResourcesInfo().filter((r) => r === 'MessagePort').length;
    const before = ports();
    // The pool as a thread's failure leaves it: its drain, and so its finish, fail before any thread is given its end.
    const failed = { threads: 1, finish: async () => Promise.reject(new Error('a worker thread ended early (exit code 3)')) } as unknown as OrderedPool<LogPool>;
    await expect(wholeTally(failed, new ChunkJudge(setup, noDns))).rejects.toThrow(/ended early/);
    // The error comes once the ports are closed: nothing to wait for (a wait of 50 ms lost its race whenever the test was held up that long).
    expect(ports()).toBe(before);
  });
});

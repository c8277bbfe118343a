/**
 * The ordered pool under check, diff, audit and logs: results in the order of the jobs whoever
 * finishes first, questions answered by the main thread, each thread's share at the end, and a
 * thread that fails or ends early failing the run rather than leaving it waiting.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';
import { buildSync } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { OrderedPool, type PoolOptions } from './ordered-pool.js';
import { ECHO_JOBS, type EchoJob, type EchoPool, type EchoResult } from './test-helpers.js';

/** A thread's script: the pool's thread side serving the echo jobs, bundled as the CLI's is. */
let script: URL;
beforeAll(() => {
  const code = buildSync({
    stdin: {
      contents: `import { parentPort, workerData } from 'node:worker_threads';
        import { serveJobs } from ${JSON.stringify(resolve('src/cli/pool/serve.ts'))};
        import { ECHO_JOBS } from ${JSON.stringify(resolve('src/cli/pool/test-helpers.ts'))};
        serveJobs(ECHO_JOBS, workerData.pool.setup, parentPort);`,
      resolveDir: process.cwd(), loader: 'ts',
    },
    bundle: true, platform: 'node', format: 'esm', write: false,
  }).outputFiles[0]!.text;
  const file = join(mkdtempSync(join(tmpdir(), 'rtt-pool-')), 'thread.mjs');
  writeFileSync(file, code);
  script = pathToFileURL(file);
});

const job = (value: number, more: Partial<EchoJob> = {}): EchoJob => ({ value, ...more });

/** A pool of `threads` echo threads (0: inline) whose results are collected in the order delivered. */
function echoPool(threads: number, more: Partial<PoolOptions<EchoPool>> = {}) {
  const delivered: EchoResult[] = [];
  const pool = new OrderedPool<EchoPool>({
    jobs: ECHO_JOBS, setup: { offset: 100 }, threads, script, inFlight: 4,
    inline: threads === 0 ? ECHO_JOBS.start({ offset: 100 }, async (q) => q * 2) : undefined,
    answer: async (q) => q * 2,
    deliver: (r) => void delivered.push(r),
    ...more,
  });
  return { pool, delivered };
}

describe('results in the order of the jobs', () => {
  it('two threads: the first job finishes last, its result is still delivered first', async () => {
    const { pool, delivered } = echoPool(2);
    try {
      // Jobs go round the threads: 0 to the first, 1 to the second, 2 to the first after 0. Job 0
      // finishes once job 1 has, whenever the second thread gets to it: a delay of 150 ms raced
      // the second thread's start, which a busy machine held up longer than that.
      const gate = new Int32Array(new SharedArrayBuffer(4));
      for (const j of [job(0, { waitsFor: gate }), job(1, { opens: gate }), job(2), job(3)]) await pool.push(j);
      await pool.drain();
    } finally {
      await pool.close();
    }
    expect(delivered.map((r) => r.value)).toEqual([100, 101, 102, 103]);
    expect(delivered[0]!.otherFinished).toBe(true);
    expect(new Set(delivered.map((r) => r.thread)).size).toBe(2);
  });

  it('inline (no threads): the same order, on this thread', async () => {
    const { pool, delivered } = echoPool(0);
    for (const j of [job(0, { delayMs: 20 }), job(1), job(2, { ask: true })]) await pool.push(j);
    await pool.drain();
    expect(delivered.map((r) => [r.value, r.answer])).toEqual([[100, undefined], [101, undefined], [102, 4]]);
  });

  it('a thread\'s question is answered by the main thread', async () => {
    const { pool, delivered } = echoPool(2);
    try {
      for (const v of [3, 4, 5]) await pool.push(job(v, { ask: true }));
      await pool.drain();
    } finally {
      await pool.close();
    }
    expect(delivered.map((r) => r.answer)).toEqual([6, 8, 10]);
  });

  it('no more jobs in flight than the bound: a push waits for a delivery', async () => {
    let delivered = 0;
    const { pool } = echoPool(2, { inFlight: 2, deliver: async () => void (await new Promise((r) => setTimeout(r, 5)), delivered++) });
    const undelivered: number[] = [];
    try {
      for (let v = 0; v < 12; v++) {
        await pool.push(job(v));
        undelivered.push(v + 1 - delivered);
      }
      await pool.drain();
    } finally {
      await pool.close();
    }
    expect(Math.max(...undelivered)).toBe(2);
    expect(delivered).toBe(12);
  });
});

describe('the reading thread helps when the threads are busy (the audit\'s pool)', () => {
  it('a job pushed while the thread holds a full queue runs inline; the order is kept', async () => {
    const { pool, delivered } = echoPool(1, { inFlight: 1, helpWhenBusy: true, inline: ECHO_JOBS.start({ offset: 100 }, async (q) => q) });
    try {
      for (const j of [job(0, { delayMs: 100 }), job(1), job(2)]) await pool.push(j);
      await pool.drain();
    } finally {
      await pool.close();
    }
    // Inline is this test's own thread: not thread 0 when vitest runs the file in a worker thread (--pool=threads).
    expect(delivered.map((r) => [r.value, r.thread === threadId ? 'inline' : 'thread'])).toEqual([[100, 'thread'], [101, 'inline'], [102, 'inline']]);
  });
});

describe('the end of the run', () => {
  it('each thread gives its share and its own end message, in thread order', async () => {
    const { pool } = echoPool(3);
    let parts;
    try {
      for (let v = 0; v < 7; v++) await pool.push(job(v));
      parts = await pool.finish((i) => ({ end: `end ${i}` }));
    } finally {
      await pool.close();
    }
    expect(parts).toEqual([{ ran: [0, 3, 6], end: 'end 0' }, { ran: [1, 4], end: 'end 1' }, { ran: [2, 5], end: 'end 2' }]);
  });
});

describe('a thread that fails fails the run; nothing waits for ever', () => {
  it.each([
    ['throws', 'throw', /job 1 failed/],
    ['ends early', 'exit', /a worker thread ended early \(exit code 3\)/],
  ] as const)('a job that %s: the run fails with it', async (_, fail, message) => {
    const { pool, delivered } = echoPool(2);
    try {
      await pool.push(job(0, { delayMs: 50 }));
      await pool.push(job(1, { fail }));
      // Later pushes or the drain see the failure; the jobs the other thread holds do not keep the run waiting.
      await expect((async () => {
        for (let v = 2; v < 50; v++) await pool.push(job(v, { delayMs: 20 }));
        await pool.drain();
      })()).rejects.toThrow(message);
      expect(pool.failure?.message).toMatch(message);
      await expect(pool.finish()).rejects.toThrow(message);
    } finally {
      await pool.close();
    }
    expect(delivered.map((r) => r.value)).not.toContain(101);
  });

  it('inline: a job that throws fails the push and the run', async () => {
    const { pool } = echoPool(0);
    await pool.push(job(0));
    await expect(pool.push(job(1, { fail: 'throw' }))).rejects.toThrow(/job 1 failed/);
    await expect(pool.drain()).rejects.toThrow(/job 1 failed/);
  });
});

/**
 * The crawl's page reading on worker threads (`audit --crawl --jobs n`): each fetched answer goes
 * to a thread of the CLI's ordered pool, which parses it (htmlparser2) and sends back what the
 * page says; the crawl's own thread goes on fetching meanwhile.
 */
import { readPage, type PageAnswer, type PageReading } from '../robots/site/index.js';
import { OrderedPool, type ThreadJobs } from './pool/index.js';

/** The crawl pool's types: a page's answer in, its reading out. */
export interface CrawlPoolShape {
  readonly setup: null;
  readonly job: { readonly url: string; readonly answer: PageAnswer };
  readonly result: PageReading;
  readonly end: undefined;
  readonly part: undefined;
  readonly question: never;
  readonly answer: never;
}

/** The crawl's thread jobs: read a page. A body that owns its memory moves to the thread rather than being copied. */
export const CRAWL_JOBS: ThreadJobs<CrawlPoolShape> = {
  kind: 'crawl',
  start: () => ({ run: (job) => readPage(job.url, job.answer) }),
  pack(job) {
    const body = job.answer.body;
    // A small Buffer shares Node's pool of memory with others: only a body that is its whole buffer moves.
    const own = body instanceof Uint8Array && body.byteOffset === 0 && body.byteLength === body.buffer.byteLength && body.buffer instanceof ArrayBuffer;
    return { data: job, transfer: own ? [body.buffer as ArrayBuffer] : [] };
  },
};

/** Page readers on `threads` threads: `read` sends an answer to one and resolves to its reading. */
export function crawlReaders(threads: number, script: URL): { read: (url: string, answer: PageAnswer) => Promise<PageReading>; close: () => Promise<void> } {
  const pool = new OrderedPool<CrawlPoolShape, (reading: PageReading) => void>({
    jobs: CRAWL_JOBS, setup: null, threads, script, inFlight: threads * 8,
    deliver: (reading, resolve) => resolve(reading),
  });
  return {
    read: (url, answer) => new Promise<PageReading>((resolve, reject) => {
      pool.push({ url, answer }, resolve).catch(reject);
    }),
    close: () => pool.close(),
  };
}

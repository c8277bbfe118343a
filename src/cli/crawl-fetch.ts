/**
 * The crawl's requests on the command line: one GET per call with Node's http and https clients
 * (a keep-alive pool per crawl), no redirect followed (the engine follows them, checking each),
 * every header kept as received (X-Robots-Tag may come several times), gzip, deflate and brotli
 * inflated, the body read up to 15 MB (what Google's crawlers read of a file) and the whole answer
 * bounded in time. Never throws: a failure is an answer with status 0 and its reason.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable, Transform } from 'node:stream';
import type { PageAnswer } from '../robots/site/index.js';

/** Bytes of a body read at most (Google's crawlers read the first 15 MB of a file). */
export const MAX_PAGE_BYTES = 15 * 1024 * 1024;

/** How the crawl's requests are made. */
export interface PageFetchOptions {
  /** The whole answer's time, headers and body. */
  readonly timeoutMs: number;
  /** Connections kept per host (the crawl's concurrency). */
  readonly sockets: number;
  readonly userAgent: string;
  readonly maxBytes?: number;
}

/** A page fetcher and what closes its connections. */
export interface PageFetcher {
  fetch(url: string): Promise<PageAnswer>;
  close(): void;
}

const inflaterOf = (encoding: string | undefined): Transform | null => {
  const e = (encoding ?? '').trim().toLowerCase();
  if (e === 'gzip' || e === 'x-gzip') return createGunzip();
  if (e === 'deflate') return createInflate();
  if (e === 'br') return createBrotliDecompress();
  return null;
};

/** Pairs of a response's raw headers: [name, value], repeated headers once per line. */
function headerPairs(res: IncomingMessage): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) out.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
  return out;
}

/** Makes the crawl's fetcher (see the module's comment). */
export function pageFetcher(options: PageFetchOptions): PageFetcher {
  const limit = options.maxBytes ?? MAX_PAGE_BYTES;
  const agents = {
    http: new HttpAgent({ keepAlive: true, maxSockets: options.sockets }),
    https: new HttpsAgent({ keepAlive: true, maxSockets: options.sockets }),
  };
  const fetch = (url: string): Promise<PageAnswer> => new Promise((resolve) => {
    let settled = false;
    const done = (a: PageAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(a);
    };
    const fail = (error: string) => done({ status: 0, headers: [], body: null, cut: false, error });
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return fail('not a URL');
    }
    const https = u.protocol === 'https:';
    const req = (https ? httpsRequest : httpRequest)(u, {
      method: 'GET', agent: https ? agents.https : agents.http,
      headers: { 'user-agent': options.userAgent, accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br' },
    });
    const timer = setTimeout(() => {
      req.destroy();
      fail(`no whole answer within ${options.timeoutMs / 1000} s (timeout)`);
    }, options.timeoutMs);
    req.on('error', (e: NodeJS.ErrnoException) => fail(`network error${e.code ? ` (${e.code})` : ''}`));
    req.on('response', (res) => {
      const headers = headerPairs(res);
      const status = res.statusCode ?? 0;
      // A redirect's or an error's body is not needed; a 2xx one is read, inflated, to the limit.
      if (status < 200 || status >= 300) {
        res.resume();
        return done({ status, headers, body: null, cut: false });
      }
      const inflater = inflaterOf(res.headers['content-encoding']);
      const body: Readable = inflater ? res.pipe(inflater) : res;
      const chunks: Buffer[] = [];
      let size = 0;
      body.on('data', (chunk: Buffer) => {
        if (size + chunk.length > limit) {
          chunks.push(chunk.subarray(0, limit - size));
          size = limit;
          req.destroy();
          done({ status, headers, body: Buffer.concat(chunks), cut: true });
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      body.on('end', () => done({ status, headers, body: Buffer.concat(chunks, size), cut: false }));
      body.on('error', () => fail(inflater ? 'the compressed body is broken' : 'the answer broke off'));
      res.on('error', () => fail('the answer broke off'));
    });
    req.end();
  });
  return {
    fetch,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

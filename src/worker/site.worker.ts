/// <reference lib="webworker" />
/**
 * The Site tab's worker: the inventory and its audit (SiteSession) served through the runtime,
 * with the browser's I/O — fetch (a refused cross-origin read told apart from a network error),
 * DecompressionStream, a file's stream, and a task boundary to yield at. Loaded with the Site tab.
 */
import type { OpenedSource } from '../robots/site/index.js';
import { reply, serve } from './serve.js';
import { streamChunks, yieldToMessages } from './site-io.js';
import { SiteSession } from './site-session.js';

/** Fetches a sitemap; a failure is a network error, or a refused cross-origin read when an opaque request gets through. */
async function open(url: string): Promise<OpenedSource> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'omit' });
  } catch (e) {
    // A cross-origin read the site does not allow fails like a network error; a no-cors request
    // that gets an (opaque) answer tells them apart.
    const reachable = await fetch(url, { mode: 'no-cors', credentials: 'omit' }).then(() => true, () => false);
    return { ok: false, problem: reachable ? { code: 'cors', args: {} } : { code: 'network', args: { detail: e instanceof Error ? e.message : 'network error' } } };
  }
  if (!res.ok) return { ok: false, problem: { code: 'http', args: { status: res.status } } };
  return { ok: true, body: res.body ? streamChunks(res.body) : (async function* () {})() };
}

const inflate = typeof DecompressionStream === 'function'
  ? (chunks: AsyncIterable<Uint8Array>) => {
    const it = chunks[Symbol.asyncIterator]();
    const source = new ReadableStream<Uint8Array>({
      async pull(c) {
        const r = await it.next();
        if (r.done) c.close();
        else c.enqueue(r.value);
      },
      async cancel() {
        await it.return?.();
      },
    });
    return streamChunks(source.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>));
  }
  : undefined;

const session = new SiteSession(reply, {
  open, inflate, chunks: (file) => streamChunks(file.stream() as ReadableStream<Uint8Array>), yieldNow: yieldToMessages, now: () => performance.now(),
});

serve({
  'site-sources': async (req) => {
    await session.read(req.sources);
    reply({ type: 'site-read', id: req.id });
  },
  'site-audit': async (req) => {
    await session.auditAgainst(req, req.text);
    reply({ type: 'site-audited', id: req.id, revision: req.revision });
  },
  'site-rows': (req) => reply({ type: 'site-rows', id: req.id, ...session.rows(req.query) }),
  'site-children': (req) => reply({ type: 'site-children', id: req.id, ...session.children(req.folder) }),
  'site-csv': (req) => reply({ type: 'site-csv', id: req.id, ...session.csv() }),
});

/// <reference lib="webworker" />
/**
 * The Site tab's worker: the inventory and its audit (SiteSession) served through the runtime,
 * with the browser's I/O — fetch (each sitemap once),
 * DecompressionStream, a file's stream, and a task boundary to yield at. Loaded with the Site tab.
 */
import type { OpenedSource } from '../robots/site/index.js';
import { reply, serve } from './serve.js';
import { streamChunks, yieldToMessages } from './site-io.js';
import { SiteSession } from './site-session.js';

/**
 * Fetches a sitemap, once: a failure is the browser's refusal to read it or no answer (a page
 * cannot tell the two apart without asking again, and asking again is a second request).
 */
async function open(url: string, signal: AbortSignal): Promise<OpenedSource> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'omit', signal });
  } catch (e) {
    if (signal.aborted) return { ok: false, problem: { code: 'network', args: { detail: e instanceof Error ? e.message : 'stopped' } } };
    return { ok: false, problem: { code: 'cors', args: {} } };
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    return { ok: false, problem: { code: 'http', args: { status: res.status } } };
  }
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

import { describe, expect, it } from 'vitest';
import { SitemapOpener } from './opener.js';
import type { OpenedSource } from './sources.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

/** Answers of `chunks` pieces of 1 KB each, as fast as asked: what was opened, pulled and stopped. */
function server(chunks: number) {
  const opened: string[] = [];
  const pulled = new Map<string, number>();
  const stopped: string[] = [];
  const open = async (url: string, signal: AbortSignal): Promise<OpenedSource> => {
    opened.push(url);
    signal.addEventListener('abort', () => stopped.push(url));
    return {
      ok: true,
      body: (async function* () {
        for (let i = 0; i < chunks; i++) {
          pulled.set(url, (pulled.get(url) ?? 0) + 1);
          yield new Uint8Array(1024);
          await tick();
        }
      })(),
    };
  };
  return { open, opened, pulled, stopped };
}

async function drain(body: AsyncIterable<Uint8Array>): Promise<number> {
  let n = 0;
  for await (const c of body) n += c.length;
  return n;
}

describe('sitemaps opened ahead of their turn', () => {
  it('bodies read ahead stop at the shared byte limit; the one taken is read whole, once', async () => {
    const s = server(10);
    const opener = new SitemapOpener(s.open, { perHost: 4, aheadBytes: 4096 });
    opener.plan(['https://a.test/1', 'https://a.test/2', 'https://a.test/3']);
    for (let i = 0; i < 20; i++) await tick();
    const ahead = [...s.pulled.values()].reduce((a, b) => a + b, 0);
    // The limit, and at most one piece more per body.
    expect(ahead).toBeGreaterThanOrEqual(4);
    expect(ahead).toBeLessThanOrEqual(4 + 3);
    const first = await opener.take('https://a.test/1');
    expect(first.ok && (await drain(first.body))).toBe(10 * 1024);
    expect(s.opened).toEqual(['https://a.test/1', 'https://a.test/2', 'https://a.test/3']);
    opener.close();
  });

  it('one place per host is kept for what is read next: four open on the next one\'s host (that place is its own), three on another', () => {
    const s = server(1);
    const opener = new SitemapOpener(s.open, { perHost: 4 });
    const urls = (host: string) => [1, 2, 3, 4, 5].map((i) => `https://${host}/${i}`);
    opener.plan([...urls('a.test'), ...urls('b.test')]);
    expect(s.opened).toEqual([...urls('a.test').slice(0, 4), ...urls('b.test').slice(0, 3)]);
    opener.close();
  });

  it('one at a time per host: only the next one is opened', () => {
    const s = server(1);
    const opener = new SitemapOpener(s.open, { perHost: 1 });
    opener.plan(['https://a.test/1', 'https://a.test/2', 'https://b.test/1']);
    expect(s.opened).toEqual(['https://a.test/1']);
    opener.close();
  });

  it('closing stops every opening not taken; the deadline stops them all', async () => {
    const s = server(100);
    const deadline = new AbortController();
    const opener = new SitemapOpener(s.open, { perHost: 4, deadline: deadline.signal });
    opener.plan(['https://a.test/1', 'https://a.test/2']);
    const taken = await opener.take('https://a.test/1');
    deadline.abort();
    await tick();
    expect(s.stopped.sort()).toEqual(['https://a.test/1', 'https://a.test/2']);
    await expect(taken.ok && drain(taken.body)).rejects.toThrow();
    opener.close();
  });
});

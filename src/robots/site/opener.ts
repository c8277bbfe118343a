/**
 * Sitemaps opened ahead of their turn, a few at a time per host: while one is read, the next ones
 * are fetched and their bodies read into memory (up to a shared number of bytes), so a slow or
 * hanging server costs the run one timeout per few sitemaps, not one each. They are still read one
 * after another, in the inventory's order. The deadline, or the end of the run, stops them all.
 */
import { SourceReadError, type OpenedSource } from './sources.js';
import { originOf } from './reader.js';

/** Opens a sitemap's URL: the answer, or why there is none; `signal` stops the fetch and its body. */
export type SitemapOpen = (url: string, signal: AbortSignal) => Promise<OpenedSource>;

/** How far ahead sitemaps are opened. */
export interface SitemapOpenerOptions {
  /** Sitemaps open at a time per host, the one being read included. */
  readonly perHost: number;
  /** Sitemaps open ahead in all, across hosts. */
  readonly ahead?: number;
  /** Bytes read ahead and not yet read by the inventory, in all. */
  readonly aheadBytes?: number;
  /** Stops every opening when aborted. */
  readonly deadline?: AbortSignal;
}

interface Opening {
  readonly host: string;
  readonly stop: AbortController;
  taken: boolean;
  /** Its host's room is given back (the body ended, failed or was stopped). */
  released: boolean;
}

const AHEAD = 16;
const AHEAD_BYTES = 32 * 1024 * 1024;
const STOPPED = (): SourceReadError => new SourceReadError({ code: 'network', args: { detail: 'the reading stopped' } });

/** Opens the sitemaps an inventory reads, ahead of their turn where their host has room. */
export class SitemapOpener {
  /** Openings not taken yet, by URL. */
  private readonly waiting = new Map<string, { readonly opening: Opening; readonly result: Promise<OpenedSource> }>();
  /** Openings holding a connection, per host (ahead of their turn or being read). */
  private readonly open = new Map<string, number>();
  private readonly all = new Set<Opening>();
  /** Bytes read ahead and not yet handed on, in all. */
  private buffered = 0;
  /** Bodies read ahead waiting for room in the buffer. */
  private pumps: (() => void)[] = [];
  private closed = false;
  private readonly onDeadline = () => {
    for (const o of this.all) o.stop.abort();
    this.wakePumps();
  };

  constructor(private readonly openUrl: SitemapOpen, private readonly options: SitemapOpenerOptions) {
    options.deadline?.addEventListener('abort', this.onDeadline);
  }

  /**
   * The sitemaps to read next, the next first: each is opened now where its host has room, one
   * place per host kept for whatever is read next (an index's children come before what was
   * planned) — on the next one's own host, once it is open, that place is its own.
   */
  plan(next: Iterable<string>): void {
    const ahead = this.options.ahead ?? AHEAD;
    const { perHost } = this.options;
    let first = true;
    let nextHost: string | null = null;
    for (const url of next) {
      if (this.waiting.size >= ahead || this.closed) return;
      const host = originOf(url) ?? url;
      const isNext = first;
      first = false;
      if (!this.waiting.has(url)) {
        const room = isNext || host === nextHost ? perHost : perHost - 1;
        if ((this.open.get(host) ?? 0) >= room) continue;
        this.waiting.set(url, this.start(url, host, true));
      }
      if (isNext) nextHost = host;
    }
  }

  /** Opens `url` to be read now: the opening made ahead, or a new one. */
  take(url: string): Promise<OpenedSource> {
    const made = this.waiting.get(url);
    this.waiting.delete(url);
    const { opening, result } = made ?? this.start(url, originOf(url) ?? url, false);
    opening.taken = true;
    // Its body no longer waits for room: the inventory reads it now.
    this.wakePumps();
    return result;
  }

  /** Stops every opening not taken (the run is over); the deadline is no longer listened to. */
  close(): void {
    this.closed = true;
    this.options.deadline?.removeEventListener('abort', this.onDeadline);
    for (const { opening } of this.waiting.values()) opening.stop.abort();
    this.waiting.clear();
    this.wakePumps();
  }

  private start(url: string, host: string, ahead: boolean): { opening: Opening; result: Promise<OpenedSource> } {
    this.open.set(host, (this.open.get(host) ?? 0) + 1);
    const opening: Opening = { host, stop: new AbortController(), taken: !ahead, released: false };
    if (this.options.deadline?.aborted) opening.stop.abort();
    this.all.add(opening);
    const result = this.openUrl(url, opening.stop.signal).then(
      (opened): OpenedSource => {
        if (!opened.ok) {
          this.release(opening);
          return opened;
        }
        return { ...opened, body: ahead ? this.readAhead(opening, opened.body) : this.readNow(opening, opened.body) };
      },
      (e: unknown): OpenedSource => {
        this.release(opening);
        return { ok: false, problem: { code: 'network', args: { detail: e instanceof Error ? e.message : String(e) } } };
      },
    );
    return { opening, result };
  }

  private release(o: Opening): void {
    if (o.released) return;
    o.released = true;
    this.all.delete(o);
    this.open.set(o.host, (this.open.get(o.host) ?? 1) - 1);
  }

  private wakePumps(): void {
    const pumps = this.pumps;
    this.pumps = [];
    for (const p of pumps) p();
  }

  /** A body read as the inventory asks for it; its end gives its host's room back. */
  private async *readNow(o: Opening, body: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    try {
      yield* body;
    } finally {
      this.release(o);
    }
  }

  /** A body read ahead into memory while there is room (a taken one's always is), handed on as the inventory asks for it. */
  private readAhead(o: Opening, body: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    const ahead = new AheadBody();
    const limit = this.options.aheadBytes ?? AHEAD_BYTES;
    const it = body[Symbol.asyncIterator]();
    void (async () => {
      try {
        for (;;) {
          while (!o.taken && this.buffered >= limit && !o.stop.signal.aborted) await new Promise<void>((r) => this.pumps.push(r));
          if (o.stop.signal.aborted) throw STOPPED();
          const r = await it.next();
          if (r.done) break;
          this.buffered += r.value.length;
          ahead.push(r.value);
        }
        ahead.end(null);
      } catch (e) {
        ahead.end(e);
        await it.return?.()?.catch(() => {});
      } finally {
        this.release(o);
      }
    })();
    return ahead.read({
      taken: (bytes) => {
        this.buffered -= bytes;
        this.wakePumps();
      },
      stopped: () => o.stop.abort(),
    });
  }
}

/** The chunks of a body read ahead, and how it ended. */
class AheadBody {
  private readonly chunks: Uint8Array[] = [];
  private ended: { readonly error: unknown } | null = null;
  private reader: (() => void) | null = null;

  push(chunk: Uint8Array): void {
    this.chunks.push(chunk);
    this.wake();
  }

  /** The body ended: whole (null), or with `error`. */
  end(error: unknown): void {
    this.ended = { error };
    this.wake();
  }

  /** The chunks as they come; `taken` is told the bytes handed on, `stopped` when the reader stops early. */
  async *read(on: { taken(bytes: number): void; stopped(): void }): AsyncGenerator<Uint8Array> {
    try {
      for (;;) {
        const c = this.chunks.shift();
        if (c) {
          on.taken(c.length);
          yield c;
          continue;
        }
        if (this.ended) {
          if (this.ended.error !== null) throw this.ended.error;
          return;
        }
        await new Promise<void>((r) => (this.reader = r));
      }
    } finally {
      if (!this.ended) on.stopped();
      let left = 0;
      for (const c of this.chunks.splice(0)) left += c.length;
      if (left > 0) on.taken(left);
    }
  }

  private wake(): void {
    const r = this.reader;
    this.reader = null;
    r?.();
  }
}

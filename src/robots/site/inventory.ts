/**
 * The inventory: every URL a site publishes, read from its sources as they stream — sitemaps
 * (followed through their indexes, loops and depth bounded), feeds, crawl exports and lists —
 * each URL once, each source reporting what it gave. The I/O comes in as functions (`open`,
 * `inflate`): the browser's fetch and DecompressionStream, Node's fetch, files and zlib.
 */
import { isGzip } from '../text/index.js';
import type { SourceProblem } from './messages.js';
import { addSkip, InventoryReader, newReport, type InventoryReaderOptions, type LineReader, type MutableReport, type SourceReport } from './reader.js';
import { UrlSet } from './url-set.js';

/** A body's pieces: bytes as read, or text already decoded (a paste). */
export type SourceBody = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

/** Thrown by a body or an opener for a failure it can name (a network error, a refused read). */
export class SourceReadError extends Error {
  constructor(readonly problem: SourceProblem) {
    super(problem.code);
  }
}

/** What opening a sitemap's URL gave: its body, or why there is none. */
export type OpenedSource =
  | { readonly ok: true; readonly body: AsyncIterable<Uint8Array>; readonly url?: string }
  | { readonly ok: false; readonly problem: SourceProblem };

/** Reading one source: its I/O helpers and how it is read. */
export interface ReadSitemapOptions extends Omit<InventoryReaderOptions, 'lines'> {
  /** The source's name in its report (its URL or file name). */
  readonly name?: string;
  /** Inflates gzip upstream (DecompressionStream, zlib); the reader inflates itself when absent. */
  readonly inflate?: (gzip: AsyncIterable<Uint8Array>) => AsyncIterable<Uint8Array>;
  /** Reads a list's text (the CSV module's urlListReader); plain lines when absent. */
  readonly lines?: () => LineReader;
}

/** What reading a source gives as it goes: URLs, child sitemaps (an index), and at the end its report. */
export type SitemapEvent =
  | { readonly kind: 'urls'; readonly urls: readonly string[] }
  | { readonly kind: 'sitemaps'; readonly urls: readonly string[] }
  | { readonly kind: 'report'; readonly report: SourceReport };

async function* chain(first: Uint8Array | string, rest: AsyncIterator<Uint8Array | string>): AsyncGenerator<Uint8Array> {
  yield first as Uint8Array;
  for (let r = await rest.next(); !r.done; r = await rest.next()) yield r.value as Uint8Array;
}

function iteratorOf(body: SourceBody): AsyncIterator<Uint8Array | string> | Iterator<Uint8Array | string> {
  return Symbol.asyncIterator in body ? body[Symbol.asyncIterator]() : body[Symbol.iterator]();
}

/**
 * Reads one sitemap, feed, or URL list as its body streams: yields its URLs (and an index's child
 * sitemaps, not followed) a piece at a time, then its report. Never throws for what the source
 * holds; a body that breaks off ends with a problem in the report.
 */
export async function* readSitemap(body: SourceBody, options: ReadSitemapOptions = {}): AsyncGenerator<SitemapEvent> {
  const reader = new InventoryReader(options.name ?? options.url ?? '', options);
  yield* readInto(reader, body, options.inflate);
}

async function* readInto(reader: InventoryReader, body: SourceBody, inflate: ReadSitemapOptions['inflate']): AsyncGenerator<SitemapEvent> {
  let it: AsyncIterator<Uint8Array | string> | Iterator<Uint8Array | string> = iteratorOf(body);
  let upstream = false;
  const emit = function* (c: { urls: string[]; sitemaps: string[] }): Generator<SitemapEvent> {
    if (c.urls.length > 0) yield { kind: 'urls', urls: c.urls };
    if (c.sitemaps.length > 0) yield { kind: 'sitemaps', urls: c.sitemaps };
  };
  try {
    for (let r = await it.next(); !r.done; r = await it.next()) {
      let chunk = r.value;
      if (!upstream && inflate && typeof chunk !== 'string' && isGzip(chunk)) {
        // The rest goes through the caller's inflater, this piece first.
        upstream = true;
        reader.inflatedUpstream();
        it = inflate(chain(chunk, it as AsyncIterator<Uint8Array | string>))[Symbol.asyncIterator]();
        const first = await it.next();
        if (first.done) break;
        chunk = first.value;
      }
      yield* emit(reader.push(chunk));
      if (reader.stopped) break;
    }
  } catch (e) {
    reader.fail(e instanceof SourceReadError ? e.problem
      : upstream ? { code: 'gzip', args: { detail: (e as Error).message || 'unreadable data' } }
      : { code: 'unreadable', args: { detail: (e as Error).message || String(e) } });
  } finally {
    // Stop the body (and the fetch or file behind it) when the reading stopped early.
    try {
      await it.return?.();
    } catch {
      // a body that fails to close has nothing more to give
    }
  }
  yield* emit(reader.end());
  yield { kind: 'report', report: { ...reader.report, skipped: { ...reader.report.skipped } } };
}

/** A source of the inventory: a sitemap's URL to open, or a body at hand (a file, a paste). */
export interface InventorySource {
  /** Its name in reports: the URL, or the file's name. */
  readonly name: string;
  /** Opened with `open` when no body is given; a sitemap's rules apply to its entries' hosts. */
  readonly url?: string;
  readonly body?: SourceBody;
  /** How its text is read (see InventoryReaderOptions.role); `sitemap` for a URL by default. */
  readonly role?: 'sitemap' | 'list';
}

/** How the inventory is read. */
export interface InventoryOptions {
  /** Opens a sitemap's URL (fetch); without it, sources given by URL and child sitemaps get a problem. */
  readonly open?: (url: string) => Promise<OpenedSource>;
  readonly inflate?: ReadSitemapOptions['inflate'];
  readonly lines?: () => LineReader;
  /** The site whose robots.txt this is: its sitemaps may list its URLs from another host (cross-submission). */
  readonly site?: string;
  /** Index levels followed below a source: 2 by default (a source, an index in it, the sitemaps of that). */
  readonly maxDepth?: number;
  /** The URLs already in the inventory (a set kept by the caller, exact when it keeps the URLs). */
  readonly seen?: UrlSet;
  /** The sitemaps already read (a set kept by the caller across calls); each is read once. */
  readonly sitemapsRead?: Set<string>;
  /** The sitemaps.org limits, for tests. */
  readonly maxEntries?: number;
  readonly maxBytes?: number;
}

/** What reading the inventory gives as it goes: new URLs (each once), and each source's report as it ends. */
export type InventoryEvent =
  | { readonly kind: 'urls'; readonly urls: readonly string[]; readonly source: number; readonly name: string }
  | { readonly kind: 'source'; readonly report: SourceReport; readonly source: number };

/** A source waiting to be read, with where it came from. */
interface Pending {
  readonly source: InventorySource;
  readonly parent: string | null;
  readonly depth: number;
}

const noOpener = async (): Promise<OpenedSource> => ({ ok: false, problem: { code: 'network', args: { detail: 'nothing can fetch here' } } });

/**
 * Reads every source in order, an index's child sitemaps right after the index (depth-first,
 * each sitemap once, `maxDepth` levels): yields the URLs new to the inventory as they come and
 * each source's report. A source that fails is reported and the others are still read.
 */
export async function* readInventory(sources: readonly InventorySource[], options: InventoryOptions = {}): AsyncGenerator<InventoryEvent> {
  const seen = options.seen ?? new UrlSet();
  const read = options.sitemapsRead ?? new Set<string>();
  const open = options.open ?? noOpener;
  const maxDepth = options.maxDepth ?? 2;
  const queue: Pending[] = sources.map((source) => ({ source, parent: null, depth: 0 })).reverse();
  // A sitemap given again (here, or to an earlier call sharing the set) is reported, not read twice.
  const again = new Set<InventorySource>();
  for (const s of sources) {
    if (s.url && !s.body) {
      if (read.has(s.url)) again.add(s);
      read.add(s.url);
    }
  }
  let index = 0;
  while (queue.length > 0) {
    const { source, parent, depth } = queue.pop()!;
    const n = index++;
    if (parent === null && again.has(source)) {
      const repeat = newReport(source.name);
      addSkip(repeat, 'loop');
      yield { kind: 'source', report: repeat, source: n };
      continue;
    }
    const role = source.role ?? (source.body ? 'list' : 'sitemap');
    const reader = new InventoryReader(source.name, {
      role, url: source.url, origins: options.site ? [options.site] : [], lines: options.lines, maxEntries: options.maxEntries, maxBytes: options.maxBytes,
    }, parent);
    let body = source.body;
    if (!body) {
      const opened = source.url ? await open(source.url) : null;
      if (!opened || !opened.ok) {
        reader.fail(opened ? opened.problem : { code: 'unreadable', args: { detail: 'no body and no URL' } });
        body = [];
      } else body = opened.body;
    }
    const children: string[] = [];
    let report: SourceReport | null = null;
    for await (const e of readInto(reader, body, options.inflate)) {
      if (e.kind === 'urls') {
        const fresh: string[] = [];
        for (const u of e.urls) if (seen.add(u)) fresh.push(u);
        const dropped = e.urls.length - fresh.length;
        if (dropped > 0) {
          addSkip(reader.report, 'duplicate', dropped);
          reader.report.urls -= dropped;
        }
        if (fresh.length > 0) yield { kind: 'urls', urls: fresh, source: n, name: source.name };
      } else if (e.kind === 'sitemaps') children.push(...e.urls);
      else report = e.report;
    }
    // The child sitemaps' fate is counted on the index that named them.
    const r: MutableReport = { ...report!, urls: reader.report.urls, skipped: { ...reader.report.skipped } };
    const next: Pending[] = [];
    for (const url of children) {
      if (read.has(url)) addSkip(r, 'loop');
      else if (depth + 1 > maxDepth) addSkip(r, 'too-deep');
      else {
        read.add(url);
        next.push({ source: { name: url, url, role: 'sitemap' }, parent: source.name, depth: depth + 1 });
      }
    }
    r.sitemaps = next.length;
    yield { kind: 'source', report: r, source: n };
    for (let i = next.length - 1; i >= 0; i--) queue.push(next[i]!);
  }
}

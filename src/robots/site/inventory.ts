/**
 * The inventory: every URL a site publishes, read from its sources as they stream — sitemaps
 * (followed through their indexes, loops and depth bounded, children taken from the files opened
 * with them before any fetch), feeds, crawl exports and lists — each URL once, each source
 * reporting what it gave, the run held to its caps and deadline. The I/O comes in as functions
 * (`open`, `inflate`): the browser's fetch and DecompressionStream, Node's fetch, files and zlib.
 */
import { isGzip } from '../text/index.js';
import { InventoryBudget } from './budget.js';
import type { SourceProblem } from './messages.js';
import { OpenedFiles } from './opened-files.js';
import { SitemapOpener, type SitemapOpen } from './opener.js';
import { addSkip, copyReport, InventoryReader, newReport, type InventoryReaderOptions, type LineReader, type SourceReport } from './reader.js';
import { SourceReadError, type InventorySource, type OpenedSource, type SourceBody } from './sources.js';
import { UrlSet } from './url-set.js';

export { SourceReadError };
export type { InventorySource, OpenedSource, SourceBody };

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

/** Why a source's reading stops early (a cap, the deadline), asked after each piece; null to go on. */
type StopCheck = () => SourceProblem | null;

async function* readInto(reader: InventoryReader, body: SourceBody, inflate: ReadSitemapOptions['inflate'], stop: StopCheck = () => null): AsyncGenerator<SitemapEvent> {
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
      const why = stop();
      if (why) {
        reader.fail(why);
        break;
      }
    }
  } catch (e) {
    // A fetch the deadline broke off is the deadline's doing.
    reader.fail(stop() ?? (e instanceof SourceReadError ? e.problem
      : upstream ? { code: 'gzip', args: { detail: (e as Error).message || 'unreadable data' } }
      : { code: 'unreadable', args: { detail: (e as Error).message || String(e) } }));
  } finally {
    // Stop the body (and the fetch or file behind it) when the reading stopped early.
    try {
      await it.return?.();
    } catch {
      // a body that fails to close has nothing more to give
    }
  }
  yield* emit(reader.end());
  // A cap reached by the last pieces, or the deadline just after them.
  const why = stop();
  if (why) reader.fail(why);
  yield { kind: 'report', report: copyReport(reader.report) };
}

/** How the inventory is read. */
export interface InventoryOptions {
  /** Opens a sitemap's URL (fetch); `signal` stops it. Without it, sources given by URL and child sitemaps get a problem. */
  readonly open?: SitemapOpen;
  readonly inflate?: ReadSitemapOptions['inflate'];
  readonly lines?: () => LineReader;
  /** The site whose robots.txt this is: its sitemaps may list its URLs from another host (cross-submission); a local feed's links resolve on it. */
  readonly site?: string;
  /** Index levels followed below a source: 2 by default (a source, an index in it, the sitemaps of that). */
  readonly maxDepth?: number;
  /** The URLs already in the inventory (a set kept by the caller, exact when it keeps the URLs). */
  readonly seen?: UrlSet;
  /** The sitemaps already read (a set kept by the caller across calls); each is read once. */
  readonly sitemapsRead?: Set<string>;
  /** The run's caps and what they cut (kept by the caller across calls); the defaults when absent. */
  readonly budget?: InventoryBudget;
  /** Stops the run when aborted: nothing more is opened, the source being read ends with a problem. */
  readonly deadline?: AbortSignal;
  /** The files an index's child sitemaps are taken from (kept by the caller across calls); the sources with a body when absent. */
  readonly files?: OpenedFiles;
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
  /** The URLs of the indexes it is under (a child naming one of them is a loop). */
  readonly above: readonly string[];
}

const noOpener = async (): Promise<OpenedSource> => ({ ok: false, problem: { code: 'network', args: { detail: 'nothing can fetch here' } } });

/** Sources looked at ahead of the one read, for sitemaps to open early. */
const LOOK_AHEAD = 32;

/** The URLs of the next sources to open, the next first (not those given again: they are not read). */
function* upcoming(queue: readonly Pending[], again: ReadonlySet<InventorySource>): Generator<string> {
  for (let i = queue.length - 1, k = 0; i >= 0 && k < LOOK_AHEAD; i--, k++) {
    const s = queue[i]!.source;
    if (s.url && !s.body && !again.has(s)) yield s.url;
  }
}

/**
 * Reads every source in order, an index's child sitemaps right after the index (depth-first,
 * each sitemap once, `maxDepth` levels, children taken from the opened files when they name one):
 * yields the URLs new to the inventory as they come and each source's report. A source that fails
 * is reported and the others are still read; at a cap or the deadline the reading stops, the
 * budget says what was left out. Sitemaps are opened ahead, a few at a time per host.
 */
export async function* readInventory(sources: readonly InventorySource[], options: InventoryOptions = {}): AsyncGenerator<InventoryEvent> {
  const seen = options.seen ?? new UrlSet();
  const read = options.sitemapsRead ?? new Set<string>();
  const budget = options.budget ?? new InventoryBudget();
  const files = options.files ?? new OpenedFiles(sources);
  const { deadline, site } = options;
  const maxDepth = options.maxDepth ?? 2;
  const opener = new SitemapOpener(options.open ?? noOpener, { perHost: budget.caps.perHost, deadline });
  const queue: Pending[] = sources.map((source) => ({ source, parent: null, depth: 0, above: [] })).reverse();
  // A sitemap given again (here, or to an earlier call sharing the set) is reported, not read twice.
  const again = new Set<InventorySource>();
  for (const s of sources) {
    if (s.url && !s.body) {
      if (read.has(s.url)) again.add(s);
      read.add(s.url);
    }
  }
  const stopped = (): SourceProblem | null => {
    if (deadline?.aborted) budget.cut.deadline = true;
    if (budget.cut.deadline) return { code: 'stopped', args: { limit: 'deadline', cap: budget.caps.deadlineMs / 1000 } };
    return budget.cut.urls ? { code: 'stopped', args: { limit: 'urls', cap: budget.caps.urls } } : null;
  };
  let index = 0;
  try {
    while (queue.length > 0) {
      if (stopped()) {
        budget.cut.unread += queue.length;
        break;
      }
      opener.plan(upcoming(queue, again));
      const { source, parent, depth, above } = queue.pop()!;
      const n = index++;
      if (parent === null && again.has(source)) {
        const repeat = newReport(source.name);
        addSkip(repeat, 'repeated');
        yield { kind: 'source', report: repeat, source: n };
        continue;
      }
      const readAs = parent === null ? files.readAs(source) : null;
      if (readAs) {
        // Read already, as the child sitemap an index named.
        const r = newReport(source.name, readAs.parent);
        r.readAs = readAs.url;
        yield { kind: 'source', report: r, source: n };
        continue;
      }
      if (parent === null) files.markRead(source);
      const role = source.role ?? (source.body ? 'list' : 'sitemap');
      const reader = new InventoryReader(source.name, {
        role, url: source.url, origins: site ? [site] : [], base: source.url ?? site, lines: options.lines, maxEntries: options.maxEntries, maxBytes: options.maxBytes,
      }, parent);
      if (source.file) reader.report.file = source.file;
      let body = source.body;
      if (!body) {
        const opened = source.url ? await opener.take(source.url) : null;
        if (!opened || !opened.ok) {
          reader.fail(stopped() ?? (opened ? opened.problem : { code: 'unreadable', args: { detail: 'no body and no URL' } }));
          body = [];
        } else body = opened.body;
      }
      const children: string[] = [];
      let report: SourceReport | null = null;
      for await (const e of readInto(reader, body, options.inflate, stopped)) {
        if (e.kind === 'urls') {
          let fresh: string[] = [];
          for (const u of e.urls) if (seen.add(u)) fresh.push(u);
          const dropped = e.urls.length - fresh.length;
          if (dropped > 0) {
            addSkip(reader.report, 'duplicate', dropped);
            reader.report.urls -= dropped;
          }
          const room = budget.takeUrls(fresh.length);
          if (room < fresh.length) {
            // Past the cap: the reading stops after this piece (readInto asks).
            reader.report.urls -= fresh.length - room;
            fresh = fresh.slice(0, room);
          }
          if (fresh.length > 0) yield { kind: 'urls', urls: fresh, source: n, name: source.name };
        } else if (e.kind === 'sitemaps') children.push(...e.urls);
        else report = e.report;
      }
      // The child sitemaps' fate is counted on the index that named them.
      const r = copyReport(report!);
      const next: Pending[] = [];
      const here = source.url ?? source.name;
      for (const url of children) {
        if (url === here || above.includes(url)) addSkip(r, 'loop');
        else if (read.has(url)) addSkip(r, 'repeated');
        else if (depth + 1 > maxDepth) addSkip(r, 'too-deep');
        else {
          const file = files.match(url);
          if (file?.read) addSkip(r, 'repeated');
          else if (!budget.takeChild()) addSkip(r, 'capped');
          else {
            read.add(url);
            if (file) files.claim(file.source, { url, parent: source.name });
            const child: InventorySource = file ? { name: url, url, body: file.source.body, role: 'sitemap', file: file.source.name } : { name: url, url, role: 'sitemap' };
            next.push({ source: child, parent: source.name, depth: depth + 1, above: [...above, here] });
          }
        }
      }
      r.sitemaps = next.length;
      yield { kind: 'source', report: r, source: n };
      for (let i = next.length - 1; i >= 0; i--) queue.push(next[i]!);
    }
  } finally {
    opener.close();
  }
}

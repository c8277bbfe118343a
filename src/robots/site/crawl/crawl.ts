/**
 * The crawl: a site's pages fetched as one crawler may fetch them — from a start URL and the
 * sitemaps, every URL checked against robots.txt before it is queued (a blocked one is recorded
 * with the pages linking to it, never fetched), within bounds of pages, depth, time, requests per
 * second per host and concurrency. The frontier, the fetcher and the page reader are apart: the
 * fetching (one request, no redirect followed), the clock and where pages are read come in as
 * functions (the CLI's HTTP client and threads; a test's local site).
 */
import type { ResolvedAgent } from '../../crawlers/index.js';
import { ListChecker, ListVerdict, type ListVersion, type ListVerdictCode } from '../../lists/index.js';
import { readInventory, type InventoryOptions, type InventorySource } from '../inventory.js';
import type { SourceReport } from '../reader.js';
import { directivesFor, type AppliedDirective } from './directives.js';
import { CrawlFrontier, type FrontierEntry } from './frontier.js';
import { readPage, type PageAnswer, type PageReading } from './page-reader.js';

/** How far a crawl goes. */
export interface CrawlBounds {
  /** Requests made, at most (redirects count: each is a request). */
  readonly maxPages: number;
  /** Links followed from the start URL or a sitemap, at most. */
  readonly maxDepth: number;
  /** The whole crawl's time, sitemaps included. */
  readonly maxTimeMs: number;
  /** Requests per second to one host, at most. */
  readonly rate: number;
  /** Requests in flight at once, at most. */
  readonly concurrency: number;
  /** Redirects followed from one URL (Googlebot follows up to 10). */
  readonly maxRedirects: number;
  /** URLs the crawl keeps track of, at most (found, blocked, queued): a site of endless URLs holds no more. */
  readonly maxUrls: number;
}

/** The bounds a crawl has unless told otherwise. */
export const DEFAULT_CRAWL_BOUNDS: CrawlBounds = {
  maxPages: 1000, maxDepth: 10, maxTimeMs: 600_000, rate: 5, concurrency: 4, maxRedirects: 10, maxUrls: 200_000,
};

/** What a crawl crawls, and as whom. */
export interface CrawlSpec {
  readonly start: string;
  /** The robots.txt audited (a draft, or the live file). */
  readonly robots: ListVersion;
  /** The version it replaces (the live file): the crawl then goes as this one allows, and the audited one is compared with it. */
  readonly compare?: ListVersion;
  readonly crawler: ResolvedAgent;
  /** The site whose robots.txt this is: its URLs are crawled, other hosts' are counted, never fetched. */
  readonly site: string;
  readonly bounds?: Partial<CrawlBounds>;
  /**
   * Fetch each blocked URL of the site once, after the crawl, to read its status and robots
   * directives (never its links): what Google cannot see, reported as fetched despite robots.txt.
   */
  readonly fetchBlocked?: boolean;
  /** Sitemaps whose URLs start the crawl too (the robots.txt's Sitemap: lines, those given). */
  readonly sitemaps?: readonly InventorySource[];
}

/** The crawl's I/O. */
export interface CrawlIO {
  /** One request for `url` (GET, redirects not followed, the body bounded); never throws. */
  readonly fetch: (url: string) => Promise<PageAnswer>;
  /** Reads an answer (on another thread, say); readPage here when absent. */
  readonly read?: (url: string, answer: PageAnswer) => Promise<PageReading> | PageReading;
  /** Opens and inflates sitemaps, as the inventory's reading does. */
  readonly sitemaps?: Pick<InventoryOptions, 'open' | 'inflate' | 'lines'>;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  /** True once the crawl should stop (an interrupt): what is in flight ends, nothing more starts. */
  readonly stopped?: () => boolean;
  readonly onProgress?: (progress: CrawlProgress) => void;
}

/** How far a crawl has got. */
export interface CrawlProgress {
  readonly requests: number;
  readonly queued: number;
  readonly urls: number;
  readonly elapsedMs: number;
}

/** How a URL was first found. */
export type FoundVia = 'start' | 'sitemap' | 'link' | 'canonical' | 'hreflang' | 'next' | 'redirect';

/** What became of a URL the crawl found. */
export type UrlState =
  /** Fetched (its page is in `pages`). */
  | 'fetched'
  /** robots.txt blocks it for the crawler: never fetched (unless fetchBlocked, which reads it apart). */
  | 'blocked'
  /** Allowed, but deeper than the depth bound. */
  | 'too-deep'
  /** Allowed, but the crawl ended (pages, time, an interrupt) before it. */
  | 'unreached'
  /** Reached through more redirects than the bound. */
  | 'too-many-redirects'
  /** Not a URL a crawler can test (robots.txt cannot decide it). */
  | 'untestable';

/** A URL the crawl found on the site. */
export interface CrawlUrl {
  readonly id: number;
  readonly url: string;
  depth: number;
  readonly via: FoundVia;
  state: UrlState;
  /** Per version of the file (the audited one first): the verdict and its deciding line. */
  readonly verdicts: readonly ListVerdictCode[];
  readonly lines: readonly number[];
  inSitemap: boolean;
  /** Times it was linked to (links, canonicals, hreflang, next, redirects), from pages of the crawl. */
  inbound: number;
  /** The ids of pages linking to it: every one (to a bound) for a URL some version blocks, the first otherwise. */
  readonly from: number[];
  /** Its page in `pages`, -1 when not fetched. */
  page: number;
}

/** A fetched page (or, with fetchBlocked, a blocked URL's answer) and what the crawler makes of it. */
export interface CrawledPage extends Omit<PageReading, 'links'> {
  readonly id: number;
  readonly depth: number;
  /** Links on it (its `<a href>`s), all hosts. */
  readonly links: number;
  /** Its robots directives as they apply to the crawler. */
  readonly noindex: AppliedDirective | null;
  readonly nofollow: AppliedDirective | null;
  /** Fetched although robots.txt blocks it (fetchBlocked): links not followed, Google never sees this. */
  readonly blockedFetch: boolean;
  /** The redirect is not followed: past the bound of redirects. */
  readonly redirectsExhausted: boolean;
}

/** A canonical or hreflang link a page names. */
export interface TargetLink {
  /** The naming page's URL id. */
  readonly from: number;
  readonly url: string;
  readonly kind: 'canonical' | 'hreflang';
  readonly lang?: string;
  /** The target's URL id (-1: on another host, or past the bound of URLs). */
  readonly to: number;
}

/** Why the crawl ended. */
export type CrawlStop = 'done' | 'pages' | 'time' | 'interrupted';

/** A crawl's result as plain data. */
export interface CrawlResult {
  readonly spec: { readonly start: string; readonly site: string; readonly crawler: string; readonly bounds: CrawlBounds; readonly compared: boolean; readonly fetchBlocked: boolean };
  /** The version crawled under: 0 the audited file, 1 the compared one. */
  readonly crawledUnder: number;
  readonly urls: readonly CrawlUrl[];
  readonly pages: readonly CrawledPage[];
  readonly targets: readonly TargetLink[];
  readonly sitemaps: readonly SourceReport[];
  readonly stopped: CrawlStop;
  readonly requests: number;
  readonly elapsedMs: number;
  /** Links to other hosts (never fetched). */
  readonly external: number;
  /** URLs found past the bound of URLs (counted, not kept). */
  readonly urlsCut: number;
}

/** Pages listed as linking to one blocked URL, at most (all are counted). */
export const MAX_REFERRERS = 10_000;

/** The crawl's list checker: the audited version first, then the compared one; the crawler's Google column first. */
export function crawlChecker(spec: Pick<CrawlSpec, 'robots' | 'compare' | 'crawler' | 'site'>): ListChecker {
  return new ListChecker({ versions: spec.compare ? [spec.robots, spec.compare] : [spec.robots], crawlers: [spec.crawler], site: spec.site });
}

/** Crawls the site (see the module's comment); resolves to the result, whatever the site answers. */
export async function crawlSite(spec: CrawlSpec, io: CrawlIO): Promise<CrawlResult> {
  const bounds: CrawlBounds = { ...DEFAULT_CRAWL_BOUNDS, ...spec.bounds };
  const checker = crawlChecker(spec);
  const under = spec.compare ? 1 : 0;
  const origin = new URL(spec.site).origin;
  const names = spec.crawler.tokens.map((t) => t.toLowerCase());
  const started = io.now();
  const deadline = started + bounds.maxTimeMs;
  const frontier = new CrawlFrontier(1000 / Math.max(0.001, bounds.rate));
  const byUrl = new Map<string, CrawlUrl>();
  const urls: CrawlUrl[] = [];
  const pages: CrawledPage[] = [];
  const targets: TargetLink[] = [];
  const sitemaps: SourceReport[] = [];
  let external = 0;
  let urlsCut = 0;
  let requests = 0;
  let stopped: CrawlStop = 'done';

  const blockedSomewhere = (r: Pick<CrawlUrl, 'verdicts'>) => r.verdicts.some((v) => v === ListVerdict.Blocked);
  const inScope = (url: string) => url.startsWith(origin + '/');

  /** The URL's record, made (checked, queued when allowed) the first time it is found; null off the site or past the bound. */
  const discover = (url: string, depth: number, via: FoundVia, from: number | null, hops = 0): CrawlUrl | null => {
    if (!inScope(url)) {
      external++;
      return null;
    }
    let r = byUrl.get(url);
    if (!r) {
      if (urls.length >= bounds.maxUrls) {
        urlsCut++;
        return null;
      }
      const batch = checker.check([url], 'all');
      const verdicts = batch.results.map((x) => x.verdict[0] as ListVerdictCode);
      const lines = batch.results.map((x) => x.line[0]!);
      const v = verdicts[under]!;
      const state: UrlState = v === ListVerdict.Blocked ? 'blocked' : v !== ListVerdict.Allowed ? 'untestable'
        : hops > bounds.maxRedirects ? 'too-many-redirects' : depth > bounds.maxDepth ? 'too-deep' : 'unreached';
      r = { id: urls.length, url, depth, via, state, verdicts, lines, inSitemap: false, inbound: 0, from: [], page: -1 };
      urls.push(r);
      byUrl.set(url, r);
      if (state === 'unreached') frontier.push({ id: r.id, url, depth, hops }, via === 'redirect');
    } else if (r.state === 'too-deep' && depth <= bounds.maxDepth && r.verdicts[under] === ListVerdict.Allowed) {
      // Found again nearer the start: now within reach.
      r.depth = depth;
      r.state = 'unreached';
      frontier.push({ id: r.id, url, depth, hops }, via === 'redirect');
    }
    if (from !== null) {
      r.inbound++;
      if (r.from.length === 0 || (blockedSomewhere(r) && r.from.length < MAX_REFERRERS && r.from[r.from.length - 1] !== from)) r.from.push(from);
    }
    return r;
  };

  const record = (entry: FrontierEntry, reading: PageReading, blockedFetch: boolean): void => {
    const r = urls[entry.id]!;
    const applied = directivesFor(reading.directives, names);
    const exhausted = reading.redirect !== null && 'to' in reading.redirect && entry.hops + 1 > bounds.maxRedirects;
    const { links, ...rest } = reading;
    r.page = pages.length;
    if (!blockedFetch) r.state = 'fetched';
    pages.push({ ...rest, id: r.id, depth: entry.depth, links: links.length, noindex: applied.noindex, nofollow: applied.nofollow, blockedFetch, redirectsExhausted: exhausted });
    if (blockedFetch) return;
    if (reading.redirect && 'to' in reading.redirect) {
      // Past the bound the target is recorded, not queued.
      discover(reading.redirect.to, entry.depth, 'redirect', r.id, entry.hops + 1);
      return;
    }
    const depth = entry.depth + 1;
    if (!applied.nofollow) for (const l of links) discover(l, depth, 'link', r.id);
    for (const c of reading.canonical) {
      const t = discover(c, depth, 'canonical', r.id);
      targets.push({ from: r.id, url: c, kind: 'canonical', to: t ? t.id : -1 });
    }
    for (const h of reading.hreflang) {
      const t = discover(h.url, depth, 'hreflang', r.id);
      targets.push({ from: r.id, url: h.url, kind: 'hreflang', lang: h.lang, to: t ? t.id : -1 });
    }
    for (const n of reading.next) discover(n, depth, 'next', r.id);
  };

  const fetchOne = async (entry: FrontierEntry, blockedFetch: boolean): Promise<void> => {
    requests++;
    const answer = await io.fetch(entry.url);
    let reading: PageReading;
    try {
      reading = await (io.read ?? readPage)(entry.url, answer);
    } catch (e) {
      // A reader that fails (a thread gone) loses this page's reading, not the crawl.
      reading = readPage(entry.url, { status: 0, headers: [], body: null, cut: false, error: `the page could not be read: ${(e as Error).message}` });
    }
    record(entry, reading, blockedFetch);
    io.onProgress?.({ requests, queued: frontier.size, urls: urls.length, elapsedMs: io.now() - started });
  };

  /** Fetches what the frontier gives until it is empty or a bound is reached; `budget`: requests this phase may make. */
  const run = async (budget: number, blockedFetch: boolean): Promise<CrawlStop> => {
    const inFlight = new Set<Promise<void>>();
    let made = 0;
    let why: CrawlStop = 'done';
    for (;;) {
      let wait = 0;
      while (inFlight.size < bounds.concurrency) {
        if (io.stopped?.()) why = 'interrupted';
        else if (io.now() >= deadline) why = 'time';
        else if (made >= budget && frontier.size > 0) why = 'pages';
        if (why !== 'done') break;
        const t = frontier.take(io.now());
        if (t === null) break;
        if ('waitMs' in t) {
          wait = t.waitMs;
          break;
        }
        made++;
        const p = fetchOne(t.entry, blockedFetch).finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
      if (why !== 'done' || (inFlight.size === 0 && wait === 0)) break;
      const waits: Promise<unknown>[] = [...inFlight];
      if (wait > 0) waits.push(io.sleep(Math.min(wait, Math.max(1, deadline - io.now()))));
      await Promise.race(waits);
    }
    await Promise.all(inFlight);
    return why;
  };

  discover(spec.start, 0, 'start', null);
  if (spec.sitemaps && spec.sitemaps.length > 0) {
    for await (const e of readInventory(spec.sitemaps, { ...io.sitemaps, site: origin })) {
      if (e.kind === 'source') {
        sitemaps.push(e.report);
        continue;
      }
      for (const u of e.urls) {
        const r = discover(u, 0, 'sitemap', null);
        if (r) r.inSitemap = true;
      }
      if (io.now() >= deadline || io.stopped?.()) break;
    }
  }
  stopped = await run(bounds.maxPages, false);
  for (const e of frontier.drain()) urls[e.id]!.state = 'unreached';
  if (spec.fetchBlocked && stopped !== 'interrupted' && stopped !== 'time') {
    for (const r of urls) if (r.state === 'blocked') frontier.push({ id: r.id, url: r.url, depth: r.depth, hops: 0 });
    // The crawl's own end stands, unless this pass was cut by the clock or an interrupt.
    const after = await run(bounds.maxPages, true);
    if (after === 'time' || after === 'interrupted') stopped = after;
    frontier.drain();
  }
  return {
    spec: { start: spec.start, site: origin, crawler: spec.crawler.profile?.id ?? spec.crawler.tokens[0] ?? spec.crawler.input, bounds, compared: !!spec.compare, fetchBlocked: !!spec.fetchBlocked },
    crawledUnder: under, urls, pages, targets, sitemaps, stopped, requests, elapsedMs: io.now() - started, external, urlsCut,
  };
}

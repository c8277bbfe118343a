/**
 * The run of `audit --crawl`: the site's pages fetched as the crawler may fetch them under the
 * audited robots.txt (or, with --compare, the live one), within the bounds given, and the crawl
 * report written as text, CSV or JSON. The engine crawls; this gives it the HTTP client, the
 * clock, the sitemaps' opener and, with --jobs, threads that read the pages.
 */
import { englishNumber, parseRobotsTxt, type ResolvedAgent } from '../robots/index.js';
import {
  crawlChecker, crawlFindings, crawlReport, crawlSite, type CrawlIO, type CrawlReport, type CrawlSpec, type InventorySource,
} from '../robots/site/index.js';
import { urlListReader } from '../share/csv/read/index.js';
import { gunzip } from './audit.js';
import { describeSource } from './audit-format.js';
import { sitemapOpener } from './sitemap-opener.js';
import { CliError } from './cli-error.js';
import { crawlCsv, crawlText, shown } from './crawl-format.js';
import { pageFetcher } from './crawl-fetch.js';
import type { CrawlOptions } from './crawl-options.js';
import { crawlReaders } from './crawl-threads.js';
import type { OutputFormat } from './options/index.js';
import { interruptCode, onInterrupt, writeOut } from './output.js';
import { isRemote, type RobotsSource } from './source.js';

/** An `audit --crawl` run, as its command line gave it. */
export interface CrawlRun {
  /** The robots.txt argument and what it read. */
  readonly file: string;
  readonly robots: RobotsSource;
  readonly compare: { readonly arg: string; readonly robots: RobotsSource } | null;
  readonly crawler: ResolvedAgent;
  /** --site, else the fetched robots.txt's site, else the start URL's. */
  readonly site: string | undefined;
  readonly crawl: CrawlOptions;
  /** --sitemap's sources (the crawled file's Sitemap: lines are added here). */
  readonly sitemaps: readonly InventorySource[];
  readonly format: OutputFormat;
  /** Each request's time (and each sitemap's). */
  readonly timeoutMs: number;
  /** Threads in all: past one, pages are read on jobs - 1 threads. */
  readonly jobs: number;
  readonly script: URL;
}

const USER_AGENT = 'robots-txt-tester (+https://github.com/)';

/** Runs the crawl; resolves to the exit code (1 when something is found). */
export async function runCrawl(run: CrawlRun): Promise<number> {
  const { crawl, format } = run;
  const site = new URL(run.site ?? crawl.start).origin;
  if (new URL(crawl.start).origin !== site) {
    throw new CliError(`--crawl starts on the site whose robots.txt this is (${site}), not on ${new URL(crawl.start).origin}: give --site for another`);
  }
  // The crawler finds the sitemaps the file it goes by names.
  const live = run.compare?.robots ?? run.robots;
  const named = parseRobotsTxt(live.text).sitemaps.map((s) => s.url).filter(isRemote);
  const sitemaps: InventorySource[] = [...run.sitemaps, ...named.map((url) => ({ name: url, url, role: 'sitemap' as const }))];
  const spec: CrawlSpec = {
    start: crawl.start, site, crawler: run.crawler, bounds: crawl.bounds, fetchBlocked: crawl.fetchBlocked, sitemaps,
    robots: { text: run.robots.text, status: run.robots.fetch?.status },
    compare: run.compare ? { text: run.compare.robots.text, status: run.compare.robots.fetch?.status } : undefined,
  };
  const fetcher = pageFetcher({ timeoutMs: run.timeoutMs, sockets: crawl.bounds.concurrency, userAgent: USER_AGENT });
  const readers = run.jobs > 1 ? crawlReaders(run.jobs - 1, run.script) : null;
  const progress = process.stderr.isTTY === true;
  let lastProgress = 0;
  let stop = false;
  const unregister = onInterrupt(() => (stop = true));
  const io: CrawlIO = {
    fetch: (url) => fetcher.fetch(url),
    ...(readers ? { read: readers.read } : {}),
    sitemaps: { open: sitemapOpener(run.timeoutMs), inflate: gunzip, lines: urlListReader },
    now: () => performance.now(),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    stopped: () => stop,
    onProgress: progress ? (p) => {
      if (performance.now() - lastProgress < 250) return;
      lastProgress = performance.now();
      process.stderr.write(`\r${englishNumber(p.requests)} requests · ${englishNumber(p.urls)} URLs found · ${englishNumber(p.queued)} queued   `);
    } : undefined,
  };
  let report: CrawlReport;
  try {
    const result = await crawlSite(spec, io);
    report = crawlReport(result, crawlChecker(spec), { audited: run.file === '-' ? 'standard input' : run.file, compared: run.compare?.arg ?? null });
  } finally {
    unregister();
    fetcher.close();
    await readers?.close();
    if (progress) process.stderr.write('\n');
  }
  for (const s of report.sitemaps) if (s.problem) process.stderr.write(`robots-txt-tester: ${shown(describeSource(s))}\n`);
  if (report.requests === 0 && report.counts.byState.blocked > 0) process.stderr.write(`robots-txt-tester: ${shown(crawl.start)} is blocked for ${report.crawler}: nothing was fetched\n`);
  const checker = crawlChecker(spec);
  if (format === 'json') await writeOut(JSON.stringify(report) + '\n');
  else if (format === 'csv') await writeOut(crawlCsv(report, (v, l) => checker.lineText(v, l)));
  else await writeOut(crawlText(report));
  return interruptCode() ?? (crawlFindings(report) > 0 ? 1 : 0);
}

/**
 * The `audit --crawl` options: where the crawl starts, its bounds (pages, depth, time, requests per
 * second per host, concurrency) and the opt-in that reads blocked URLs' directives. Each reader
 * returns the value or throws the CliError that says what is wrong with it.
 */
import { englishNumber } from '../robots/index.js';
import { DEFAULT_CRAWL_BOUNDS, type CrawlBounds } from '../robots/site/index.js';
import { CliError } from './cli-error.js';

/** The crawl's options, as parseArgs reads them. */
export const CRAWL_OPTIONS = {
  crawl: { type: 'string' }, 'max-pages': { type: 'string' }, 'max-depth': { type: 'string' }, 'max-time': { type: 'string' },
  rate: { type: 'string' }, concurrency: { type: 'string' }, 'fetch-blocked': { type: 'boolean' },
} as const;

const n = englishNumber;
const D = DEFAULT_CRAWL_BOUNDS;

/** The crawl's part of `audit --help`. */
export const CRAWL_HELP = `Crawl (instead of an inventory; the site's pages as the crawler finds them):
  --crawl <url>          fetch the site's pages from this URL, as the crawler (the first given;
                         Googlebot by default) may fetch them under <robots.txt> (a draft: as if it
                         were live; with --compare, under the compared file, the live one), and
                         follow <a href>, <link rel=canonical|alternate hreflang|next>, redirects and
                         the robots.txt's Sitemap: lines (and --sitemap's); a blocked URL is never
                         fetched, only recorded with the pages linking to it. Other hosts are counted,
                         not fetched. Reports URLs linked but blocked, blocked canonical and hreflang
                         targets, sitemap URLs blocked, redirected, not 200 or noindex, the noindex
                         robots.txt hides, and with --compare what the draft would hide or expose
  --max-pages <n>        requests at most (redirects count; default ${n(D.maxPages)})
  --max-depth <n>        links followed from the start, at most (default ${D.maxDepth})
  --max-time <time>      the whole crawl: seconds with s, or milliseconds (default ${D.maxTimeMs / 1000} s)
  --rate <n>             requests per second to one host, at most (default ${D.rate})
  --concurrency <n>      requests at once, at most (default ${D.concurrency})
  --fetch-blocked        after the crawl, fetch each blocked URL of the site once to read its status
                         and robots directives (never its links): the noindex robots.txt hides
                         from the crawler. Marked as such in the report: the crawler never sees it
--format json writes the crawl report (the Site tab opens it); csv one row per URL found: url,
state, verdict, line, rule, status, redirect, canonical, noindex, nofollow, content_usage, depth,
links, linked_from. Exit 0 when nothing is found, 1 when something is, 2 on bad input.`;

/** The crawl options as read. */
export interface CrawlOptions {
  readonly start: string;
  readonly bounds: CrawlBounds;
  readonly fetchBlocked: boolean;
}

function whole(name: string, value: string | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const x = Number(value);
  if (!Number.isInteger(x) || x < min || x > max) throw new CliError(`--${name} takes a whole number from ${n(min)} to ${n(max)}, not ${JSON.stringify(value)}`);
  return x;
}

/** Reads the crawl's options; null when --crawl is not given (and none of its bounds is). */
export function crawlOptionsOf(values: Partial<Record<keyof typeof CRAWL_OPTIONS, string | boolean | undefined>>): CrawlOptions | null {
  const start = values.crawl as string | undefined;
  if (start === undefined) {
    const stray = (Object.keys(CRAWL_OPTIONS) as (keyof typeof CRAWL_OPTIONS)[]).find((k) => k !== 'crawl' && values[k] !== undefined);
    if (stray) throw new CliError(`--${stray} bounds a crawl: give --crawl <url> too`);
    return null;
  }
  let u: URL | null = null;
  try {
    u = new URL(start);
  } catch {
    // said below
  }
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:')) throw new CliError(`--crawl takes the http(s) URL to start from, not ${JSON.stringify(start)}`);
  const rate = values.rate === undefined ? D.rate : Number(values.rate);
  if (!(rate > 0 && rate <= 1000)) throw new CliError(`--rate takes requests per second from 0.01 to 1,000, not ${JSON.stringify(values.rate)}`);
  const maxTime = values['max-time'] as string | undefined;
  return {
    start: u.href,
    fetchBlocked: values['fetch-blocked'] === true,
    bounds: {
      ...D,
      maxPages: whole('max-pages', values['max-pages'] as string | undefined, 1, 10_000_000, D.maxPages),
      maxDepth: whole('max-depth', values['max-depth'] as string | undefined, 0, 1000, D.maxDepth),
      concurrency: whole('concurrency', values.concurrency as string | undefined, 1, 64, D.concurrency),
      maxTimeMs: maxTime === undefined ? D.maxTimeMs : readTime(maxTime),
      rate,
    },
  };
}

/** --max-time: like --timeout, but up to a day. */
function readTime(value: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|min)?\s*$/i.exec(value);
  const unit = m?.[2]?.toLowerCase();
  const ms = m ? Math.round(Number(m[1]) * (unit === 's' ? 1000 : unit === 'm' || unit === 'min' ? 60_000 : 1)) : NaN;
  if (!(ms >= 1 && ms <= 86_400_000)) throw new CliError(`--max-time takes a time up to a day: seconds with s (300s), minutes with min, or milliseconds, not ${JSON.stringify(value)}`);
  return ms;
}

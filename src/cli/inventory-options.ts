/**
 * The `audit` command's inventory on the command line: where its sources come from (--sitemap,
 * --sitemaps auto, --urls) and the bounds of reading them (caps, fetches per host, a deadline).
 */
import { englishNumber } from '../robots/index.js';
import { INVENTORY_CAPS, type InventoryCaps } from '../robots/site/index.js';
import { CliError } from './cli-error.js';

/** The inventory's options. */
export const INVENTORY_OPTIONS = {
  urls: { type: 'string' }, sitemap: { type: 'string', multiple: true }, sitemaps: { type: 'string' },
  'max-urls': { type: 'string' }, 'max-sitemaps': { type: 'string' }, 'max-sitemap-lines': { type: 'string' }, 'sitemap-fetches': { type: 'string' }, deadline: { type: 'string' },
} as const;

const n = englishNumber;

/** The inventory's part of `audit --help`. */
export const INVENTORY_HELP = `Inventory (repeat and mix as you like; each URL is audited once):
  --sitemap <url|file>…  a sitemap, sitemap index (followed, loops and depth bounded), RSS or Atom
                         feed, or text sitemap; .gz read as it streams; fetched when a URL; the
                         files after it (a shell's sitemaps/*.xml) are sitemaps too. Files given
                         together find each other: an index's child sitemap is taken from the
                         file its URL names (by path or file name) before any fetch; --site says
                         where they live (a feed's relative links resolve on it)
  --sitemaps auto        the robots.txt's own Sitemap: lines, fetched and followed
  --urls <file>          a URL list or crawl export: one URL per line, or a CSV with a url or
                         Address column (Screaming Frog, Search Console, Sitebulb); - for standard input
Each source says what it gave: its URLs, the entries it skipped and why (another host, a relative
URL, not http(s), past the sitemaps.org limits of 50,000 URLs and 50 MB, a repeat, a loop), and its
problem (not found, a redirect not followed, an HTML page, XML broken at line N…), on standard
error as well in every format.

Bounds (the reading stops at each; what was left out is said, what was read is audited):
  --max-urls <n>         URLs in all (default ${n(INVENTORY_CAPS.urls)})
  --max-sitemaps <n>     child sitemaps followed in all (default ${n(INVENTORY_CAPS.childSitemaps)})
  --max-sitemap-lines <n>
                         Sitemap: lines read with --sitemaps auto (default ${n(INVENTORY_CAPS.sitemapLines)})
  --sitemap-fetches <n>  sitemaps fetched at a time per host (default ${INVENTORY_CAPS.perHost})
  --deadline <time>      the whole reading: seconds with s, minutes with m, or milliseconds
                         (default ${INVENTORY_CAPS.deadlineMs / 60_000}m)`;

type Token = { readonly kind: string; readonly name?: string; readonly value?: string | undefined; readonly index: number };

/**
 * The robots.txt, the --sitemap sources and any positional left over, from the command line in
 * order: the first positional is the robots.txt; a positional right after a --sitemap's value
 * (no other option between) is one more sitemap, as a shell gives `--sitemap sitemaps/*.xml`.
 */
export function sitemapsFrom(tokens: readonly Token[]): { robots: string | undefined; sitemaps: string[]; extra: string[] } {
  let robots: string | undefined;
  const sitemaps: string[] = [];
  const extra: string[] = [];
  let afterSitemap = false;
  for (const t of tokens) {
    if (t.kind === 'option') {
      afterSitemap = t.name === 'sitemap';
      if (afterSitemap && t.value !== undefined) sitemaps.push(t.value);
    } else if (t.kind === 'positional') {
      const value = t.value ?? '';
      if (robots === undefined) robots = value;
      else if (afterSitemap) sitemaps.push(value);
      else extra.push(value);
    } else afterSitemap = false;
  }
  return { robots, sitemaps, extra };
}

/** The longest --deadline: a day. */
const MAX_DEADLINE_MS = 86_400_000;

/** A whole number option from `min` to `max` (a cap, a count); commas and underscores may group its digits. */
function countOf(value: string | undefined, flag: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  const x = /^\s*\d[\d,_]*\s*$/.test(value) ? Number(value.replace(/[\s,_]/g, '')) : NaN;
  if (!Number.isSafeInteger(x) || x < min || x > max) throw new CliError(`${flag} takes a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}, not ${JSON.stringify(value)}`);
  return x;
}

/** --deadline: milliseconds, or seconds with s, or minutes with m; up to a day. */
function deadlineOf(value: string | undefined): number {
  if (value === undefined) return INVENTORY_CAPS.deadlineMs;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m)?\s*$/i.exec(value);
  const unit = m?.[2]?.toLowerCase();
  const ms = m ? Math.round(Number(m[1]) * (unit === 'm' ? 60_000 : unit === 's' ? 1000 : 1)) : NaN;
  if (!(ms >= 1 && ms <= MAX_DEADLINE_MS)) throw new CliError(`--deadline takes a time from 1 ms to 24 h: milliseconds, seconds with s (90s) or minutes with m (10m), not ${JSON.stringify(value)}`);
  return ms;
}

/** The bounds the options give (the defaults for those not given). */
export function capsOf(values: { readonly [K in keyof typeof INVENTORY_OPTIONS]?: unknown }): InventoryCaps {
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    urls: countOf(text(values['max-urls']), '--max-urls', INVENTORY_CAPS.urls, 1),
    childSitemaps: countOf(text(values['max-sitemaps']), '--max-sitemaps', INVENTORY_CAPS.childSitemaps, 0),
    sitemapLines: countOf(text(values['max-sitemap-lines']), '--max-sitemap-lines', INVENTORY_CAPS.sitemapLines, 0),
    perHost: countOf(text(values['sitemap-fetches']), '--sitemap-fetches', INVENTORY_CAPS.perHost, 1, 64),
    deadlineMs: deadlineOf(text(values.deadline)),
  };
}

/** The option that raises a cap, for what a run left out. */
export const CAP_FLAGS: Readonly<Record<string, string>> = {
  urls: '--max-urls', deadline: '--deadline', child_sitemaps: '--max-sitemaps', sitemap_lines: '--max-sitemap-lines',
};

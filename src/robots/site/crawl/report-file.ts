/**
 * A crawl report read back from its JSON (a file the Site tab opens): the shape checked field by
 * field, so a file that is not a crawl report, or one edited by hand, is named as such and never
 * breaks what shows it.
 */
import { CRAWL_REPORT_KIND, CRAWL_REPORT_VERSION, type CrawlReport } from './report.js';

/** Why a file is not a crawl report this version reads. */
export type CrawlFileProblem =
  /** Not JSON at all. */
  | 'not-json'
  /** JSON, but not a crawl report (another tool's, the audit's without --crawl). */
  | 'not-a-crawl'
  /** A crawl report of a version this one does not read. */
  | 'version'
  /** A crawl report with a field missing or of the wrong type (args: the field). */
  | 'malformed';

/** What reading a file gave. */
export type CrawlFile = { readonly ok: true; readonly report: CrawlReport } | { readonly ok: false; readonly problem: CrawlFileProblem; readonly field?: string };

type Check = (v: unknown) => boolean;
const str: Check = (v) => typeof v === 'string';
const num: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const bool: Check = (v) => typeof v === 'boolean';
const nullable = (c: Check): Check => (v) => v === null || c(v);
const optional = (c: Check): Check => (v) => v === undefined || c(v);
const oneOf = (...xs: string[]): Check => (v) => typeof v === 'string' && xs.includes(v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const shape = (fields: Readonly<Record<string, Check>>): Check => (v) => isObject(v) && Object.entries(fields).every(([k, c]) => c(v[k]));
const list = (c: Check): Check => (v) => Array.isArray(v) && v.every(c);

const RULE = { line: num, rule: str };
const LINKED = { ...RULE, url: str, links: num, linkedFrom: list(str) };
const PAGE = {
  status: num, error: nullable(str), redirect: nullable(str), contentType: nullable(str), bytes: num, cut: bool, canonical: nullable(str), hreflang: num,
  noindex: nullable(str), nofollow: nullable(str), contentUsage: nullable(str), blockedFetch: bool,
};
const VERDICT = oneOf('allowed', 'blocked', 'cannot test');
const CHANGE = { ...RULE, url: str, status: nullable(num), noindex: nullable(str), links: num, inSitemap: bool };
const STATES = ['fetched', 'blocked', 'too-deep', 'unreached', 'too-many-redirects', 'untestable'];

/** The report's fields and how each is checked, in the order a problem names them. */
const FIELDS: Readonly<Record<string, Check>> = {
  start: str, site: str, crawler: str, robots: shape({ audited: str, compared: nullable(str) }), crawledUnder: oneOf('audited', 'compared'), fetchBlocked: bool,
  bounds: shape({ maxPages: num, maxDepth: num, maxTimeMs: num, rate: num, concurrency: num, maxRedirects: num, maxUrls: num }),
  stopped: oneOf('done', 'pages', 'time', 'interrupted'), requests: num, elapsedMs: num,
  counts: shape({
    urls: num, fetched: num, byState: shape(Object.fromEntries(STATES.map((s) => [s, num]))),
    byStatus: shape({ ok: num, redirect: num, clientError: num, serverError: num, noAnswer: num }), noindex: num, sitemapUrls: num, external: num, urlsCut: num,
  }),
  linkedBlocked: list(shape(LINKED)),
  targetsBlocked: list(shape({ ...RULE, page: str, target: str, kind: oneOf('canonical', 'hreflang'), lang: nullable(str) })),
  sitemapIssues: list(shape({ url: str, issue: oneOf('blocked', 'redirected', 'not-200', 'noindex'), status: nullable(num), finalUrl: nullable(str), via: nullable(str), line: num, rule: nullable(str) })),
  hiddenNoindex: list(shape({ ...LINKED, via: str, readAs: oneOf('compared-version', 'fetched-blocked') })),
  changes: nullable(shape({ hides: list(shape(CHANGE)), exposes: list(shape(CHANGE)) })),
  sitemaps: list(shape({ source: str, urls: num })),
  urls: list(shape({
    url: str, state: oneOf(...STATES), via: oneOf('start', 'sitemap', 'link', 'canonical', 'hreflang', 'next', 'redirect'), depth: num, inSitemap: bool,
    verdict: VERDICT, line: num, comparedVerdict: optional(VERDICT), comparedLine: optional(num), links: num, linkedFrom: nullable(str), page: nullable(shape(PAGE)),
  })),
};

/** Reads a crawl report's JSON text; never throws. */
export function readCrawlReport(text: string): CrawlFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not-json' };
  }
  if (!isObject(data) || data.kind !== CRAWL_REPORT_KIND) return { ok: false, problem: 'not-a-crawl' };
  if (data.version !== CRAWL_REPORT_VERSION) return { ok: false, problem: 'version' };
  for (const [field, check] of Object.entries(FIELDS)) if (!check(data[field])) return { ok: false, problem: 'malformed', field };
  return { ok: true, report: data as unknown as CrawlReport };
}

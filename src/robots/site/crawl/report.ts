/**
 * What a crawl adds to the audit, as plain data (the JSON the CLI writes and the Site tab opens):
 * URLs the site links to but the audited robots.txt blocks, with the pages linking to them;
 * canonical and hreflang targets it blocks; sitemap URLs blocked, redirected, not 200 or
 * noindex; the noindex robots.txt hides (a page read although the audited file blocks it: crawled
 * under the compared version, or fetched on purpose); and, against the compared version, the URLs
 * the audited one would hide or expose. Every URL found, with its page, besides.
 */
import { ListVerdict, verdictWord as listWord, type ListVerdictCode } from '../../lists/index.js';
import type { SourceReport } from '../reader.js';
import type { CrawlBounds, CrawlResult, CrawlStop, CrawlUrl, FoundVia, UrlState } from './crawl.js';
import { directiveSource } from './directives.js';

/** What names the crawl report's JSON, and its shape's version. */
export const CRAWL_REPORT_KIND = 'robots-txt-tester crawl';
export const CRAWL_REPORT_VERSION = 1;

/** A robots.txt rule that decides a row: its line in the file and its text. */
export interface DecidingRule {
  readonly line: number;
  readonly rule: string;
}

/** A URL the site links to that the audited file blocks. */
export interface LinkedBlockedRow extends DecidingRule {
  readonly url: string;
  /** Links to it counted (every page of the crawl that links to it, however). */
  readonly links: number;
  /** The pages linking to it (to a bound). */
  readonly linkedFrom: readonly string[];
}

/** A canonical or hreflang target the audited file blocks. */
export interface TargetBlockedRow extends DecidingRule {
  readonly page: string;
  readonly target: string;
  readonly kind: 'canonical' | 'hreflang';
  readonly lang: string | null;
}

/** What is wrong with a sitemap URL. */
export type SitemapIssue = 'blocked' | 'redirected' | 'not-200' | 'noindex';

/** A sitemap URL that is blocked, redirects, answers other than 200, or says noindex. */
export interface SitemapIssueRow {
  readonly url: string;
  readonly issue: SitemapIssue;
  /** The status (0: no answer) when fetched. */
  readonly status: number | null;
  /** Where its redirects end, for `redirected`. */
  readonly finalUrl: string | null;
  /** What says noindex, for `noindex` (`meta robots`, `X-Robots-Tag googlebot:`…). */
  readonly via: string | null;
  /** The deciding line, for `blocked`. */
  readonly line: number;
  readonly rule: string | null;
}

/** A page whose noindex the audited file hides from the crawler. */
export interface HiddenNoindexRow extends DecidingRule {
  readonly url: string;
  /** What says noindex. */
  readonly via: string;
  /** How the page was read: crawled under the compared version, or fetched although blocked (opt-in). */
  readonly readAs: 'compared-version' | 'fetched-blocked';
  readonly links: number;
  readonly linkedFrom: readonly string[];
}

/** A URL whose verdict the audited version changes against the compared one. */
export interface ChangeRow extends DecidingRule {
  readonly url: string;
  /** Its status when it was fetched (null: not fetched). */
  readonly status: number | null;
  /** What says noindex, when it was fetched and does. */
  readonly noindex: string | null;
  readonly links: number;
  readonly inSitemap: boolean;
}

/** Every URL the crawl found on the site, with its page when fetched. */
export interface UrlRow {
  readonly url: string;
  readonly state: UrlState;
  readonly via: FoundVia;
  readonly depth: number;
  readonly inSitemap: boolean;
  /** The audited file's verdict for the crawler, and its deciding line. */
  readonly verdict: 'allowed' | 'blocked' | 'cannot test';
  readonly line: number;
  /** The compared version's, with --compare. */
  readonly comparedVerdict?: 'allowed' | 'blocked' | 'cannot test';
  readonly comparedLine?: number;
  readonly links: number;
  readonly linkedFrom: string | null;
  readonly page: PageRow | null;
}

/** A fetched page's facts. */
export interface PageRow {
  readonly status: number;
  readonly error: string | null;
  readonly redirect: string | null;
  readonly contentType: string | null;
  readonly bytes: number;
  readonly cut: boolean;
  readonly canonical: string | null;
  readonly hreflang: number;
  readonly noindex: string | null;
  readonly nofollow: string | null;
  readonly contentUsage: string | null;
  /** Fetched although the crawled version blocks it (opt-in). */
  readonly blockedFetch: boolean;
}

/** The crawl report (see the module's comment). */
export interface CrawlReport {
  readonly kind: typeof CRAWL_REPORT_KIND;
  readonly version: typeof CRAWL_REPORT_VERSION;
  readonly start: string;
  readonly site: string;
  readonly crawler: string;
  /** The robots.txt audited, and the compared one (with --compare), as named. */
  readonly robots: { readonly audited: string; readonly compared: string | null };
  /** Which of them the crawl went as. */
  readonly crawledUnder: 'audited' | 'compared';
  readonly fetchBlocked: boolean;
  readonly bounds: CrawlBounds;
  readonly stopped: CrawlStop;
  readonly requests: number;
  readonly elapsedMs: number;
  readonly counts: {
    readonly urls: number;
    readonly fetched: number;
    readonly byState: Readonly<Record<UrlState, number>>;
    readonly byStatus: { readonly ok: number; readonly redirect: number; readonly clientError: number; readonly serverError: number; readonly noAnswer: number };
    readonly noindex: number;
    readonly sitemapUrls: number;
    readonly external: number;
    readonly urlsCut: number;
  };
  readonly linkedBlocked: readonly LinkedBlockedRow[];
  readonly targetsBlocked: readonly TargetBlockedRow[];
  readonly sitemapIssues: readonly SitemapIssueRow[];
  readonly hiddenNoindex: readonly HiddenNoindexRow[];
  readonly changes: { readonly hides: readonly ChangeRow[]; readonly exposes: readonly ChangeRow[] } | null;
  readonly sitemaps: readonly SourceReport[];
  readonly urls: readonly UrlRow[];
}

/** Where the report finds a rule's text: the checker's lineText. */
export interface RuleTexts {
  lineText(version: number, line: number): string;
}

// A crawl fetches its own site: nothing it finds is out of scope, so a code that says so could not be tested.
const verdictWord = (v: ListVerdictCode) => listWord(v === ListVerdict.OutOfScope ? ListVerdict.CannotTest : v) as Exclude<ReturnType<typeof listWord>, 'out of scope'>;

/** Counts every report row (the CLI's exit code: 1 when some is found). */
export function crawlFindings(report: Pick<CrawlReport, 'linkedBlocked' | 'targetsBlocked' | 'sitemapIssues' | 'hiddenNoindex'>): number {
  return report.linkedBlocked.length + report.targetsBlocked.length + report.sitemapIssues.length + report.hiddenNoindex.length;
}

/** The report of a crawl; `names`: the robots.txt files as the user named them. */
export function crawlReport(result: CrawlResult, rules: RuleTexts, names: { readonly audited: string; readonly compared: string | null }): CrawlReport {
  const { urls, pages } = result;
  const rule = (version: number, line: number) => (line > 0 ? rules.lineText(version, line) : null);
  const ruleOf = (r: CrawlUrl, version: number): DecidingRule => ({ line: r.lines[version]!, rule: rule(version, r.lines[version]!) ?? '' });
  const pageOf = (r: CrawlUrl) => (r.page >= 0 ? pages[r.page]! : null);
  const urlOf = (id: number) => urls[id]!.url;
  const blocked = (r: CrawlUrl, version = 0) => r.verdicts[version] === ListVerdict.Blocked;
  const compared = result.spec.compared;

  const linkedBlocked: LinkedBlockedRow[] = urls.filter((r) => blocked(r) && r.inbound > 0)
    .map((r) => ({ url: r.url, ...ruleOf(r, 0), links: r.inbound, linkedFrom: r.from.map(urlOf) }))
    .sort((a, b) => b.links - a.links);

  const targetsBlocked: TargetBlockedRow[] = result.targets.filter((t) => t.to >= 0 && blocked(urls[t.to]!))
    .map((t) => ({ page: urlOf(t.from), target: t.url, kind: t.kind, lang: t.lang ?? null, ...ruleOf(urls[t.to]!, 0) }));

  const idOf = new Map(urls.map((r) => [r.url, r] as const));
  /** Where a redirect chain from `r` ends (its last fetched hop, or the first URL not fetched). */
  const finalOf = (r: CrawlUrl): string => {
    let at = r;
    for (let hop = 0; hop <= result.spec.bounds.maxRedirects + 1; hop++) {
      const p = pageOf(at);
      const to = p?.redirect && 'to' in p.redirect ? p.redirect.to : null;
      if (to === null) break;
      const next = idOf.get(to);
      if (!next) return to;
      at = next;
    }
    return at.url;
  };
  const sitemapIssues: SitemapIssueRow[] = [];
  for (const r of urls) {
    if (!r.inSitemap) continue;
    const p = pageOf(r);
    const base = { url: r.url, status: p ? p.status : null, finalUrl: null, via: null, line: 0, rule: null };
    if (blocked(r)) sitemapIssues.push({ ...base, issue: 'blocked', ...ruleOf(r, 0) });
    if (!p || p.blockedFetch) continue;
    if (p.redirect) sitemapIssues.push({ ...base, issue: 'redirected', finalUrl: 'to' in p.redirect ? finalOf(r) : p.redirect.location });
    else if (p.status !== 200) sitemapIssues.push({ ...base, issue: 'not-200' });
    if (p.noindex) sitemapIssues.push({ ...base, issue: 'noindex', via: directiveSource(p.noindex) });
  }

  const hiddenNoindex: HiddenNoindexRow[] = [];
  for (const r of urls) {
    const p = pageOf(r);
    if (!p || !p.noindex || !blocked(r)) continue;
    hiddenNoindex.push({
      url: r.url, via: directiveSource(p.noindex), readAs: p.blockedFetch ? 'fetched-blocked' : 'compared-version', ...ruleOf(r, 0), links: r.inbound, linkedFrom: r.from.map(urlOf),
    });
  }

  const changeRow = (r: CrawlUrl, version: number): ChangeRow => {
    const p = pageOf(r);
    return { url: r.url, ...ruleOf(r, version), status: p ? p.status : null, noindex: p?.noindex ? directiveSource(p.noindex) : null, links: r.inbound, inSitemap: r.inSitemap };
  };
  const changes = compared ? {
    hides: urls.filter((r) => blocked(r, 0) && r.verdicts[1] === ListVerdict.Allowed).map((r) => changeRow(r, 0)),
    exposes: urls.filter((r) => blocked(r, 1) && r.verdicts[0] === ListVerdict.Allowed).map((r) => changeRow(r, 1)),
  } : null;

  const byState = { fetched: 0, blocked: 0, 'too-deep': 0, unreached: 0, 'too-many-redirects': 0, untestable: 0 } as Record<UrlState, number>;
  for (const r of urls) byState[r.state]++;
  const byStatus = { ok: 0, redirect: 0, clientError: 0, serverError: 0, noAnswer: 0 };
  let noindex = 0;
  for (const p of pages) {
    if (p.blockedFetch) continue;
    if (p.status === 0) byStatus.noAnswer++;
    else if (p.status < 300) byStatus.ok++;
    else if (p.status < 400) byStatus.redirect++;
    else if (p.status < 500) byStatus.clientError++;
    else byStatus.serverError++;
    if (p.noindex) noindex++;
  }

  const rows: UrlRow[] = urls.map((r) => {
    const p = pageOf(r);
    return {
      url: r.url, state: r.state, via: r.via, depth: r.depth, inSitemap: r.inSitemap, verdict: verdictWord(r.verdicts[0]!), line: r.lines[0]!,
      ...(compared ? { comparedVerdict: verdictWord(r.verdicts[1]!), comparedLine: r.lines[1]! } : {}),
      links: r.inbound, linkedFrom: r.from.length > 0 ? urlOf(r.from[0]!) : null,
      page: p ? {
        status: p.status, error: p.error, redirect: p.redirect ? ('to' in p.redirect ? p.redirect.to : p.redirect.location) : null, contentType: p.contentType, bytes: p.bytes, cut: p.cut,
        canonical: p.canonical[0] ?? null, hreflang: p.hreflang.length, noindex: p.noindex ? directiveSource(p.noindex) : null,
        nofollow: p.nofollow ? directiveSource(p.nofollow) : null, contentUsage: p.contentUsage, blockedFetch: p.blockedFetch,
      } : null,
    };
  });

  return {
    kind: CRAWL_REPORT_KIND, version: CRAWL_REPORT_VERSION, start: result.spec.start, site: result.spec.site, crawler: result.spec.crawler, robots: names,
    crawledUnder: result.crawledUnder === 0 ? 'audited' : 'compared', fetchBlocked: result.spec.fetchBlocked, bounds: result.spec.bounds, stopped: result.stopped,
    requests: result.requests, elapsedMs: result.elapsedMs,
    counts: {
      urls: urls.length, fetched: byState.fetched, byState, byStatus, noindex, sitemapUrls: urls.filter((r) => r.inSitemap).length, external: result.external, urlsCut: result.urlsCut,
    },
    linkedBlocked, targetsBlocked, sitemapIssues, hiddenNoindex, changes, sitemaps: result.sitemaps, urls: rows,
  };
}

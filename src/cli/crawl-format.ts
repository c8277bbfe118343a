/**
 * The crawl report on the command line: text (what the crawl did, then each finding with its
 * deciding line and the pages linking to it), CSV (one row per URL found) and JSON (the report as
 * the Site tab opens it). The text's URLs, rules and header values come from the site and the
 * files: their control characters are shown, never sent to the terminal.
 */
import { englishNumber } from '../robots/index.js';
import { crawlFindings, type ChangeRow, type CrawlReport, type SitemapIssueRow } from '../robots/site/index.js';
import { csvTable } from '../share/csv/index.js';
import { describeSource } from './audit-format.js';

const n = englishNumber;
const plural = (x: number, one: string, many = `${one}s`) => `${n(x)} ${x === 1 ? one : many}`;

/** `text` with its control characters (C0, DEL, C1: line breaks, escapes) written `\xHH`. */
export function shown(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

const STOPS: Record<CrawlReport['stopped'], (r: CrawlReport) => string> = {
  done: () => 'every URL within the bounds was fetched',
  pages: (r) => `the page bound (${n(r.bounds.maxPages)} requests, --max-pages)`,
  time: (r) => `the time bound (${n(r.bounds.maxTimeMs / 1000)} s, --max-time)`,
  interrupted: () => 'interrupted',
};

/** Text rows listed per section; the JSON and CSV have them all. */
const LISTED = 10;

function section<T>(out: string[], title: string, rows: readonly T[], line: (row: T) => string[]): void {
  out.push('', rows.length === 0 ? `${title}: none.` : `${title}: ${n(rows.length)}`);
  for (const row of rows.slice(0, LISTED)) out.push(...line(row).filter((l) => l !== '').map((l) => `  ${l}`));
  if (rows.length > LISTED) out.push(`  … ${n(rows.length - LISTED)} more (--format json or csv lists them all)`);
}

const linkedFrom = (from: readonly string[], links: number): string =>
  links === 0 ? '' : `    linked from ${from.slice(0, 3).map(shown).join(', ')}${links > Math.min(3, from.length) ? ` and ${n(links - Math.min(3, from.length))} more` : ''}`;
const decided = (line: number, rule: string | null) => (line > 0 ? `line ${line}: ${shown(rule ?? '')}` : 'the fetch result');

function issueText(r: SitemapIssueRow): string {
  switch (r.issue) {
    case 'blocked': return `blocked (${decided(r.line, r.rule)})`;
    case 'redirected': return `redirected (HTTP ${r.status}) to ${shown(r.finalUrl ?? '?')}`;
    case 'not-200': return r.status === 0 ? 'no answer' : `HTTP ${r.status}`;
    case 'noindex': return `noindex (${r.via})`;
  }
}

const changeText = (r: ChangeRow) => `${shown(r.url)}  ${decided(r.line, r.rule)}${r.status === null ? ' (not fetched)' : `  HTTP ${r.status}${r.noindex ? `, noindex (${r.noindex})` : ''}`}${r.inSitemap ? ', in a sitemap' : ''}`;

/** The report as text. */
export function crawlText(r: CrawlReport): string {
  const out: string[] = [];
  const under = r.crawledUnder === 'audited' ? shown(r.robots.audited) : `${shown(r.robots.compared ?? '')} (the compared version)`;
  const rate = r.elapsedMs > 0 ? ` (${n(Math.round(r.requests / (r.elapsedMs / 1000)))} pages/s)` : '';
  out.push(`Crawl of ${shown(r.start)} as ${r.crawler} under ${under}: ${plural(r.requests, 'request')} in ${(r.elapsedMs / 1000).toFixed(1)} s${rate}; ended: ${STOPS[r.stopped](r)}`);
  const s = r.counts.byState;
  const parts = [`${n(s.fetched)} fetched`, `${n(s.blocked)} blocked (never fetched)`];
  if (s['too-deep']) parts.push(`${n(s['too-deep'])} deeper than ${r.bounds.maxDepth} links`);
  if (s.unreached) parts.push(`${n(s.unreached)} not reached`);
  if (s['too-many-redirects']) parts.push(`${n(s['too-many-redirects'])} past ${r.bounds.maxRedirects} redirects`);
  if (s.untestable) parts.push(`${n(s.untestable)} not testable`);
  out.push(`URLs found on ${shown(r.site)}: ${n(r.counts.urls)} — ${parts.join(', ')}; ${plural(r.counts.external, 'link')} to other hosts (not fetched)${r.counts.urlsCut ? `; ${n(r.counts.urlsCut)} more past the bound of ${n(r.bounds.maxUrls)} URLs` : ''}`);
  const b = r.counts.byStatus;
  out.push(`Pages: ${n(b.ok)} 2xx, ${n(b.redirect)} redirects, ${n(b.clientError)} 4xx, ${n(b.serverError)} 5xx, ${n(b.noAnswer)} without answer; ${n(r.counts.noindex)} noindex for ${r.crawler}`);
  if (r.sitemaps.length > 0) {
    out.push(`Sitemaps: ${plural(r.counts.sitemapUrls, 'URL')} on the site`);
    for (const src of r.sitemaps) out.push(`  ${shown(describeSource(src))}`);
  }
  section(out, 'Linked but blocked (Google may index the URL without its content)', r.linkedBlocked, (x) => [`${shown(x.url)}  ${decided(x.line, x.rule)}  (${plural(x.links, 'link')})`, linkedFrom(x.linkedFrom, x.links)]);
  section(out, 'Canonical or hreflang targets blocked', r.targetsBlocked, (x) => [`${shown(x.page)} → ${shown(x.target)}  (${x.kind}${x.lang ? ` ${shown(x.lang)}` : ''})  ${decided(x.line, x.rule)}`]);
  section(out, 'Sitemap URLs blocked, redirected, not 200 or noindex', r.sitemapIssues, (x) => [`${shown(x.url)}  ${issueText(x)}`]);
  section(out, 'Noindex that robots.txt hides (the crawler cannot see it, so the URL may stay indexed)', r.hiddenNoindex, (x) => [
    `${shown(x.url)}  noindex (${x.via}), ${x.readAs === 'fetched-blocked' ? 'read by fetching it although blocked (--fetch-blocked)' : 'read under the compared version'}; blocked by ${decided(x.line, x.rule)}`,
    linkedFrom(x.linkedFrom, x.links),
  ]);
  if (!r.fetchBlocked && r.crawledUnder === 'audited') out.push('  (a blocked page\'s noindex is found with --compare <live robots.txt> or --fetch-blocked)');
  if (r.changes) {
    const c = r.changes;
    const indexable = c.hides.filter((h) => h.status === 200 && h.noindex === null).length;
    section(out, `Against ${shown(r.robots.compared ?? '')}, ${shown(r.robots.audited)} would hide (${n(indexable)} of them indexable pages)`, c.hides, (x) => [changeText(x)]);
    section(out, `Against ${shown(r.robots.compared ?? '')}, ${shown(r.robots.audited)} would expose`, c.exposes, (x) => [changeText(x)]);
  }
  const found = crawlFindings(r);
  out.push('', found === 0 ? 'Nothing found.' : `${plural(found, 'finding')}.`);
  return out.join('\n') + '\n';
}

/** The CSV's header. */
export function crawlCsvHeader(compared: boolean): string[] {
  return ['url', 'state', 'verdict', 'line', 'rule', ...(compared ? ['compared_verdict', 'compared_line'] : []), 'status', 'redirect', 'canonical', 'noindex', 'nofollow',
    'content_usage', 'depth', 'in_sitemap', 'links', 'linked_from'];
}

/** Every URL found, one CSV row each. */
export function crawlCsv(r: CrawlReport, rule: (version: number, line: number) => string): string {
  const compared = r.changes !== null;
  const rows = r.urls.map((u) => [
    u.url, u.state, u.verdict, String(u.line), u.line > 0 ? rule(0, u.line) : '',
    ...(compared ? [u.comparedVerdict ?? '', String(u.comparedLine ?? 0)] : []),
    u.page ? String(u.page.status) : '', u.page?.redirect ?? '', u.page?.canonical ?? '', u.page?.noindex ?? '', u.page?.nofollow ?? '', u.page?.contentUsage ?? '',
    String(u.depth), u.inSitemap ? 'yes' : 'no', String(u.links), u.linkedFrom ?? '',
  ]);
  return csvTable(crawlCsvHeader(compared), rows);
}


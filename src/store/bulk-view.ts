/**
 * The bulk table as data: which rows show (filter, search, sort), expectation failures, and the
 * CSV export. Pure functions over the worker's typed arrays.
 */
import Papa from 'papaparse';
import { crawlerById, resolveCrawler, resolveTestUrl, type AiPurpose, type CrawlerSpec } from '../robots/index.js';
import { expectationFor, expectationKey, type Expectation, type Expectations } from '../share/index.js';
import { BulkVerdict, type BulkResult } from '../worker/protocol.js';

/** Which rows the table shows. */
export type BulkFilter = 'all' | 'blocked' | 'allowed' | 'changed' | 'failing' | 'out-of-scope';

/** The column the table is sorted by; 'default' puts changed rows first, then the list order. */
export type BulkSort = { readonly key: 'default' | 'url' | 'crawler' | 'verdict' | 'line'; readonly descending: boolean };

/** A row's verdict in the UI's words (the table and the CSV say the same). */
export function verdictWords(code: number): string {
  return code === BulkVerdict.Allowed ? 'Allowed' : code === BulkVerdict.Blocked ? 'Blocked' : code === BulkVerdict.Invalid ? 'Cannot test' : 'Out of scope';
}

/** The expectation of row `r`: its URL × crawler's own, else its URL's for every crawler. */
export function rowExpectation(b: BulkResult, urls: readonly string[], expectations: Expectations, r: number): Expectation | undefined {
  const m = b.crawlerCount;
  return expectationFor(expectations, urls[Math.floor(r / m)]!, b.crawlers[r % m]!);
}

/** A row's verdict as the table writes it. */
export function verdictName(code: number): 'allowed' | 'disallowed' | 'out-of-scope' | 'invalid' {
  return code === BulkVerdict.Allowed ? 'allowed' : code === BulkVerdict.Blocked ? 'disallowed' : code === BulkVerdict.Invalid ? 'invalid' : 'out-of-scope';
}

/** True when row `r` has a different verdict or deciding line in the compared version. */
export function isChanged(b: BulkResult, r: number): boolean {
  return b.compareVerdict.length > 0 && (b.compareVerdict[r] !== b.verdict[r] || b.compareLine[r] !== b.line[r]);
}

/** True when row `r`'s verdict contradicts its expectation. */
export function isFailing(b: BulkResult, r: number, expectation: Expectation | undefined): boolean {
  if (!expectation || b.verdict[r] === BulkVerdict.OutOfScope || b.verdict[r] === BulkVerdict.Invalid) return false;
  return expectation === 'allowed' ? b.verdict[r] === BulkVerdict.Blocked : b.verdict[r] === BulkVerdict.Allowed;
}

/** Counts for the summary and the failing-expectations badge. */
export interface BulkCounts {
  readonly rows: number;
  readonly allowed: number;
  readonly blocked: number;
  readonly outOfScope: number;
  /** Rows whose URL cannot be tested. */
  readonly invalid: number;
  readonly changed: number;
  readonly failing: number;
}

/** Counts every row once. */
export function countBulk(b: BulkResult, urls: readonly string[], expectations: Expectations): BulkCounts {
  let allowed = 0, blocked = 0, outOfScope = 0, invalid = 0, changed = 0, failing = 0;
  const n = b.urlCount * b.crawlerCount;
  const hasExpectations = Object.keys(expectations).length > 0;
  for (let r = 0; r < n; r++) {
    const v = b.verdict[r];
    if (v === BulkVerdict.Allowed) allowed++;
    else if (v === BulkVerdict.Blocked) blocked++;
    else if (v === BulkVerdict.Invalid) invalid++;
    else outOfScope++;
    if (isChanged(b, r)) changed++;
    if (hasExpectations && isFailing(b, r, rowExpectation(b, urls, expectations, r))) failing++;
  }
  return { rows: n, allowed, blocked, outOfScope, invalid, changed, failing };
}

/** The rows to show, in order: filtered, searched (URL substring, case-insensitive) and sorted. */
export function visibleRows(
  b: BulkResult,
  urls: readonly string[],
  expectations: Expectations,
  filter: BulkFilter,
  search: string,
  sort: BulkSort,
): Int32Array {
  const m = b.crawlerCount;
  const n = b.urlCount * m;
  const q = search.trim().toLowerCase();
  const keep = new Int32Array(n);
  let k = 0;
  for (let r = 0; r < n; r++) {
    const v = b.verdict[r];
    const url = urls[Math.floor(r / m)]!;
    if (filter === 'blocked' && v !== BulkVerdict.Blocked) continue;
    if (filter === 'allowed' && v !== BulkVerdict.Allowed) continue;
    if (filter === 'out-of-scope' && v !== BulkVerdict.OutOfScope) continue;
    if (filter === 'changed' && !isChanged(b, r)) continue;
    if (filter === 'failing' && !isFailing(b, r, rowExpectation(b, urls, expectations, r))) continue;
    if (q && !url.toLowerCase().includes(q)) continue;
    keep[k++] = r;
  }
  const rows = keep.subarray(0, k);
  if (sort.key === 'default') {
    // Changed rows first (the change impact to review before deploying), each part in list order:
    // a stable partition, linear even for 100,000 rows.
    const out = new Int32Array(k);
    let at = 0;
    if (b.compareVerdict.length > 0) for (const r of rows) if (isChanged(b, r)) out[at++] = r;
    for (const r of rows) if (!(b.compareVerdict.length > 0 && isChanged(b, r))) out[at++] = r;
    if (sort.descending) out.reverse();
    return out;
  }
  const dir = sort.descending ? -1 : 1;
  const cmp: Record<Exclude<BulkSort['key'], 'default'>, (a: number, c: number) => number> = {
    url: (a, c) => (urls[Math.floor(a / m)]! < urls[Math.floor(c / m)]! ? -1 : urls[Math.floor(a / m)]! > urls[Math.floor(c / m)]! ? 1 : a - c),
    crawler: (a, c) => (a % m) - (c % m) || a - c,
    verdict: (a, c) => b.verdict[a]! - b.verdict[c]! || a - c,
    line: (a, c) => b.line[a]! - b.line[c]! || a - c,
  };
  const f = cmp[sort.key];
  return rows.slice().sort((a, c) => dir * f(a, c));
}

/**
 * The whole table (all rows, list order) as CSV for spreadsheets: UTF-8 with a byte-order mark
 * (Excel reads "ü" right), the UI's words, the deciding rule's text, the tested path and the
 * group; cells that a spreadsheet would run as a formula are neutralised.
 */
export function bulkCsv(b: BulkResult, urls: readonly string[], expectations: Expectations, site = ''): string {
  const comparing = b.compareVerdict.length > 0;
  const fields = ['url', 'crawler', 'verdict', 'line', 'rule', 'tested_path', 'group', 'expectation', 'expectation_met'];
  if (comparing) fields.push('other_version_verdict', 'other_version_line', 'other_version_rule', 'changed');
  const m = b.crawlerCount;
  const paths = new Map<string, string>();
  const rows: string[][] = [];
  for (let r = 0; r < b.urlCount * m; r++) {
    const url = urls[Math.floor(r / m)]!;
    let path = b.verdict[r] === BulkVerdict.Invalid ? '' : paths.get(url);
    if (path === undefined) {
      const t = resolveTestUrl(url, site || undefined);
      path = t.valid ? t.path : '';
      paths.set(url, path);
    }
    const e = rowExpectation(b, urls, expectations, r);
    const line = b.line[r]!;
    const row = [
      url, b.crawlerLabels[r % m]!, verdictWords(b.verdict[r]!), line > 0 ? String(line) : '', b.lineTexts[line] ?? '', path,
      b.crawlerGroups[r % m] ?? '', e ?? '', e ? (isFailing(b, r, e) ? 'no' : 'yes') : '',
    ];
    if (comparing) {
      const other = b.compareLine[r]!;
      row.push(verdictWords(b.compareVerdict[r]!), other > 0 ? String(other) : '', b.compareLineTexts[other] ?? '', isChanged(b, r) ? 'yes' : 'no');
    }
    rows.push(row);
  }
  return '\uFEFF' + Papa.unparse({ fields, data: rows }, { escapeFormulae: true, newline: '\r\n' }) + '\r\n';
}

/** A crawler as written in an imported file: a profile id, or free text (a token or User-Agent). */
function crawlerFromCell(cell: string): CrawlerSpec {
  const id = cell.trim().toLowerCase();
  return crawlerById(id) ? { kind: 'profile', id } : { kind: 'text', value: cell.trim() };
}

const ALLOWED = /^(allow|allowed|must be allowed|crawlable|yes)$/;
const BLOCKED = /^(block|blocked|disallow|disallowed|must be blocked|no)$/;

/**
 * Reads an imported URL list: plain text (one URL per line) or CSV — comma, semicolon (what a
 * Dutch or German Excel writes) or tab separated, quoted fields with line breaks, a byte-order
 * mark — whose URL column is `url` (or the first), with optional `expected` and `crawler` columns.
 */
export function parseUrlImport(text: string): { urls: string; expectations: Record<string, Expectation> } {
  const body = text.replace(/^\uFEFF/, '');
  const expectations: Record<string, Expectation> = {};
  const firstLine = body.split(/\r\n|\r|\n/, 1)[0] ?? '';
  // A plain list has no separators on its first line (URLs hold no commas, semicolons or tabs there).
  if (!/[,;\t]/.test(firstLine)) {
    return { urls: body.split(/\r\n|\r|\n/).map((l) => l.trim()).filter((l) => l !== '').join('\n'), expectations };
  }
  const parsed = Papa.parse<string[]>(body, { delimiter: '', delimitersToGuess: [',', ';', '\t'], skipEmptyLines: 'greedy' });
  let rows = parsed.data;
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const find = (...names: string[]) => header.findIndex((h) => names.includes(h));
  const urlAt = find('url', 'address', 'loc', 'page');
  const expAt = find('expect', 'expectation', 'expected', 'must be');
  const crawlerAt = find('crawler', 'user-agent', 'ua', 'token');
  if (urlAt >= 0 || expAt >= 0 || crawlerAt >= 0) rows = rows.slice(1);
  const urlCol = Math.max(urlAt, 0);
  const urls: string[] = [];
  for (const row of rows) {
    const url = (row[urlCol] ?? '').trim();
    if (!url) continue;
    urls.push(url);
    const e = expAt >= 0 ? (row[expAt] ?? '').trim().toLowerCase() : '';
    const crawler = crawlerAt >= 0 && (row[crawlerAt] ?? '').trim() !== '' ? crawlerFromCell(row[crawlerAt]!) : null;
    const key = expectationKey(url, crawler);
    if (ALLOWED.test(e)) expectations[key] = 'allowed';
    else if (BLOCKED.test(e)) expectations[key] = 'blocked';
  }
  // One URL tested for several crawlers appears once in the list.
  return { urls: [...new Set(urls)].join('\n'), expectations };
}

/** How one AI purpose (or one crawler) fares over the URL list. */
export type AiStanding = 'allowed' | 'blocked' | 'partly' | 'none';

/** The AI matrix at a glance: per purpose, and per crawler within it. */
export interface AiSummaryRow {
  readonly purpose: AiPurpose;
  readonly standing: AiStanding;
  readonly crawlers: readonly { readonly label: string; readonly operator: string; readonly standing: AiStanding; readonly blocked: number; readonly tested: number; readonly caveat: string | null }[];
}

function standingOf(blocked: number, tested: number): AiStanding {
  return tested === 0 ? 'none' : blocked === 0 ? 'allowed' : blocked === tested ? 'blocked' : 'partly';
}

/**
 * Which AI crawlers the file lets in, per purpose (training, search and answers, user fetches,
 * control tokens), over the URLs of a bulk run: allowed, blocked, or partly. Empty when the run
 * has no AI crawler.
 */
export function aiSummary(b: BulkResult): AiSummaryRow[] {
  const m = b.crawlerCount;
  const byPurpose = new Map<AiPurpose, AiSummaryRow['crawlers'][number][]>();
  for (let c = 0; c < m; c++) {
    const profile = resolveCrawler(b.crawlers[c]!).profile;
    if (!profile?.purpose) continue;
    let blocked = 0;
    let tested = 0;
    for (let u = 0; u < b.urlCount; u++) {
      const v = b.verdict[u * m + c];
      if (v === BulkVerdict.Blocked) blocked++;
      if (v === BulkVerdict.Blocked || v === BulkVerdict.Allowed) tested++;
    }
    const list = byPurpose.get(profile.purpose) ?? [];
    list.push({ label: b.crawlerLabels[c]!, operator: profile.operator, standing: standingOf(blocked, tested), blocked, tested, caveat: profile.caveat ?? null });
    byPurpose.set(profile.purpose, list);
  }
  const order: AiPurpose[] = ['training', 'search', 'user', 'control'];
  return order.filter((p) => byPurpose.has(p)).map((purpose) => {
    const crawlers = byPurpose.get(purpose)!;
    const blocked = crawlers.reduce((n, c) => n + c.blocked, 0);
    const tested = crawlers.reduce((n, c) => n + c.tested, 0);
    return { purpose, standing: standingOf(blocked, tested), crawlers };
  });
}

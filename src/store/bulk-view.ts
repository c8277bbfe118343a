/**
 * The bulk table as data: which rows show (filter, search, sort), expectation failures, and the
 * AI summary. Pure functions over the worker's typed arrays (the CSV export is bulk-csv.ts).
 */
import { ListVerdict, nameableByGoogle, resolveCrawler, type AiPurpose } from '../robots/index.js';
import { expectationFor, type Expectation, type Expectations } from '../share/index.js';
import type { BulkResult } from '../worker/index.js';

/** Which rows the table shows. */
export type BulkFilter = 'all' | 'blocked' | 'allowed' | 'changed' | 'failing' | 'out-of-scope' | 'disagree';

/** The column the table is sorted by; 'default' puts changed rows first, then the list order. */
export type BulkSort = { readonly key: 'default' | 'url' | 'crawler' | 'verdict' | 'line'; readonly descending: boolean };

/** The expectation of row `r`: its URL × crawler's own, else its URL's for every crawler. */
export function rowExpectation(b: BulkResult, urls: readonly string[], expectations: Expectations, r: number): Expectation | undefined {
  const m = b.crawlerCount;
  return expectationFor(expectations, urls[Math.floor(r / m)]!, b.crawlers[r % m]!);
}

/** A row's verdict as the table writes it. */
export function verdictName(code: number): 'allowed' | 'disallowed' | 'out-of-scope' | 'invalid' {
  return code === ListVerdict.Allowed ? 'allowed' : code === ListVerdict.Blocked ? 'disallowed' : code === ListVerdict.CannotTest ? 'invalid' : 'out-of-scope';
}

/** True when row `r` has a different verdict or deciding line in the compared version. */
export function isChanged(b: BulkResult, r: number): boolean {
  return b.compareVerdict.length > 0 && (b.compareVerdict[r] !== b.verdict[r] || b.compareLine[r] !== b.line[r]);
}

/** True when row `r`'s verdict contradicts its expectation. */
export function isFailing(b: BulkResult, r: number, expectation: Expectation | undefined): boolean {
  if (!expectation || b.verdict[r] === ListVerdict.OutOfScope || b.verdict[r] === ListVerdict.CannotTest) return false;
  return expectation === 'allowed' ? b.verdict[r] === ListVerdict.Blocked : b.verdict[r] === ListVerdict.Allowed;
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
  /** Readers mode: URLs that some reader reads otherwise than Google. */
  readonly disagreeing: number;
}

/** Readers mode: true when some reader's verdict for row `r`'s URL differs from Google's. */
export function isDisagreeing(b: BulkResult, r: number): boolean {
  return b.disagree.length > 0 && b.disagree[Math.floor(r / b.crawlerCount)]! > 0;
}

/** Counts every row once. */
export function countBulk(b: BulkResult, urls: readonly string[], expectations: Expectations): BulkCounts {
  let allowed = 0, blocked = 0, outOfScope = 0, invalid = 0, changed = 0, failing = 0;
  const n = b.urlCount * b.crawlerCount;
  const hasExpectations = Object.keys(expectations).length > 0;
  for (let r = 0; r < n; r++) {
    const v = b.verdict[r];
    if (v === ListVerdict.Allowed) allowed++;
    else if (v === ListVerdict.Blocked) blocked++;
    else if (v === ListVerdict.CannotTest) invalid++;
    else outOfScope++;
    if (isChanged(b, r)) changed++;
    if (hasExpectations && isFailing(b, r, rowExpectation(b, urls, expectations, r))) failing++;
  }
  let disagreeing = 0;
  for (const d of b.disagree) if (d > 0) disagreeing++;
  return { rows: n, allowed, blocked, outOfScope, invalid, changed, failing, disagreeing };
}

/**
 * The scheme and host every URL of a list starts with (each followed by its path, query or
 * fragment, or nothing), or null when they do not share one: the table then shows paths.
 */
export function commonOrigin(urls: readonly string[]): string | null {
  const m = urls.length > 0 ? /^https?:\/\/[^/?#]+/i.exec(urls[0]!) : null;
  if (!m) return null;
  const origin = m[0];
  for (const u of urls) if (!u.startsWith(origin) || (u.length > origin.length && !'/?#'.includes(u[origin.length]!))) return null;
  return origin;
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
    if (filter === 'blocked' && v !== ListVerdict.Blocked) continue;
    if (filter === 'allowed' && v !== ListVerdict.Allowed) continue;
    if (filter === 'out-of-scope' && v !== ListVerdict.OutOfScope) continue;
    if (filter === 'changed' && !isChanged(b, r)) continue;
    if (filter === 'disagree' && !isDisagreeing(b, r)) continue;
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

/** How one AI purpose (or one crawler) fares over the URL list. */
export type AiStanding = 'allowed' | 'blocked' | 'partly' | 'none';

/** The AI matrix at a glance: per purpose, and per crawler within it. */
export interface AiSummaryRow {
  readonly purpose: AiPurpose;
  readonly standing: AiStanding;
  readonly crawlers: readonly { readonly id: string; readonly label: string; readonly operator: string; readonly standing: AiStanding; readonly blocked: number; readonly tested: number; readonly caveat: string | null; readonly unnameable: boolean }[];
}

function standingOf(blocked: number, tested: number): AiStanding {
  return tested === 0 ? 'none' : blocked === 0 ? 'allowed' : blocked === tested ? 'blocked' : 'partly';
}

/**
 * Which AI crawlers the file lets in, per purpose (training with its control tokens, search and
 * answers, user fetches), over the URLs of a bulk run: allowed, blocked, or partly. Crawlers whose names
 * Google's parser cannot read are marked and left out of the purpose's standing. Empty when the
 * run has no AI crawler.
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
      if (v === ListVerdict.Blocked) blocked++;
      if (v === ListVerdict.Blocked || v === ListVerdict.Allowed) tested++;
    }
    const list = byPurpose.get(profile.purpose) ?? [];
    list.push({
      id: profile.id, label: b.crawlerLabels[c]!, operator: profile.operator, standing: standingOf(blocked, tested), blocked, tested, caveat: profile.caveat ?? null,
      unnameable: !nameableByGoogle(profile),
    });
    byPurpose.set(profile.purpose, list);
  }
  const order: AiPurpose[] = ['training', 'search', 'user'];
  return order.filter((p) => byPurpose.has(p)).map((purpose) => {
    const crawlers = byPurpose.get(purpose)!;
    // A name Google's parser cannot read follows `*` whatever the file says for it: said apart,
    // not counted in the purpose's standing (unless every crawler of the purpose is such).
    const nameable = crawlers.some((c) => !c.unnameable) ? crawlers.filter((c) => !c.unnameable) : crawlers;
    const blocked = nameable.reduce((n, c) => n + c.blocked, 0);
    const tested = nameable.reduce((n, c) => n + c.tested, 0);
    return { purpose, standing: standingOf(blocked, tested), crawlers };
  });
}

/**
 * The bulk table as data: which rows show (filter, search, sort), expectation failures, and the
 * CSV export. Pure functions over the worker's typed arrays.
 */
import type { Expectation } from '../share/index.js';
import { BulkVerdict, type BulkResult } from '../worker/protocol.js';

/** Which rows the table shows. */
export type BulkFilter = 'all' | 'blocked' | 'allowed' | 'changed' | 'failing' | 'out-of-scope';

/** The column the table is sorted by; 'default' puts changed rows first, then the list order. */
export type BulkSort = { readonly key: 'default' | 'url' | 'crawler' | 'verdict' | 'line'; readonly descending: boolean };

/** A row's verdict as the table writes it. */
export function verdictName(code: number): 'allowed' | 'disallowed' | 'out-of-scope' | 'invalid' {
  return code === BulkVerdict.Allowed ? 'allowed' : code === BulkVerdict.Blocked ? 'disallowed' : code === BulkVerdict.Invalid ? 'invalid' : 'out-of-scope';
}

/** True when row `r` has a different verdict or deciding line in the compared version. */
export function isChanged(b: BulkResult, r: number): boolean {
  return b.compareVerdict.length > 0 && (b.compareVerdict[r] !== b.verdict[r] || b.compareLine[r] !== b.line[r]);
}

/** True when row `r`'s verdict contradicts its URL's expectation. */
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
export function countBulk(b: BulkResult, urls: readonly string[], expectations: Readonly<Record<string, Expectation>>): BulkCounts {
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
    if (hasExpectations && isFailing(b, r, expectations[urls[Math.floor(r / b.crawlerCount)]!])) failing++;
  }
  return { rows: n, allowed, blocked, outOfScope, invalid, changed, failing };
}

/** The rows to show, in order: filtered, searched (URL substring, case-insensitive) and sorted. */
export function visibleRows(
  b: BulkResult,
  urls: readonly string[],
  expectations: Readonly<Record<string, Expectation>>,
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
    if (filter === 'failing' && !isFailing(b, r, expectations[url])) continue;
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

function csvCell(s: string): string {
  // Quote every text cell; a leading =, +, - or @ is prefixed so spreadsheets never run it as a formula.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The whole table (all rows, list order) as CSV. */
export function bulkCsv(b: BulkResult, urls: readonly string[], expectations: Readonly<Record<string, Expectation>>): string {
  const comparing = b.compareVerdict.length > 0;
  const head = ['url', 'crawler', 'verdict', 'line', 'expectation', 'expectation_met'];
  if (comparing) head.push('other_version_verdict', 'other_version_line', 'changed');
  const out = [head.join(',')];
  const m = b.crawlerCount;
  for (let r = 0; r < b.urlCount * m; r++) {
    const url = urls[Math.floor(r / m)]!;
    const e = expectations[url];
    const cells = [csvCell(url), csvCell(b.crawlerLabels[r % m]!), verdictName(b.verdict[r]!), String(b.line[r]), e ?? '', e ? String(!isFailing(b, r, e)) : ''];
    if (comparing) cells.push(verdictName(b.compareVerdict[r]!), String(b.compareLine[r]), String(isChanged(b, r)));
    out.push(cells.join(','));
  }
  return out.join('\r\n') + '\r\n';
}

/**
 * Reads an imported URL list: plain text (one URL per line) or CSV whose first column is the URL
 * and an optional column named expect/expectation holds allowed/blocked.
 */
export function parseUrlImport(text: string): { urls: string; expectations: Record<string, Expectation> } {
  const lines = text.split(/\r\n|\r|\n/).filter((l) => l.trim() !== '');
  const expectations: Record<string, Expectation> = {};
  const split = (l: string): string[] => {
    const cells: string[] = [];
    const re = /\s*("(?:[^"]|"")*"|[^,]*)\s*(?:,|$)/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(l)) !== null && m[0] !== '') {
      const c = m[1]!;
      cells.push(c.startsWith('"') ? c.slice(1, -1).replace(/""/g, '"') : c);
      if (re.lastIndex >= l.length) break;
    }
    return cells;
  };
  const looksCsv = lines.length > 0 && lines[0]!.includes(',');
  if (!looksCsv) return { urls: lines.map((l) => l.trim()).join('\n'), expectations };
  let rows = lines.map(split);
  const header = rows[0]!.map((h) => h.trim().toLowerCase());
  const urlCol = Math.max(0, header.findIndex((h) => h === 'url' || h === 'address' || h === 'loc'));
  const expCol = header.findIndex((h) => h === 'expect' || h === 'expectation' || h === 'expected');
  if (header.includes('url') || header.includes('address') || header.includes('loc') || expCol >= 0) rows = rows.slice(1);
  const urls: string[] = [];
  for (const row of rows) {
    const url = (row[urlCol] ?? '').trim();
    if (!url) continue;
    urls.push(url);
    const e = expCol >= 0 ? (row[expCol] ?? '').trim().toLowerCase() : '';
    if (/^(allow|allowed|must be allowed|crawlable)$/.test(e)) expectations[url] = 'allowed';
    else if (/^(block|blocked|disallow|disallowed|must be blocked)$/.test(e)) expectations[url] = 'blocked';
  }
  return { urls: urls.join('\n'), expectations };
}

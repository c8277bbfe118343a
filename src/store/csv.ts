/**
 * The bulk table as spreadsheets read it: CSV out (bulkCsv) and URL lists in (parseUrlImport),
 * through papaparse. Kept apart from the table view so the CSV library loads with the Bulk tab.
 */
import Papa from 'papaparse';
import { crawlerById, resolveTestUrl, type CrawlerSpec } from '../robots/index.js';
import { expectationKey, type Expectation, type Expectations } from '../share/index.js';
import { BulkVerdict, type BulkResult } from '../worker/index.js';
import { isChanged, isFailing, rowExpectation, verdictWords } from './bulk-view.js';

/**
 * The whole table (all rows, list order) as CSV for spreadsheets: UTF-8 with a byte-order mark
 * (Excel reads "ü" right), the UI's words, the deciding rule's text, the tested path and the
 * group; cells that a spreadsheet would run as a formula are neutralised.
 */
export function bulkCsv(b: BulkResult, urls: readonly string[], expectations: Expectations, site = ''): string {
  const comparing = b.compareVerdict.length > 0;
  const readers = b.readers.length > 0;
  const fields = ['url', 'crawler', ...(readers ? ['reader', 'readers_disagreeing'] : []), 'verdict', 'line', 'rule', 'tested_path', 'group', 'expectation', 'expectation_met'];
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
    const spec = b.crawlers[r % m]!;
    const row = [
      url, ...(readers ? [spec.kind === 'text' ? spec.value : crawlerById(spec.id)?.tokens[0] ?? spec.id, b.readers[r % m]!, String(b.disagree[Math.floor(r / m)])] : [b.crawlerLabels[r % m]!]),
      verdictWords(b.verdict[r]!), line > 0 ? String(line) : '', b.lineTexts[line] ?? '', path,
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

/** The URL column of a header row (`url` first, then `address`, `loc`, `page`), -1 when none. */
export function urlColumn(header: readonly string[]): number {
  const names = header.map((h) => h.trim().toLowerCase());
  for (const name of ['url', 'address', 'loc', 'page']) {
    const at = names.indexOf(name);
    if (at >= 0) return at;
  }
  return -1;
}

/** A crawler as written in an imported file: a profile id, or free text (a token or User-Agent). */
export function crawlerFromCell(cell: string): CrawlerSpec {
  const id = cell.trim().toLowerCase();
  return crawlerById(id) ? { kind: 'profile', id } : { kind: 'text', value: cell.trim() };
}

const ALLOWED = /^(allow|allowed|must be allowed|crawlable|yes)$/;
const BLOCKED = /^(block|blocked|disallow|disallowed|must be blocked|no)$/;

/** What an expectation cell says (`allowed`, `must be blocked`, `yes`…), or null when it says neither. */
export function expectationOf(cell: string): Expectation | null {
  const e = cell.trim().toLowerCase();
  return ALLOWED.test(e) ? 'allowed' : BLOCKED.test(e) ? 'blocked' : null;
}

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
  const urlAt = urlColumn(header);
  const expAt = find('expect', 'expectation', 'expected', 'must be');
  const crawlerAt = find('crawler', 'user-agent', 'ua', 'token');
  if (urlAt >= 0 || expAt >= 0 || crawlerAt >= 0) rows = rows.slice(1);
  const urlCol = Math.max(urlAt, 0);
  const urls: string[] = [];
  for (const row of rows) {
    const url = (row[urlCol] ?? '').trim();
    if (!url) continue;
    urls.push(url);
    const expected = expAt >= 0 ? expectationOf(row[expAt] ?? '') : null;
    const crawler = crawlerAt >= 0 && (row[crawlerAt] ?? '').trim() !== '' ? crawlerFromCell(row[crawlerAt]!) : null;
    if (expected) expectations[expectationKey(url, crawler)] = expected;
  }
  // One URL tested for several crawlers appears once in the list.
  return { urls: [...new Set(urls)].join('\n'), expectations };
}


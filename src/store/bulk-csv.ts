/**
 * The bulk table and spreadsheets: an imported list in (its expectations keyed per URL × crawler),
 * every row out in list order, through the CSV module. Loaded when first needed, so neither
 * weighs on the first verdict.
 */
import { crawlerById, ListVerdict, resolveTestUrl, verdictWord } from '../robots/index.js';
import { expectationKey, expectationRecord, type Expectation, type Expectations } from '../share/index.js';
import { CSV_BOM, csvRecord } from '../share/csv/index.js';
import { parseUrlImport } from '../share/csv/read/index.js';
import type { BulkResult } from '../worker/index.js';
import { isChanged, isFailing, rowExpectation } from './bulk-view.js';

/**
 * The table as CSV — every row, or the rows `shown` (the filter's, in the table's order): UTF-8
 * with a byte-order mark (Excel reads "ü" right), CRLF, cells a spreadsheet would run as a formula
 * neutralised; the group only where the rules were read.
 */
export function bulkCsv(b: BulkResult, urls: readonly string[], expectations: Expectations, site = '', shown?: ArrayLike<number>): string {
  const comparing = b.compareVerdict.length > 0;
  const readers = b.readers.length > 0;
  const fields = ['url', 'crawler', ...(readers ? ['reader', 'readers_disagreeing'] : []), 'verdict', 'line', 'rule', 'tested_path', 'group', 'expectation', 'expectation_met'];
  if (comparing) fields.push('other_version_verdict', 'other_version_line', 'other_version_rule', 'changed');
  const m = b.crawlerCount;
  const paths = new Map<string, string>();
  const parts = [CSV_BOM, csvRecord(fields)];
  const total = shown ? shown.length : b.urlCount * m;
  for (let i = 0; i < total; i++) {
    const r = shown ? shown[i]! : i;
    const url = urls[Math.floor(r / m)]!;
    const verdict = b.verdict[r]!;
    let path = verdict === ListVerdict.CannotTest ? '' : paths.get(url);
    if (path === undefined) {
      const t = resolveTestUrl(url, site || undefined);
      path = t.valid ? t.path : '';
      paths.set(url, path);
    }
    const e = rowExpectation(b, urls, expectations, r);
    const line = b.line[r]!;
    const spec = b.crawlers[r % m]!;
    const ruled = verdict === ListVerdict.Allowed || verdict === ListVerdict.Blocked;
    const row = [
      url, ...(readers ? [spec.kind === 'text' ? spec.value : crawlerById(spec.id)?.tokens[0] ?? spec.id, b.readers[r % m]!, String(b.disagree[Math.floor(r / m)])] : [b.crawlerLabels[r % m]!]),
      verdictWord(verdict), line > 0 ? String(line) : '', b.lineTexts[line] ?? '', path,
      // A row that could not be checked (cannot test, out of scope) meets no expectation and fails none.
      ruled ? b.crawlerGroups[r % m] ?? '' : '', e ?? '', e && ruled ? (isFailing(b, r, e) ? 'no' : 'yes') : '',
    ];
    if (comparing) {
      const other = b.compareLine[r]!;
      row.push(verdictWord(b.compareVerdict[r]!), other > 0 ? String(other) : '', b.compareLineTexts[other] ?? '', isChanged(b, r) ? 'yes' : 'no');
    }
    parts.push(csvRecord(row));
  }
  return parts.join('');
}

/** Reads an imported list (plain or CSV, see parseUrlImport): its URLs, and its expectations by URL × crawler. */
export function importUrlList(text: string): { urls: string; expectations: Record<string, Expectation>; duplicates: number } {
  const { urls, expectations, duplicates } = parseUrlImport(text);
  const keyed = expectationRecord();
  for (const e of expectations) keyed[expectationKey(e.url, e.crawler)] = e.expected;
  return { urls, expectations: keyed, duplicates };
}

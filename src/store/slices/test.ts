/**
 * The Test tab's slice: the URL × crawler tests, the test shown in full, and what the workers
 * answered for them (verdicts, diagnostics, the other parsers' readings).
 */
import { crawlerById, type Diagnostic } from '../../robots/index.js';
import type { TestCaseState } from '../../share/index.js';
import type { AnalysisResult, CrawlerSpec, ReadersResult, TestCase } from '../../worker/index.js';
import { keepUnchanged } from '../keep-unchanged.js';
import { bump } from '../revisions.js';
import type { TesterState } from '../state.js';

/** One URL × crawler under test. */
export interface TestRow {
  readonly url: string;
  /** What the crawler field shows: a profile's token, a token or a User-Agent string. */
  readonly crawlerText: string;
  readonly crawler: CrawlerSpec;
}

/** The Test tab's part of the state. */
export interface TestState {
  /**
   * The tests: when `columns` > 0 a URL × crawler matrix, row by row (test `i` is URL row
   * `⌊i / columns⌋` × crawler column `i % columns`), every URL tested with every crawler.
   */
  readonly tests: readonly TestRow[];
  /** The matrix's crawler columns; 0: a list of URL × crawler pairs (a link's too many to fill a matrix). */
  readonly columns: number;
  /** The test shown in full (its verdict drives the editor highlights). */
  readonly active: number;
  /** The newest analysis whose revision is the current one (null until it arrives). */
  readonly result: AnalysisResult | null;
  /** The last analysis received, even if older: what stays on screen while a new one runs. */
  readonly shown: AnalysisResult | null;
  /** The newest diagnostics received: they stay on screen until the new text's arrive (no flicker). */
  readonly diagnostics: readonly Diagnostic[] | null;
  /** Whether the other crawlers' parsers are on screen (they are asked for only then). */
  readonly readersOpen: boolean;
  /** The newest readers' answer received (for `revision` and `active` it names; older ones stay shown, marked as such). */
  readonly readers: { readonly result: ReadersResult; readonly active: number } | null;
}

/** A matrix is filled up to this many tests (a link carries at most as many); a bigger one stays a list of pairs. */
export const MAX_MATRIX_TESTS = 10_000;

/** A crawler spec as one comparable key. */
const specKey = (c: CrawlerSpec) => (c.kind === 'profile' ? `p:${c.id}` : `t:${c.value}`);

/**
 * Tests as a matrix: each URL (in the order first met) × each crawler (likewise), the test that
 * was `active` active; null when the matrix would hold more than MAX_MATRIX_TESTS.
 */
export function matrixOf(tests: readonly TestRow[], active: number): Pick<TestState, 'tests' | 'columns' | 'active'> | null {
  const urls = [...new Set(tests.map((t) => t.url))];
  const crawlers = new Map<string, TestRow>();
  for (const t of tests) if (!crawlers.has(specKey(t.crawler))) crawlers.set(specKey(t.crawler), t);
  const columns = [...crawlers.values()];
  if (urls.length * columns.length > MAX_MATRIX_TESTS) return null;
  const shown = tests[active] ?? tests[0]!;
  return {
    tests: urls.flatMap((url) => columns.map((c) => ({ url, crawlerText: c.crawlerText, crawler: c.crawler }))),
    columns: columns.length,
    active: urls.indexOf(shown.url) * columns.length + [...crawlers.keys()].indexOf(specKey(shown.crawler)),
  };
}

/** The Test tab's part of a tab opening `c`: its tests as a matrix (a link's pairs filled in) when they fit one. */
export function initialTests(c: TestCaseState): TestState {
  const rows = c.tests.map((t) => rowFor(t.url, t.crawler));
  const active = Math.min(c.active, c.tests.length - 1);
  return {
    ...(matrixOf(rows, active) ?? { tests: rows, columns: 0, active }), result: null, shown: null, diagnostics: null,
    readersOpen: true, readers: null,
  };
}

/** The row for a crawler spec, with the text its field shows. */
export function rowFor(url: string, crawler: CrawlerSpec): TestRow {
  if (crawler.kind === 'text') return { url, crawlerText: crawler.value, crawler };
  const p = crawlerById(crawler.id);
  return { url, crawlerText: p ? p.tokens[0] ?? p.name : crawler.id, crawler };
}

/** The URLs and crawlers under test, each once: a matrix's rows and columns (the URLs typed so far only). */
export function testAxes(s: TesterState): { readonly urls: string[]; readonly crawlers: CrawlerSpec[] } {
  const crawlers = new Map<string, CrawlerSpec>();
  for (const t of s.tests) if (!crawlers.has(specKey(t.crawler))) crawlers.set(specKey(t.crawler), t.crawler);
  return { urls: [...new Set(s.tests.map((t) => t.url))].filter((u) => u.trim() !== ''), crawlers: [...crawlers.values()] };
}

/** The tests with each of `picked` (indices) replaced by `change` of it. */
function changeTests(s: TesterState, picked: (i: number) => boolean, change: (t: TestRow) => TestRow): readonly TestRow[] {
  return s.tests.map((t, i) => (picked(i) ? change(t) : t));
}

/** The active test's URL changed: in a matrix, its whole row's. */
export function setUrl(s: TesterState, url: string): TesterState {
  if (url === s.tests[s.active]!.url) return s;
  const row = s.columns > 0 ? Math.floor(s.active / s.columns) : -1;
  const tests = changeTests(s, (i) => (row >= 0 ? Math.floor(i / s.columns) === row : i === s.active), (t) => ({ ...t, url }));
  // The bulk run's default crawler is the active test's: a new URL leaves it as it is.
  return { ...s, tests, revision: s.revision + 1, result: null };
}

/** The active test's crawler changed (free text, or a profile picked from the list): in a matrix, its whole column's. */
export function setCrawler(s: TesterState, crawlerText: string, crawler: CrawlerSpec): TesterState {
  const row = s.tests[s.active]!;
  if (crawlerText === row.crawlerText && specKey(crawler) === specKey(row.crawler)) return s;
  const column = s.columns > 0 ? s.active % s.columns : -1;
  const tests = changeTests(s, (i) => (column >= 0 ? i % s.columns === column : i === s.active), (t) => ({ ...t, crawlerText, crawler }));
  return specKey(crawler) !== specKey(row.crawler) ? bump(s, { tests }) : { ...s, tests, revision: s.revision + 1, result: null };
}

/** Adds a URL to test (empty, to be typed) and makes it active: in a matrix, a row tested with every crawler. */
export function addTest(s: TesterState): TesterState {
  if (s.columns === 0) return bump(s, { tests: [...s.tests, { ...s.tests[s.active]!, url: '' }], active: s.tests.length });
  const first = s.tests.length;
  const row = s.tests.slice(0, s.columns).map((t) => ({ ...t, url: '' }));
  return bump(s, { tests: [...s.tests, ...row], active: first + (s.active % s.columns) });
}

/**
 * Adds a crawler to every URL under test (a column of the matrix); the active URL's new test
 * becomes active. A crawler already tested is only selected.
 */
export function addCrawler(s: TesterState, crawlerText: string, crawler: CrawlerSpec): TesterState {
  const activeUrl = s.tests[s.active]!.url;
  const has = s.tests.findIndex((t) => t.url === activeUrl && t.crawlerText === crawlerText);
  if (has >= 0) return selectTest(s, has);
  if (s.columns === 0) {
    const urls = [...new Set(s.tests.map((t) => t.url))];
    const tests = [...s.tests, ...urls.filter((u) => !s.tests.some((t) => t.url === u && t.crawlerText === crawlerText)).map((url) => ({ url, crawlerText, crawler }))];
    return bump(s, { tests, active: tests.findIndex((t) => t.url === activeUrl && t.crawlerText === crawlerText) });
  }
  const c = s.columns;
  const rows = s.tests.length / c;
  const tests = Array.from({ length: rows }, (_, r) => [...s.tests.slice(r * c, r * c + c), { url: s.tests[r * c]!.url, crawlerText, crawler }]).flat();
  return bump(s, { tests, columns: c + 1, active: Math.floor(s.active / c) * (c + 1) + c });
}

/** Removes URL row `row` of the matrix (its test of every crawler); the last row stays. */
export function removeRow(s: TesterState, row: number): TesterState {
  const c = s.columns;
  if (c === 0 || s.tests.length <= c || row < 0 || row >= s.tests.length / c) return s;
  const tests = [...s.tests.slice(0, row * c), ...s.tests.slice((row + 1) * c)];
  const at = Math.floor(s.active / c);
  // The active test stays active; when its row went, the row before it (or after, for the first) does.
  const activeRow = at < row ? at : at > row ? at - 1 : Math.max(0, row - 1);
  return bump(s, { tests, active: activeRow * c + (s.active % c) });
}

/** Removes crawler column `column` of the matrix (its test of every URL); the last column stays. */
export function removeColumn(s: TesterState, column: number): TesterState {
  const c = s.columns;
  if (c <= 1 || column < 0 || column >= c) return s;
  const tests = s.tests.filter((_, i) => i % c !== column);
  const at = s.active % c;
  const activeColumn = at < column ? at : at > column ? at - 1 : Math.max(0, column - 1);
  return bump(s, { tests, columns: c - 1, active: Math.floor(s.active / c) * (c - 1) + activeColumn });
}

/** Removes one test; the last one stays. A matrix without it is a list of pairs. */
export function removeTest(s: TesterState, index: number): TesterState {
  if (s.tests.length <= 1 || index < 0 || index >= s.tests.length) return s;
  const tests = s.tests.filter((_, i) => i !== index);
  const active = s.active > index ? s.active - 1 : Math.min(s.active, tests.length - 1);
  return bump(s, { tests, columns: 0, active });
}

/** Shows another test in full; the results hold its verdict, and its Why once it was the active test. */
export function selectTest(s: TesterState, index: number): TesterState {
  if (index === s.active || index < 0 || index >= s.tests.length) return s;
  // The analysis words the Why of the active test only: a test shown without one is analysed again, as the active one.
  if (s.shown?.verdicts[index]?.explanation === null) return { ...s, active: index, revision: s.revision + 1, result: null };
  return { ...s, active: index };
}

/**
 * Shows URL × crawler in full (a Bulk row, say): its test when there is one; else the active
 * row tests the URL, and the crawler's column is selected, or the active column tests it.
 */
export function showTest(s: TesterState, url: string, crawlerText: string, crawler: CrawlerSpec): TesterState {
  const found = s.tests.findIndex((t) => t.url === url && specKey(t.crawler) === specKey(crawler));
  if (found >= 0) return selectTest(s, found);
  const next = setUrl(s, url);
  const column = next.tests.slice(0, next.columns).findIndex((t) => specKey(t.crawler) === specKey(crawler));
  if (column >= 0) return selectTest(next, Math.floor(next.active / next.columns) * next.columns + column);
  return setCrawler(next, crawlerText, crawler);
}

/**
 * Replaces the URLs `stale` picks (another site's URLs after a new file was opened) with
 * `replacement` in every test; they leave the bulk list. '' clears them.
 */
export function replaceUrls(s: TesterState, stale: (url: string) => boolean, replacement: string): TesterState {
  const tests = s.tests.map((t) => (stale(t.url) ? { ...t, url: replacement } : t));
  const kept = s.bulkUrls.split('\n').filter((u) => !stale(u.trim()));
  const bulkUrls = kept.join('\n').trim() === '' ? '' : kept.join('\n');
  if (tests.every((t, i) => t === s.tests[i]) && bulkUrls === s.bulkUrls) return s;
  return bump(s, { tests, bulkUrls });
}

/** The analysis of the current revision arrived (the tester passes on no other). */
export function applyResult(s: TesterState, arrived: AnalysisResult): TesterState {
  const result = keepUnchanged(s.shown, arrived);
  return { ...s, result, shown: result };
}

/** True while the current revision's analysis has not arrived. */
export function isBusy(s: TesterState): boolean {
  return s.result === null;
}

/** The diagnostics of the current text arrived (the tester passes on no other). */
export function applyDiagnostics(s: TesterState, diagnostics: readonly Diagnostic[]): TesterState {
  return { ...s, diagnostics };
}

/** The test cases the worker must check for this state. */
export function testCases(s: TesterState): TestCase[] {
  return s.tests.map((t) => ({ url: t.url, crawler: t.crawler }));
}

/** The readers' answer for test `active` arrived (the tester passes on only the newest request's, while still current). */
export function applyReaders(s: TesterState, result: ReadersResult, active: number): TesterState {
  return { ...s, readers: { result, active } };
}

/** True when the readers' answer on screen is for the current text, URL, crawler and test. */
export function readersCurrent(s: TesterState): boolean {
  return s.readers !== null && s.readers.result.revision === s.revision && s.readers.active === s.active;
}

/** Shows or hides the other crawlers' parsers. */
export function setReadersOpen(s: TesterState, open: boolean): TesterState {
  return s.readersOpen === open ? s : { ...s, readersOpen: open };
}

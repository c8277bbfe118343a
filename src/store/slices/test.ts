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
  readonly tests: readonly TestRow[];
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

/** The Test tab's part of a tab opening `c`. */
export function initialTests(c: TestCaseState): TestState {
  return {
    tests: c.tests.map((t) => rowFor(t.url, t.crawler)), active: Math.min(c.active, c.tests.length - 1), result: null, shown: null, diagnostics: null,
    readersOpen: true, readers: null,
  };
}

/** The row for a crawler spec, with the text its field shows. */
export function rowFor(url: string, crawler: CrawlerSpec): TestRow {
  if (crawler.kind === 'text') return { url, crawlerText: crawler.value, crawler };
  const p = crawlerById(crawler.id);
  return { url, crawlerText: p ? p.tokens[0] ?? p.name : crawler.id, crawler };
}

function updateActive(s: TesterState, row: TestRow): TesterState {
  const tests = s.tests.map((t, i) => (i === s.active ? row : t));
  // Only the crawler of the active test feeds the bulk run (as its default crawler).
  if (JSON.stringify(row.crawler) !== JSON.stringify(s.tests[s.active]!.crawler)) return bump(s, { tests });
  return { ...s, tests, revision: s.revision + 1, result: null };
}

/** The active test's URL changed. */
export function setUrl(s: TesterState, url: string): TesterState {
  const row = s.tests[s.active]!;
  return url === row.url ? s : updateActive(s, { ...row, url });
}

/** The active test's crawler changed: free text, or a profile picked from the list. */
export function setCrawler(s: TesterState, crawlerText: string, crawler: CrawlerSpec): TesterState {
  const row = s.tests[s.active]!;
  if (crawlerText === row.crawlerText && JSON.stringify(crawler) === JSON.stringify(row.crawler)) return s;
  return updateActive(s, { ...row, crawlerText, crawler });
}

/** Adds a test (a copy of the active one's crawler, with an empty URL) and makes it active. */
export function addTest(s: TesterState): TesterState {
  const row = s.tests[s.active]!;
  return bump(s, { tests: [...s.tests, { ...row, url: '' }], active: s.tests.length });
}

/**
 * Adds a crawler to every URL under test (a column of the URL × crawler grid); the active URL's
 * new test becomes active. URLs already tested with this crawler text are left as they are.
 */
export function addCrawler(s: TesterState, crawlerText: string, crawler: CrawlerSpec): TesterState {
  const urls = [...new Set(s.tests.map((t) => t.url))];
  const has = new Set(s.tests.map((t) => `${t.url}\u0000${t.crawlerText}`));
  const added = urls.filter((u) => !has.has(`${u}\u0000${crawlerText}`)).map((url) => ({ url, crawlerText, crawler }));
  const tests = [...s.tests, ...added];
  const activeUrl = s.tests[s.active]!.url;
  const active = tests.findIndex((t) => t.url === activeUrl && t.crawlerText === crawlerText);
  if (added.length === 0) return selectTest(s, active);
  return bump(s, { tests, active });
}

/** Adds one test (a cell of the grid left empty) and makes it active. */
export function addCell(s: TesterState, url: string, crawlerText: string, crawler: CrawlerSpec): TesterState {
  const at = s.tests.findIndex((t) => t.url === url && t.crawlerText === crawlerText);
  if (at >= 0) return selectTest(s, at);
  return bump(s, { tests: [...s.tests, { url, crawlerText, crawler }], active: s.tests.length });
}

/** Removes the tests `drop` picks (a URL's row, a crawler's column); at least one test stays. */
export function removeTests(s: TesterState, drop: (t: TestRow) => boolean): TesterState {
  const kept = s.tests.filter((t) => !drop(t));
  if (kept.length === 0 || kept.length === s.tests.length) return s;
  const activeRow = s.tests[s.active]!;
  const stays = kept.indexOf(activeRow);
  // The active test stays active; when it went, the test before it in the list does.
  const active = stays >= 0 ? stays : Math.max(0, kept.filter((t) => s.tests.indexOf(t) < s.active).length - 1);
  return bump(s, { tests: kept, active });
}

/** Removes a test; the last one stays. */
export function removeTest(s: TesterState, index: number): TesterState {
  if (s.tests.length <= 1 || index < 0 || index >= s.tests.length) return s;
  const tests = s.tests.filter((_, i) => i !== index);
  const active = s.active > index ? s.active - 1 : Math.min(s.active, tests.length - 1);
  return bump(s, { tests, active });
}

/** Shows another test in full; the results hold its verdict, and its Why once it was the active test. */
export function selectTest(s: TesterState, index: number): TesterState {
  if (index === s.active || index < 0 || index >= s.tests.length) return s;
  // The analysis words the Why of the active test only: a test shown without one is analysed again, as the active one.
  if (s.shown?.verdicts[index]?.explanation === null) return { ...s, active: index, revision: s.revision + 1, result: null };
  return { ...s, active: index };
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

/**
 * The tester's state and its pure transitions: `(state, …) => state`, tested without React.
 */
import { applyTextEdits, crawlerById, editsFit, type Diagnostic, type FetchStatus, type ReaderId, type TextEdit } from '../robots/index.js';
import { expectationKey, expectationRecord, ownExpectation, type Expectation, type Expectations, type TestCaseState } from '../share/index.js';
import type { AnalysisResult, BulkResult, CrawlerSpec, ReadersResult, TestCase } from '../worker/index.js';

/**
 * A sentence the UI shows, as a message id and its data, worded when shown (so it follows the
 * reader's language); an argument may itself be a message.
 */
export interface UiMessage {
  readonly id: string;
  readonly args?: Readonly<Record<string, string | number | UiMessage>>;
}

/** Why the UI shows a notice. */
export type Notice = {
  readonly kind: 'info' | 'warning' | 'error';
  readonly message: UiMessage;
  /** A robots.txt URL the page could not read: the notice offers the ways that need no server. */
  readonly fetchHelp?: string;
  /** More sentences under the message (what a fetched or opened body is). */
  readonly details?: readonly UiMessage[];
} | null;

/** The line break the text is written with (Google counts each of them as one). */
export type LineBreak = '\n' | '\r\n' | '\r';

/** One URL × crawler under test. */
export interface TestRow {
  readonly url: string;
  /** What the crawler field shows: a profile's token, a token or a User-Agent string. */
  readonly crawlerText: string;
  readonly crawler: CrawlerSpec;
}

/** Where the open case came from: the user's own draft, or a link someone shared. */
export type CaseOrigin = 'draft' | 'shared';

/** Everything the tester shows. */
export interface TesterState {
  /** The robots.txt text, written with `lineBreak`. */
  readonly doc: string;
  readonly lineBreak: LineBreak;
  /** Bumped by every change that needs a new analysis (text, URLs or crawlers). */
  readonly revision: number;
  /** The revision at which the text last changed (diagnostics depend on the text only). */
  readonly docRevision: number;
  /**
   * The editor's edits that made this text from the text before it (null: the text was replaced
   * as a whole): workers are sent what changed, found without comparing texts.
   */
  readonly docEdits: readonly TextEdit[] | null;
  readonly tests: readonly TestRow[];
  /** The test shown in full (its verdict drives the editor highlights). */
  readonly active: number;
  /** The newest analysis whose revision is the current one (null until it arrives). */
  readonly result: AnalysisResult | null;
  /** The last analysis received, even if older: what stays on screen while a new one runs. */
  readonly shown: AnalysisResult | null;
  /** The newest diagnostics received: they stay on screen until the new text's arrive (no flicker). */
  readonly diagnostics: readonly Diagnostic[] | null;
  readonly notice: Notice;
  readonly origin: CaseOrigin;
  /** The bulk URL list as typed (one URL per line). */
  readonly bulkUrls: string;
  /** Crawlers for the bulk list; empty means the active test's crawler. */
  readonly bulkCrawlers: readonly CrawlerSpec[];
  readonly expectations: Expectations;
  readonly site: string;
  readonly status: FetchStatus;
  /** The version to compare with, or null. */
  readonly compare: string | null;
  /** Bumped by every change that needs a new bulk run. */
  readonly bulkRevision: number;
  /** The newest bulk results and the URL list they were computed for. */
  readonly bulk: { readonly result: BulkResult; readonly urls: readonly string[] } | null;
  /** Progress of the running bulk check, 0–1; null when none runs. */
  readonly bulkProgress: number | null;
  /** Bulk readers mode: the list is checked by every reader (for the first crawler). */
  readonly bulkReaders: boolean;
  /** Whether the other crawlers' parsers are on screen (they are asked for only then). */
  readonly readersOpen: boolean;
  /** The newest readers' answer received (for `revision` and `active` it names; older ones stay shown, marked as such). */
  readonly readers: { readonly result: ReadersResult; readonly active: number } | null;
  /** The Site tab's fetched sources (sitemap URLs), as links carry them. */
  readonly siteSources: readonly string[];
  /** The crawlers the Site tab audits for; empty means the active test's crawler. */
  readonly siteCrawlers: readonly CrawlerSpec[];
  /** Other parsers the Site tab reads the file with, besides Google's. */
  readonly siteReaders: readonly ReaderId[];
}

/** The row for a crawler spec, with the text its field shows. */
export function rowFor(url: string, crawler: CrawlerSpec): TestRow {
  if (crawler.kind === 'text') return { url, crawlerText: crawler.value, crawler };
  const p = crawlerById(crawler.id);
  return { url, crawlerText: p ? p.tokens[0] ?? p.name : crawler.id, crawler };
}

/** The line break most used in `text` (LF when it has none). */
export function detectLineBreak(text: string): LineBreak {
  let crlf = 0;
  let cr = 0;
  let lf = 0;
  for (const m of text.matchAll(/\r\n|\r|\n/g)) {
    if (m[0] === '\r\n') crlf++;
    else if (m[0] === '\r') cr++;
    else lf++;
  }
  if (crlf > lf && crlf >= cr) return '\r\n';
  if (cr > lf && cr > crlf) return '\r';
  return '\n';
}

/** The state of a tab opening `c`. */
export function initialState(c: TestCaseState, origin: CaseOrigin = 'draft'): TesterState {
  return {
    doc: c.robots,
    lineBreak: detectLineBreak(c.robots),
    revision: 1,
    docRevision: 1,
    docEdits: null,
    tests: c.tests.map((t) => rowFor(t.url, t.crawler)),
    active: Math.min(c.active, c.tests.length - 1),
    result: null,
    shown: null,
    diagnostics: null,
    notice: null,
    origin,
    bulkUrls: c.bulkUrls,
    bulkCrawlers: c.bulkCrawlers,
    expectations: c.expectations,
    site: c.site,
    status: c.status,
    compare: c.compare,
    bulkRevision: 1,
    bulk: null,
    bulkProgress: null,
    bulkReaders: false,
    readersOpen: true,
    readers: null,
    siteSources: c.siteSources,
    siteCrawlers: c.siteCrawlers,
    siteReaders: [],
  };
}

const bump = (s: TesterState, patch: Partial<TesterState>): TesterState =>
  ({ ...s, ...patch, revision: s.revision + 1, bulkRevision: s.bulkRevision + 1, result: null });

const bumpBulk = (s: TesterState, patch: Partial<TesterState>): TesterState =>
  ({ ...s, ...patch, bulkRevision: s.bulkRevision + 1 });

/** The text was replaced (a file, a link, a repair outside the editor). */
export function setDoc(s: TesterState, doc: string): TesterState {
  return doc === s.doc ? s : bump(s, { doc, docRevision: s.revision + 1, docEdits: null });
}

/** The editor changed the text by `edits` (a keystroke, a paste); edits that do not fit change nothing. */
export function editDoc(s: TesterState, edits: readonly TextEdit[]): TesterState {
  if (edits.length === 0 || !editsFit(edits, s.doc.length)) return s;
  return bump(s, { doc: applyTextEdits(s.doc, edits), docRevision: s.revision + 1, docEdits: edits });
}

/** The text is now written with another line break (after a paste or an opened file). */
export function setLineBreak(s: TesterState, lineBreak: LineBreak): TesterState {
  if (lineBreak === s.lineBreak) return s;
  return bump(s, { lineBreak, doc: s.doc.split(/\r\n|\r|\n/).join(lineBreak), docRevision: s.revision + 1, docEdits: null });
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

/** Removes a test; the last one stays. */
export function removeTest(s: TesterState, index: number): TesterState {
  if (s.tests.length <= 1 || index < 0 || index >= s.tests.length) return s;
  const tests = s.tests.filter((_, i) => i !== index);
  const active = s.active > index ? s.active - 1 : Math.min(s.active, tests.length - 1);
  return bump(s, { tests, active });
}

/** Shows another test in full; the results already hold its verdict. */
export function selectTest(s: TesterState, index: number): TesterState {
  return index === s.active || index < 0 || index >= s.tests.length ? s : { ...s, active: index };
}

/** Opens a whole case (a link, a case file, the draft). */
export function loadCase(s: TesterState, c: TestCaseState, origin: CaseOrigin): TesterState {
  const next = initialState(c, origin);
  return { ...next, revision: s.revision + 1, docRevision: s.revision + 1, bulkRevision: s.bulkRevision + 1, shown: s.shown, notice: s.notice };
}

/** The open case, as links and autosave carry it. */
export function toCase(s: TesterState): TestCaseState {
  return {
    robots: s.doc,
    tests: s.tests.map((t) => ({ url: t.url, crawler: t.crawler })),
    active: s.active,
    bulkUrls: s.bulkUrls,
    bulkCrawlers: s.bulkCrawlers,
    expectations: s.expectations,
    site: s.site,
    status: s.status,
    compare: s.compare,
    siteSources: s.siteSources,
    siteCrawlers: s.siteCrawlers,
  };
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

/** The bulk URL list changed. */
export function setBulkUrls(s: TesterState, bulkUrls: string): TesterState {
  return bulkUrls === s.bulkUrls ? s : bumpBulk(s, { bulkUrls });
}

/** The crawlers of the bulk list changed. */
export function setBulkCrawlers(s: TesterState, bulkCrawlers: readonly CrawlerSpec[]): TesterState {
  return bumpBulk(s, { bulkCrawlers });
}

/** The crawlers the bulk list runs for: its own, else the active test's. */
export function bulkCrawlersOf(s: TesterState): readonly CrawlerSpec[] {
  return s.bulkCrawlers.length > 0 ? s.bulkCrawlers : [s.tests[s.active]!.crawler];
}

/**
 * Marks one URL × crawler (or, with crawler null, the URL for every crawler) as one that must be
 * allowed or blocked; null removes the mark. Setting one crawler's mark on a URL that had one for
 * every crawler first gives each bulk crawler its own copy, so the other rows keep theirs.
 */
export function setExpectation(s: TesterState, url: string, crawler: CrawlerSpec | null, expectation: Expectation | null): TesterState {
  const next = expectationRecord(s.expectations);
  const forAll = ownExpectation(next, url);
  if (crawler && forAll) {
    delete next[url];
    for (const c of bulkCrawlersOf(s)) next[expectationKey(url, c)] = ownExpectation(next, expectationKey(url, c)) ?? forAll;
  }
  const key = expectationKey(url, crawler);
  if (expectation === null) delete next[key];
  else next[key] = expectation;
  return { ...s, expectations: next };
}

/** Adds imported expectations (keys as `expectationKey` makes them); they replace the ones they name. */
export function addExpectations(s: TesterState, expectations: Expectations): TesterState {
  return Object.keys(expectations).length === 0 ? s : { ...s, expectations: Object.assign(expectationRecord(s.expectations), expectations) };
}

/** The site (robots.txt URL or origin) changed: it decides which URLs are in scope. */
export function setSite(s: TesterState, site: string): TesterState {
  return site === s.site ? s : bump(s, { site });
}

/** The assumed fetch result of robots.txt changed. */
export function setStatus(s: TesterState, status: FetchStatus): TesterState {
  return JSON.stringify(status) === JSON.stringify(s.status) ? s : bump(s, { status });
}

/** Sets (or clears, with null) the version to compare with. */
export function setCompare(s: TesterState, compare: string | null): TesterState {
  return compare === s.compare ? s : bumpBulk(s, { compare });
}

/** Bulk progress arrived. */
export function setBulkProgress(s: TesterState, progress: number | null): TesterState {
  return { ...s, bulkProgress: progress };
}

/** Bulk results arrived for `urls` (the tester passes on only those for the current bulk revision). */
export function applyBulk(s: TesterState, result: BulkResult, urls: readonly string[]): TesterState {
  return { ...s, bulk: { result, urls }, bulkProgress: null };
}

/** The bulk list is empty: no results to show. */
export function clearBulk(s: TesterState): TesterState {
  return s.bulk === null && s.bulkProgress === null ? s : { ...s, bulk: null, bulkProgress: null };
}

/** Marks the open case as the user's own draft (or as a shared one). */
export function setOrigin(s: TesterState, origin: CaseOrigin): TesterState {
  return origin === s.origin ? s : { ...s, origin };
}

/** Whether two values of plain data (objects, arrays, primitives) are equal; other objects only when identical. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameData(x, b[i]));
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * `next` with every part equal to `prev`'s replaced by `prev`'s own: after a keystroke most of an
 * analysis is what it was, and what shows it need not be drawn again.
 */
export function keepUnchanged(prev: AnalysisResult | null, next: AnalysisResult): AnalysisResult {
  if (!prev) return next;
  const keep = <T>(a: T, b: T): T => (sameData(a, b) ? a : b);
  const verdicts = next.verdicts.map((v, i) => (i < prev.verdicts.length ? keep(prev.verdicts[i]!, v) : v));
  const sameVerdicts = verdicts.length === prev.verdicts.length && verdicts.every((v, i) => v === prev.verdicts[i]);
  return {
    ...next,
    summary: keep(prev.summary, next.summary),
    groups: keep(prev.groups, next.groups),
    sitemaps: keep(prev.sitemaps, next.sitemaps),
    fetch: keep(prev.fetch, next.fetch),
    verdicts: sameVerdicts ? prev.verdicts : verdicts,
  };
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

/** Shows (or clears) the notice. */
export function setNotice(s: TesterState, notice: Notice): TesterState {
  return { ...s, notice };
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

/** Turns Bulk's readers mode on or off (a new bulk run). */
export function setBulkReaders(s: TesterState, on: boolean): TesterState {
  return s.bulkReaders === on ? s : bumpBulk(s, { bulkReaders: on });
}

/** The Site tab's fetched sources changed (a sitemap URL added or removed). */
export function setSiteSources(s: TesterState, siteSources: readonly string[]): TesterState {
  return siteSources.length === s.siteSources.length && siteSources.every((u, i) => u === s.siteSources[i]) ? s : { ...s, siteSources };
}

/** The crawlers the Site tab audits for changed. */
export function setSiteCrawlers(s: TesterState, siteCrawlers: readonly CrawlerSpec[]): TesterState {
  return { ...s, siteCrawlers };
}

/** The other parsers the Site tab reads the file with changed. */
export function setSiteReaders(s: TesterState, siteReaders: readonly ReaderId[]): TesterState {
  return { ...s, siteReaders };
}

/** The crawlers the Site tab audits for: its own, else the active test's. */
export function siteCrawlersOf(s: TesterState): readonly CrawlerSpec[] {
  return s.siteCrawlers.length > 0 ? s.siteCrawlers : [s.tests[s.active]!.crawler];
}

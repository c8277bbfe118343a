/**
 * The tester's state and its pure transitions: `(state, …) => state`, tested without React.
 */
import { crawlerById } from '../robots/index.js';
import { DEFAULT_CRAWLER, type TestCaseState } from '../share/index.js';
import type { AnalysisResult, CrawlerSpec, TestCase } from '../worker/protocol.js';

/** Why the UI shows a notice. */
export type Notice = { readonly kind: 'info' | 'warning' | 'error'; readonly text: string } | null;

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
  readonly tests: readonly TestRow[];
  /** The test shown in full (its verdict drives the editor highlights). */
  readonly active: number;
  /** The newest analysis whose revision is the current one (null until it arrives). */
  readonly result: AnalysisResult | null;
  /** The last analysis received, even if older: what stays on screen while a new one runs. */
  readonly shown: AnalysisResult | null;
  readonly busy: boolean;
  readonly notice: Notice;
  readonly origin: CaseOrigin;
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
    tests: c.tests.map((t) => rowFor(t.url, t.crawler)),
    active: Math.min(c.active, c.tests.length - 1),
    result: null,
    shown: null,
    busy: true,
    notice: null,
    origin,
  };
}

const bump = (s: TesterState, patch: Partial<TesterState>): TesterState =>
  ({ ...s, ...patch, revision: s.revision + 1, result: null, busy: true });

/** The text changed (a keystroke, a paste). */
export function setDoc(s: TesterState, doc: string): TesterState {
  return doc === s.doc ? s : bump(s, { doc });
}

/** The text is now written with another line break (after a paste or an opened file). */
export function setLineBreak(s: TesterState, lineBreak: LineBreak): TesterState {
  if (lineBreak === s.lineBreak) return s;
  return bump(s, { lineBreak, doc: s.doc.split(/\r\n|\r|\n/).join(lineBreak) });
}

function updateActive(s: TesterState, row: TestRow): TesterState {
  const tests = s.tests.map((t, i) => (i === s.active ? row : t));
  return bump(s, { tests });
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
  return { ...next, revision: s.revision + 1, shown: s.shown, notice: s.notice };
}

/** The open case, as links and autosave carry it. */
export function toCase(s: TesterState): TestCaseState {
  return { robots: s.doc, tests: s.tests.map((t) => ({ url: t.url, crawler: t.crawler })), active: s.active };
}

/** Marks the open case as the user's own draft (or as a shared one). */
export function setOrigin(s: TesterState, origin: CaseOrigin): TesterState {
  return origin === s.origin ? s : { ...s, origin };
}

/** An analysis arrived; one for an older revision is dropped. */
export function applyResult(s: TesterState, result: AnalysisResult): TesterState {
  if (result.revision !== s.revision) return s;
  return { ...s, result, shown: result, busy: false };
}

/** The test cases the worker must check for this state. */
export function testCases(s: TesterState): TestCase[] {
  return s.tests.map((t) => ({ url: t.url, crawler: t.crawler }));
}

/** Shows (or clears) the notice. */
export function setNotice(s: TesterState, notice: Notice): TesterState {
  return { ...s, notice };
}

export { DEFAULT_CRAWLER };

/**
 * The tester's state and its pure transitions: `(state, …) => state`, tested without React.
 */
import type { AnalysisResult, CrawlerSpec, TestCase } from '../worker/protocol.js';

/** Why the UI shows a notice. */
export type Notice = { readonly kind: 'info' | 'warning' | 'error'; readonly text: string } | null;

/** Everything the tester shows. */
export interface TesterState {
  /** The robots.txt text in the editor. */
  readonly doc: string;
  /** Bumped by every change that needs a new analysis (text, URL or crawler). */
  readonly revision: number;
  readonly url: string;
  /** What the crawler field shows: a profile's name, a token or a User-Agent string. */
  readonly crawlerText: string;
  readonly crawler: CrawlerSpec;
  /** The newest analysis whose revision is the current one (null until it arrives). */
  readonly result: AnalysisResult | null;
  /** The last analysis received, even if older: what stays on screen while a new one runs. */
  readonly shown: AnalysisResult | null;
  readonly busy: boolean;
  readonly notice: Notice;
}

/** The state of a fresh tab. */
export function initialState(doc: string, url: string, crawlerText: string, crawler: CrawlerSpec): TesterState {
  return { doc, revision: 1, url, crawlerText, crawler, result: null, shown: null, busy: true, notice: null };
}

/** The text changed (a keystroke, a paste). */
export function setDoc(s: TesterState, doc: string): TesterState {
  return doc === s.doc ? s : { ...s, doc, revision: s.revision + 1, result: null, busy: true };
}

/** The test URL changed. */
export function setUrl(s: TesterState, url: string): TesterState {
  return url === s.url ? s : { ...s, url, revision: s.revision + 1, result: null, busy: true };
}

/** The crawler changed: free text, or a profile picked from the list. */
export function setCrawler(s: TesterState, crawlerText: string, crawler: CrawlerSpec): TesterState {
  if (crawlerText === s.crawlerText && sameCrawler(crawler, s.crawler)) return s;
  return { ...s, crawlerText, crawler, revision: s.revision + 1, result: null, busy: true };
}

function sameCrawler(a: CrawlerSpec, b: CrawlerSpec): boolean {
  return a.kind === b.kind && (a.kind === 'profile' ? a.id === (b as typeof a).id : a.value === (b as typeof a).value);
}

/** An analysis arrived; one for an older revision is dropped. */
export function applyResult(s: TesterState, result: AnalysisResult): TesterState {
  if (result.revision !== s.revision) return s;
  return { ...s, result, shown: result, busy: false };
}

/** The test cases the worker must check for this state. */
export function testCases(s: TesterState): TestCase[] {
  return [{ url: s.url, crawler: s.crawler }];
}

/** Shows (or clears) the notice. */
export function setNotice(s: TesterState, notice: Notice): TesterState {
  return { ...s, notice };
}

/**
 * The Bulk tab's slice: the URL list, its crawlers (or readers), the expectations marked on it,
 * and its newest results.
 */
import { expectationKey, expectationRecord, ownExpectation, type Expectation, type Expectations, type TestCaseState } from '../../share/index.js';
import type { BulkResult, CrawlerSpec } from '../../worker/index.js';
import { bumpBulk } from '../revisions.js';
import type { TesterState } from '../state.js';

/** The Bulk tab's part of the state. */
export interface BulkState {
  /** The bulk URL list as typed (one URL per line). */
  readonly bulkUrls: string;
  /** Crawlers for the bulk list; empty means the active test's crawler. */
  readonly bulkCrawlers: readonly CrawlerSpec[];
  readonly expectations: Expectations;
  /** Bumped by every change that needs a new bulk run. */
  readonly bulkRevision: number;
  /** The newest bulk results and the URL list they were computed for. */
  readonly bulk: { readonly result: BulkResult; readonly urls: readonly string[]; readonly origin: string | null } | null;
  /** Progress of the running bulk check, 0–1; null when none runs. */
  readonly bulkProgress: number | null;
  /** Bulk readers mode: the list is checked by every reader (for the first crawler). */
  readonly bulkReaders: boolean;
}

/** The Bulk tab's part of a tab opening `c`. */
export function initialBulk(c: TestCaseState): BulkState {
  return { bulkUrls: c.bulkUrls, bulkCrawlers: c.bulkCrawlers, expectations: c.expectations, bulkRevision: 1, bulk: null, bulkProgress: null, bulkReaders: false };
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

/** Bulk progress arrived. */
export function setBulkProgress(s: TesterState, progress: number | null): TesterState {
  return { ...s, bulkProgress: progress };
}

/** Bulk results arrived for `urls`, whose common origin is `origin` (the tester passes on only those for the current bulk revision). */
export function applyBulk(s: TesterState, result: BulkResult, urls: readonly string[], origin: string | null): TesterState {
  return { ...s, bulk: { result, urls, origin }, bulkProgress: null };
}

/** The bulk list is empty: no results to show. */
export function clearBulk(s: TesterState): TesterState {
  return s.bulk === null && s.bulkProgress === null ? s : { ...s, bulk: null, bulkProgress: null };
}

/** Turns Bulk's readers mode on or off (a new bulk run). */
export function setBulkReaders(s: TesterState, on: boolean): TesterState {
  return s.bulkReaders === on ? s : bumpBulk(s, { bulkReaders: on });
}

/**
 * The tester's state: one slice per part of the page (the document, the Test, Bulk, Site and Logs
 * tabs), each with its pure transitions `(state, …) => state` in its own file, tested without
 * React; here the whole, and what opens and saves a case across every slice. The Logs slice starts
 * when its tab first opens (its transitions load with the tab).
 */
import type { TestCaseState } from '../share/index.js';
import { initialBulk, type BulkState } from './slices/bulk.js';
import { initialCrawl, type CrawlState } from './slices/crawl.js';
import { initialDocument, type CaseOrigin, type DocumentState } from './slices/document.js';
import type { LogsState } from './slices/logs.js';
import { initialSite, openedSite, siteCaseUrls, type SiteState } from './slices/site.js';
import { initialTests, type TestState } from './slices/test.js';

/** Everything the tester shows: the slices side by side (their fields are distinct). */
export type TesterState = DocumentState & TestState & BulkState & SiteState & CrawlState & LogsState;

/** The state of a tab opening `c`. */
export function initialState(c: TestCaseState, origin: CaseOrigin = 'draft'): TesterState {
  return { ...initialDocument(c, origin), ...initialTests(c), ...initialBulk(c), ...initialSite(c, origin), ...initialCrawl(), logs: null };
}

/** Opens a whole case (a link, a case file, the draft); the Logs tab keeps its files, choices and result. */
export function loadCase(s: TesterState, c: TestCaseState, origin: CaseOrigin): TesterState {
  const next = initialState(c, origin);
  return {
    ...next, ...openedSite(s, c, origin), revision: s.revision + 1, docRevision: s.revision + 1, bulkRevision: s.bulkRevision + 1, shown: s.shown, notice: s.notice,
    crawl: s.crawl, crawlProblem: s.crawlProblem,
    logs: s.logs,
  };
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
    siteSources: siteCaseUrls(s),
    siteCrawlers: s.siteCrawlers,
  };
}

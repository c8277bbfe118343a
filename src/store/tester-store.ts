/**
 * The vanilla zustand store of the tester, and its actions. React binds to it in app/.
 */
import { subscribeWithSelector } from 'zustand/middleware';
import { createStore, type Mutate, type StoreApi } from 'zustand/vanilla';
import type { Diagnostic, FetchStatus, ReaderId, TextEdit } from '../robots/index.js';
import type { Expectation, TestCaseState } from '../share/index.js';
import type { CrawlFile, FolderSummary } from '../robots/site/index.js';
import type {
  AnalysisResult, BulkResult, ChangesResult, CrawlerSpec, ReadersResult, RestartReason, SiteProgress, SiteRowPage, SiteSourceInput, SiteWorkerState,
} from '../worker/index.js';
import * as t from './transitions.js';

/** The tester's zustand store; `subscribe(selector, listener)` calls back when a selection changes. */
export type TesterStoreApi = Mutate<StoreApi<t.TesterState>, [['zustand/subscribeWithSelector', never]]>;

/** The store plus the actions the UI calls. */
export interface TesterStore {
  readonly store: TesterStoreApi;
  setDoc(doc: string): void;
  /** The editor's edits of the text (in the text's own positions, with its line break). */
  editDoc(edits: readonly TextEdit[]): void;
  setLineBreak(lineBreak: t.LineBreak): void;
  setUrl(url: string): void;
  setCrawler(text: string, crawler: CrawlerSpec): void;
  addTest(): void;
  removeTest(index: number): void;
  /** Adds a crawler to every URL under test (a column of the matrix). */
  addCrawler(text: string, crawler: CrawlerSpec): void;
  /** Removes a URL's row of the matrix. */
  removeRow(row: number): void;
  /** Removes a crawler's column of the matrix. */
  removeColumn(column: number): void;
  selectTest(index: number): void;
  /** Shows URL × crawler in full: its test, or the active row and column made to test it. */
  showTest(url: string, text: string, crawler: CrawlerSpec): void;
  loadCase(c: TestCaseState, origin: t.CaseOrigin): void;
  setOrigin(origin: t.CaseOrigin): void;
  applyResult(result: AnalysisResult): void;
  applyDiagnostics(diagnostics: readonly Diagnostic[]): void;
  applyReaders(result: ReadersResult, active: number): void;
  setReadersOpen(open: boolean): void;
  setNotice(notice: t.Notice): void;
  setBulkUrls(urls: string): void;
  replaceUrls(stale: (url: string) => boolean, replacement: string): void;
  setBulkCrawlers(crawlers: readonly CrawlerSpec[]): void;
  setBulkReaders(on: boolean): void;
  setExpectation(url: string, crawler: CrawlerSpec | null, expectation: Expectation | null): void;
  /** Adds imported expectations (keys as `expectationKey` makes them). */
  addExpectations(expectations: Readonly<Record<string, Expectation>>): void;
  setSite(site: string): void;
  setStatus(status: FetchStatus): void;
  setCompare(compare: string | null): void;
  applyCompareChanges(changes: ChangesResult | null): void;
  setBulkProgress(progress: number | null): void;
  applyBulk(bulk: BulkResult, urls: readonly string[], origin: string | null): void;
  clearBulk(): void;
  addSiteSources(sources: readonly SiteSourceInput[]): void;
  removeSiteSource(index: number): void;
  clearSiteSources(): void;
  /** The case's URLs waiting to be fetched: `urls` may be. */
  fetchSiteLinked(urls: readonly string[]): void;
  /** The case's URLs waiting to be fetched are dropped. */
  dropSiteLinked(): void;
  siteKeptLoaded(kept: readonly SiteSourceInput[]): void;
  setSiteCrawlers(crawlers: readonly CrawlerSpec[]): void;
  setSiteReaders(readers: readonly ReaderId[]): void;
  siteAuditAsked(): void;
  applySiteState(state: SiteWorkerState): void;
  applySiteProgress(progress: SiteProgress): void;
  siteWorkerRestarted(reason: RestartReason): void;
  siteWorkerFailed(message: string): void;
  setSiteNotice(notice: t.Notice): void;
  setSiteView(patch: Partial<t.SiteView>): void;
  sortSiteList(key: 'url' | 'verdict' | 'line'): void;
  sortSiteRules(key: t.RuleImpactOrder['key']): void;
  hideIdleSiteRules(hide: boolean): void;
  applySiteRows(page: SiteRowPage): void;
  siteRowsFailed(message: string): void;
  siteFolderOpened(folder: string, nodes: readonly FolderSummary[]): void;
  siteFolderClosed(folder: string): void;
  siteFoldersAnswered(children: readonly (readonly [string, readonly FolderSummary[]])[]): void;
  siteFoldersFailed(message: string): void;
  /** A file read as a crawl report (the Site tab's), by its name. */
  openCrawl(name: string, file: CrawlFile): void;
  closeCrawl(): void;
}

/** Creates a store starting from `initial`. */
export function createTesterStore(initial: t.TesterState): TesterStore {
  const store = createStore<t.TesterState>()(subscribeWithSelector(() => initial));
  const update = (f: (s: t.TesterState) => t.TesterState) => store.setState(f(store.getState()), true);
  return {
    store,
    setDoc: (doc) => update((s) => t.setDoc(s, doc)),
    editDoc: (edits) => update((s) => t.editDoc(s, edits)),
    setLineBreak: (lb) => update((s) => t.setLineBreak(s, lb)),
    setUrl: (url) => update((s) => t.setUrl(s, url)),
    setCrawler: (text, crawler) => update((s) => t.setCrawler(s, text, crawler)),
    addTest: () => update(t.addTest),
    removeTest: (i) => update((s) => t.removeTest(s, i)),
    addCrawler: (text, crawler) => update((s) => t.addCrawler(s, text, crawler)),
    removeRow: (row) => update((s) => t.removeRow(s, row)),
    removeColumn: (column) => update((s) => t.removeColumn(s, column)),
    selectTest: (i) => update((s) => t.selectTest(s, i)),
    showTest: (url, text, crawler) => update((s) => t.showTest(s, url, text, crawler)),
    loadCase: (c, origin) => update((s) => t.loadCase(s, c, origin)),
    setOrigin: (origin) => update((s) => t.setOrigin(s, origin)),
    applyResult: (result) => update((s) => t.applyResult(s, result)),
    applyDiagnostics: (d) => update((s) => t.applyDiagnostics(s, d)),
    applyReaders: (result, active) => update((s) => t.applyReaders(s, result, active)),
    setReadersOpen: (open) => update((s) => t.setReadersOpen(s, open)),
    setNotice: (notice) => update((s) => t.setNotice(s, notice)),
    setBulkUrls: (urls) => update((s) => t.setBulkUrls(s, urls)),
    replaceUrls: (stale, replacement) => update((s) => t.replaceUrls(s, stale, replacement)),
    setBulkCrawlers: (crawlers) => update((s) => t.setBulkCrawlers(s, crawlers)),
    setBulkReaders: (on) => update((s) => t.setBulkReaders(s, on)),
    setExpectation: (url, crawler, e) => update((s) => t.setExpectation(s, url, crawler, e)),
    addExpectations: (e) => update((s) => t.addExpectations(s, e)),
    setSite: (site) => update((s) => t.setSite(s, site)),
    setStatus: (status) => update((s) => t.setStatus(s, status)),
    setCompare: (compare) => update((s) => t.setCompare(s, compare)),
    applyCompareChanges: (changes) => update((s) => t.applyCompareChanges(s, changes)),
    setBulkProgress: (p) => update((s) => t.setBulkProgress(s, p)),
    applyBulk: (bulk, urls, origin) => update((s) => t.applyBulk(s, bulk, urls, origin)),
    clearBulk: () => update(t.clearBulk),
    addSiteSources: (sources) => update((s) => t.addSiteSources(s, sources)),
    removeSiteSource: (index) => update((s) => t.removeSiteSource(s, index)),
    clearSiteSources: () => update(t.clearSiteSources),
    fetchSiteLinked: (urls) => update((s) => t.fetchSiteLinked(s, urls)),
    dropSiteLinked: () => update(t.dropSiteLinked),
    siteKeptLoaded: (kept) => update((s) => t.siteKeptLoaded(s, kept)),
    setSiteCrawlers: (crawlers) => update((s) => t.setSiteCrawlers(s, crawlers)),
    setSiteReaders: (readers) => update((s) => t.setSiteReaders(s, readers)),
    siteAuditAsked: () => update(t.siteAuditAsked),
    applySiteState: (state) => update((s) => t.applySiteState(s, state)),
    applySiteProgress: (progress) => update((s) => t.applySiteProgress(s, progress)),
    siteWorkerRestarted: (reason) => update((s) => t.siteWorkerRestarted(s, reason)),
    siteWorkerFailed: (message) => update((s) => t.siteWorkerFailed(s, message)),
    setSiteNotice: (notice) => update((s) => t.setSiteNotice(s, notice)),
    setSiteView: (patch) => update((s) => t.setSiteView(s, patch)),
    sortSiteList: (key) => update((s) => t.sortSiteList(s, key)),
    sortSiteRules: (key) => update((s) => t.sortSiteRules(s, key)),
    hideIdleSiteRules: (hide) => update((s) => t.hideIdleSiteRules(s, hide)),
    applySiteRows: (page) => update((s) => t.applySiteRows(s, page)),
    siteRowsFailed: (message) => update((s) => t.siteRowsFailed(s, message)),
    siteFolderOpened: (folder, nodes) => update((s) => t.siteFolderOpened(s, folder, nodes)),
    siteFolderClosed: (folder) => update((s) => t.siteFolderClosed(s, folder)),
    siteFoldersAnswered: (children) => update((s) => t.siteFoldersAnswered(s, children)),
    siteFoldersFailed: (message) => update((s) => t.siteFoldersFailed(s, message)),
    openCrawl: (name, file) => update((s) => t.crawlOpened(s, name, file)),
    closeCrawl: () => update(t.crawlClosed),
  };
}

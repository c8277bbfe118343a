/**
 * The Site tab's slice: the inventory's sources of every kind (a link carries the fetched ones'
 * URLs, which wait for the user to say they may be fetched; opened files and pastes are kept
 * apart, the draft's), whom and how it is audited for, and
 * the tab as it stands — the worker's state and a run's progress, the audit asked for last, what
 * the URL list and the folder tree show, and what the tab must say (its worker was replaced, or
 * failed).
 */
import type { ListVerdictCode, ReaderId } from '../../robots/index.js';
import { INVENTORY_ORDER, type FolderSummary, type RowSort, type RowSortKey } from '../../robots/site/index.js';
import type { TestCaseState } from '../../share/index.js';
import type { CrawlerSpec, RestartReason, SiteProgress, SiteRowPage, SiteRowQuery, SiteSourceInput, SiteWorkerState } from '../../worker/index.js';
import type { CaseOrigin, Notice } from './document.js';
import type { TesterState } from '../state.js';

/** Rows a page of the URL list shows. */
export const SITE_PAGE_ROWS = 50;

/** What the URL list shows: a column's rows (a crawler as a reader reads the file), by verdict, change and folder, a page from `offset`. */
export interface SiteView {
  /** The column the list and the tree read (one the audit does not have reads the first). */
  readonly column: number;
  /** Only rows of this verdict (null: every verdict). */
  readonly verdict: ListVerdictCode | null;
  /** Only rows whose verdict changed against the compared version. */
  readonly changed: boolean;
  /** Only the URLs in this folder (its address) and below; '' for every URL. */
  readonly folder: string;
  /** Only the URLs holding this text as typed; '' for every URL. */
  readonly search: string;
  /** The column the list is sorted by (the inventory's order at first). */
  readonly sort: RowSort;
  readonly offset: number;
}

/** The folders open in the tree, and the sub-folders of each folder asked for. */
export interface SiteFolders {
  readonly open: readonly string[];
  readonly children: ReadonlyMap<string, readonly FolderSummary[]>;
  /** Why the sub-folders asked for last could not be had (null: they could). */
  readonly failed: string | null;
}

/** The Site tab's part of the state. */
export interface SiteState {
  /** Every source of the inventory, in the order read: fetched sitemaps, opened files, pasted texts. */
  readonly siteInventory: readonly SiteSourceInput[];
  /**
   * The sitemap URLs the opened case carries (a link, a draft's), not fetched until the user says
   * so: a link must not make the page fetch anything, least of all on the visitor's own network.
   */
  readonly siteLinked: readonly string[];
  /** The draft's kept sources (opened files, pastes) are still to be added from where they are kept. */
  readonly siteKeptToLoad: boolean;
  /** The crawlers the Site tab audits for; empty means the active test's crawler. */
  readonly siteCrawlers: readonly CrawlerSpec[];
  /** Other parsers the Site tab reads the file with, besides Google's. */
  readonly siteReaders: readonly ReaderId[];
  /** The worker's state, as it last said (null: not heard yet). */
  readonly siteWorker: SiteWorkerState | null;
  /** How far the run under way has got (null: none runs). */
  readonly siteProgress: SiteProgress | null;
  /** The audit asked for last: a summary of an earlier one is out of date. */
  readonly siteRevision: number;
  readonly siteView: SiteView;
  readonly siteRules: RuleImpactOrder;
  /** The page of the list shown, and why the last one asked could not be had (null: it could). */
  readonly sitePage: { readonly page: SiteRowPage | null; readonly failed: string | null };
  readonly siteFolders: SiteFolders;
  /** What happened to the tab's worker (replaced, failed) or an export, until dismissed. */
  readonly siteNotice: Notice;
}

const URL_SOURCE = (url: string): SiteSourceInput => ({ kind: 'url', url });

/** The fetched sources' URLs, as links carry them. */
export function siteUrls(sources: readonly SiteSourceInput[]): string[] {
  return sources.flatMap((s) => (s.kind === 'url' ? [s.url] : []));
}

/** The sitemap URLs the case carries: those fetched, then those waiting to be. */
export function siteCaseUrls(s: Pick<SiteState, 'siteInventory' | 'siteLinked'>): string[] {
  return [...siteUrls(s.siteInventory), ...s.siteLinked];
}

/** The sources kept apart from links (opened files, pastes). */
export function siteKept(sources: readonly SiteSourceInput[]): SiteSourceInput[] {
  return sources.filter((s) => s.kind !== 'url');
}

/** The Site tab's part of a tab opening `c`: the case's URLs wait to be fetched; the draft's kept sources are read. */
export function initialSite(c: TestCaseState, origin: CaseOrigin): SiteState {
  return {
    siteInventory: [], siteLinked: [...new Set(c.siteSources)], siteKeptToLoad: origin === 'draft', siteCrawlers: c.siteCrawlers, siteReaders: [],
    siteWorker: null, siteProgress: null, siteRevision: 0, siteView: { column: 0, verdict: null, changed: false, folder: '', search: '', sort: INVENTORY_ORDER, offset: 0 },
    siteRules: RULES_IN_FILE_ORDER,
    sitePage: { page: null, failed: null }, siteFolders: { open: [], children: new Map(), failed: null }, siteNotice: null,
  };
}

/**
 * The Site tab's part once case `c` is opened in state `s`: the worker and what the tab shows stay;
 * the inventory becomes the case's unless it names the same URLs (then it stays as it is).
 */
export function openedSite(s: TesterState, c: TestCaseState, origin: CaseOrigin): SiteState {
  const held = siteCaseUrls(s);
  const same = held.length === c.siteSources.length && held.every((u, i) => u === c.siteSources[i]);
  const { siteInventory, siteLinked, siteKeptToLoad, siteCrawlers, siteReaders } = initialSite(c, origin);
  return {
    siteInventory: same ? s.siteInventory : siteInventory, siteLinked: same ? s.siteLinked : siteLinked, siteKeptToLoad: same ? s.siteKeptToLoad : siteKeptToLoad,
    siteCrawlers, siteReaders,
    siteWorker: s.siteWorker, siteProgress: s.siteProgress, siteRevision: s.siteRevision, siteView: s.siteView, siteRules: s.siteRules, sitePage: s.sitePage,
    siteFolders: s.siteFolders, siteNotice: s.siteNotice,
  };
}

/** Sources added to the inventory (read after those it holds). */
export function addSiteSources(s: TesterState, sources: readonly SiteSourceInput[]): TesterState {
  return sources.length === 0 ? s : { ...s, siteInventory: [...s.siteInventory, ...sources] };
}

/** The `index`-th source removed (the inventory is read again from there). */
export function removeSiteSource(s: TesterState, index: number): TesterState {
  return index < 0 || index >= s.siteInventory.length ? s : { ...s, siteInventory: s.siteInventory.filter((_, i) => i !== index) };
}

/** The inventory emptied (the case's URLs waiting to be fetched too). */
export function clearSiteSources(s: TesterState): TesterState {
  return s.siteInventory.length === 0 && s.siteLinked.length === 0 ? s : { ...s, siteInventory: [], siteLinked: [] };
}

/**
 * The user said the case's `urls` may be fetched: they join the inventory (each once: one it
 * holds already is not fetched again) and wait no more.
 */
export function fetchSiteLinked(s: TesterState, urls: readonly string[]): TesterState {
  const wanted = new Set(urls.filter((u) => s.siteLinked.includes(u)));
  if (wanted.size === 0) return s;
  const held = new Set(siteUrls(s.siteInventory));
  const added = [...wanted].filter((u) => !held.has(u)).map(URL_SOURCE);
  return { ...s, siteInventory: [...s.siteInventory, ...added], siteLinked: s.siteLinked.filter((u) => !wanted.has(u)) };
}

/** The user said the case's URLs waiting to be fetched are not to be: they are dropped. */
export function dropSiteLinked(s: TesterState): TesterState {
  return s.siteLinked.length === 0 ? s : { ...s, siteLinked: [] };
}

/** The draft's kept sources arrived (none when it has none, or they could not be read): added after the others, unless no longer wanted. */
export function siteKeptLoaded(s: TesterState, kept: readonly SiteSourceInput[]): TesterState {
  return s.siteKeptToLoad ? { ...addSiteSources(s, kept), siteKeptToLoad: false } : s;
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

/** A new audit was asked for. */
export function siteAuditAsked(s: TesterState): TesterState {
  return { ...s, siteRevision: s.siteRevision + 1 };
}

/** The worker said how it stands; with nothing under way, no progress is shown. */
export function applySiteState(s: TesterState, state: SiteWorkerState): TesterState {
  return { ...s, siteWorker: state, siteProgress: state.busy ? s.siteProgress : null };
}

/** A run's progress arrived. */
export function applySiteProgress(s: TesterState, progress: SiteProgress): TesterState {
  return { ...s, siteProgress: progress };
}

/** The worker was replaced (it crashed, or stopped answering): the tab says so, and its new run shows its own progress. */
export function siteWorkerRestarted(s: TesterState, reason: RestartReason): TesterState {
  return { ...s, siteProgress: null, siteNotice: { kind: 'warning', message: { id: 'site.restarted', args: { reason } } } };
}

/** Reading or auditing failed (the worker's failure, or no worker could start): the tab says so, and nothing is under way any more. */
export function siteWorkerFailed(s: TesterState, message: string): TesterState {
  const w = s.siteWorker;
  return {
    ...s, siteProgress: null, siteNotice: { kind: 'error', message: { id: 'site.failed', args: { message } } },
    siteWorker: w && { ...w, busy: false, sources: w.sources.map((x) => ({ ...x, reading: false })) },
  };
}

/** The tab's notice changed (null: dismissed). */
export function setSiteNotice(s: TesterState, siteNotice: Notice): TesterState {
  return { ...s, siteNotice };
}

/** What the list shows changed; any change but the page's goes back to the first page. */
export function setSiteView(s: TesterState, patch: Partial<SiteView>): TesterState {
  const v = s.siteView;
  const next: SiteView = { ...v, ...patch };
  const moved = next.column !== v.column || next.verdict !== v.verdict || next.changed !== v.changed || next.folder !== v.folder || next.search !== v.search ||
    next.sort.key !== v.sort.key || next.sort.descending !== v.sort.descending;
  if (!moved && next.offset === v.offset) return s;
  return { ...s, siteView: moved && patch.offset === undefined ? { ...next, offset: 0 } : next };
}

/** The column the list and the tree read: the one chosen, while the audit has it. */
export function siteColumn(s: TesterState): number {
  const columns = s.siteWorker?.summary?.columns.length ?? 0;
  return s.siteView.column < columns ? s.siteView.column : 0;
}

/** The page of rows the tab shows now (null: no audited URL to list). */
export function siteRowQuery(s: TesterState): SiteRowQuery | null {
  const summary = s.siteWorker?.summary;
  if (!summary || summary.urls === 0) return null;
  const v = s.siteView;
  return {
    column: siteColumn(s), verdicts: v.verdict === null ? [] : [v.verdict], changed: v.changed && summary.changes !== null, folder: v.folder, search: v.search, sort: v.sort,
    offset: v.offset, limit: SITE_PAGE_ROWS,
  };
}

/**
 * The URL list sorted by `key`: a column's first click sorts it ascending, the next descending,
 * the next gives back the inventory's order (WAI-ARIA's sortable table: one column sorted at a time).
 */
export function sortSiteList(s: TesterState, key: Exclude<RowSortKey, 'inventory'>): TesterState {
  const now = s.siteView.sort;
  const sort: RowSort = now.key !== key ? { key, descending: false } : !now.descending ? { key, descending: true } : INVENTORY_ORDER;
  return setSiteView(s, { sort });
}

/** How rule impact lists the rules: by line (the file's order), by how many verdicts each decides, or by what it decides (blocks first, or allows); and whether rules that decide nothing show. */
export interface RuleImpactOrder {
  readonly key: 'line' | 'decides' | 'verdict';
  readonly descending: boolean;
  readonly hideIdle: boolean;
}

/** The file's order, every rule shown. */
export const RULES_IN_FILE_ORDER: RuleImpactOrder = { key: 'line', descending: false, hideIdle: false };

/** Rule impact sorted by `key`: the first click of a column sorts it (counts most first, blocks first), the next the other way. */
export function sortSiteRules(s: TesterState, key: RuleImpactOrder['key']): TesterState {
  const now = s.siteRules;
  const firstDescending = key === 'decides';
  return { ...s, siteRules: { ...now, key, descending: now.key === key ? !now.descending : firstDescending } };
}

/** Rule impact hides (or shows again) the rules that decide no verdict. */
export function hideIdleSiteRules(s: TesterState, hideIdle: boolean): TesterState {
  return s.siteRules.hideIdle === hideIdle ? s : { ...s, siteRules: { ...s.siteRules, hideIdle } };
}

/** A page of the list arrived (the tester passes on only the one for the page shown). */
export function applySiteRows(s: TesterState, page: SiteRowPage): TesterState {
  return { ...s, sitePage: { page, failed: null } };
}

/** The page asked for could not be had. */
export function siteRowsFailed(s: TesterState, message: string): TesterState {
  return { ...s, sitePage: { page: s.sitePage.page, failed: message } };
}

/** A folder's sub-folders arrived: it opens. */
export function siteFolderOpened(s: TesterState, folder: string, nodes: readonly FolderSummary[]): TesterState {
  const f = s.siteFolders;
  return { ...s, siteFolders: { open: f.open.includes(folder) ? f.open : [...f.open, folder], children: new Map(f.children).set(folder, nodes), failed: null } };
}

/** A folder closed. */
export function siteFolderClosed(s: TesterState, folder: string): TesterState {
  const f = s.siteFolders;
  return f.open.includes(folder) ? { ...s, siteFolders: { ...f, open: f.open.filter((x) => x !== folder) } } : s;
}

/** The open folders' sub-folders, asked again for a new audit. */
export function siteFoldersAnswered(s: TesterState, children: readonly (readonly [string, readonly FolderSummary[]])[]): TesterState {
  return { ...s, siteFolders: { open: s.siteFolders.open, children: new Map(children), failed: null } };
}

/** The sub-folders asked for could not be had. */
export function siteFoldersFailed(s: TesterState, message: string): TesterState {
  return { ...s, siteFolders: { ...s.siteFolders, failed: message } };
}

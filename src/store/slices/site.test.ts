import { describe, expect, it } from 'vitest';
import { ListVerdict } from '../../robots/index.js';
import { INVENTORY_ORDER } from '../../robots/site/index.js';
import { makeCase, type TestCaseState } from '../../share/index.js';
import type { SiteSourceInput, SiteSummary, SiteWorkerState } from '../../worker/index.js';
import {
  addSiteSources, applySiteProgress, applySiteRows, applySiteState, clearSiteSources, dropSiteLinked, fetchSiteLinked, initialState, loadCase, removeSiteSource, setSiteView, siteAuditAsked, sortSiteList,
  siteColumn, siteFolderClosed, siteFolderOpened, siteFoldersAnswered, siteFoldersFailed, siteKeptLoaded, siteRowQuery, siteRowsFailed, siteWorkerFailed,
  siteWorkerRestarted, toCase, type TesterState,
} from '../transitions.js';

const googlebot = { kind: 'text', value: 'Googlebot' } as const;
const A = 'https://x.test/a.xml';
const B = 'https://x.test/b.xml';
const url = (u: string): SiteSourceInput => ({ kind: 'url', url: u });
const paste: SiteSourceInput = { kind: 'text', name: 'Pasted text 1', text: '/a' };
const file: SiteSourceInput = { kind: 'file', name: 'urls.txt', file: new Blob(['/b']) };
const aCase = (siteSources: string[] = []): TestCaseState => ({ ...makeCase('User-agent: *\nDisallow: /p', [{ url: '/', crawler: googlebot }]), siteSources });
const summary = (extra: Partial<SiteSummary> = {}): SiteSummary => ({
  revision: 1, complete: true, urls: 3, columns: [0, 1].map((i) => ({ id: `c${i}`, crawler: `C${i}`, reader: 'google', counts: { allowed: 3, blocked: 0, outOfScope: 0, cannotTest: 0 }, blocked: [] })),
  rules: [], changes: null, roots: [], treeTruncated: false, ...extra,
});
const worker = (busy: boolean, s: SiteSummary | null = summary()): SiteWorkerState => ({ sources: [{ input: url(A), reports: [], reading: busy }], urls: 3, busy, summary: s });
const node = (folder: string) => ({ node: 1, label: folder, folder, depth: 1, urls: 1, counts: [], children: 0 });

describe('the Site slice: the inventory (every kind of source in one list)', () => {
  it('opens with the case\'s URLs waiting to be fetched, each once; the draft\'s kept files and pastes are still to come, a shared case\'s are not', () => {
    const s = initialState(aCase([A, B, A]));
    expect([s.siteInventory, s.siteLinked, toCase(s).siteSources]).toEqual([[], [A, B], [A, B]]);
    expect(initialState(aCase([A]), 'draft').siteKeptToLoad).toBe(true);
    expect(initialState(aCase([A]), 'shared').siteKeptToLoad).toBe(false);
  });

  it('the case\'s URLs are fetched only as the user says: those named join the inventory, one it holds already is not fetched again; the rest can be dropped', () => {
    let s = addSiteSources(initialState(aCase([A, B])), [url(B)]);
    s = fetchSiteLinked(s, [A]);
    expect([s.siteInventory, s.siteLinked]).toEqual([[url(B), url(A)], [B]]);
    s = fetchSiteLinked(s, [B, 'https://not.linked/x.xml']);
    expect([s.siteInventory, s.siteLinked]).toEqual([[url(B), url(A)], []]);
    expect(fetchSiteLinked(s, [A])).toBe(s);
    const dropped = dropSiteLinked(initialState(aCase([A])));
    expect([dropped.siteLinked, toCase(dropped).siteSources, dropSiteLinked(dropped) === dropped]).toEqual([[], [], true]);
  });

  it('sources added, removed and cleared in order; a link carries the fetched ones\' URLs and those waiting', () => {
    let s = addSiteSources(initialState(aCase([A])), [paste, url(B), file]);
    expect(s.siteInventory).toEqual([paste, url(B), file]);
    expect(toCase(s).siteSources).toEqual([B, A]);
    s = removeSiteSource(s, 1);
    expect(toCase(s).siteSources).toEqual([A]);
    expect(removeSiteSource(s, 9)).toBe(s);
    expect(addSiteSources(s, [])).toBe(s);
    s = clearSiteSources(s);
    expect([s.siteInventory, s.siteLinked, clearSiteSources(s) === s]).toEqual([[], [], true]);
  });

  it('the kept sources join after the others once they arrive, and only while they are wanted', () => {
    const s = addSiteSources(initialState(aCase([A])), [url(B)]);
    const loaded = siteKeptLoaded(s, [paste, file]);
    expect([loaded.siteInventory, loaded.siteKeptToLoad]).toEqual([[url(B), paste, file], false]);
    // A second load of the same kept sources (two asked at once) adds nothing.
    expect(siteKeptLoaded(loaded, [paste, file])).toBe(loaded);
  });

  it('a case opened anew brings its URLs to fetch; one naming the same URLs keeps the inventory held (its files too); the tab\'s worker state stays', () => {
    let s = siteKeptLoaded(fetchSiteLinked(initialState(aCase([A])), [A]), [paste]);
    s = applySiteState(siteAuditAsked(s), worker(false));
    const same = loadCase(s, aCase([A]), 'draft');
    expect([same.siteInventory, same.siteLinked, same.siteKeptToLoad]).toEqual([[url(A), paste], [], false]);
    const other = loadCase(s, aCase([B]), 'draft');
    expect([other.siteInventory, other.siteLinked, other.siteKeptToLoad]).toEqual([[], [B], true]);
    const shared = loadCase(s, aCase([B]), 'shared');
    expect([shared.siteInventory, shared.siteLinked, shared.siteKeptToLoad, shared.siteWorker, shared.siteRevision]).toEqual([[], [B], false, s.siteWorker, 1]);
  });
});

describe('the Site slice: its worker', () => {
  it('a state with nothing under way clears the progress; one still busy keeps it', () => {
    const s = applySiteProgress(initialState(aCase()), { phase: 'reading', urls: 10, checked: 5 });
    expect(applySiteState(s, worker(true)).siteProgress).toEqual({ phase: 'reading', urls: 10, checked: 5 });
    expect(applySiteState(s, worker(false)).siteProgress).toBeNull();
  });

  it('a replaced worker is a warning in the tab (its new run shows its own progress); one that failed an error, with nothing under way', () => {
    const s = applySiteState(applySiteProgress(initialState(aCase()), { phase: 'reading', urls: 10, checked: 5 }), worker(true));
    const restarted = siteWorkerRestarted(s, 'crash');
    expect([restarted.siteNotice, restarted.siteProgress, restarted.siteInventory]).toEqual([
      { kind: 'warning', message: { id: 'site.restarted', args: { reason: 'crash' } } }, null, s.siteInventory,
    ]);
    const failed = siteWorkerFailed(s, 'The worker could not be started.');
    expect(failed.siteNotice).toEqual({ kind: 'error', message: { id: 'site.failed', args: { message: 'The worker could not be started.' } } });
    expect([failed.siteProgress, failed.siteWorker!.busy, failed.siteWorker!.sources.map((x) => x.reading)]).toEqual([null, false, [false]]);
    expect(siteWorkerFailed(initialState(aCase()), 'x').siteWorker).toBeNull();
  });
});

describe('the Site slice: what the list and the tree show', () => {
  const shown = (s: TesterState) => applySiteState(s, worker(false));

  it('a new filter goes back to the first page; a new page keeps the filter; the same view is the same state', () => {
    let s = setSiteView(shown(initialState(aCase())), { offset: 100 });
    expect(s.siteView).toEqual({ column: 0, verdict: null, changed: false, folder: '', search: '', sort: INVENTORY_ORDER, offset: 100 });
    s = setSiteView(s, { verdict: ListVerdict.Blocked });
    expect(s.siteView.offset).toBe(0);
    s = setSiteView(setSiteView(s, { offset: 50 }), { folder: 'https://x.test/a/' });
    expect(s.siteView).toEqual({ column: 0, verdict: ListVerdict.Blocked, changed: false, folder: 'https://x.test/a/', search: '', sort: INVENTORY_ORDER, offset: 0 });
    expect(setSiteView(s, { folder: 'https://x.test/a/' })).toBe(s);
  });

  it('the page asked: the audit\'s columns bound the column; "changed only" needs a compared version; none without audited URLs', () => {
    const s = setSiteView(shown(initialState(aCase())), { column: 1, verdict: ListVerdict.Allowed, changed: true });
    expect(siteRowQuery(s)).toEqual({ column: 1, verdicts: [ListVerdict.Allowed], changed: false, folder: '', search: '', sort: INVENTORY_ORDER, offset: 0, limit: 50 });
    const compared = applySiteState(s, worker(false, summary({ changes: { byColumn: [], total: 0 } })));
    expect(siteRowQuery(compared)?.changed).toBe(true);
    const narrower = applySiteState(s, worker(false, summary({ columns: summary().columns.slice(0, 1) })));
    expect([siteColumn(narrower), siteRowQuery(narrower)?.column]).toEqual([0, 0]);
    expect(siteRowQuery(initialState(aCase()))).toBeNull();
    expect(siteRowQuery(applySiteState(s, worker(true, summary({ urls: 0 }))))).toBeNull();
  });

  it('WAI-ARIA sortable table: a column sorts ascending, then descending, then the inventory\'s order again; a new sort or search goes back to the first page', () => {
    let s = setSiteView(shown(initialState(aCase())), { offset: 100 });
    s = sortSiteList(s, 'url');
    expect([s.siteView.sort, s.siteView.offset]).toEqual([{ key: 'url', descending: false }, 0]);
    s = sortSiteList(setSiteView(s, { offset: 50 }), 'url');
    expect([s.siteView.sort, s.siteView.offset]).toEqual([{ key: 'url', descending: true }, 0]);
    expect(sortSiteList(s, 'url').siteView.sort).toEqual(INVENTORY_ORDER);
    expect(sortSiteList(s, 'line').siteView.sort).toEqual({ key: 'line', descending: false });
    s = setSiteView(setSiteView(s, { offset: 50 }), { search: '/Blog ' });
    expect([s.siteView.search, s.siteView.offset, siteRowQuery(s)?.search, siteRowQuery(s)?.sort]).toEqual(['/Blog ', 0, '/Blog ', { key: 'url', descending: true }]);
  });

  it('a page that could not be had says so, the last page kept; the next page clears it', () => {
    const page = { total: 1, rows: [] };
    const s = siteRowsFailed(applySiteRows(initialState(aCase()), page), 'The worker crashed and was restarted.');
    expect(s.sitePage).toEqual({ page, failed: 'The worker crashed and was restarted.' });
    expect(applySiteRows(s, page).sitePage).toEqual({ page, failed: null });
  });

  it('a folder opens with its sub-folders, closes, and its sub-folders are replaced by a new audit\'s', () => {
    const root = 'https://x.test/';
    let s = siteFolderOpened(initialState(aCase()), root, [node('a/')]);
    expect([s.siteFolders.open, s.siteFolders.children.get(root)]).toEqual([[root], [node('a/')]]);
    s = siteFoldersFailed(s, 'x');
    s = siteFoldersAnswered(s, [[root, [node('b/')]]]);
    expect([s.siteFolders.children.get(root), s.siteFolders.failed]).toEqual([[node('b/')], null]);
    s = siteFolderClosed(s, root);
    expect(s.siteFolders.open).toEqual([]);
    expect(siteFolderClosed(s, root)).toBe(s);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListVerdict } from '../robots/index.js';
import { makeCase, type TestCaseState } from '../share/index.js';
import { createTesterStore, initialState, toCase, type CaseOrigin } from '../store/index.js';
import {
  TextMirror, type ControlMessage, type SiteSourceInput, type SiteSummary, type SiteWorkerState, type WorkerLike, type WorkerMessage, type WorkerRequest,
} from '../worker/index.js';
import { createSiteTab, SITE_PAUSE_MS, type SiteKeeper } from './site.js';

/** A Site worker driven by hand (the channel tests' HandWorker): it records what it is sent, keeps the audits' text, and answers when told. */
class HandWorker implements WorkerLike {
  readonly received: WorkerRequest[] = [];
  readonly pings: number[] = [];
  readonly texts: string[] = [];
  terminated = false;
  private readonly mirror = new TextMirror();
  private readonly listeners: { message: ((e: MessageEvent<WorkerMessage>) => void)[]; error: ((e: Event) => void)[] } = { message: [], error: [] };
  postMessage(m: WorkerRequest | ControlMessage): void {
    if (m.type === 'ping') this.pings.push(Date.now());
    if (m.type === 'ping' || m.type === 'reply-via' || m.type === 'cancel') return;
    this.received.push(m);
    if (m.type === 'site-audit') this.texts.push(this.mirror.apply(m.text).text);
  }
  addEventListener(type: 'message' | 'error', listener: (e: never) => void): void {
    this.listeners[type].push(listener as never);
  }
  terminate(): void {
    this.terminated = true;
  }
  say(data: WorkerMessage): void {
    for (const l of this.listeners.message) l({ data } as MessageEvent<WorkerMessage>);
  }
  die(): void {
    for (const l of this.listeners.error) l(new Event('error'));
  }
  types(): string[] {
    return this.received.map((r) => r.type);
  }
  last<T extends WorkerRequest['type']>(type: T): Extract<WorkerRequest, { type: T }> {
    return this.received.filter((r) => r.type === type).at(-1) as Extract<WorkerRequest, { type: T }>;
  }
  sources(): (readonly SiteSourceInput[])[] {
    return this.received.flatMap((r) => (r.type === 'site-sources' ? [r.sources] : []));
  }
}

const googlebot = { kind: 'text', value: 'Googlebot' } as const;
const big = 'User-agent: *\n' + Array.from({ length: 2000 }, (_, i) => `Disallow: /p${i}/`).join('\n');
const A = 'https://x.test/a.xml';
const B = 'https://x.test/b.xml';
const url = (u: string): SiteSourceInput => ({ kind: 'url', url: u });

const summary = (revision: number, complete: boolean, extra: Partial<SiteSummary> = {}): SiteSummary => ({
  revision, complete, urls: 10, columns: [{ id: 'googlebot', crawler: 'Googlebot', reader: 'google', counts: { allowed: 9, blocked: 1, outOfScope: 0, cannotTest: 0 }, blocked: [] }],
  rules: [], changes: null, roots: [], treeTruncated: false, ...extra,
});
const state = (busy: boolean, s: SiteSummary | null): SiteWorkerState => ({ sources: [], urls: 10, busy, summary: s });
const page = (...urls: string[]) => ({ total: urls.length, rows: urls.map((u, index) => ({ index, url: u, now: { verdict: ListVerdict.Allowed, line: 0 }, rule: '', before: null, source: A })) });

/** A tab over case `c`, its URLs said to be fetchable (`confirmed`) before the tab opens. */
function setup(c: Partial<TestCaseState> = {}, kept: SiteSourceInput[] = [], origin: CaseOrigin = 'draft', confirmed = true) {
  const tester = createTesterStore(initialState({ ...makeCase(big, [{ url: '/', crawler: googlebot }]), ...c }, origin));
  if (confirmed) tester.fetchSiteLinked(c.siteSources ?? []);
  const workers: HandWorker[] = [];
  const saved: (readonly SiteSourceInput[])[] = [];
  const keeper: SiteKeeper = { load: async () => kept, save: (s) => saved.push(s) };
  const tab = createSiteTab(tester, () => {
    const w = new HandWorker();
    workers.push(w);
    return w;
  }, keeper);
  const s = () => tester.store.getState();
  const opened = async () => {
    tab.open();
    await vi.advanceTimersByTimeAsync(0);
    const w = workers[0]!;
    w.say({ type: 'ready' });
    return w;
  };
  return { tester, tab, workers, saved, s, opened };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the Site tab\'s coordination', () => {
  it('starts nothing until the tab opens; then audits the text and sends the case\'s inventory, the kept files after its URLs', async () => {
    const file: SiteSourceInput = { kind: 'text', name: 'kept', text: '/a' };
    const { tab, workers, s, opened } = setup({ siteSources: [A] }, [file]);
    expect(workers).toHaveLength(0);
    const w = await opened();
    expect(workers).toHaveLength(1);
    expect(w.types()).toEqual(['site-audit', 'site-sources', 'site-sources']);
    expect(w.texts).toEqual([big]);
    expect(w.sources()).toEqual([[url(A)], [url(A), file]]);
    expect(w.last('site-audit')).toMatchObject({ revision: 1, crawlers: [googlebot], readers: [], site: '' });
    expect([s().siteInventory, s().siteKeptToLoad]).toEqual([[url(A), file], false]);
    tab.dispose();
  });

  it('a case\'s URLs wait for the user: the tab opens fetching nothing (a draft\'s kept files are read), then each URL said to be is sent once', async () => {
    const file: SiteSourceInput = { kind: 'text', name: 'kept', text: '/a' };
    const { tester, workers, s, opened } = setup({ siteSources: [A, B] }, [file], 'draft', false);
    const w = await opened();
    expect(w.sources()).toEqual([[], [file]]);
    expect(s().siteLinked).toEqual([A, B]);
    tester.fetchSiteLinked([B]);
    tester.fetchSiteLinked([B]);
    expect(w.sources().slice(2)).toEqual([[file, url(B)]]);
    tester.dropSiteLinked();
    expect([s().siteLinked, toCase(s()).siteSources, workers]).toEqual([[], [B], [w]]);
  });

  it('a shared case brings its own inventory: the draft\'s kept files are not added', async () => {
    const { workers, s, opened } = setup({ siteSources: [A] }, [{ kind: 'text', name: 'kept', text: '/a' }], 'shared');
    await opened();
    expect(workers[0]!.sources()).toEqual([[url(A)]]);
    expect(s().siteInventory).toEqual([url(A)]);
  });

  it('an edit reaches the worker as an edit of its copy, audited once typing pauses; a crawler change audits at once', async () => {
    const { tester, s, opened } = setup();
    const w = await opened();
    tester.editDoc([{ from: 14, to: 14, insert: 'Allow: /x\n' }]);
    tester.editDoc([{ from: 14, to: 14, insert: '#' }]);
    expect(w.types().filter((t) => t === 'site-audit')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SITE_PAUSE_MS + 200);
    expect(w.last('site-audit').text.kind).toBe('edit');
    expect(w.texts).toEqual([big, s().doc]);
    tester.setSiteCrawlers([googlebot, { kind: 'profile', id: 'gptbot' }]);
    expect(w.last('site-audit')).toMatchObject({ revision: 3, crawlers: [googlebot, { kind: 'profile', id: 'gptbot' }] });
    expect(s().siteRevision).toBe(3);
  });

  it('sources added or removed: the worker gets the whole list each time; the fetched ones go in the case (its link), files and pastes to the keeper', async () => {
    const { tab, saved, s, opened } = setup();
    const w = await opened();
    const paste: SiteSourceInput = { kind: 'text', name: 'p', text: '/x' };
    tab.add([url(A), paste, url(B)]);
    expect(toCase(s()).siteSources).toEqual([A, B]);
    expect(saved.at(-1)).toEqual([paste]);
    tab.remove(0);
    expect(toCase(s()).siteSources).toEqual([B]);
    expect(w.sources().slice(-2)).toEqual([[url(A), paste, url(B)], [paste, url(B)]]);
    tab.clear();
    expect([toCase(s()).siteSources, saved.at(-1), w.sources().at(-1)]).toEqual([[], [], []]);
  });

  it('a case opened anew with another inventory is sent to the worker; one with the same URLs keeps the inventory as it is', async () => {
    const paste: SiteSourceInput = { kind: 'text', name: 'p', text: '/x' };
    const { tester, tab, s, opened } = setup({ siteSources: [A] });
    const w = await opened();
    tab.add([paste]);
    const sent = w.sources().length;
    tester.loadCase({ ...makeCase('User-agent: *', [{ url: '/', crawler: googlebot }]), siteSources: [A] }, 'draft');
    expect(w.sources()).toHaveLength(sent);
    expect(s().siteInventory).toEqual([url(A), paste]);
    tester.loadCase({ ...makeCase('User-agent: *', [{ url: '/', crawler: googlebot }]), siteSources: [B] }, 'shared');
    await vi.advanceTimersByTimeAsync(0);
    expect([w.sources().at(-1), s().siteLinked]).toEqual([[], [B]]);
  });

  it('the worker\'s state and progress reach the slice; an audit refused for an out-of-step copy is sent again whole', async () => {
    const { tester, s, opened } = setup();
    const w = await opened();
    w.say({ type: 'site-progress', phase: 'reading', urls: 10, checked: 4, source: 'x' });
    expect(s().siteProgress).toEqual({ phase: 'reading', urls: 10, checked: 4 });
    w.say({ type: 'site-state', state: state(false, null) });
    expect([s().siteProgress, s().siteWorker?.urls]).toEqual([null, 10]);
    tester.editDoc([{ from: 14, to: 14, insert: '#' }]);
    await vi.advanceTimersByTimeAsync(SITE_PAUSE_MS + 200);
    w.say({ type: 'error', id: w.last('site-audit').id, error: { name: 'OutOfSync', message: 'The worker does not hold the text this edit applies to.' } });
    expect(w.last('site-audit').text.kind).toBe('whole');
    expect(w.texts.at(-1)).toBe(s().doc);
  });

  it('asks for the page shown as the audit moves and the view changes; an answer for another view is dropped', async () => {
    const { tester, s, opened } = setup();
    const w = await opened();
    w.say({ type: 'site-state', state: state(true, summary(1, false)) });
    const first = w.last('site-rows');
    expect(first.query).toEqual({ column: 0, verdicts: [], changed: false, folder: '', search: '', sort: { key: 'inventory', descending: false }, offset: 0, limit: 50 });
    tester.setSiteView({ verdict: ListVerdict.Blocked });
    const second = w.last('site-rows');
    expect(second.query).toMatchObject({ verdicts: [ListVerdict.Blocked], offset: 0 });
    w.say({ type: 'site-rows', id: first.id, revision: 1, page: page('https://x.test/any') });
    await vi.advanceTimersByTimeAsync(0);
    expect(s().sitePage.page).toBeNull();
    w.say({ type: 'site-rows', id: second.id, revision: 1, page: page('https://x.test/blocked') });
    await vi.advanceTimersByTimeAsync(0);
    expect(s().sitePage.page?.rows.map((r) => r.url)).toEqual(['https://x.test/blocked']);
    // The audit completes: the page is asked again; a newer summary for the same audit does not ask again.
    w.say({ type: 'site-state', state: state(false, summary(1, true)) });
    expect(w.types().filter((t) => t === 'site-rows')).toHaveLength(3);
    w.say({ type: 'site-state', state: state(false, summary(1, true)) });
    expect(w.types().filter((t) => t === 'site-rows')).toHaveLength(3);
    // A sort or a search asks for its first page.
    tester.setSiteView({ offset: 50 });
    tester.sortSiteList('url');
    expect(w.last('site-rows').query).toMatchObject({ sort: { key: 'url', descending: false }, offset: 0 });
    tester.setSiteView({ search: '/blog' });
    expect(w.last('site-rows').query).toMatchObject({ search: '/blog', sort: { key: 'url', descending: false }, offset: 0 });
  });

  it('opens a folder once its sub-folders arrive, and asks for the open folders again for a new audit', async () => {
    const { tab, s, opened } = setup();
    const w = await opened();
    w.say({ type: 'site-state', state: state(false, summary(1, true)) });
    tab.expand('https://x.test/');
    const asked = w.last('site-children');
    expect(asked.folder).toBe('https://x.test/');
    const node = { node: 1, label: 'a/', folder: 'https://x.test/a/', depth: 1, urls: 3, counts: [[3, 0, 0, 0] as const], children: 0 };
    w.say({ type: 'site-children', id: asked.id, revision: 1, nodes: [node] });
    await vi.advanceTimersByTimeAsync(0);
    expect(s().siteFolders.open).toEqual(['https://x.test/']);
    expect(s().siteFolders.children.get('https://x.test/')).toEqual([node]);
    w.say({ type: 'site-state', state: state(true, summary(2, false)) });
    expect(w.last('site-children').id).not.toBe(asked.id);
  });
});

describe('the Site tab when its worker dies (nothing waits for ever)', () => {
  it('a crash in the middle of a read: the new worker gets the whole source list and the audit again, the tab says so, the questions waiting are answered', async () => {
    const file: SiteSourceInput = { kind: 'file', name: 'urls.txt', file: new Blob(['/a\n/b']) };
    const { tab, workers, s, opened } = setup({ siteSources: [A, B] }, [file]);
    const w = await opened();
    w.say({ type: 'site-progress', phase: 'reading', urls: 40_000, checked: 38_000, source: A });
    w.say({ type: 'site-state', state: state(true, summary(1, false)) });
    const csv = tab.csv();
    w.die();
    expect(w.terminated).toBe(true);
    const fresh = workers[1]!;
    // The audit (sent first) and the whole list, the kept file with it; the text whole.
    expect(fresh.types().slice(0, 2)).toEqual(['site-audit', 'site-sources']);
    expect(fresh.texts).toEqual([big]);
    expect(fresh.sources()).toEqual([[url(A), url(B), file]]);
    expect(fresh.last('site-audit')).toMatchObject({ revision: 1, crawlers: [googlebot] });
    expect(s().siteNotice).toEqual({ kind: 'warning', message: { id: 'site.restarted', args: { reason: 'crash' } } });
    expect(s().siteProgress).toBeNull();
    expect(s().siteInventory).toEqual([url(A), url(B), file]);
    // The CSV asked of the dead worker: it failed, and the tab says so.
    await expect(csv).resolves.toBeNull();
    expect(s().siteNotice?.message.id).toBe('site.csv-failed');
    // The page of the list was asked again, of the new worker.
    await vi.advanceTimersByTimeAsync(0);
    const again = fresh.last('site-rows');
    expect(again).toBeDefined();
    fresh.say({ type: 'ready' });
    fresh.say({ type: 'site-rows', id: again.id, revision: 1, page: page('https://x.test/again') });
    await vi.advanceTimersByTimeAsync(0);
    expect(s().sitePage).toEqual({ page: page('https://x.test/again'), failed: null });
  });

  it('a worker whose event loop stops (silent to the ping) is replaced the same way', async () => {
    const { workers, s, opened } = setup({ siteSources: [A] });
    const w = await opened();
    // Reading, no summary yet (no question waits): the long runs are pinged first.
    w.say({ type: 'site-state', state: state(true, null) });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(w.pings.length).toBeGreaterThan(0);
    expect(w.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(w.terminated).toBe(true);
    expect(workers[1]!.sources()).toEqual([[url(A)]]);
    expect(s().siteNotice?.message).toEqual({ id: 'site.restarted', args: { reason: 'timeout' } });
  });

  it('a worker that has read everything and then dies is sent its sources and audit too (what it keeps, not what it was doing)', async () => {
    const { workers, opened } = setup({ siteSources: [A] });
    const w = await opened();
    w.say({ type: 'site-read', id: w.last('site-sources').id });
    w.say({ type: 'site-audited', id: w.last('site-audit').id, revision: 1 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(w.pings).toEqual([]);
    w.die();
    expect(workers[1]!.types()).toEqual(['site-audit', 'site-sources']);
  });

  it('when no worker can start, the tab says so and shows nothing under way; a question fails and its place says so', async () => {
    const { workers, s, opened, tester } = setup({ siteSources: [A] });
    const w = await opened();
    w.say({ type: 'site-state', state: { ...state(true, summary(1, false)), sources: [{ input: url(A), reports: [], reading: true }] } });
    w.say({ type: 'site-progress', phase: 'reading', urls: 10, checked: 2, source: A });
    tester.setSiteView({ offset: 50 });
    // The page is asked again of the next worker once; when that one dies too, its place says so.
    for (const k of [0, 1]) {
      workers[k]!.die();
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(s().sitePage.failed).toMatch(/crashed/);
    for (const k of [2, 3]) workers[k]!.die();
    expect(s().siteNotice?.message).toMatchObject({ id: 'site.failed' });
    expect([s().siteProgress, s().siteWorker?.busy, s().siteWorker?.sources[0]?.reading]).toEqual([null, false, false]);
  });
});
